"""games/fcm/map/layout.py: map size by player count, checking and drawing a layout."""

import copy
import random

import pytest

from games.errors import RuleViolation
from games.fcm.map.layout import check_layout, draw_layout, draw_turn_order, map_size
from tests.games.fcm.table import layout_for


def test_map_size_by_player_count():
    """FCM-SETUP-1: 3x3 for 2 players, 3x4 for 3, 4x4 for 4, 5x4 for 5, rows by columns."""
    assert {n: map_size(n) for n in (2, 3, 4, 5)} == {
        2: (3, 3), 3: (3, 4), 4: (4, 4), 5: (5, 4)
    }  # fmt: skip
    for players in (1, 6):
        with pytest.raises(RuleViolation) as caught:
            map_size(players)
        assert caught.value.rule == "FCM-SETUP-1"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_fixed_layout_is_legal(players):
    """FCM-SETUP-1."""
    check_layout(layout_for(players), players)


@pytest.mark.parametrize(("players", "rows", "cols"), [(3, 3, 4), (5, 5, 4)])
def test_a_non_square_map_may_lie_either_way_round(players, rows, cols):
    """FCM-SETUP-1: 3x4 or 4x3, 5x4 or 4x5, is the same table seen from another side."""
    layout = layout_for(players)
    assert (layout["rows"], layout["cols"]) == (rows, cols)
    turned = {**layout, "rows": cols, "cols": rows}
    turned["tiles"] = [
        {**t, "row": i // rows, "col": i % rows} for i, t in enumerate(layout["tiles"])
    ]
    check_layout(turned, players)


def refused(layout, players, words):
    with pytest.raises(RuleViolation) as caught:
        check_layout(layout, players)
    assert caught.value.rule == "FCM-SETUP-1"
    assert words in caught.value.message
    return caught.value


def test_refused_layouts():
    """FCM-SETUP-1: wrong size, unknown or repeated tiles, odd turns, holes."""
    refused(layout_for(3), 2, "3x3 tiles, not 3x4")
    refused(layout_for(4), 5, "5 players play on 5x4 tiles (or 4x5), not 4x4")
    layout = copy.deepcopy(layout_for(2))
    layout["tiles"][1]["tile"] = "A"
    refused(layout, 2, "tiles used twice: A")
    layout = copy.deepcopy(layout_for(2))
    layout["tiles"][1]["tile"] = "Z"
    refused(layout, 2, "no such tiles: Z")
    layout = copy.deepcopy(layout_for(2))
    layout["tiles"][4]["rotation"] = 45
    refused(layout, 2, "see tiles E")
    layout = copy.deepcopy(layout_for(2))
    layout["tiles"][8]["col"] = 1
    error = refused(layout, 2, "exactly one tile")
    assert error.details == {"empty_places": [[2, 2]], "bad_places": [[2, 1], [2, 1]]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_drawn_layout_is_legal_and_repeatable(players):
    """FCM-SETUP-1: random tiles, random turns; the same seed draws the same map."""
    layout = draw_layout(random.Random(players), players)
    check_layout(layout, players)
    assert (layout["rows"], layout["cols"]) == map_size(players)
    assert layout == draw_layout(random.Random(players), players)
    assert layout["drawn_by"] == "service"


def test_drawn_layouts_use_every_turn():
    rotations = {
        t["rotation"] for seed in range(5) for t in draw_layout(random.Random(seed), 5)["tiles"]
    }
    assert rotations == {0, 90, 180, 270}


def test_a_drawn_turn_order_names_every_player_once():
    """FCM-SETUP-6."""
    order = draw_turn_order(random.Random(1), ["ann", "bob", "cy"])
    assert sorted(order) == ["ann", "bob", "cy"]
