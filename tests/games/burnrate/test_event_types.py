"""games/burnrate/event_types.py: every event type documented with an example that loads."""

import json
from pathlib import Path

import pytest
from marshmallow import ValidationError

import games.burnrate as burnrate
from games.burnrate.reference import event_reference, written_by
from tests.games.burnrate.table import three_players, validated

DOC = Path(__file__).resolve().parents[3] / "docs" / "burnrate.md"
DERIVED = {
    "burnrate.contractors_adjusted",
    "burnrate.salaries_paid",
    "burnrate.cards_drawn",
    "burnrate.turn_started",
    "burnrate.game_won",
}
# Written by the worker, or by the table when it must say which card lands on top of a pile.
BANKRUPTCY = "burnrate.went_bankrupt"


def test_names_are_namespaced_and_unique():
    names = [t.name for t in burnrate.EVENT_TYPES]
    assert len(set(names)) == len(names)
    assert all(name.startswith("burnrate.") for name in names)
    assert "burnrate.created" in names


def test_only_the_turn_end_events_are_derived():
    assert {t.name for t in burnrate.EVENT_TYPES if t.derived} == DERIVED


def test_a_bankruptcy_is_written_by_the_worker_or_the_table():
    """BR-SALARY-2: the table records it when it must say which card lands on top."""
    bankruptcy = next(t for t in burnrate.EVENT_TYPES if t.name == BANKRUPTCY)
    assert "table" in written_by(bankruptcy) and "worker" in written_by(bankruptcy)


def test_every_player_event_has_a_rule_handler():
    assert {t.name for t in burnrate.EVENT_TYPES} - set(burnrate.HANDLERS) == {"burnrate.created"}


@pytest.mark.parametrize("event_type", burnrate.EVENT_TYPES, ids=lambda t: t.name)
def test_every_type_has_a_description_and_an_example_that_loads(event_type):
    assert len(event_type.description) > 40
    schema = event_type.schema()
    dumped = schema.dump(schema.load(event_type.example))
    again = json.loads(json.dumps(dumped))
    assert schema.dump(schema.load(again)) == again == dumped


@pytest.mark.parametrize("event_type", burnrate.EVENT_TYPES, ids=lambda t: t.name)
def test_unknown_fields_are_refused(event_type):
    with pytest.raises(ValidationError):
        event_type.schema().load({**event_type.example, "surprise": 1})


def test_derived_examples_explain_what_resolve_explains():
    """The documented explanations have the keys the worker writes."""
    table = three_players()
    table.state["companies"]["joe"]["funding"] = 1
    table.end_turn("joe")
    table.end_turn("ruth")
    table.state["companies"]["ann"]["funding"] = 1
    table.end_turn("ann")
    examples = {t.name: t.example for t in burnrate.EVENT_TYPES}
    seen = {event["type"]: event["payload"] for event in table.derived}
    assert set(seen) == DERIVED | {BANKRUPTCY}
    for name, payload in seen.items():
        assert set(payload) == set(examples[name]), name
        assert set(payload["explanation"]) == set(examples[name]["explanation"]), name
        assert validated(name, examples[name]) == examples[name]


def test_the_documentation_holds_every_event_type_and_example():
    assert event_reference() in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("type_name, more", [
    ("burnrate.employee_drafted", {}),
    ("burnrate.hire_played", {"card": {"skill_numbers": [1, 2]}}),
    ("burnrate.bad_hire_played", {"card": {"skill_numbers": [1, 2]}, "target": "ruth"}),
])  # fmt: skip
def test_the_card_turned_up_is_of_its_piles_department_unless_said(type_name, more):
    """BR-SETUP-1: a pile holds one department's employees, so the card turned up on it is of
    that department; a department given is kept, for the rules to refuse if it is another."""
    card = {"name": "Mary DeLany", "skill": 2, "salary": 2}
    payload = {"player": "joe", "department": "finance", "revealed": card, **more}
    assert validated(type_name, payload)["revealed"]["department"] == "finance"
    given = {**payload, "revealed": {**card, "department": "hr"}}
    assert validated(type_name, given)["revealed"]["department"] == "hr"
    assert validated(type_name, {**payload, "revealed": None})["revealed"] is None
