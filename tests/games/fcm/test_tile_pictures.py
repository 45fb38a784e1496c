"""games/fcm/map/tile_pictures.py: the tiles as a person sees them, in words, text and SVG."""

import re
import xml.etree.ElementTree as ET

import pytest

import games.fcm as fcm
from games.fcm.data import TILES
from games.fcm.map.board import Board, printed_house_records
from games.fcm.map.render import render
from games.fcm.map.tile_pictures import (
    caption,
    grid_svg,
    map_tiles,
    seen,
    tile_picture,
    tile_svg,
    tile_text,
)
from games.fcm.map.tiles import ROTATIONS, rotate_grid, rotate_square, turned_tile
from tests.games.fcm.table import layout_for

SVG = "{http://www.w3.org/2000/svg}"
EVERY_TURN = [(tile, rotation) for tile in sorted(TILES) for rotation in ROTATIONS]
HOUSES = {tile["id"]: [house["number"] for house in tile["houses"]] for tile in TILES.values()}


def cells(line: str, start: int) -> list[str]:
    """The five 3-character squares of one tile row of a text picture from column `start`."""
    return [line[start + 3 * i : start + 3 * i + 3] for i in range(5)]


def grid_lines(text: str) -> list[str]:
    """The five square rows of a tile's text picture."""
    return [line for line in text.splitlines() if re.match(r"^ [0-4] [│┿]", line)]


@pytest.mark.parametrize(("tile", "rotation"), EVERY_TURN)
def test_every_tile_in_every_turn_is_drawn(tile, rotation):
    """FCM-SETUP-1: tiles lie in any of four turns, so each of the 80 pictures exists."""
    svg = tile_svg(tile, rotation)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    title = root.find(f"{SVG}title").text
    assert title.startswith(caption(tile, rotation))
    assert f"Tile {tile}, rotation {rotation}°" in svg
    text = tile_text(tile, rotation)
    assert text.startswith(caption(tile, rotation) + "\n")
    assert "↑ top" in text and "↑" not in text.split("↑ top", 1)[1]
    assert len(grid_lines(text)) == 5
    assert tile_picture(tile, rotation, "svg") == svg
    assert tile_picture(tile, rotation, "txt") == text


@pytest.mark.parametrize(("tile", "rotation"), EVERY_TURN)
def test_an_svg_is_self_contained(tile, rotation):
    """Nothing to fetch and nothing to run: no script, link, image, font, style sheet."""
    svg = tile_svg(tile, rotation)
    for word in ("<script", "href", "<image", "<style", "style=", "@import", "url(", "<font"):
        assert word not in svg
    assert "top" in [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_quarter_turn_draws_the_turned_grid():
    """Tile E turned 90 degrees is the picture of its grid turned by hand (tiles.py's
    test draws the same grid)."""
    by_hand = ("..###", "...B#", "#HH.#", "#HH..", "###..")
    assert tile_svg("E", 90) == grid_svg(by_hand, {8: (2, 1)}, caption("E", 90))
    assert grid_lines(tile_text("E", 90)) == [
        " 0 │ ·  ·  ┗━━━━━┓ │",
        " 1 │ ·  ·  · {b} ┃ │",
        " 2 ┿━┓ H 8▒▒▒ ·  ┗━┿",
        " 3 │ ┃ ▒▒▒▒▒▒ ·  · │",
        " 4 │ ┗━━━━━┓  ·  · │",
    ]


@pytest.mark.parametrize(("tile", "rotation"), EVERY_TURN)
def test_turning_the_picture_a_quarter_is_the_picture_of_the_next_turn(tile, rotation):
    grid, houses = turned_tile(tile, rotation)
    after = (rotation + 90) % 360
    turned_houses = {
        number: min(rotate_square((r + dr, c + dc), 90) for dr in (0, 1) for dc in (0, 1))
        for number, (r, c) in houses.items()
    }
    assert tile_svg(tile, after) == grid_svg(
        rotate_grid(grid, 90), turned_houses, caption(tile, after)
    )
    assert seen(tile, after)["grid"] == list(rotate_grid(grid, 90))


@pytest.mark.parametrize(("tile", "rotation"), EVERY_TURN)
def test_houses_keep_their_numbers_in_every_turn(tile, rotation):
    view = seen(tile, rotation)
    assert [house["number"] for house in view["houses"]] == HOUSES[tile]
    svg_words = [t.text for t in ET.fromstring(tile_svg(tile, rotation)).iter(f"{SVG}text")]
    text = tile_text(tile, rotation)
    for house in view["houses"]:
        r, c = house["top_left"]
        assert str(house["number"]) in svg_words
        assert cells(grid_lines(text)[r], 4)[c] == f"H{house['number']:>2}"
        assert all(view["grid"][y][x] == "H" for y, x in house["squares"])


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("tile", ["G", "P"])
def test_a_bridge_is_drawn_as_two_roads_crossing(tile, rotation):
    """The north-south road goes over the west-east one, in a gap between parapets; the
    roads do not join."""
    view = seen(tile, rotation)
    assert view["bridges"] == [[2, 2]]
    assert sorted(view["roads"]) == [["E", "W"], ["N", "S"]]
    assert cells(grid_lines(tile_text(tile, rotation))[2], 4)[2] == "━┃━"
    root = ET.fromstring(tile_svg(tile, rotation))
    [bridge] = [g for g in root.iter(f"{SVG}g") if g.get("class") == "bridge"]
    lines = list(bridge.iter(f"{SVG}line"))
    assert len(lines) == 5  # the gap, the road over it in two halves, two parapets
    drawn = list(root)
    last_road_under = max(
        i for i, e in enumerate(drawn) if e.tag == f"{SVG}line" and e.get("stroke-width") == "18"
    )
    assert drawn.index(bridge) > last_road_under


def test_a_crossroads_is_one_road():
    assert seen("S", 0)["roads"] == [["N", "E", "S", "W"]]
    assert seen("S", 0)["bridges"] == []
    root = ET.fromstring(tile_svg("S", 0))
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "bridge"]


