"""games/fcm/event_types.py: every event type documented, its example a valid payload, and the
examples together a game that plays."""

import json

import pytest

import games.fcm as fcm
from events.registry import EventTypeRegistry
from games import GameRegistry
from games.fcm.turn.reserve import check_reveal
from tests.games.fcm.table import TYPES, Table, validated

WORKER_EVENTS = (
    "fcm.house_served",
    "fcm.bank_broke",
    "fcm.dinnertime_ended",
    "fcm.forbidden_fired",
    "fcm.salaries_paid",
    "fcm.campaign_ran",
    "fcm.cleaned_up",
)


@pytest.mark.parametrize("event_type", fcm.EVENT_TYPES, ids=lambda t: t.name)
def test_every_type_has_a_description_and_an_example_that_loads_stably(event_type):
    assert event_type.name.startswith("fcm.")
    assert len(event_type.description) > 40
    once = validated(event_type.name, event_type.example)
    assert validated(event_type.name, once) == once
    assert json.loads(json.dumps(once)) == once
    # only the worker's events of the automatic phases are derived: a table records the rest
    assert event_type.derived == (event_type.name in WORKER_EVENTS)


def test_the_game_registry_accepts_the_package():
    registry = EventTypeRegistry()
    games = GameRegistry(["games.fcm"], registry)
    assert games.get("fcm") is fcm
    assert [t.name for t in registry] == sorted(TYPES)


def example(name):
    return dict(TYPES[f"fcm.{name}"].example)


def test_the_examples_play_as_one_game():
    created = example("created")
    table = Table(created["players"], **created["options"])
    table.record("starting_restaurant_placed", **example("starting_restaurant_placed"))
    table.record("starting_restaurant_passed", **example("starting_restaurant_passed"))
    table.place_anywhere("ann")
    table.record("reserve_card_sealed", **example("reserve_card_sealed"))
    revealed = example("reserve_card_revealed")
    sealed = table.state["chains"]["ann"]["reserve"]["commitment"]
    check_reveal(sealed, revealed["money"], revealed["nonce"])
