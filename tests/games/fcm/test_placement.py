"""games/fcm/map/placement.py: where restaurants, houses, gardens and campaigns may go."""

import pytest

from games.errors import RuleViolation
from games.fcm.map.placement import check_campaign, check_garden, check_new_house, check_restaurant
from tests.games.fcm.table import drawn, restaurant

BOARD = """
..... .....
..... .....
##### #####
.B... 11...
..... 11...

..... .....
..... .....
..... .....
..... .....
..... .....
"""


def refused(rule, check, *args, **kwargs):
    """The check refuses with `rule`."""
    with pytest.raises(RuleViolation) as caught:
        check(*args, **kwargs)
    assert caught.value.rule == rule, caught.value
    return caught.value


def place(map_state, top_left, entrance, at_setup=True, board=None):
    board = board or drawn(BOARD)[0]
    check_restaurant(board, map_state, top_left, entrance, rule="FCM-SETUP-8", at_setup=at_setup)


def test_a_restaurant_on_empty_squares_with_its_entrance_by_a_road():
    """FCM-SETUP-8."""
    _, map_state = drawn(BOARD)
    place(map_state, (0, 0), "SW")
    place(map_state, (3, 2), "NE")


@pytest.mark.parametrize(
    ("top_left", "squares", "words"),
    [
        ((1, 0), [[2, 0], [2, 1]], "[2, 0] is a road"),
        ((3, 0), [[3, 1]], "[3, 1] is a beer source"),
        ((3, 4), [[3, 5], [4, 5]], "[3, 5] is house 1"),
        ((9, 8), [[10, 8], [10, 9]], "[10, 8] is off the map"),
    ],
)
def test_a_restaurant_must_sit_fully_on_empty_squares(top_left, squares, words):
    """FCM-SETUP-8: the refusal names every square at fault."""
    _, map_state = drawn(BOARD)
    error = refused("FCM-SETUP-8", place, map_state, top_left, "SW")
    assert words in error.message
    assert error.details["squares"] == squares


def test_a_restaurant_may_not_cover_another():
    """FCM-SETUP-8."""
    _, map_state = drawn(BOARD, restaurants=[restaurant((0, 0), "SW", "bob")])
    error = refused("FCM-SETUP-8", place, map_state, (0, 1), "SE")
    assert "[0, 1] is a restaurant of bob" in error.message


def test_the_entrance_must_border_a_road_not_just_touch_it_diagonally():
    """FCM-SETUP-8: [0, 1]'s neighbours are [0, 0], [0, 2], [1, 1]; the road is a row below."""
    _, map_state = drawn(BOARD)
    error = refused("FCM-SETUP-8", place, map_state, (0, 0), "NE")
    assert error.details["squares"] == [[0, 1]]
    error = refused("FCM-SETUP-8", place, map_state, (0, 0), "middle")
    assert "corner" in error.message


def test_at_setup_no_two_entrances_on_one_tile():
    """FCM-SETUP-8: refused at setup, allowed later; another tile is fine."""
    _, map_state = drawn(BOARD, restaurants=[restaurant((0, 0), "SW", "bob")])
    error = refused("FCM-SETUP-8", place, map_state, (0, 3), "SE")
    assert error.details["squares"] == [[1, 0], [1, 4]]
    assert "bob's at [1, 0]" in error.message
    place(map_state, (0, 3), "SE", at_setup=False)
    place(map_state, (0, 5), "SW")


def test_the_entrance_may_border_a_road_on_the_next_tile():
    """FCM-SETUP-8: the doors touch the road; which tile the road is on does not matter."""
    board, map_state = drawn(
        """
        ..... #....
        ..... #....
        ..... #....
        ..... #....
        ..... #....
        """
    )
    place(map_state, (0, 3), "NE", board=board)


def test_a_new_house_with_its_garden_next_to_a_road():
    """FCM-HOUSE-1: 2x3 on empty squares, connected to a road."""
    board, map_state = drawn(BOARD)
    check_new_house(board, map_state, (3, 2), "E")
    error = refused("FCM-HOUSE-1", check_new_house, board, map_state, (7, 0), "E")
    assert "next to a road" in error.message
    assert len(error.details["squares"]) == 6
    error = refused("FCM-HOUSE-1", check_new_house, board, map_state, (3, 1), "E")
    assert error.details["squares"] == [[3, 1]]
    refused("FCM-HOUSE-1", check_new_house, board, map_state, (3, 2), "X")


