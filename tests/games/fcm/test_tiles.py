"""games/fcm/map/tiles.py: every tile in all four rotations against the reference grids."""

import pytest

from games.fcm.map.board import Board
from games.fcm.map.roads import road_graph
from games.fcm.map.tiles import ROTATIONS, exits, rotate_square, turned_tile

# The tiles as the reference data games/fcm/data/tiles.json was transcribed from gives them, written
# out again here: grid (bridges drawn as road), printed house (number, top-left square) and
# the exits of each separate road, unturned.
REFERENCE = {
    "A": (["..#..", "..#..", "#####", "HH#..", "HH#.."], (2, (3, 0)), ["NESW"]),
    "B": (["..#HH", "..#HH", "#####", "..#..", "..#.."], (4, (0, 3)), ["NESW"]),
    "C": (["#####", "#.HH#", "#.HH#", "#...#", "#####"], (5, (1, 2)), ["NESW"]),
    "D": (["#####", "#HH.#", "#HH.#", ".....", "....."], (7, (1, 1)), ["NEW"]),
    "E": (["###..", "#B...", "#.HH#", "..HH#", "..###"], (8, (2, 2)), ["NW", "ES"]),
    "F": (["HH#..", "HH#..", "#####", ".....", "....."], (10, (0, 0)), ["NEW"]),
    "G": (["HH#..", "HH#..", "#####", "..#..", "..#.."], (12, (0, 0)), ["NS", "WE"]),
    "H": (["..#..", "..#..", "#####", ".HH..", ".HH.."], (13, (3, 1)), ["NEW"]),
    "I": (["..#..", "..#..", "#####", "...HH", "...HH"], (15, (3, 3)), ["NEW"]),
    "J": (["..###", ".HH.#", "#HH.#", "#....", "###.."], (16, (1, 1)), ["NE", "SW"]),
    "K": (["#####", "#.HH#", "#.HH#", ".....", "....."], (18, (1, 2)), ["NEW"]),
    "L": (["..#..", "..#..", "#####", "...L.", "....."], None, ["NEW"]),
    "M": (["..###", "...L#", "#...#", "#S...", "###.."], None, ["NE", "SW"]),
    "N": (["..#..", ".B#..", "#####", ".....", "....."], None, ["NEW"]),
    "O": ([".B#..", "..#..", "#####", "..#..", "..#.."], None, ["NESW"]),
    "P": (["..#..", "L.#..", "#####", "..#..", "..#B."], None, ["NS", "WE"]),
    "Q": (["..#..", "..#..", "#####", ".S...", "....."], None, ["NEW"]),
    "R": (["..#..", ".S#..", "#####", "..#..", "..#.."], None, ["NESW"]),
    "S": (["..#S.", "..#..", "#####", "B.#..", "..#.."], None, ["NESW"]),
    "T": (["..#..", ".L#..", "#####", "..#..", "..#.."], None, ["NESW"]),
}
TURN = {"N": "E", "E": "S", "S": "W", "W": "N"}


def reference_turned(grid, rotation):
    """The reference's own rule: turning 90 degrees clockwise, new[r][c] = old[4 - c][r]."""
    for _ in range(rotation // 90):
        grid = ["".join(grid[4 - c][r] for c in range(5)) for r in range(5)]
    return grid


def road_exits(grid):
    """The exits of each separate road of a one-tile board, as sets of sides."""
    graph = road_graph(Board(list(grid), {}))
    middles = {(0, 2): "N", (2, 4): "E", (4, 2): "S", (2, 0): "W"}
    seen, roads = set(), []
    for start in graph:
        if start in seen:
            continue
        component, stack = {start}, [start]
        while stack:
            for nxt, _ in graph[stack.pop()]:
                if nxt not in component:
                    component.add(nxt)
                    stack.append(nxt)
        seen |= component
        roads.append(frozenset(middles[n[:2]] for n in component if n[:2] in middles))
    return {road for road in roads if road}


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("tile_id", sorted(REFERENCE))
def test_every_tile_in_every_rotation_matches_the_reference(tile_id, rotation):
    """FCM-SETUP-1: tiles are turned at random, so all four turns must be right."""
    grid, house, roads = REFERENCE[tile_id]
    turned, houses = turned_tile(tile_id, rotation)
    assert [row.replace("+", "#") for row in turned] == reference_turned(grid, rotation)
    if house:
        number, top_left = house
        cells = [(top_left[0] + dr, top_left[1] + dc) for dr in (0, 1) for dc in (0, 1)]
        assert houses == {number: min(rotate_square(cell, rotation) for cell in cells)}
    else:
        assert houses == {}
    expected = {frozenset(road) for road in roads}
    for _ in range(rotation // 90):
        expected = {frozenset(TURN[side] for side in road) for road in expected}
    assert road_exits(turned) == expected
    assert sorted(exits(turned)) == sorted(set().union(*expected))


def test_tile_e_turned_a_quarter_clockwise_drawn_by_hand():
    turned, houses = turned_tile("E", 90)
    assert turned == ("..###", "...B#", "#HH.#", "#HH..", "###..")
    assert houses == {8: (2, 1)}


def test_a_bridge_stays_on_its_crossing_in_every_turn():
    for rotation in ROTATIONS:
        turned, _ = turned_tile("P", rotation)
        assert turned[2][2] == "+"
        assert [row.count("+") for row in turned] == [0, 0, 1, 0, 0]


def test_four_quarter_turns_bring_a_square_home():
    assert rotate_square(rotate_square((1, 3), 180), 180) == (1, 3)
    assert rotate_square((0, 0), 90) == (0, 4)
