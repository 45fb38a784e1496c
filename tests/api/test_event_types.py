"""GET /api/<kind>/event-types: each event type of a game as a form, read off its schema
(app/api/forms.py), with the pickers the game gives beside its schemas."""

import re

import pytest

from games import BUILTIN_GAMES
from games.burnrate import event_types as burnrate_types
from games.fcm import event_types as fcm_types

PICKERS = {"actor", "choose", "follows", "printed", "sealed", "some_of", "square"}
KINDS = {"string", "integer", "number", "boolean", "object", "list", "map", "any"}


def fields_of(field):
    """Every field of a described payload, depth first."""
    for inner in field.get("fields", []):
        yield inner
        yield from fields_of(inner)
    for part in ("item", "keys", "values"):
        if part in field:
            yield field[part]
            yield from fields_of(field[part])


def by_name(answer, name):
    return next(form for form in answer["types"] if form["type"] == name)


def field(form, path):
    return next(f for f in fields_of(form["payload"]) if f["path"] == path)


def test_every_type_of_every_game_is_a_form(client):
    for module in BUILTIN_GAMES:
        kind = module.split(".")[-1]
        response = client.get(f"/api/{kind}/event-types")
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=3600"
        answer = response.get_json()
        assert answer["kind"] == kind
        for form in answer["types"]:
            assert form["type"].startswith(f"{kind}.")
            assert form["derived"] or form["example"] is not None
            for described in fields_of(form["payload"]):
                assert described["kind"] in KINDS, described
                if "picker" in described:
                    assert described["picker"]["name"] in PICKERS, described


def test_a_form_says_kinds_choices_ranges_nesting_and_lists(client):
    answer = client.get("/api/burnrate/event-types").get_json()
    fire = by_name(answer, "burnrate.fire_played")
    assert fire["title"] == "Fire played"
    assert fire["example"] == burnrate_types.FIRE_PLAYED.example_body()
    assert fire["description"] == burnrate_types.FIRE_PLAYED.description
    cards = field(fire, "cards")
    assert (cards["kind"], cards["required"], cards["min_items"], cards["max_items"]) == (
        "list", True, 1, 4
    )  # fmt: skip
    assert cards["item"]["kind"] == "object"
    assert field(fire, "cards.*.skill_numbers.*")["kind"] == "integer"

    drafted = by_name(answer, "burnrate.employee_drafted")
    revealed = field(drafted, "revealed")
    assert (revealed["kind"], revealed["required"], revealed["nullable"]) == ("object", True, True)
    departments = ["sales", "development", "hr", "finance"]
    assert field(drafted, "revealed.department")["choices"] == departments
    assert field(drafted, "revealed.vp") == {
        "name": "vp", "path": "revealed.vp", "label": "VP", "kind": "boolean",
        "required": False, "nullable": False, "default": False,
    }  # fmt: skip
    assert field(drafted, "revealed.skill")["nullable"] is True

    fcm = client.get("/api/fcm/event-types").get_json()
    placed = by_name(fcm, "fcm.starting_restaurant_placed")
    assert field(placed, "top_left") == {
        "name": "top_left", "path": "top_left", "label": "Top left", "kind": "list",
        "required": True, "nullable": False, "picker": {"name": "square"},
        "min_items": 2, "max_items": 2,
        "item": {"name": "", "path": "top_left.*", "label": "", "kind": "integer",
                 "required": False, "nullable": False},
    }  # fmt: skip
    assert field(placed, "entrance")["choices"] == ["NW", "NE", "SW", "SE"]
    picked = by_name(fcm, "fcm.turn_order_picked")
    assert (field(picked, "place")["min"], field(picked, "place")["max"]) == (1, 5)
    kept = field(by_name(fcm, "fcm.freezer_filled"), "kept")
    assert kept["kind"] == "map"
    assert kept["keys"]["choices"] == ["burger", "pizza", "beer", "lemonade", "soda"]
    assert kept["values"]["min"] == 0


