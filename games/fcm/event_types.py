"""The event types of Food Chain Magnate, each with its schema, a description and an example
payload for the API documentation. The examples make one small game: ann and bob on the
example map, bob placing first (he is last in turn order), ann passing, then sealing."""

from events.registry import EventType
from games.fcm import schemas
from games.fcm.start.upcast import created_v1_to_v2
from games.sealed import seal

EXAMPLE_LAYOUT = {
    "rows": 3,
    "cols": 3,
    "tiles": [
        {"tile": "H", "rotation": 0, "row": 0, "col": 0},
        {"tile": "S", "rotation": 0, "row": 0, "col": 1},
        {"tile": "R", "rotation": 270, "row": 0, "col": 2},
        {"tile": "E", "rotation": 180, "row": 1, "col": 0},
        {"tile": "L", "rotation": 90, "row": 1, "col": 1},
        {"tile": "O", "rotation": 90, "row": 1, "col": 2},
        {"tile": "J", "rotation": 270, "row": 2, "col": 0},
        {"tile": "T", "rotation": 270, "row": 2, "col": 1},
        {"tile": "K", "rotation": 270, "row": 2, "col": 2},
    ],
    "drawn_by": "table",
}
EXAMPLE_NONCE = "8f14e45fceea167a5a36dedd4bea2543"
EXAMPLE_COMMITMENT = "acb85e7ab6101487f0f6cbced0f585516369d7049800acd5ba66159bfa70429b"  # 200

CREATED = EventType(
    name="fcm.created",
    schema=schemas.CreatedSchema,
    version=2,
    upcasters={1: created_v1_to_v2},
    description=(
        "A Food Chain Magnate game is set up for 2 to 5 players. options.turn_order is the "
        "turn order the table drew (FCM-SETUP-6); options.layout the map tiles, rotations and "
        "places as laid, or as the service drew them (FCM-SETUP-1); options.edition "
        "'original' (the default) or 'deluxe', whose rules apply where the two differ; "
        "options.introductory true for the introductory game ($75 a player in the bank, no "
        "reserve cards, no milestones); options.bankruptcy what becomes of a chain that owes "
        "the bank more than it holds: 'unpaid' (the default) pays what it has and plays on, "
        "'designer' pays what it has and is bankrupt, out of the game and last at the end "
        "(FCM-DINNER-5); options.connection how roads join across tile "
        "borders: 'original' (at the middle of the edge) or 'deluxe' (any touching road "
        "squares), the edition's by default. Instead, options.position may declare a whole "
        "starting state in the GET state format; it is checked for consistency. The bank gets "
        "$50 a player, the players $0, the stock is thinned for the player count (FCM-SETUP-2 "
        "to 5)."
    ),
    example={
        "players": ["ann", "bob"],
        "options": {
            "turn_order": ["ann", "bob"],
            "layout": EXAMPLE_LAYOUT,
            "edition": "original",
            "introductory": False,
        },
    },
)

STARTING_RESTAURANT_PLACED = EventType(
    name="fcm.starting_restaurant_placed",
    schema=schemas.StartingRestaurantPlacedSchema,
    description=(
        "In the setup rounds (last player to first, then those who passed in turn order) the "
        "player to act places their starting restaurant: 2x2 squares from top_left, the "
        "entrance in the corner named (NW, NE, SW, SE). It sits on empty squares, the "
        "entrance borders a road and is not on the tile of another restaurant's entrance "
        "(FCM-SETUP-7, FCM-SETUP-8)."
    ),
    example={"player": "bob", "top_left": [3, 8], "entrance": "NW"},
)

STARTING_RESTAURANT_PASSED = EventType(
    name="fcm.starting_restaurant_passed",
    schema=schemas.StartingRestaurantPassedSchema,
    description=(
        "The player to act in the first setup round passes and will place in the second "
        "round, which runs in turn order; nobody passes in the second round (FCM-SETUP-7)."
    ),
    example={"player": "ann"},
)

