"""games/fcm/map/pieces.py: the squares each piece covers."""

from games.fcm.map.pieces import (
    campaign_squares,
    entrance_square,
    entrance_squares,
    garden_squares,
    house_squares,
    occupied,
    restaurant_squares,
)
from tests.games.fcm.table import restaurant


def test_a_restaurant_is_2x2_with_its_doors_in_a_corner():
    shop = restaurant((3, 5), "SE")
    assert restaurant_squares(shop) == [(3, 5), (3, 6), (4, 5), (4, 6)]
    assert entrance_square(shop) == (4, 6)
    assert entrance_squares(shop) == [(4, 6)]


def test_a_drive_in_has_an_entrance_in_every_corner():
    """FCM-REST-3."""
    assert entrance_squares(restaurant((3, 5), "SE"), drive_in=True) == [
        (3, 5), (3, 6), (4, 5), (4, 6)
    ]  # fmt: skip


def test_a_garden_makes_its_house_a_2x3_rectangle():
    assert garden_squares((3, 5), "N") == [(2, 5), (2, 6)]
    assert garden_squares((3, 5), "S") == [(5, 5), (5, 6)]
    assert garden_squares((3, 5), "W") == [(3, 4), (4, 4)]
    assert garden_squares((3, 5), "E") == [(3, 7), (4, 7)]
    house = {"number": 5, "top_left": [3, 5], "garden": "E", "printed": True, "demand": []}
    assert sorted(house_squares(house)) == [(r, c) for r in (3, 4) for c in (5, 6, 7)]


def test_campaigns_cover_their_footprint_and_airplanes_no_square():
    billboard = {"number": 11, "top_left": [0, 0], "size": [2, 3]}
    assert campaign_squares(billboard) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert campaign_squares({"number": 5, "edge": "N", "start": 0}) == []


def test_occupied_names_the_piece_on_each_square():
    map_state = {
        "houses": [{"number": 5, "top_left": [0, 0], "garden": "S", "printed": True, "demand": []}],
        "restaurants": [restaurant((0, 2))],
        "campaigns": [{"number": 15, "top_left": [3, 3], "size": [1, 1]}],
    }
    taken = occupied(map_state)
    assert taken[(1, 1)] == "house 5"
    assert taken[(2, 0)] == "the garden of house 5"
    assert taken[(0, 3)] == "a restaurant of ann"
    assert taken[(3, 3)] == "billboard 15"
    assert len(taken) == 4 + 2 + 4 + 1
