"""The Burn Rate edition the engine knows: rule numbers, departments and Play-card kinds.

Read once from `data/edition.json` and `data/play_cards.json` and validated at import, so a
broken data file stops the service when it starts, not in the middle of a game. What public
sources do not give (most employees, BAD IDEA names, the purple cards) is not here: the
recorder enters those as printed and `cards.py` keeps them.
"""

import json
from importlib import resources

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

ROLES = ("defensive", "offensive", "vp")


def _integer(**kwargs):
    return fields.Integer(strict=True, **kwargs)


def _pair():
    return fields.List(_integer(), required=True, validate=validate.Length(equal=2))


class _Players(Schema):
    min = _integer(required=True)
    max = _integer(required=True)
    basis = fields.String(required=True)


class _Department(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    colour = fields.String(required=True)


class _KnownEmployee(Schema):
    name = fields.String(required=True)
    department = fields.String(required=True)
    skill = _integer(allow_none=True, required=True)
    salary = _integer(allow_none=True, required=True)
    vp = fields.Boolean(required=True)
    engineer = fields.Boolean(required=True)
    basis = fields.String(required=True)


class _Edition(Schema):
    about = fields.String(data_key="_about", required=True)
    players = fields.Nested(_Players, required=True)
    departments = fields.List(fields.Nested(_Department), required=True)
    departments_basis = fields.String(required=True)
    starting_funding = fields.Dict(keys=fields.String(), values=_integer(), required=True)
    starting_funding_basis = fields.String(required=True)
    employees_per_player = _integer(required=True)
    hand_size = _integer(required=True)
    max_cards_played = _integer(required=True)
    max_cards_discarded = _integer(required=True)
    turn_basis = fields.String(required=True)
    skill_range = _pair()
    salary_range = _pair()
    ranges_basis = fields.String(required=True)
    contractor_salary = _integer(required=True)
    contractor_salary_basis = fields.String(required=True)
    known_employees = fields.List(fields.Nested(_KnownEmployee), required=True)

    @validates_schema
    def _every_player_count_has_funding(self, data, **kwargs):
        counts = range(data["players"]["min"], data["players"]["max"] + 1)
        if sorted(data["starting_funding"]) != sorted(str(n) for n in counts):
            raise ValidationError("starting_funding must name every player count")


class _Variant(Schema):
    skill_numbers = fields.List(_integer(), required=True, validate=validate.Length(min=1))
    copies = _integer(required=True)
    amount = _integer(load_default=None)


class _Kind(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    department = fields.String(required=True, allow_none=True)
    role = fields.String(required=True, validate=validate.OneOf(ROLES))
    copies = _integer(required=True, allow_none=True)
    cards_for_vp = _integer(required=True, validate=validate.Range(min=1, max=2))
    variants = fields.List(fields.Nested(_Variant), required=True, allow_none=True)
    basis = fields.String(required=True)

    @validates_schema
    def _variants_add_up(self, data, **kwargs):
        variants, copies = data["variants"], data["copies"]
        known = variants is not None and copies is not None
        if known and sum(v["copies"] for v in variants) != copies:
            raise ValidationError(f"{data['id']}: variant copies do not add up to {copies}")


class _KnownBadIdea(Schema):
    name = fields.String(required=True)
    x = _integer(required=True)
    basis = fields.String(required=True)


class _BadIdeas(Schema):
    x_range = _pair()
    known = fields.List(fields.Nested(_KnownBadIdea), required=True)


class _VpCards(Schema):
    count = _integer(required=True)
    vps_required_range = _pair()
    basis = fields.String(required=True)


class _PlayCards(Schema):
    about = fields.String(data_key="_about", required=True)
    deck_size = _integer(required=True)
    deck_size_basis = fields.String(required=True)
    kinds = fields.List(fields.Nested(_Kind), required=True)
    bad_ideas = fields.Nested(_BadIdeas, required=True)
    vp_cards = fields.Nested(_VpCards, required=True)


def load(name: str, schema: type[Schema]) -> dict:
    """One data file, loaded with its schema; raises ValidationError if it does not hold."""
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return schema().load(json.loads(text))


def check_consistent(edition: dict, play_cards: dict) -> None:
    """The two files agree: every card kind's department is one of the four, ids are unique."""
    departments = {d["id"] for d in edition["departments"]}
    ids = [k["id"] for k in play_cards["kinds"]]
    if len(set(ids)) != len(ids):
        raise ValidationError("card kinds must have unique ids")
    for kind in play_cards["kinds"]:
        if kind["role"] == "vp" and kind["department"] is not None:
            raise ValidationError(f"{kind['id']}: the purple cards belong to no department")
        if kind["role"] != "vp" and kind["department"] not in departments:
            raise ValidationError(f"{kind['id']}: unknown department {kind['department']}")
    for employee in edition["known_employees"]:
        if employee["department"] not in departments:
            raise ValidationError(f"{employee['name']}: unknown department")


EDITION = load("edition.json", _Edition)
PLAY_CARDS = load("play_cards.json", _PlayCards)
check_consistent(EDITION, PLAY_CARDS)

DEPARTMENTS: tuple[str, ...] = tuple(d["id"] for d in EDITION["departments"])
DEPARTMENT_NAMES: dict[str, str] = {d["id"]: d["name"] for d in EDITION["departments"]}
MIN_PLAYERS: int = EDITION["players"]["min"]
MAX_PLAYERS: int = EDITION["players"]["max"]
EMPLOYEES_PER_PLAYER: int = EDITION["employees_per_player"]
HAND_SIZE: int = EDITION["hand_size"]
MAX_CARDS_PLAYED: int = EDITION["max_cards_played"]
MAX_CARDS_DISCARDED: int = EDITION["max_cards_discarded"]
SKILL_RANGE: tuple[int, int] = tuple(EDITION["skill_range"])
SALARY_RANGE: tuple[int, int] = tuple(EDITION["salary_range"])
CONTRACTOR_SALARY: int = EDITION["contractor_salary"]
KNOWN_EMPLOYEES: dict[str, dict] = {e["name"]: e for e in EDITION["known_employees"]}

PLAY_DECK_SIZE: int = PLAY_CARDS["deck_size"]
KINDS: dict[str, dict] = {k["id"]: k for k in PLAY_CARDS["kinds"]}
BAD_IDEA_X_RANGE: tuple[int, int] = tuple(PLAY_CARDS["bad_ideas"]["x_range"])
KNOWN_BAD_IDEAS: dict[str, int] = {b["name"]: b["x"] for b in PLAY_CARDS["bad_ideas"]["known"]}
VP_CARD_COUNT: int = PLAY_CARDS["vp_cards"]["count"]
VPS_REQUIRED_RANGE: tuple[int, int] = tuple(PLAY_CARDS["vp_cards"]["vps_required_range"])


def starting_funding(player_count: int) -> int:
    """Funding each player starts with (BR-SETUP-3): 100, or 80 in a four-player game."""
    return EDITION["starting_funding"][str(player_count)]
