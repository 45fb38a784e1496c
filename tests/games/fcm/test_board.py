"""games/fcm/map/board.py: the map as squares, from a layout or a picture."""

import pytest

from games.fcm.map.board import Board, board_of, printed_house_records
from tests.games.fcm.table import layout_for


def test_a_layout_places_turned_tiles_and_their_houses():
    layout = {
        "rows": 1,
        "cols": 2,
        "tiles": [
            {"tile": "E", "rotation": 90, "row": 0, "col": 0},
            {"tile": "A", "rotation": 0, "row": 0, "col": 1},
        ],
    }
    board = Board.from_layout(layout)
    assert board.rows == (
        "..###..#..",
        "...B#..#..",
        "#HH.######",
        "#HH..HH#..",
        "###..HH#..",
    )
    assert board.printed_houses == {2: (3, 5), 8: (2, 1)}
    assert board.tile_of((4, 5)) == (0, 1)
    assert board.drink((1, 3)) == "beer"


def test_the_map_for_each_player_count_has_its_size():
    """FCM-SETUP-1: 3x3, 3x4, 4x4 and 5x4 tiles (rows by columns) of 5x5 squares."""
    sizes = {
        n: (Board.from_layout(layout_for(n)).height, Board.from_layout(layout_for(n)).width)
        for n in (2, 3, 4, 5)
    }
    assert sizes == {2: (15, 15), 3: (15, 20), 4: (20, 20), 5: (25, 20)}


def test_a_picture_reads_houses_from_digits():
    board = Board.from_picture(
        """
        ..#.. .....
        ..#.. .....
        ##+## ###..
        ..#.. 33...
        ..#.. 33...
        """
    )
    assert board.printed_houses == {3: (3, 5)}
    assert board.is_bridge((2, 2)) and board.is_road((2, 7)) and not board.is_road((2, 8))
    assert board.glyph((3, 6)) == "H"


def test_a_picture_house_must_be_one_2x2_block():
    with pytest.raises(ValueError, match="house 3"):
        Board.from_picture("33...\n.3...\n.....\n.....\n.....")


def test_a_board_is_whole_tiles():
    with pytest.raises(ValueError, match="whole 5x5 tiles"):
        Board.from_picture("....\n....\n....\n....\n....")
    with pytest.raises(ValueError, match="connection"):
        Board(["....."] * 5, {}, "sometimes")


def test_board_of_builds_each_layout_once():
    map_state = {"layout": layout_for(2), "connection": "original"}
    assert board_of(map_state) is board_of({**map_state})
    assert board_of({**map_state, "connection": "deluxe"}).connection == "deluxe"


def test_printed_houses_start_bare():
    board = Board.from_layout(layout_for(2))
    records = printed_house_records(board)
    assert [h["number"] for h in records] == [2, 4, 5, 7, 8, 10, 12, 13, 15]
    assert records[0] == {
        "number": 2,
        "top_left": [3, 0],
        "garden": None,
        "printed": True,
        "demand": [],
    }