RESERVE_CARD_SEALED = EventType(
    name="fcm.reserve_card_sealed",
    schema=schemas.ReserveCardSealedSchema,
    description=(
        "After the starting restaurants a player secretly chooses one reserve card "
        "(FCM-SETUP-9), recorded as a commitment: the lowercase SHA-256 hex digest of "
        "'<money>:<nonce>' (money 100, 200 or 300; nonce a random secret of 16 or more "
        "characters kept by the player). When every chain has chosen, turn 1 begins."
    ),
    example={"player": "ann", "commitment": EXAMPLE_COMMITMENT},
)

RESERVE_CARD_REVEALED = EventType(
    name="fcm.reserve_card_revealed",
    schema=schemas.ReserveCardRevealedSchema,
    description=(
        "When the bank first breaks, a player turns their reserve card face up by giving the "
        "money and the nonce; it is refused unless they hash to the sealed commitment "
        "(FCM-BANK-2, FCM-SETUP-9)."
    ),
    example={"player": "ann", "money": 200, "nonce": EXAMPLE_NONCE},
    secret_fields=("money", "nonce"),
)

EXAMPLE_STRUCTURE = {"management_trainee-3": "ceo-1", "waitress-4": "management_trainee-3"}
EXAMPLE_STRUCTURE_COMMITMENT = seal(EXAMPLE_STRUCTURE, EXAMPLE_NONCE)

STRUCTURE_CHOSEN = EventType(
    name="fcm.structure_chosen",
    schema=schemas.StructureChosenSchema,
    description=(
        "In restructuring a player puts cards of their hand to work, recorded open: structure "
        "maps each card id to its boss, the CEO's id or a manager's under the CEO; the rest of "
        "the hand goes to the beach (FCM-RESTR-1). Only a manager has slots under the CEO, and "
        "no manager works under another (FCM-RESTR-2). More cards than fit send all but the "
        "CEO to the beach (FCM-RESTR-3). On the first turn, and for a chain with nothing in "
        "hand, the engine records the structure itself (FCM-RESTR-4)."
    ),
    example={"player": "ann", "structure": EXAMPLE_STRUCTURE},
)

STRUCTURE_SEALED = EventType(
    name="fcm.structure_sealed",
    schema=schemas.StructureSealedSchema,
    description=(
        "In restructuring a player chooses their structure face down (FCM-RESTR-1): the "
        "commitment is the lowercase SHA-256 hex digest of '<structure>:<nonce>', structure "
        "as canonical JSON (sorted keys, no spaces)."
    ),
    example={"player": "ann", "commitment": EXAMPLE_STRUCTURE_COMMITMENT},
)

STRUCTURE_REVEALED = EventType(
    name="fcm.structure_revealed",
    schema=schemas.StructureRevealedSchema,
    description=(
        "Once every chain has chosen, a sealed structure is turned face up with its nonce; it "
        "is refused unless it opens the commitment and is a legal structure (FCM-RESTR-1, "
        "FCM-RESTR-2). When every structure is known they are applied together and order of "
        "business begins."
    ),
    example={"player": "ann", "structure": EXAMPLE_STRUCTURE, "nonce": EXAMPLE_NONCE},
    secret_fields=("structure", "nonce"),
)

TURN_ORDER_PICKED = EventType(
    name="fcm.turn_order_picked",
    schema=schemas.TurnOrderPickedSchema,
    description=(
        "In order of business the chain with the most open slots (the first airplane "
        "milestone counts two more; ties to the earlier in last turn's order) picks a free "
        "place on the turn order track, then the next (FCM-ORDER-1 to FCM-ORDER-4). After the "
        "last pick the track is the turn order and working begins."
    ),
    example={"player": "bob", "place": 1},
)

RECRUITED = EventType(
    name="fcm.recruited",
    schema=schemas.RecruitedSchema,
    description=(
        "In their working, first of all, a player hires entry-level cards from the stock onto "
        "their beach: one for the CEO, one for each recruiting girl, two for each recruiting "
        "manager and four for each HR director at work (FCM-RECRUIT-1, FCM-RECRUIT-2). Free "
        "hires are used first; each hire of a recruiting manager or HR director left unused "
        "is $5 off at payday (FCM-RECRUIT-3)."
    ),
    example={"player": "ann", "cards": ["waitress", "kitchen_trainee"]},
)

