"""Marshmallow schemas: the payload of every Food Chain Magnate event, and the game state.

The state schema describes the JSON that GET state returns; a declared starting position
(`options.position` of fcm.created) is loaded with it, so a position is written in exactly
that format. Fields are JSON-native and `dump(load(x))` loads to the same thing again.
Unknown fields are refused.
"""

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from games.fcm import pickers as pick
from games.fcm.data import EMPLOYEES, GOODS, MILESTONES
from games.fcm.map.pieces import CORNERS, GARDEN_SIDES
from games.fcm.turn import sequence
from games.fcm.turn.working import ACTIONS

PHASES = (*sequence.PHASES, "over")
CARD_NAMES = ("ceo", *EMPLOYEES)
CARD_PLACES = ("hand", "work", "beach", "busy")
CARD_ID = r"^[a-z_]+-[1-9][0-9]*$"
RESERVE_MONEY = (100, 200, 300)
EDITIONS = ("original", "deluxe")
# what becomes of a chain that owes the bank more than it holds (FCM-DINNER-5, bankruptcy.py)
BANKRUPTCY = ("unpaid", "designer")
SHA256_HEX = r"^[0-9a-f]{64}$"
FOODS, DRINKS = ("burger", "pizza"), ("beer", "lemonade", "soda")
NONCE_MIN_LENGTH = 16


def Square(**kwargs):
    """A square as [row, col], counted from the map's north-west corner."""
    return fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2), **kwargs)


def Name(**kwargs):
    return fields.String(validate=validate.Length(min=1, max=64), **kwargs)


class PlacedTileSchema(Schema):
    tile = fields.String(required=True, validate=validate.Regexp(r"^[A-T]$"))
    rotation = fields.Integer(
        strict=True, required=True, validate=validate.OneOf([0, 90, 180, 270])
    )
    row = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    col = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))


class LayoutSchema(Schema):
    rows = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=5))
    cols = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=5))
    tiles = fields.List(fields.Nested(PlacedTileSchema), required=True)
    drawn_by = fields.String(validate=validate.OneOf(["table", "service"]))


class HouseSchema(Schema):
    number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=19))
    top_left = Square(required=True)
    garden = fields.String(required=True, allow_none=True, validate=validate.OneOf(GARDEN_SIDES))
    printed = fields.Boolean(required=True)
    demand = fields.List(fields.String(validate=validate.OneOf(GOODS)), required=True)


class RestaurantSchema(Schema):
    id = fields.String(required=True, validate=validate.Regexp(r"^.+-[123]$"))
    owner = Name(required=True)
    top_left = Square(required=True)
    entrance = fields.String(required=True, validate=validate.OneOf(CORNERS))
    status = fields.String(required=True, validate=validate.OneOf(["open", "coming_soon"]))
    drive_in = fields.Boolean(required=True)


class OnTheMapOrBesideIt(Schema):
    """A campaign is on the map (top_left and size) or an airplane beside it (edge and start)."""

    @validates_schema
    def on_map_or_beside_it(self, data, **kwargs):
        on_map = {"top_left", "size"} & data.keys()
        beside = {"edge", "start"} & data.keys()
        if not (len(on_map) == 2 and not beside or len(beside) == 2 and not on_map):
            raise ValidationError("give top_left and size, or for an airplane edge and start")


class CampaignPlacementSchema(OnTheMapOrBesideIt):
    """Where a campaign is and what it advertises."""

    number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=16))
    product = fields.String(required=True, validate=validate.OneOf(GOODS))
    # none once a chain that could not pay fired it: the campaign runs on to its end
    marketeer = fields.String(required=True, allow_none=True, validate=validate.Regexp(CARD_ID))
    top_left = Square()
    size = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1)),
        validate=validate.Length(equal=2),
    )
    edge = fields.String(validate=validate.OneOf(["N", "E", "S", "W"]))
    start = fields.Integer(strict=True)


class CampaignSchema(CampaignPlacementSchema):
    """A campaign on the map, with whose it is and the tokens it has left."""

    owner = Name(required=True)
    remaining = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=5))
    eternal = fields.Boolean(required=True)


