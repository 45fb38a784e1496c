"""games/fcm/map/reach.py: which houses each kind of campaign reaches."""

from games.fcm.map.board import Board, printed_house_records
from games.fcm.map.reach import houses_reached
from tests.games.fcm.table import drawn, layout_for


def billboard(number, top_left, size=(1, 1)):
    return {"number": number, "top_left": list(top_left), "size": list(size)}


BILLBOARD = """
.....
.11..
.11..
.....
#####
"""


def test_a_billboard_reaches_orthogonal_neighbours_not_diagonal_ones():
    """FCM-CAMP-3: beside the house reaches it; touching its corner does not."""
    board, map_state = drawn(BILLBOARD)
    assert houses_reached(board, map_state, billboard(15, (3, 2))) == [1]
    assert houses_reached(board, map_state, billboard(15, (3, 3))) == []
    assert houses_reached(board, map_state, billboard(14, (3, 3), (1, 2))) == []


def test_a_billboard_reaches_a_house_through_its_garden_only():
    """FCM-CAMP-4: [3, 3] touches only the garden at [2, 3]."""
    board, map_state = drawn(BILLBOARD, gardens={1: "E"})
    assert houses_reached(board, map_state, billboard(15, (3, 3))) == [1]


MAILBOX = """
..#.. .....
11#.. ..22.
11#.. ..22.
##### #####
..... .....

..... .....
..... .33..
..... .33..
..... .....
..... .....
"""


def test_a_mailbox_reaches_its_block_bounded_by_roads_and_the_map_edge():
    """FCM-CAMP-3: blocks are cut by roads, not by tile borders; the map edge closes them."""
    board, map_state = drawn(MAILBOX)
    assert houses_reached(board, map_state, billboard(9, (0, 4))) == [2]
    assert houses_reached(board, map_state, billboard(10, (0, 0))) == [1]
    assert houses_reached(board, map_state, billboard(7, (8, 0), (2, 2))) == [3]


DIAGONAL = """
....#
...#.
..#..
.#.33
#..33
"""


def test_roads_meeting_only_at_a_corner_close_a_block():
    """FCM-CAMP-3: no squeezing between two diagonal road squares."""
    board, map_state = drawn(DIAGONAL)
    assert houses_reached(board, map_state, billboard(9, (0, 0))) == []
    assert houses_reached(board, map_state, billboard(9, (4, 2))) == [3]


def test_a_bridge_closes_a_block_like_any_road():
    """FCM-CAMP-3."""
    board, map_state = drawn(
        """
        ..#..
        11#..
        11+##
        ..#..
        ..#..
        """
    )
    assert houses_reached(board, map_state, billboard(9, (0, 3))) == []
    assert houses_reached(board, map_state, billboard(9, (0, 0))) == [1]


AIRPLANE = """
..... .....
11... .....
11... .....
##### #####
..... .....

..... .....
...22 .....
...22 .....
..... .....
..... .....
"""


def airplane(number, edge, start):
    return {"number": number, "edge": edge, "start": start}


def test_an_airplane_reaches_every_house_in_its_lane():
    """FCM-CAMP-3: rows beside the west or east edge, columns beside the north or south."""
    board, map_state = drawn(AIRPLANE)
    assert houses_reached(board, map_state, airplane(4, "W", 2)) == [1]
    assert houses_reached(board, map_state, airplane(4, "E", 7)) == [2]
    assert houses_reached(board, map_state, airplane(5, "N", 2)) == [2]
    assert houses_reached(board, map_state, airplane(6, "S", 0)) == [1, 2]
    assert houses_reached(board, map_state, airplane(4, "W", 4)) == []


def test_an_airplane_reaches_a_house_whose_garden_is_in_its_lane():
    """FCM-CAMP-4: house 2 spans rows 6-7; its garden on the north lies in row 5."""
    board, map_state = drawn(AIRPLANE, gardens={2: "N"})
    assert houses_reached(board, map_state, airplane(4, "W", 5)) == [2]


def test_a_radio_reaches_its_tile_and_the_eight_around():
    """FCM-CAMP-3: on the 4-player map (tiles A-P, none turned) a radio on tile F, at
    tile [1, 1], reaches the houses of tiles A B C E F G I J K, not D (7) or H (13)."""
    board = Board.from_layout(layout_for(4))
    map_state = {"houses": printed_house_records(board), "restaurants": [], "campaigns": []}
    radio = billboard(1, (8, 5))
    assert houses_reached(board, map_state, radio) == [2, 4, 5, 8, 10, 12, 15, 16, 18]
    corner = billboard(2, (0, 0))
    assert houses_reached(board, map_state, corner) == [2, 4, 8, 10]


RADIO = """
..... ..... .....
..... ..... .....
##### ##### #####
..... ..... 11...
..... ..... 11...
"""


def test_a_radio_reaches_a_house_whose_garden_is_on_a_tile_in_range():
    """FCM-CAMP-4: house 1 is two tiles away, its western garden one."""
    board, map_state = drawn(RADIO)
    assert houses_reached(board, map_state, billboard(3, (0, 0))) == []
    board, map_state = drawn(RADIO, gardens={1: "W"})
    assert houses_reached(board, map_state, billboard(3, (0, 0))) == [1]