TRAINED = EventType(
    name="fcm.trained",
    schema=schemas.TrainedSchema,
    description=(
        "A trainer at work trains cards on the beach, one printed step a training action "
        "(trainer 1, coach 2, guru 3; a coach or guru may take one card that many steps), each "
        "card once a turn unless the first-to-pay-$20 milestone lets several trainers work on "
        "it (FCM-TRAIN-1 to FCM-TRAIN-3); the final card must be in the stock (FCM-TRAIN-4). "
        "No step goes into a card a milestone of the chain forbids: the first to have $100 "
        "never trains a CFO (FCM-MILE-1). The trained card goes back to the stock; its new "
        "card, with a new id, is on the beach."
    ),
    example={
        "player": "ann",
        "trainer": "coach-9",
        "steps": [
            {"card": "kitchen_trainee-7", "into": "burger_cook"},
            {"card": "kitchen_trainee-7", "into": "burger_chef"},
        ],
    },  # fmt: skip
)

CAMPAIGN_PLACED = EventType(
    name="fcm.campaign_placed",
    schema=schemas.CampaignPlacedSchema,
    description=(
        "A marketeer at work places a campaign tile from the supply, of its kind or a lower "
        "one, lasting 1 turn up to the marketeer's maximum and advertising one product "
        "(FCM-MKT-1, FCM-MKT-5): within its range by road from one of the chain's restaurant "
        "entrances (FCM-MKT-2; brand managers and directors have none), on empty squares next "
        "to a road, or an airplane beside an edge over 1, 3 or 5 rows or columns (FCM-MKT-3, "
        "FCM-MKT-4). The marketeer is busy with it from then on (FCM-MKT-6); with the first "
        "billboard milestone the campaign is eternal, one token for good (FCM-MILE-2)."
    ),
    example={
        "player": "ann",
        "marketeer": "marketing_trainee-5",
        "number": 11,
        "product": "burger",
        "duration": 2,
        "top_left": [3, 3],
        "size": [2, 3],
    },  # fmt: skip
)

WORKING_ENDED = EventType(
    name="fcm.working_ended",
    schema=schemas.WorkingEndedSchema,
    description=(
        "A player has done everything they will in their working; the next player in turn "
        "order works (FCM-WORK-1), and after the last the game waits in dinnertime. A "
        "player who did not recruit leaves all their recruiting managers' and HR directors' "
        "hires unused (their action is mandatory, FCM-WORK-2, FCM-RECRUIT-3)."
    ),
    example={"player": "ann"},
)

FOOD_TAKEN = EventType(
    name="fcm.food_taken",
    schema=schemas.FoodTakenSchema,
    description=(
        "A kitchen card at work takes the food it prints, once a turn: a burger cook 3 "
        "burgers, a burger chef 8, a pizza cook 3 pizzas, a pizza chef 8; a kitchen trainee "
        "1 burger or 1 pizza, as food names (FCM-FOOD-1). The food goes to the chain's one "
        "stock, which serves all its restaurants (FCM-FOOD-4)."
    ),
    example={"player": "ann", "cook": "kitchen_trainee-5", "food": "pizza"},
)

DRINKS_TAKEN = EventType(
    name="fcm.drinks_taken",
    schema=schemas.DrinksTakenSchema,
    description=(
        "An errand boy at work takes 1 drink of the type named, once a turn, 2 with the first "
        "errand boy milestone; the type need not be on the map (FCM-FOOD-2). The drinks go to "
        "the chain's stock (FCM-FOOD-4)."
    ),
    example={"player": "ann", "card": "errand_boy-6", "drink": "soda"},
)

DRINKS_COLLECTED = EventType(
    name="fcm.drinks_collected",
    schema=schemas.DrinksCollectedSchema,
    description=(
        "A cart operator, truck driver or zeppelin pilot at work follows a route from an "
        "entrance of one of the chain's open restaurants, once a turn (FCM-FOOD-3). A cart or "
        "truck: the road squares driven over in order, the first beside the entrance, each "
        "next joining the last by road, never back to the square just left, at most 2 (cart) "
        "or 3 (truck) tile crossings, stepping onto the road included. A zeppelin: the tiles "
        "[tile row, tile col] flown over, from the entrance's tile, each next orthogonally "
        "beside the last, none twice, at most 4 crossings. The first cart operator milestone "
        "adds a crossing. The engine counts the drinks: each source beside a square of a road "
        "route, or on a tile of an air route, gives 2 (cart, zeppelin) or 3 (truck) of its "
        "drink once, one more with the first errand boy milestone, into the chain's stock "
        "(FCM-FOOD-4)."
    ),
    example={
        "player": "bob",
        "card": "cart_operator-7",
        "route": [[3, 7], [4, 7], [5, 7], [6, 7], [7, 7], [8, 7]],
    },
)