class MapStateSchema(Schema):
    layout = fields.Nested(LayoutSchema, required=True)
    connection = fields.String(required=True, validate=validate.OneOf(["original", "deluxe"]))
    houses = fields.List(fields.Nested(HouseSchema), required=True)
    restaurants = fields.List(fields.Nested(RestaurantSchema), required=True)
    campaigns = fields.List(fields.Nested(CampaignSchema), required=True)


class ReserveSchema(Schema):
    """The chosen reserve card: sealed as a commitment, revealed when the bank first breaks."""

    commitment = fields.String(required=True, allow_none=True, validate=validate.Regexp(SHA256_HEX))
    revealed = fields.Integer(
        strict=True, required=True, allow_none=True, validate=validate.OneOf(RESERVE_MONEY)
    )


def CardCounts(ids, **kwargs):
    return fields.Dict(
        keys=fields.String(validate=validate.OneOf(ids)),
        values=fields.Integer(strict=True, validate=validate.Range(min=0)),
        **kwargs,
    )


class CardSchema(Schema):
    """An employee card a chain holds, and where it is (see setup.new_card)."""

    id = fields.String(required=True, validate=validate.Regexp(CARD_ID))
    card = fields.String(required=True, validate=validate.OneOf(CARD_NAMES))
    place = fields.String(required=True, validate=validate.OneOf(CARD_PLACES))
    boss = fields.String(required=True, allow_none=True, validate=validate.Regexp(CARD_ID))
    campaign = fields.Integer(strict=True, required=True, allow_none=True)
    new = fields.Boolean(required=True)


class MilestoneClaimSchema(Schema):
    id = fields.String(required=True, validate=validate.OneOf(MILESTONES))
    turn = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))


class BankruptSchema(Schema):
    """When a chain went bankrupt (bankruptcy.py): the turn, the house it sold at a loss (null
    after the houses), what it owed and paid, and its place in the turn order then."""

    turn = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    house = fields.Integer(strict=True, required=True, allow_none=True)
    owed = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    paid = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    place = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))


class ChainSchema(Schema):
    cash = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    cards = fields.List(fields.Nested(CardSchema), required=True)
    goods = CardCounts(GOODS, required=True)
    unused_hires = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    milestones = fields.List(fields.Nested(MilestoneClaimSchema), required=True)
    reserve = fields.Nested(ReserveSchema, required=True)
    bankrupt = fields.Nested(BankruptSchema)  # only once it is


class SupplySchema(Schema):
    employees = CardCounts(tuple(EMPLOYEES), required=True)
    milestones = CardCounts(tuple(MILESTONES), required=True)
    campaigns = fields.List(fields.Integer(strict=True), required=True)
    houses = fields.List(fields.Integer(strict=True), required=True)
    gardens = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))


class BankSchema(Schema):
    """The bank's cash; how often it broke; the CEO slots the reserve cards set when it first
    broke (3 until then); what it could not pay when it broke for the second time."""

    cash = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    breaks = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=2))
    ceo_slots = fields.Integer(strict=True, required=True, validate=validate.OneOf([2, 3, 4]))
    shortfall = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))


class GameOptionsSchema(Schema):
    """What the table chose at creation: the edition whose rules apply where the Splotter
    original and the Deluxe edition differ (docs/fcm.md), the introductory game, and what
    becomes of a chain that cannot pay the bank (absent in older games: "unpaid")."""

    edition = fields.String(required=True, validate=validate.OneOf(EDITIONS))
    introductory = fields.Boolean(required=True)
    bankruptcy = fields.String(validate=validate.OneOf(BANKRUPTCY))


class SetupSchema(Schema):
    """The starting-restaurant rounds: who is still to place or pass, in order, and who
    passed in the first round."""

    round = fields.Integer(strict=True, required=True, validate=validate.OneOf([1, 2]))
    to_act = fields.List(Name(), required=True)
    passed = fields.List(Name(), required=True)


