"""games/fcm/position.py: a game that starts from a declared position, and its checks."""

import copy

import pytest
from marshmallow import ValidationError

from games.errors import RuleViolation
from games.fcm.schemas import StateSchema
from tests.games.fcm.table import Table, created, seated, turn_five, validated


def declared(position, **options):
    return created(position["players"], position=position, **options)


def test_the_state_round_trips_through_a_declared_position():
    """The declaration is the GET state JSON: declaring a state gives the same state."""
    for state in (seated().state, Table(["ann", "bob", "cy"]).state, turn_five()):
        assert declared(copy.deepcopy(state)) == state
        payload = {"players": state["players"], "options": {"position": state}}
        assert validated("fcm.created", payload)["options"]["position"] == state
        assert StateSchema().dump(StateSchema().load(state)) == state


def test_a_declared_game_carries_on_from_its_position():
    """A table that starts recording mid-setup: bob already placed, ann to act."""
    table = Table(["ann", "bob"])
    table.place_anywhere("bob")
    later = Table(["ann", "bob"], position=copy.deepcopy(table.state))
    later.place_anywhere("ann")
    assert later.state["phase"] == "setup_reserve"


def refused(rule, position, **options):
    with pytest.raises(RuleViolation) as caught:
        declared(position, **options)
    assert caught.value.rule == rule, caught.value
    return caught.value


def test_no_square_holds_two_pieces():
    """FCM-MKT-3, FCM-SETUP-8: a billboard over a restaurant, a restaurant over a house."""
    position = turn_five()
    position["board"]["campaigns"][0]["top_left"] = [0, 3]
    error = refused("FCM-MKT-3", position)
    assert "is a restaurant of ann" in error.message
    assert [0, 4] in error.details["squares"]
    position = turn_five()
    position["board"]["restaurants"][0]["top_left"] = [8, 1]
    error = refused("FCM-SETUP-8", position)
    assert "[8, 1] is house 1" in error.message


def test_pieces_stand_where_their_rules_allow():
    """FCM-HOUSE-1, FCM-MKT-4, FCM-CAMP-2."""
    position = turn_five()
    position["board"]["houses"][-1]["garden"] = None
    assert "came with a garden" in refused("FCM-HOUSE-1", position).message
    position = turn_five()
    position["board"]["campaigns"][1]["start"] = 13
    refused("FCM-MKT-4", position)
    position = turn_five()
    position["board"]["houses"][0]["demand"] = ["pizza"] * 4
    refused("FCM-CAMP-2", position)


def test_printed_houses_stay_where_the_tiles_print_them():
    """FCM-SETUP-1."""
    position = turn_five()
    position["board"]["houses"][0]["top_left"] = [3, 3]
    error = refused("FCM-SETUP-1", position)
    assert error.details["tiles_print"]["2"] == [3, 0]


def test_card_counts_match_the_box():
    """FCM-SETUP-3: a card held must have left the stock; one copy of a top-position card."""
    position = turn_five()
    position["chains"]["bob"]["employees"]["waitress"] = 1
    error = refused("FCM-SETUP-3", position)
    assert "waitress: 11 in the stock and 2 held make 13; the game has 12" in error.message
    position = turn_five()
    position["chains"]["ann"]["employees"]["cfo"] = 2
    refused("FCM-SETUP-3", position)
    position = turn_five()
    del position["chains"]["bob"]["employees"]["ceo"]
    refused("FCM-SETUP-5", position)


def test_campaigns_houses_and_gardens_add_up():
    """FCM-SETUP-2, FCM-HOUSE-1."""
    position = turn_five()
    position["supply"]["campaigns"].append(11)
    refused("FCM-SETUP-2", position)
    position = turn_five()
    position["board"]["campaigns"].append(
        {"number": 12, "owner": "bob", "product": "soda", "remaining": 1, "eternal": False,
         "top_left": [13, 0], "size": [2, 2]}
    )  # fmt: skip
    refused("FCM-SETUP-2", position)  # billboard 12 is not in a two-player game
    position = turn_five()
    position["supply"]["houses"].append(1)
    refused("FCM-HOUSE-1", position)
    position = turn_five()
    position["supply"]["gardens"] = 8
    refused("FCM-HOUSE-1", position)


def test_a_chain_has_three_restaurants():
    """FCM-SETUP-5."""
    position = turn_five()
    extra = [[3, 8], [5, 5], [10, 10]]
    position["board"]["restaurants"] += [
        {"owner": "bob", "top_left": sq, "entrance": "NW", "status": "open"} for sq in extra
    ]
    assert "bob has 4 restaurants" in refused("FCM-SETUP-5", position).message


def test_reserve_cards_and_the_bank():
    """FCM-SETUP-9, FCM-BANK-2."""
    position = turn_five()
    position["chains"]["ann"]["reserve"]["commitment"] = None
    refused("FCM-SETUP-9", position)
    position = turn_five()
    position["chains"]["ann"]["reserve"]["revealed"] = 200
    refused("FCM-BANK-2", position)
    position = turn_five()
    position["ceo_slots"] = 4
    refused("FCM-BANK-2", position)
    position["bank"]["breaks"] = 1
    declared(position)


def test_setup_rounds_only_during_setup():
    """FCM-SETUP-7."""
    position = turn_five()
    position["setup"] = {"round": 1, "to_act": ["ann"], "passed": []}
    refused("FCM-SETUP-7", position)
    position = copy.deepcopy(Table(["ann", "bob"]).state)
    position["setup"]["to_act"] = ["ann", "ann"]
    refused("FCM-SETUP-7", position)


def test_players_and_options_agree_with_the_position():
    """FCM-SETUP-5, FCM-SETUP-6, FCM-SETUP-1."""
    position = turn_five()
    with pytest.raises(RuleViolation) as caught:
        created(["ann", "cy"], position=position)
    assert caught.value.rule == "FCM-SETUP-5"
    refused("FCM-SETUP-6", turn_five(), turn_order=["bob", "ann"])
    refused("FCM-SETUP-1", turn_five(), connection="deluxe")
    declared(turn_five(), turn_order=["ann", "bob"], connection="original")
    position = turn_five()
    position["turn_order"] = ["ann", "ann"]
    refused("FCM-SETUP-6", position, turn_order=["ann", "ann"])


def test_the_schema_refuses_a_malformed_position():
    position = turn_five()
    position["board"]["houses"][0]["colour"] = "red"
    with pytest.raises(ValidationError):
        StateSchema().load(position)
    position = turn_five()
    del position["board"]["campaigns"][0]["size"]
    with pytest.raises(ValidationError, match="top_left and size"):
        StateSchema().load(position)