HOUSE_PLACED = EventType(
    name="fcm.house_placed",
    schema=schemas.HousePlacedSchema,
    description=(
        "A new business developer at work places a house tile from the supply, the number the "
        "player chose, with its garden on the side named: house and garden a 2x3 rectangle on "
        "empty squares next to a road, anywhere on the map (FCM-HOUSE-1). Each card acts once "
        "a turn."
    ),
    example={
        "player": "ann",
        "developer": "new_business_developer-12",
        "number": 3,
        "top_left": [10, 5],
        "garden": "S",
    },  # fmt: skip
)

GARDEN_ADDED = EventType(
    name="fcm.garden_added",
    schema=schemas.GardenAddedSchema,
    description=(
        "A new business developer at work adds a garden from the supply to a printed house "
        "without one, on the side named, on empty squares so that house and garden make a 2x3 "
        "rectangle; one garden per house (FCM-HOUSE-1)."
    ),
    example={
        "player": "ann",
        "developer": "new_business_developer-12",
        "house": 7,
        "garden": "N",
    },  # fmt: skip
)

RESTAURANT_PLACED = EventType(
    name="fcm.restaurant_placed",
    schema=schemas.RestaurantPlacedSchema,
    description=(
        "A local or regional manager at work places the next of the chain's restaurants not "
        "yet on the map (ids <player>-1 to -3) on empty squares, its entrance corner beside a "
        "road, on any tile. A local manager's goes within 3 tile crossings by road of one of "
        "the chain's open restaurants, counted from any corner (they are drive-ins), and is "
        "coming soon until cleanup; by the Deluxe rules the route must end beside its entrance "
        "(FCM-REST-1). A regional manager's goes anywhere and is open and a drive-in at once "
        "(FCM-REST-2). While either manager is at work the chain's open restaurants are "
        "drive-ins (FCM-REST-3)."
    ),
    example={
        "player": "ann",
        "manager": "local_manager-14",
        "top_left": [5, 6],
        "entrance": "SW",
    },  # fmt: skip
)

RESTAURANT_MOVED = EventType(
    name="fcm.restaurant_moved",
    schema=schemas.RestaurantMovedSchema,
    description=(
        "A regional manager at work picks up one of the chain's restaurants and puts it "
        "elsewhere or turns it, on empty squares (its own count as empty), its entrance corner "
        "beside a road. It is open and a drive-in at once (FCM-REST-2, FCM-REST-3)."
    ),
    example={
        "player": "ann",
        "manager": "regional_manager-15",
        "restaurant": "ann-1",
        "top_left": [3, 8],
        "entrance": "NE",
    },  # fmt: skip
)

HOUSE_SERVED = EventType(
    name="fcm.house_served",
    schema=schemas.HouseServedSchema,
    derived=True,
    description=(
        "Written by the worker at dinnertime for each house with demand, in number order "
        "(FCM-DINNER-1, FCM-DINNER-2): the chain that serves it, or none, and what it earns "
        "(FCM-DINNER-3 to FCM-DINNER-8), paid by the bank. The explanation lists every chain "
        "considered: could it supply the whole order, unit price, distance, total, waitresses, "
        "and what decided."
    ),
    example={"house": 5, "winner": "ann", "income": 36, "explanation": {}},
)

BANK_BROKE = EventType(
    name="fcm.bank_broke",
    schema=schemas.BankBrokeSchema,
    derived=True,
    description=(
        "Written by the worker when the bank cannot pay the next payment of dinnertime "
        "(FCM-BANK-1). The first time, dinnertime waits until every chain has revealed its "
        "reserve card (FCM-BANK-2); the second (the first in the introductory game), the bank "
        "pays what it has, writes down its shortfall, and the game ends after this dinnertime "
        "(FCM-BANK-3)."
    ),
    example={"explanation": {"owed": 36, "bank": 20, "break": 1}},
)