def Structure(keys=None, values=None, **kwargs):
    """{card id: boss id} for each card of the hand put to work (restructuring.py); `keys`
    and `values` are the pickers a form offers for each (games/fcm/pickers.py)."""
    return fields.Dict(
        keys=fields.String(validate=validate.Regexp(CARD_ID), metadata=keys or {}),
        values=fields.String(validate=validate.Regexp(CARD_ID), metadata=values or {}),
        **kwargs,
    )


class RestructuringRecordSchema(Schema):
    sealed = fields.String(required=True, allow_none=True, validate=validate.Regexp(SHA256_HEX))
    structure = Structure(required=True, allow_none=True)
    # the structure at work the turn before, where the form starts (choices.py); no rule reads it
    last = Structure()


class OrderOfBusinessSchema(Schema):
    to_pick = fields.List(Name(), required=True)
    open_slots = fields.Dict(keys=Name(), values=fields.Integer(strict=True), required=True)
    picked = fields.List(Name(allow_none=True), required=True)


class FoodAndDrinksSchema(Schema):
    """What a kitchen card or drink buyer took this turn, and the route it followed (food.py)."""

    card = fields.String(required=True, validate=validate.Regexp(CARD_ID))
    took = CardCounts(GOODS, required=True)
    route = fields.List(Square(), required=True, allow_none=True)


class WorkingSchema(Schema):
    player = Name(required=True)
    done = fields.List(fields.String(validate=validate.OneOf(list(ACTIONS))), required=True)
    trained = fields.List(fields.String(validate=validate.Regexp(CARD_ID)), required=True)
    food_and_drinks = fields.List(fields.Nested(FoodAndDrinksSchema), load_default=list)
    acted = fields.List(fields.String(validate=validate.Regexp(CARD_ID)), required=True)


class DinnertimeSchema(Schema):
    last_house = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    sales = fields.Dict(keys=Name(), values=fields.Integer(strict=True), required=True)
    awaiting_reveals = fields.Boolean(required=True)


class PaydaySchema(Schema):
    fired = fields.List(Name(), required=True)
    sealed = fields.Dict(
        keys=Name(), values=fields.String(validate=validate.Regexp(SHA256_HEX)),
        load_default=dict,
    )  # fmt: skip
    # the recruiting managers and HR directors at work as payday began, and their hires
    recruiters = fields.Dict(
        keys=fields.String(validate=validate.Regexp(CARD_ID)),
        values=fields.Integer(strict=True, validate=validate.Range(min=1)),
        load_default=dict,
    )  # fmt: skip


class MarketingSchema(Schema):
    last = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))


class StateSchema(Schema):
    """The whole state of a Food Chain Magnate game, as GET state returns it."""

    players = fields.List(Name(), required=True)
    options = fields.Nested(GameOptionsSchema, required=True)
    turn_order = fields.List(Name(), required=True)
    phase = fields.String(required=True, validate=validate.OneOf(PHASES))
    turn = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    setup = fields.Nested(SetupSchema, required=True, allow_none=True)
    restructuring = fields.Dict(
        keys=Name(), values=fields.Nested(RestructuringRecordSchema), required=True,
        allow_none=True,
    )  # fmt: skip
    order_of_business = fields.Nested(OrderOfBusinessSchema, required=True, allow_none=True)
    working = fields.Nested(WorkingSchema, required=True, allow_none=True)
    dinnertime = fields.Nested(DinnertimeSchema, required=True, allow_none=True)
    payday = fields.Nested(PaydaySchema, required=True, allow_none=True)
    marketing = fields.Nested(MarketingSchema, required=True, allow_none=True)
    winner = Name(required=True, allow_none=True)
    board = fields.Nested(MapStateSchema, required=True)
    chains = fields.Dict(keys=Name(), values=fields.Nested(ChainSchema), required=True)
    cards_issued = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    supply = fields.Nested(SupplySchema, required=True)
    bank = fields.Nested(BankSchema, required=True)


# --- event payloads -------------------------------------------------------------------------


class OptionsSchema(Schema):
    turn_order = fields.List(Name())
    layout = fields.Nested(LayoutSchema)
    edition = fields.String(validate=validate.OneOf(EDITIONS))
    introductory = fields.Boolean()
    bankruptcy = fields.String(validate=validate.OneOf(BANKRUPTCY))
    connection = fields.String(validate=validate.OneOf(EDITIONS))
    position = fields.Nested(StateSchema)


