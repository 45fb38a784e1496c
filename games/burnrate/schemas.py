"""Payload schemas of the Burn Rate events (marshmallow, JSON-native fields only).

The schemas check shape and vocabulary. Whether a printed card can exist, and whether an action
is legal, is a rule: `cards.py` and the rule modules refuse it with a RuleViolation and its id.
"""

from marshmallow import Schema, ValidationError, fields, pre_load, validate, validates_schema

from . import edition
from . import pickers as pick


def _integer(**kwargs):
    return fields.Integer(strict=True, **kwargs)


def _name(**kwargs):
    return fields.String(validate=validate.Length(min=1, max=64), **kwargs)


def _player(**kwargs):
    """A player's name, usable in the actor `player:<name>`."""
    return fields.String(validate=validate.Regexp(r"^[^\s:][^:]{0,63}$"), **kwargs)


def _department(**kwargs):
    return fields.String(validate=validate.OneOf(edition.DEPARTMENTS), **kwargs)


def _skill_numbers():
    return fields.List(_integer(), required=True, metadata=pick.SKILL_NUMBERS)


def _explanation():
    return fields.Dict(keys=fields.String(), values=fields.Raw(), required=True)


class Employee(Schema):
    """An employee card as printed: skill null for engineers."""

    name = _name(required=True)
    department = _department(required=True)
    skill = _integer(
        allow_none=True, load_default=None, metadata={"description": "Empty for an engineer."}
    )
    salary = _integer(required=True)
    vp = fields.Boolean(load_default=False, metadata={"label": "VP"})
    engineer = fields.Boolean(load_default=False)


class LaborPool(Schema):
    """The four face-up employees at setup, one per department pile."""

    sales = fields.Nested(Employee, required=True)
    development = fields.Nested(Employee, required=True)
    hr = fields.Nested(Employee, required=True)
    finance = fields.Nested(Employee, required=True)


class Options(Schema):
    dealer = _player(allow_none=True, load_default=None)
    labor_pool = fields.Nested(LaborPool, required=True)
    play_deck_size = _integer(load_default=edition.PLAY_DECK_SIZE)
    contractor_salary = _integer(load_default=edition.CONTRACTOR_SALARY)


class Created(Schema):
    players = fields.List(
        _player(),
        required=True,
        validate=validate.Length(min=edition.MIN_PLAYERS, max=edition.MAX_PLAYERS),
    )
    options = fields.Nested(Options, required=True)

    @validates_schema
    def _players_and_dealer(self, data, **kwargs):
        players = data["players"]
        if len(set(players)) != len(players):
            raise ValidationError("player names must be different", "players")
        dealer = data["options"]["dealer"]
        if dealer is not None and dealer not in players:
            raise ValidationError("the dealer must be one of the players", "options")


class SkillCard(Schema):
    """HIRE, BAD HIRE, FIRE, POACH, RELEASE: only skill numbers are printed."""

    skill_numbers = _skill_numbers()


class FundingCard(Schema):
    amount = _integer(required=True)
    skill_numbers = _skill_numbers()


class BadIdeaCard(Schema):
    name = _name(required=True)
    x = _integer(required=True)
    skill_numbers = _skill_numbers()


class VpCard(Schema):
    name = _name(required=True)
    vps_required = _integer(required=True)
    effect = fields.String(required=True, validate=validate.Length(max=500))


class PlayerAction(Schema):
    player = _player(required=True, metadata=pick.ACTOR)


class TurnedUp(Employee):
    """The card turned up on a pile, which holds one department's employees (BR-SETUP-1): its
    department is the pile's (`OnAPile` fills it in), so a form does not ask it."""

    department = _department(load_default=None, metadata=pick.PILES_OWN)


class OnAPile(PlayerAction):
    """An employee taken from the pile `department`, and `revealed` turned up in its place."""

    @pre_load
    def _turned_up_on_its_pile(self, data, **kwargs):
        revealed = data.get("revealed") if isinstance(data, dict) else None
        if isinstance(revealed, dict) and revealed.get("department") is None:
            data = {**data, "revealed": {**revealed, "department": data.get("department")}}
        return data


class EmployeeDrafted(OnAPile):
    department = _department(required=True, metadata=pick.PILE)
    revealed = fields.Nested(TurnedUp, required=True, allow_none=True, metadata=pick.FACE_UP)


class HirePlayed(OnAPile):
    """`department` null: no face-up employee may join, so the card is played for no effect."""

    card = fields.Nested(SkillCard, required=True, metadata=pick.printed("HIRE"))
    department = _department(required=True, allow_none=True, metadata=pick.PILE)
    revealed = fields.Nested(TurnedUp, required=True, allow_none=True, metadata=pick.FACE_UP)


class BadHirePlayed(HirePlayed):
    target = _player(required=True, metadata=pick.PLAYER)
    card = fields.Nested(SkillCard, required=True, metadata=pick.printed("BAD_HIRE"))


class FirePlayed(PlayerAction):
    cards = fields.List(
        fields.Nested(SkillCard, metadata=pick.printed("FIRE")),
        required=True,
        validate=validate.Length(min=1, max=4),
    )
    employee = _name(required=True, metadata=pick.OWN_EMPLOYEE)


class PoachPlayed(FirePlayed):
    target = _player(required=True, metadata=pick.PLAYER)
    cards = fields.List(
        fields.Nested(SkillCard, metadata=pick.printed("POACH")),
        required=True,
        validate=validate.Length(min=1, max=4),
    )
    employee = _name(required=True, metadata=pick.TARGET_EMPLOYEE)


class FundingPlayed(PlayerAction):
    card = fields.Nested(FundingCard, required=True, metadata=pick.printed("FUNDING"))


class BadIdeaPlayed(PlayerAction):
    target = _player(required=True, metadata=pick.PLAYER)
    card = fields.Nested(BadIdeaCard, required=True, metadata=pick.BAD_IDEA)


class ReleasePlayed(PlayerAction):
    card = fields.Nested(SkillCard, required=True, metadata=pick.printed("RELEASE"))
    bad_idea = _name(required=True, metadata=pick.OWN_BAD_IDEA)


class VpCardPlayed(PlayerAction):
    card = fields.Nested(VpCard, required=True, metadata=pick.VP_CARD)
    funding_changes = fields.Dict(
        keys=_player(metadata=pick.PLAYER), values=_integer(), load_default=dict
    )


class CardsDiscarded(PlayerAction):
    count = _integer(required=True)


class TurnEnded(PlayerAction):
    pass


class ContractorsAdjusted(PlayerAction):
    contractors = _integer(required=True, validate=validate.Range(min=0))
    explanation = _explanation()


class SalariesPaid(PlayerAction):
    burn_rate = _integer(required=True, validate=validate.Range(min=0))
    explanation = _explanation()


class WentBankrupt(PlayerAction):
    """`returned_on_top`: pile -> the employee id that lands face up on it, where it was empty."""

    returned_on_top = fields.Dict(
        keys=_department(), values=_name(), allow_none=True, load_default=None
    )
    explanation = fields.Dict(keys=fields.String(), values=fields.Raw(), load_default=dict)


class CardsDrawn(PlayerAction):
    drawn = _integer(required=True, validate=validate.Range(min=0))
    reshuffled = fields.Boolean(required=True)
    explanation = _explanation()


class TurnStarted(PlayerAction):
    turn = _integer(required=True, validate=validate.Range(min=1))
    explanation = _explanation()


class GameWon(Schema):
    winner = _player(required=True)
    explanation = _explanation()