def test_what_a_person_sees_on_tile_m_turned_a_half():
    view = seen("M", 180)
    assert view == {
        "rotation": 180,
        "grid": ["..###", "...S#", "#...#", "#L...", "###.."],
        "exits": {"N": True, "E": True, "S": True, "W": True},
        "roads": [["N", "E"], ["S", "W"]],
        "houses": [],
        "drinks": [
            {"drink": "soda", "square": [1, 3]},
            {"drink": "lemonade", "square": [3, 1]},
        ],
        "bridges": [],
    }
    words = [t.text for t in ET.fromstring(tile_svg("M", 180)).iter(f"{SVG}text")]
    assert {"soda", "lemonade", "S", "L"} <= set(words)


def test_the_catalogue_lists_every_tile_in_four_turns():
    catalogue = map_tiles()
    assert [entry["tile"] for entry in catalogue] == sorted(TILES)
    for entry in catalogue:
        assert [turn["rotation"] for turn in entry["rotations"]] == list(ROTATIONS)
        assert entry["houses"] == HOUSES[entry["tile"]]
    assert next(e for e in catalogue if e["tile"] == "P")["drinks"] == ["beer", "lemonade"]
    assert fcm.map_tiles() == catalogue
    catalogue[0]["rotations"][0]["exits"]["N"] = False  # a caller's change stays its own
    assert map_tiles()[0]["rotations"][0]["exits"]["N"] is True


def test_a_tile_is_drawn_as_the_map_draws_it():
    """Tile E at [1, 1] of the 2-player test map: every road of it joins its neighbours', so
    its squares in map.txt are those of its own picture."""
    board = Board.from_layout(layout_for(2))
    pieces = {"houses": printed_house_records(board), "restaurants": [], "campaigns": []}
    map_lines = render(board, pieces, []).splitlines()
    on_map = [cells(map_lines[2 + 5 + r + 1], 20) for r in range(5)]
    alone = [cells(line, 4) for line in grid_lines(tile_text("E", 0))]
    assert on_map == alone


def test_a_road_leaving_the_tile_crosses_the_frame_only_where_it_leaves():
    """Tile D has no road leaving south."""
    assert seen("D", 0)["exits"] == {"N": True, "E": True, "S": False, "W": True}
    text = tile_text("D", 0).splitlines()
    frame_top = next(line for line in text if "┌" in line)
    frame_bottom = next(line for line in text if "└" in line)
    assert "╂" in frame_top and "╂" not in frame_bottom
    assert [line[3] for line in grid_lines(tile_text("D", 0))] == ["│", "│", "┿", "│", "│"]


def test_unknown_tiles_turns_and_forms_are_refused():
    with pytest.raises(KeyError):
        tile_svg("Z", 0)
    with pytest.raises(ValueError):
        tile_text("A", 45)
    with pytest.raises(ValueError):
        seen("A", 360)
    with pytest.raises(ValueError):
        tile_picture("A", 0, "png")


def test_pictures_are_the_same_every_time():
    grid, houses = turned_tile("J", 270)
    assert grid_svg(grid, houses, "J") == grid_svg(list(grid), dict(houses), "J")