def test_the_pickers_are_the_games_hints(client):
    burnrate = client.get("/api/burnrate/event-types").get_json()
    fire = by_name(burnrate, "burnrate.fire_played")
    assert field(fire, "player")["picker"] == {"name": "actor"}
    assert field(fire, "employee")["picker"] == {
        "name": "choose", "from": "companies.{player}.employees", "value": "id",
        "show": "{name}, {department|named}",
        "names": {"sales": "Sales", "development": "Development", "hr": "HR",
                  "finance": "Finance"},
    }  # fmt: skip
    poach = by_name(burnrate, "burnrate.poach_played")
    assert field(poach, "employee")["picker"]["from"] == "companies.{target}.employees"
    funding = field(by_name(burnrate, "burnrate.funding_played"), "card")["picker"]
    assert funding["name"] == "printed"
    assert {"label": "FUNDING 10 (2,3)", "value": {"amount": 10, "skill_numbers": [2, 3]}} in (
        funding["choices"]
    )
    skill = field(by_name(burnrate, "burnrate.hire_played"), "card.skill_numbers")
    assert skill["picker"] == {"name": "some_of", "choices": [0, 1, 2, 3]}

    fcm = client.get("/api/fcm/event-types").get_json()
    cook = field(by_name(fcm, "fcm.food_taken"), "cook")["picker"]
    assert (cook["from"], cook["where"], cook["value"]) == (
        "chains.{player}.cards", {"place": ["work"]}, "id"
    )  # fmt: skip
    # a card by its printed title, two alike by where they are (#20, item 6)
    assert (cook["show"], cook["apart"]) == ("{card|named}", "{place|named}")
    assert (cook["names"]["errand_boy"], cook["names"]["beach"]) == ("Errand Boy", "on the beach")
    route = field(by_name(fcm, "fcm.drinks_collected"), "route.*")
    assert route["picker"] == {"name": "square"}
    structure = field(by_name(fcm, "fcm.structure_chosen"), "structure")
    assert structure["keys"]["picker"]["where"] == {"place": ["hand"]}


@pytest.mark.parametrize("module", [burnrate_types, fcm_types])
def test_a_picker_names_only_fields_of_its_own_payload(client, module):
    """`{field}` in a picker's `from` or `where` is a field beside it, so a page can fill it."""
    kind = module.__name__.split(".")[1]
    for form in client.get(f"/api/{kind}/event-types").get_json()["types"]:
        top = {f["name"] for f in form["payload"]["fields"]}
        for described in fields_of(form["payload"]):
            hint = described.get("picker", {})
            named = re.findall(r"\{(\w+)\}", f"{hint.get('from', '')} {hint.get('where', '')}")
            assert set(named) <= top, (form["type"], described["path"], named)


def test_one_type_and_what_is_not_there(client):
    one = client.get("/api/fcm/event-types/fcm.working_ended")
    assert one.status_code == 200
    assert one.get_json()["type"] == "fcm.working_ended"
    for address in ("/api/chess/event-types", "/api/fcm/event-types/burnrate.turn_ended"):
        missing = client.get(address)
        assert missing.status_code == 404
        assert missing.content_type == "application/problem+json"


def test_a_sealed_choice_names_its_reveal_and_the_field_that_asks_for_it(client):
    """FCM's three sealed choices: each seal's commitment says which type reveals it and which
    of that type's fields asks for the choice, so a page asks for it in plain form (the
    reveal's `nonce` beside it)."""
    fcm = client.get("/api/fcm/event-types").get_json()
    sealed = {
        form["type"]: described["picker"]
        for form in fcm["types"]
        for described in fields_of(form["payload"])
        if described.get("picker", {}).get("name") == "sealed"
    }
    assert sealed == {
        "fcm.reserve_card_sealed": {
            "name": "sealed", "reveals": "fcm.reserve_card_revealed", "choice": "money"},
        "fcm.structure_sealed": {
            "name": "sealed", "reveals": "fcm.structure_revealed", "choice": "structure"},
        "fcm.firing_sealed": {
            "name": "sealed", "reveals": "fcm.firing_revealed", "choice": "cards"},
    }  # fmt: skip
    for seal, hint in sealed.items():
        assert field(by_name(fcm, seal), "commitment")["picker"] == hint
        reveal = by_name(fcm, hint["reveals"])
        asked = {f["name"] for f in reveal["payload"]["fields"]}
        assert asked == {"player", hint["choice"], "nonce"}
    # asked for as fcm.structure_chosen and fcm.fired ask for them
    assert field(by_name(fcm, "fcm.structure_revealed"), "structure") == field(
        by_name(fcm, "fcm.structure_chosen"), "structure")  # fmt: skip
    assert field(by_name(fcm, "fcm.firing_revealed"), "cards") == field(
        by_name(fcm, "fcm.fired"), "cards")  # fmt: skip