DINNERTIME_ENDED = EventType(
    name="fcm.dinnertime_ended",
    schema=schemas.DinnertimeEndedSchema,
    derived=True,
    description=(
        "Written by the worker after the last house: each chain's waitresses' cash ($3 each, "
        "$5 with the first waitress milestone) and its CFO's half of all it earned this turn, "
        "rounded up, with a CFO at work or the $100 milestone (FCM-DINNER-9, FCM-DINNER-10). "
        "Then payday, or, after the bank's last break, the end: the most cash wins, a tie to "
        "the earlier in turn order (FCM-BANK-4). The explanation adds each chain's sales at "
        "the houses and the turn's total."
    ),
    example={
        "chains": {"ann": {"waitresses": 3, "cfo": 0}},
        "explanation": {"chains": {"ann": {"sales": 36, "waitresses": 3, "cfo": 0, "total": 39}}},
    },
)

FORBIDDEN_FIRED = EventType(
    name="fcm.forbidden_fired",
    schema=schemas.ForbiddenFiredSchema,
    derived=True,
    description=(
        "Written by the worker as payday begins, when a chain claimed a milestone this turn "
        "that forbids cards it holds (the first to have $100: its CFO): those cards go back "
        "to the stock, each with the milestone that sends it away in the explanation "
        "(FCM-MILE-1). Then the chains fire."
    ),
    example={"chains": {"ann": ["cfo-4"]}, "explanation": {}},
)

FIRED = EventType(
    name="fcm.fired",
    schema=schemas.FiredSchema,
    description=(
        "At payday in the original edition each chain that has a card it could fire records "
        "whom it fires, in the open, an empty list for nobody: cards in the structure or on "
        "the beach go back to the stock, a fired manager's reports to the beach; busy "
        "marketeers stay (FCM-PAY-1). Once every firing is in, a chain that cannot pay its "
        "salaries records another: only salaried cards, no more than it needs to pay, a busy "
        "marketeer only when nothing else lets it pay (FCM-PAY-2). A Deluxe game refuses it: "
        "it fires sealed."
    ),
    example={"player": "ann", "cards": ["waitress-3"]},
)

NOBODY_FIRED = EventType(
    name="fcm.nobody_fired",
    schema=schemas.NobodyFiredSchema,
    description=(
        "At payday in the original edition, one action instead of an empty fcm.fired from each "
        "chain: every chain still to say whom it fires that can pay its salaries fires nobody "
        "(FCM-PAY-1). A chain that cannot pay is left out and says on its own whom it fires, "
        "then fires until it can pay (FCM-PAY-2). The table's recorder (admin) records it for "
        "any chains; a player's seat only when its own chain is the one left. A Deluxe game "
        "refuses it: its firing is secret."
    ),
    example={},
)

EXAMPLE_FIRING = ["waitress-3"]
EXAMPLE_FIRING_COMMITMENT = seal(EXAMPLE_FIRING, EXAMPLE_NONCE)

FIRING_SEALED = EventType(
    name="fcm.firing_sealed",
    schema=schemas.FiringSealedSchema,
    description=(
        "At payday in the Deluxe edition each chain chooses whom it fires face down "
        "(FCM-PAY-1): the commitment is the lowercase SHA-256 hex digest of "
        "'<cards>:<nonce>', cards the list of card ids to fire as canonical JSON (no spaces, "
        "in the order they will be revealed; [] for nobody). A chain still unable to pay once "
        "every firing is revealed seals again. An original game refuses it: it fires open."
    ),
    example={"player": "ann", "commitment": EXAMPLE_FIRING_COMMITMENT},
)

FIRING_REVEALED = EventType(
    name="fcm.firing_revealed",
    schema=schemas.FiringRevealedSchema,
    description=(
        "Once every chain with a firing to make has sealed it, a sealed firing is turned face "
        "up with its nonce; it is refused unless it opens the commitment and fires only cards "
        "in the structure or on the beach, not the CEO, not a busy marketeer (FCM-PAY-1); a "
        "second firing of a chain that cannot pay fires as fcm.fired's does (FCM-PAY-2). The "
        "cards go back to the stock, a fired manager's reports to the beach."
    ),
    example={"player": "ann", "cards": EXAMPLE_FIRING, "nonce": EXAMPLE_NONCE},
    secret_fields=("cards", "nonce"),
)