def test_a_garden_beside_a_house_without_one():
    """FCM-HOUSE-1: on empty squares, one garden per house."""
    board, map_state = drawn(BOARD)
    check_garden(board, map_state, 1, "S")
    error = refused("FCM-HOUSE-1", check_garden, board, map_state, 1, "N")
    assert error.details["squares"] == [[2, 5], [2, 6]]
    board, map_state = drawn(BOARD, gardens={1: "S"})
    error = refused("FCM-HOUSE-1", check_garden, board, map_state, 1, "E")
    assert "one garden per house" in error.message
    assert error.details["squares"] == [[5, 5], [5, 6]]
    refused("FCM-HOUSE-1", check_garden, board, map_state, 9, "E")


def campaign(number, **where):
    return {
        "number": number,
        "owner": "ann",
        "product": "burger",
        "remaining": 1,
        "eternal": False,
        **where,
    }


def test_billboards_mailboxes_and_radios_on_empty_squares_next_to_a_road():
    """FCM-MKT-3: the footprint either way round."""
    board, map_state = drawn(BOARD)
    check_campaign(board, map_state, campaign(11, top_left=[0, 0], size=[2, 3]))
    check_campaign(board, map_state, campaign(13, top_left=[3, 2], size=[1, 3]))
    check_campaign(board, map_state, campaign(14, top_left=[3, 2], size=[2, 1]))
    check_campaign(board, map_state, campaign(9, top_left=[1, 9], size=[1, 1]))
    check_campaign(board, map_state, campaign(1, top_left=[1, 8], size=[1, 1]))


@pytest.mark.parametrize(
    ("placed", "words"),
    [
        (campaign(11, top_left=[0, 0], size=[3, 2]), "[2, 0] is a road"),
        (campaign(11, top_left=[0, 0], size=[2, 2]), "3x2 squares"),
        (campaign(11, top_left=[7, 0], size=[2, 3]), "next to a road"),
        (campaign(9, top_left=[6, 6], size=[1, 1]), "next to a road"),
        (campaign(1, top_left=[3, 5], size=[1, 1]), "is house 1"),
        (campaign(7, edge="N", start=0), "top_left square and a size"),
    ],
)
def test_campaign_placements_refused(placed, words):
    """FCM-MKT-3."""
    board, map_state = drawn(BOARD)
    error = refused("FCM-MKT-3", check_campaign, board, map_state, placed)
    assert words in error.message


def test_an_airplane_flies_over_its_rows_or_columns_inside_the_map():
    """FCM-MKT-4: beside an edge, 1, 3 or 5 lines, not past the map, not on another plane."""
    board, map_state = drawn(BOARD)
    check_campaign(board, map_state, campaign(5, edge="W", start=0))
    check_campaign(board, map_state, campaign(6, edge="S", start=5))
    error = refused("FCM-MKT-4", check_campaign, board, map_state, campaign(5, edge="W", start=8))
    assert "past the map's rows 0-9" in error.message
    refused("FCM-MKT-4", check_campaign, board, map_state, campaign(6, edge="N", start=-1))
    refused(
        "FCM-MKT-4", check_campaign, board, map_state, campaign(4, top_left=[0, 0], size=[1, 1])
    )
    _, flying = drawn(BOARD, campaigns=[campaign(5, edge="W", start=0)])
    error = refused("FCM-MKT-4", check_campaign, board, flying, campaign(4, edge="W", start=2))
    assert "overlap airplane 5" in error.message
    check_campaign(board, flying, campaign(4, edge="E", start=2))
    check_campaign(board, flying, campaign(4, edge="W", start=3))


def test_a_refusal_shows_the_squares_at_fault_on_the_map():
    """FCM-SETUP-8: details carry the squares and the picture with them marked !x!."""
    _, map_state = drawn(BOARD)
    error = refused("FCM-SETUP-8", place, map_state, (1, 0), "SW")
    picture = error.details["map"].splitlines()
    assert picture[4] == " 2 │!╺!!━!━━━━━━━━━┿━━━━━━━━━━━━━╸ │"
    assert sum(line.count("!") for line in picture) == 4
