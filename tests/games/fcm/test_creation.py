"""games/fcm/start/creation.py: the state fcm.created makes, and what it refuses."""

import json

import pytest

from games.errors import RuleViolation
from games.fcm.data import DRINK_GLYPHS, TILES
from tests.games.fcm.table import Table, created, layout_for


def drinks_on(tile: str) -> set[str]:
    return {DRINK_GLYPHS[g] for row in TILES[tile]["grid"] for g in row if g in DRINK_GLYPHS}


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


def test_the_edition_sets_the_road_connection_unless_the_table_says_otherwise():
    """FCM-SETUP-1: the Deluxe rulebook joins any two touching road squares across a border."""
    assert created(["ann", "bob"])["options"] == {"edition": "original", "introductory": False}
    deluxe = created(["ann", "bob"], edition="deluxe")
    assert deluxe["options"]["edition"] == "deluxe" and deluxe["board"]["connection"] == "deluxe"
    mixed = created(["ann", "bob"], edition="deluxe", connection="original")
    assert mixed["board"]["connection"] == "original"


def test_the_introductory_game_has_its_own_bank_no_milestones_and_no_reserve_cards():
    """FCM-SETUP-4 ($75 a player), FCM-SETUP-9 and FCM-MILE-1 as the introductory game reads."""
    table = Table(["ann", "bob"], introductory=True)
    assert table.state["bank"]["cash"] == 150
    assert table.state["supply"]["milestones"] == {}
    table.place_anywhere("bob")
    table.place_anywhere("ann")
    assert table.state["phase"] == "order_of_business"  # no reserve cards; turn 1 is CEO only
    error = table.refused("reserve_card_sealed", "FCM-SETUP-9", player="ann", commitment="0" * 64)
    assert "without reserve cards" in error.message


def map_of(tiles: list[str]) -> dict:
    places = [(r, c) for r in range(3) for c in range(3)]
    return {"rows": 3, "cols": 3, "drawn_by": "table",
            "tiles": [{"tile": t, "rotation": 0, "row": r, "col": c}
                      for t, (r, c) in zip(tiles, places, strict=True)]}  # fmt: skip


def test_the_deluxe_introductory_game_needs_every_drink_on_the_map():
    """FCM-SETUP-1 under the Deluxe introductory game: beer, lemonade and soda on the map."""
    by_drink = {
        d: next(t for t in sorted(TILES) if drinks_on(t) == {d}) for d in DRINK_GLYPHS.values()
    }
    dry = [t for t in sorted(TILES) if not drinks_on(t)]
    wet = map_of([*by_drink.values(), *dry[:6]])
    created(["ann", "bob"], edition="deluxe", introductory=True, layout=wet)
    no_soda = map_of([by_drink["beer"], by_drink["lemonade"], *dry[:7]])
    with pytest.raises(RuleViolation, match="soda is on none of these tiles"):
        created(["ann", "bob"], edition="deluxe", introductory=True, layout=no_soda)
    created(["ann", "bob"], introductory=True, layout=no_soda)  # the original asks nothing