class CreatedSchema(Schema):
    players = fields.List(Name(), required=True, validate=validate.Length(min=1))
    options = fields.Nested(OptionsSchema, required=True)


class StartingRestaurantPlacedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    top_left = Square(required=True, metadata=pick.SQUARE)
    entrance = fields.String(required=True, validate=validate.OneOf(CORNERS))


class StartingRestaurantPassedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)


class ReserveCardSealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    commitment = fields.String(
        required=True, validate=validate.Regexp(SHA256_HEX), metadata=pick.RESERVE_CARD_SEALED
    )


class ReserveCardRevealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    money = fields.Integer(
        strict=True, required=True, validate=validate.OneOf(RESERVE_MONEY),
        metadata={"label": "Reserve card ($)"},
    )  # fmt: skip
    nonce = fields.String(required=True, validate=validate.Length(min=NONCE_MIN_LENGTH, max=256))


class StructureChosenSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    structure = Structure(required=True, keys=pick.IN_HAND, values=pick.BOSS)


class StructureSealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    commitment = fields.String(
        required=True, validate=validate.Regexp(SHA256_HEX), metadata=pick.STRUCTURE_SEALED
    )


class StructureRevealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    structure = Structure(required=True, keys=pick.IN_HAND, values=pick.BOSS)
    nonce = fields.String(required=True, validate=validate.Length(min=NONCE_MIN_LENGTH, max=256))


class TurnOrderPickedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    place = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=5))


class RecruitedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    cards = fields.List(
        fields.String(validate=validate.OneOf(tuple(EMPLOYEES))), required=True,
        validate=validate.Length(max=20),
    )  # fmt: skip


class TrainingStepSchema(Schema):
    card = fields.String(
        required=True, validate=validate.Regexp(CARD_ID), metadata=pick.ON_THE_BEACH
    )
    into = fields.String(required=True, validate=validate.OneOf(tuple(EMPLOYEES)))


class TrainedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    trainer = fields.String(required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK)
    steps = fields.List(
        fields.Nested(TrainingStepSchema), required=True, validate=validate.Length(min=1, max=3)
    )


class WorkingEndedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)


class CampaignPlacedSchema(OnTheMapOrBesideIt):
    """In the order a table says it: the marketeer, its tile, where the tile goes, then what
    it advertises and for how long."""

    player = Name(required=True, metadata=pick.ACTOR)
    marketeer = fields.String(
        required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK
    )
    number = fields.Integer(
        strict=True, required=True, validate=validate.Range(min=1, max=16),
        metadata={**pick.CAMPAIGN_TILE, "label": "Campaign tile"},
    )  # fmt: skip
    size = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=1)),
        validate=validate.Length(equal=2),
        metadata={"label": "How it lies",
                  "description": "Not for an airplane: the rows, then the columns, the tile "
                  "covers as it lies: its printed size, either way round (FCM-MKT-3)."},
    )  # fmt: skip
    top_left = Square(metadata={**pick.SQUARE, "description": "Not for an airplane: the "
                                "campaign's north-west square on the map."})  # fmt: skip
    edge = fields.String(
        validate=validate.OneOf(["N", "E", "S", "W"]),
        metadata={"description": "An airplane only: the side of the map it flies beside "
                  "(FCM-MKT-4)."},
    )  # fmt: skip
    start = fields.Integer(
        strict=True,
        metadata={"description": "An airplane only: the first row (beside E or W) or column "
                  "(beside N or S) of the 1, 3 or 5 it flies over, counted from 0 (FCM-MKT-4)."},
    )  # fmt: skip
    product = fields.String(required=True, validate=validate.OneOf(GOODS))
    duration = fields.Integer(
        strict=True, required=True, validate=validate.Range(min=1, max=5),
        metadata={"description": "Turns, up to the marketeer's longest (FCM-MKT-1); with the "
                  "first billboard milestone it runs for good (FCM-MILE-2)."},
    )  # fmt: skip


class FoodTakenSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    cook = fields.String(required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK)
    food = fields.String(required=True, validate=validate.OneOf(FOODS))


class DrinksTakenSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    card = fields.String(required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK)
    drink = fields.String(required=True, validate=validate.OneOf(DRINKS))


class DrinksCollectedSchema(Schema):
    """`route`: road squares for a cart or truck, tiles [tile row, tile col] for a zeppelin."""

    player = Name(required=True, metadata=pick.ACTOR)
    card = fields.String(required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK)
    route = fields.List(
        Square(metadata=pick.SQUARE), required=True, validate=validate.Length(min=1, max=400)
    )


class HousePlacedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    developer = fields.String(
        required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK
    )
    number = fields.Integer(
        strict=True, required=True, validate=validate.Range(min=1, max=19),
        metadata=pick.HOUSE_TILE,
    )  # fmt: skip
    top_left = Square(required=True, metadata=pick.SQUARE)
    garden = fields.String(required=True, validate=validate.OneOf(GARDEN_SIDES))


class GardenAddedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    developer = fields.String(
        required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK
    )
    house = fields.Integer(
        strict=True, required=True, validate=validate.Range(min=1, max=19),
        metadata=pick.HOUSE_WITHOUT_GARDEN,
    )  # fmt: skip
    garden = fields.String(required=True, validate=validate.OneOf(GARDEN_SIDES))


class RestaurantPlacedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    manager = fields.String(required=True, validate=validate.Regexp(CARD_ID), metadata=pick.AT_WORK)
    top_left = Square(required=True, metadata=pick.SQUARE)
    entrance = fields.String(required=True, validate=validate.OneOf(CORNERS))


class RestaurantMovedSchema(RestaurantPlacedSchema):
    restaurant = fields.String(
        required=True, validate=validate.Regexp(r"^.+-[123]$"), metadata=pick.OWN_RESTAURANT
    )


class HouseServedSchema(Schema):
    house = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=19))
    winner = Name(required=True, allow_none=True)
    # below $0 when the unit price is (FCM-DINNER-5): the winner pays the bank
    income = fields.Integer(strict=True, required=True)
    explanation = fields.Dict(required=True)


class BankBrokeSchema(Schema):
    explanation = fields.Dict(required=True)


class ClosingSchema(Schema):
    waitresses = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    # half of a loss when the turn's sales were below $0 (FCM-DINNER-10)
    cfo = fields.Integer(strict=True, required=True)


class DinnertimeEndedSchema(Schema):
    chains = fields.Dict(keys=Name(), values=fields.Nested(ClosingSchema), required=True)
    explanation = fields.Dict(required=True)


class FiredSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    cards = fields.List(
        fields.String(validate=validate.Regexp(CARD_ID), metadata=pick.TO_FIRE), required=True
    )


class NobodyFiredSchema(Schema):
    """No field: the chains it covers are those still asked that can pay (payday.py)."""


class FiringSealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    commitment = fields.String(
        required=True, validate=validate.Regexp(SHA256_HEX), metadata=pick.FIRING_SEALED
    )


class FiringRevealedSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    cards = fields.List(
        fields.String(validate=validate.Regexp(CARD_ID), metadata=pick.TO_FIRE), required=True
    )
    nonce = fields.String(required=True, validate=validate.Length(min=NONCE_MIN_LENGTH, max=256))


class ForbiddenFiredSchema(Schema):
    chains = fields.Dict(
        keys=Name(),
        values=fields.List(fields.String(validate=validate.Regexp(CARD_ID))),
        required=True,
    )
    explanation = fields.Dict(required=True)


class SalariesPaidSchema(Schema):
    chains = fields.Dict(keys=Name(), values=fields.Integer(strict=True), required=True)
    explanation = fields.Dict(required=True)


class CampaignRanSchema(Schema):
    number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=16))
    tokens = fields.Dict(
        keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=0)),
        required=True,
    )  # fmt: skip
    explanation = fields.Dict(required=True)


class FreezerFilledSchema(Schema):
    player = Name(required=True, metadata=pick.ACTOR)
    kept = CardCounts(GOODS, required=True)


class CleanedUpSchema(Schema):
    explanation = fields.Dict(required=True)
