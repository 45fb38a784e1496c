"""games/fcm/map/render.py: the map in text."""

from games.fcm.map.render import player_marks, render, render_map
from tests.games.fcm.table import drawn, restaurant, turn_five

PICTURE = """
..#.. .....
..#.. .....
##+## #####
..#.. .11..
..#.. .11..
"""


def campaign(number, owner, **where):
    return {
        "number": number,
        "owner": owner,
        "product": "soda",
        "remaining": 2,
        "eternal": False,
        **where,
    }


def test_every_kind_of_piece_drawn():
    board, map_state = drawn(
        PICTURE,
        gardens={1: "E"},
        demand={1: ["burger", "beer"]},
        restaurants=[restaurant((0, 5), "SW"), restaurant((3, 0), "NE", "bob", "coming_soon")],
        campaigns=[
            campaign(15, "ann", top_left=[1, 8], size=[1, 1]),
            campaign(5, "bob", edge="W", start=1),
            campaign(6, "bob", edge="N", start=3),
        ],
    )
    assert render(board, map_state, ["ann", "bob"]) == "\n".join(
        [
            "         0  1  2  3  4   5  6  7  8  9",
            "                 A 6═════════════",
            "       ┌───────────────┬───────────────┐",
            " 0     │ ·  ·  ╻  ·  · │[A][A] ·  ·  · │",
            " 1 A 5 │ ·  ·  ┃  ·  · │<A>[A] · B15 · │",
            " 2  ║  │ ╺━━━━━┃━━━━━━━┿━━━━━━━━━━━━━╸ │",
            " 3  ║  │[b]<b> ┃  ·  · │ · H 1bur░░░ · │",
            " 4     │[b][b] ╹  ·  · │ · bee▒▒▒░░░ · │",
            "       └───────────────┴───────────────┘",
        ]
    )


EDGES = """
....# #....
....# #....
....# #....
....# #....
....# #....
"""


def test_the_border_shows_where_roads_join_by_each_rule():
    """Original rules: only the middle row joins across the border; Deluxe: every row."""
    original = render(*drawn(EDGES, "original")).splitlines()
    deluxe = render(*drawn(EDGES, "deluxe")).splitlines()
    assert original[2] == " 0 │ ·  ·  ·  ·  ╻ │ ╻  ·  ·  ·  · │"
    assert original[4] == " 2 │ ·  ·  ·  ·  ┣━┿━┫  ·  ·  ·  · │"
    assert deluxe[2] == " 0 │ ·  ·  ·  ·  ┏━┿━┓  ·  ·  ·  · │"
    assert deluxe[3] == " 1 │ ·  ·  ·  ·  ┣━┿━┫  ·  ·  ·  · │"


def test_squares_at_fault_are_marked():
    board, map_state = drawn(PICTURE)
    lines = render(board, map_state, highlight=[[2, 2], (0, 0)]).splitlines()
    assert lines[2].startswith(" 0 │!·! ·  ╻")
    assert lines[4].startswith(" 2 │ ╺━━━━!┃!━━━")


def test_each_player_has_a_letter():
    assert player_marks(["ann", "Amy", "bob", "a1"]) == {
        "ann": "A",
        "Amy": "M",
        "bob": "B",
        "a1": "C",
    }


def test_render_map_lists_tiles_pieces_and_key():
    text = render_map(turn_five())
    assert "Tiles (original road connection): [0,0] A 0°" in text
    assert "House 13 at [13, 6] (printed, garden E), demand burger burger beer beer" in text
    assert "Restaurant [A] ann no. 1 at [0, 4], entrance SE [1, 5], open" in text
    assert "Campaign 5 airplane of bob, beer, 3 turns left, beside edge S from 5" in text
    assert text.endswith("a square at fault\n")