SALARIES_PAID = EventType(
    name="fcm.salaries_paid",
    schema=schemas.SalariesPaidSchema,
    derived=True,
    description=(
        "Written by the worker once every chain has fired (Deluxe: every firing revealed) "
        "and can pay: $5 for every card held that shows a salary symbol, busy marketeers "
        "included, less $5 for each unused hire of a recruiting manager or HR director the "
        "chain still holds and "
        "$15 with the first-train milestone, never below $0, paid to the bank (FCM-PAY-2, "
        "FCM-PAY-3)."
    ),
    example={"chains": {"ann": 10, "bob": 0}, "explanation": {}},
)

CAMPAIGN_RAN = EventType(
    name="fcm.campaign_ran",
    schema=schemas.CampaignRanSchema,
    derived=True,
    description=(
        "Written by the worker for each campaign, in number order (FCM-CAMP-1): the demand "
        "tokens it puts on each house it reaches, its garden included, a house holding at most "
        "3, 5 with a garden (FCM-CAMP-2 to FCM-CAMP-4); then one token off unless it is eternal, "
        "an empty campaign back to the supply and its marketeer freed (FCM-CAMP-5)."
    ),
    example={"number": 11, "tokens": {"13": 1}, "explanation": {}},
)

FREEZER_FILLED = EventType(
    name="fcm.freezer_filled",
    schema=schemas.FreezerFilledSchema,
    description=(
        "At cleanup, a chain with the freezer milestone that holds more than 10 food and "
        "drinks of more than one kind chooses which it keeps, at most 10; the rest are thrown "
        "away at once, and cleanup waits for the choice (FCM-CLEAN-1). With 10 or fewer, or "
        "one kind only, there is nothing to choose and the event is refused."
    ),
    example={"player": "ann", "kept": {"burger": 6, "beer": 4}},
)

CLEANED_UP = EventType(
    name="fcm.cleaned_up",
    schema=schemas.CleanedUpSchema,
    derived=True,
    description=(
        "Written by the worker at the end of the turn: food and drinks thrown away but what "
        "the freezer keeps (FCM-CLEAN-1), every card back to hand but the busy ones, coming-soon "
        "restaurants open (FCM-CLEAN-2), this turn's milestones' other copies gone "
        "(FCM-CLEAN-3). The next turn begins with restructuring. The explanation says what "
        "each chain kept and threw away, which restaurants opened and which milestones were "
        "retired:"
    ),
    example={
        "explanation": {
            "turn": 2,
            "chains": {
                "ann": {"kept": {}, "thrown": {"burger": 1}},
                "bob": {"kept": {}, "thrown": {}},
            },
            "opened": ["bob-2"],
            "milestones_retired": ["first_throw_away"],
        }
    },
)

EVENT_TYPES = [
    CREATED,
    STARTING_RESTAURANT_PLACED,
    STARTING_RESTAURANT_PASSED,
    RESERVE_CARD_SEALED,
    RESERVE_CARD_REVEALED,
    STRUCTURE_CHOSEN,
    STRUCTURE_SEALED,
    STRUCTURE_REVEALED,
    TURN_ORDER_PICKED,
    RECRUITED,
    TRAINED,
    CAMPAIGN_PLACED,
    WORKING_ENDED,
    FOOD_TAKEN,
    DRINKS_TAKEN,
    DRINKS_COLLECTED,
    HOUSE_PLACED,
    GARDEN_ADDED,
    RESTAURANT_PLACED,
    RESTAURANT_MOVED,
    HOUSE_SERVED,
    BANK_BROKE,
    DINNERTIME_ENDED,
    FORBIDDEN_FIRED,
    FIRED,
    NOBODY_FIRED,
    FIRING_SEALED,
    FIRING_REVEALED,
    SALARIES_PAID,
    CAMPAIGN_RAN,
    FREEZER_FILLED,
    CLEANED_UP,
]
