"""games/fcm/turn/setup.py: the stock, bank and chains at the start, and the starting-restaurant
rounds, for 2, 3, 4 and 5 players."""

import json

import pytest

from games.fcm.data import CAMPAIGNS, EMPLOYEES
from games.fcm.map.board import board_of
from tests.games.fcm.table import Table

NAMES = ["ann", "bob", "cy", "dee", "eve"]
TOP = [card for card, e in EMPLOYEES.items() if e["top_position"]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_for_each_player_count(players):
    """FCM-SETUP-1 to FCM-SETUP-7 for one player count."""
    names = NAMES[:players]
    order = list(reversed(names))
    table = Table(names, turn_order=order)
    state = table.state
    board = board_of(state["board"])
    # FCM-SETUP-1: the map size for the player count
    assert (board.tile_rows, board.tile_cols) == {2: (3, 3), 3: (3, 4), 4: (4, 4), 5: (5, 4)}[
        players
    ]
    # FCM-SETUP-2: billboards removed by player count
    removed = sorted(set(CAMPAIGNS) - set(state["supply"]["campaigns"]))
    assert removed == {2: [12, 15, 16], 3: [15, 16], 4: [16], 5: []}[players]
    # FCM-SETUP-3: top-position cards thinned, the rest all in the stock
    stock = state["supply"]["employees"]
    assert {stock[card] for card in TOP} == {{2: 1, 3: 1, 4: 2, 5: 3}[players]}
    assert all(stock[card] == e["count"] for card, e in EMPLOYEES.items() if card not in TOP)
    # FCM-SETUP-4: $50 a player in the bank, players at $0
    assert state["bank"] == {"cash": 50 * players, "breaks": 0, "ceo_slots": 3, "shortfall": 0}
    assert {chain["cash"] for chain in state["chains"].values()} == {0}
    # FCM-SETUP-5: a chain per player with its CEO at work, no goods; its reserve card still
    # to choose
    assert sorted(state["chains"]) == sorted(names)
    for number, name in enumerate(names, start=1):
        chain = state["chains"][name]
        assert chain["cards"] == [{"id": f"ceo-{number}", "card": "ceo", "place": "work",
                                   "boss": None, "campaign": None, "new": False}]  # fmt: skip
        assert set(chain["goods"].values()) == {0} and chain["unused_hires"] == 0
        assert chain["reserve"] == {"commitment": None, "revealed": None}
    assert state["cards_issued"] == players
    # FCM-SETUP-6: the turn order as recorded
    assert state["turn_order"] == order
    # FCM-SETUP-7: the last in turn order places first
    assert state["phase"] == "setup_restaurants"
    assert state["setup"] == {"round": 1, "to_act": names, "passed": []}
    for name in names:
        table.place_anywhere(name)
    assert len(table.state["board"]["restaurants"]) == players
    assert table.state["phase"] == "setup_reserve" and table.state["setup"] is None
    assert json.loads(json.dumps(table.state)) == table.state


def test_those_who_passed_place_in_a_second_round_in_turn_order():
    """FCM-SETUP-7: cy, bob, ann in the first round; ann then cy in the second."""
    table = Table(["ann", "bob", "cy"])
    assert table.to_act() == "cy"
    table.record("starting_restaurant_passed", player="cy")
    table.place_anywhere("bob")
    table.record("starting_restaurant_passed", player="ann")
    assert table.state["setup"] == {"round": 2, "to_act": ["ann", "cy"], "passed": ["cy", "ann"]}
    table.refused("starting_restaurant_passed", "FCM-SETUP-7", player="ann")
    table.refused(
        "starting_restaurant_placed", "FCM-SETUP-7", player="cy", top_left=[0, 0], entrance="SE"
    )
    table.place_anywhere("ann")
    table.place_anywhere("cy")
    assert table.state["phase"] == "setup_reserve"
    owners = [r["owner"] for r in table.state["board"]["restaurants"]]
    assert owners == ["bob", "ann", "cy"]


def test_nobody_places_out_of_turn_or_for_someone_else():
    """FCM-SETUP-7: the refusal names whose turn it is."""
    table = Table(["ann", "bob"])
    error = table.refused("starting_restaurant_passed", "FCM-SETUP-7", player="ann")
    assert "bob's turn" in error.message
    table.refused("starting_restaurant_passed", "FCM-SETUP-7", actor="player:ann", player="bob")
    table.refused("starting_restaurant_passed", "FCM-SETUP-7", actor="system:setup", player="bob")
    table.refused("starting_restaurant_passed", "FCM-SETUP-7", actor="admin", player="zed")
    table.record("starting_restaurant_passed", actor="admin", player="bob")
    assert table.to_act() == "ann"


def test_a_starting_restaurant_follows_the_placement_rule():
    """FCM-SETUP-8 through the event: the entrance tile of bob's restaurant is taken."""
    table = Table(["ann", "bob"])
    table.record("starting_restaurant_placed", player="bob", top_left=[0, 0], entrance="SE")
    error = table.refused(
        "starting_restaurant_placed", "FCM-SETUP-8", player="ann", top_left=[0, 3], entrance="SW"
    )
    assert error.details["squares"] == [[1, 1], [1, 3]]
    table.record("starting_restaurant_placed", player="ann", top_left=[0, 5], entrance="SE")
    assert table.state["board"]["restaurants"][1] == {
        "id": "ann-1", "owner": "ann", "top_left": [0, 5], "entrance": "SE", "status": "open",
        "drive_in": False,
    }  # fmt: skip


def test_no_starting_restaurant_after_setup():
    """FCM-SETUP-7."""
    table = Table(["ann", "bob"])
    table.place_anywhere("bob")
    table.place_anywhere("ann")
    table.refused("starting_restaurant_passed", "FCM-SETUP-7", player="bob")
