"""games/fcm/map/roads.py: which roads join, and distance by road in tile crossings."""

import random

import pytest

from games.fcm.map.board import Board
from games.fcm.map.layout import draw_layout
from games.fcm.map.pieces import house_squares
from games.fcm.map.roads import connected_by_road, nearest_restaurant, road_distance, road_distances
from tests.games.fcm.table import drawn, restaurant

THREE_TILES = """
..... ..... .....
..... ..... .....
##### ##### #####
..... ..... ..11.
..... ..... ..11.
"""


def test_distance_counts_tile_borders_crossed():
    """FCM-DINNER-4: squares within a tile cost nothing, each border crossed costs one."""
    board, map_state = drawn(THREE_TILES)
    house = map_state["houses"][0]
    assert road_distance(board, [(3, 0)], [(3, 1)]) == 0
    assert road_distance(board, [(3, 0)], [(1, 9)]) == 1
    assert nearest_restaurant(board, [restaurant((3, 0), "NW")], house_squares(house)) == 2


# Deluxe: the C-shaped road of the left tile is also joined along the border to the right
# tile's road, a route of fewer squares but two crossings; the winding one crosses none.
DETOUR = """
..... .....
.#### #....
.#... #....
.#### #....
..... .....
"""


def test_the_route_with_fewest_crossings_wins_not_the_shortest():
    """FCM-DINNER-4: distance is crossings, however many squares the route takes."""
    board, _ = drawn(DETOUR, "deluxe")
    assert road_distance(board, [(0, 4)], [(4, 4)]) == 0


def test_edge_long_roads_join_along_the_border_only_by_the_deluxe_rule():
    """The original rules join roads at the middle of a shared edge; the Deluxe rule joins any
    touching road squares (the game's connection option)."""
    original, _ = drawn(DETOUR, "original")
    deluxe, _ = drawn(DETOUR, "deluxe")
    assert not connected_by_road(original, [(0, 4)], [(1, 6)])
    assert road_distance(deluxe, [(0, 4)], [(1, 6)]) == 1


SIDE_BY_SIDE = """
....# #....
....# #....
....# #....
....# #....
....# #....
"""


def test_edge_long_roads_meeting_at_the_middle_join_under_both_rules():
    for connection in ("original", "deluxe"):
        board, _ = drawn(SIDE_BY_SIDE, connection)
        assert road_distance(board, [(0, 3)], [(4, 6)]) == 1


DEAD_END = """
..... .....
..... .....
##### ..###
..... .....
..... .....
"""


def test_a_road_ending_at_a_roadless_edge_is_a_dead_end():
    """FCM-DINNER-3: no road, no connection, under either rule."""
    for connection in ("original", "deluxe"):
        board, _ = drawn(DEAD_END, connection)
        assert not connected_by_road(board, [(1, 0)], [(1, 9)])
        assert road_distance(board, [(1, 0)], [(3, 4)]) == 0


BRIDGE_LOOP = """
..#.. .....
..#.. .....
##+## ###..
..#.. ..#..
..#.. ..#..

..#.. ..#..
..#.. ..#..
..### ###..
..... .....
..... .....
"""


@pytest.mark.parametrize("connection", ["original", "deluxe"])
def test_a_bridge_carries_two_roads_that_do_not_join(connection):
    """Two roads crossing on a bridge: a route goes straight over and never turns there, so
    from the west-east road to the north-south road it goes round by the other three tiles."""
    board, _ = drawn(BRIDGE_LOOP, connection)
    assert road_distance(board, [(1, 0)], [(3, 4)]) == 0  # straight along the west-east road
    assert road_distance(board, [(1, 0)], [(0, 1)]) == 4  # to the north-south road: round
    joined, _ = drawn(BRIDGE_LOOP.replace("+", "#"), connection)
    assert road_distance(joined, [(1, 0)], [(0, 1)]) == 0


NEXT_TILE_ROAD = """
..... #....
..... #....
..... #....
..... #....
..... #....
"""


def test_a_road_on_the_next_tile_is_one_crossing_away():
    """FCM-DINNER-4: stepping from a place onto a road across a border crosses it."""
    board, _ = drawn(NEXT_TILE_ROAD)
    assert road_distance(board, [(2, 4)], [(0, 6)]) == 1
    assert road_distance(board, [(2, 4)], [(4, 4)]) == 2


ONE_CORNER_TWO_ROADS = """
..#..
..#..
...##
.....
.....
"""


def test_two_roads_do_not_join_through_a_place_touching_both():
    """An entrance (or house) touching two roads does not join them."""
    board, _ = drawn(ONE_CORNER_TWO_ROADS)
    assert not connected_by_road(board, [(0, 1)], [(3, 4)])
    assert road_distance(board, [(2, 2)], [(0, 1)]) == 0
    assert road_distance(board, [(2, 2)], [(3, 4)]) == 0


GARDEN = """
..... .....
11... .....
11.## #####
..... .....
..... .....
"""


def test_a_house_reaches_the_road_through_its_garden():
    """FCM-DINNER-3: the garden is part of its house, also for the road connection."""
    bare, map_state = drawn(GARDEN)
    shop = restaurant((3, 7), "NW")
    assert nearest_restaurant(bare, [shop], house_squares(map_state["houses"][0])) is None
    board, map_state = drawn(GARDEN, gardens={1: "E"})
    assert nearest_restaurant(board, [shop], house_squares(map_state["houses"][0])) == 1


def test_a_drive_in_starts_from_any_corner():
    """FCM-REST-3: with a local or regional manager at work every corner is an entrance."""
    board, map_state = drawn(GARDEN, gardens={1: "E"})
    shop = restaurant((3, 7), "SW")  # the doors face away from the road
    house = map_state["houses"][0]
    assert nearest_restaurant(board, [shop], house_squares(house)) is None
    assert nearest_restaurant(board, [shop], house_squares(house), drive_in=True) == 1


def test_base_tile_edges_make_the_two_connection_rules_agree():
    """Every base-tile edge with road squares has road at its middle, all of one road, so on
    real maps both rules join the same roads: the distances agree (see docs/fcm.md)."""
    for seed in range(20):
        layout = draw_layout(random.Random(seed), 5)
        original = Board.from_layout(layout, "original")
        deluxe = Board.from_layout(layout, "deluxe")
        places = [sq for sq in original.squares() if not original.is_road(sq)]
        places = [sq for sq in places if original.touches_road([sq])]
        for place in places[::9]:
            assert road_distances(original, [place]) == road_distances(deluxe, [place])
