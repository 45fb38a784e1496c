"""games/fcm/creation.py: the state fcm.created makes, and what it refuses."""

import json

import pytest

from games.errors import RuleViolation
from tests.games.fcm.table import created, layout_for


def refused(rule, players, **options):
    with pytest.raises(RuleViolation) as caught:
        created(players, **options)
    assert caught.value.rule == rule, caught.value
    return caught.value


def test_a_new_game_is_plain_json_and_original_roads_by_default():
    state = created(["ann", "bob"])
    assert json.loads(json.dumps(state)) == state
    assert state["board"]["connection"] == "original"
    assert state["board"]["layout"] == layout_for(2)
    assert created(["ann", "bob"], connection="deluxe")["board"]["connection"] == "deluxe"


def test_the_printed_houses_are_on_the_map_from_the_start():
    state = created(["ann", "bob"])
    houses = state["board"]["houses"]
    assert [h["number"] for h in houses] == [2, 4, 5, 7, 8, 10, 12, 13, 15]
    assert all(h["printed"] and h["garden"] is None and h["demand"] == [] for h in houses)


def test_turn_order_and_layout_are_recorded_at_creation():
    """FCM-SETUP-6, FCM-SETUP-1: the service draws them before creating when the table
    did not."""
    refused("FCM-SETUP-6", ["ann", "bob"], turn_order=None)
    refused("FCM-SETUP-1", ["ann", "bob"], layout=None)


def test_the_turn_order_names_each_player_once():
    """FCM-SETUP-6."""
    refused("FCM-SETUP-6", ["ann", "bob"], turn_order=["ann", "ann"])
    refused("FCM-SETUP-6", ["ann", "bob"], turn_order=["ann"])


def test_two_to_five_players_with_distinct_names():
    """FCM-SETUP-1: the map sizes exist for 2 to 5 players."""
    refused("FCM-SETUP-1", ["ann"], layout=layout_for(2))
    refused("FCM-SETUP-1", ["a", "b", "c", "d", "e", "f"], layout=layout_for(5))
    refused("FCM-SETUP-5", ["ann", "ann"])


def test_the_layout_must_suit_the_player_count():
    """FCM-SETUP-1."""
    refused("FCM-SETUP-1", ["ann", "bob"], layout=layout_for(3))
