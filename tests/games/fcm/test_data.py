"""games/fcm/data/__init__.py: the component data, loaded once and checked against the box."""

import copy

import pytest

from games.fcm import data
from games.fcm.data import (
    CAMPAIGNS,
    COMPONENTS,
    EMPLOYEES,
    MILESTONES,
    TILES,
    DataError,
    check_campaigns,
    check_components,
    check_employees,
    check_forbidden_cards,
    check_milestones,
    check_tiles,
)


def test_the_box():
    """20 tiles, 222 employee cards, 84 milestone cards, 16 campaigns, 18 reserve cards."""
    assert sorted(TILES) == list("ABCDEFGHIJKLMNOPQRST")
    assert sum(e["count"] for e in EMPLOYEES.values()) == 222
    assert sum(m["copies"] for m in MILESTONES.values()) == 84
    assert sorted(CAMPAIGNS) == list(range(1, 17))
    reserve = COMPONENTS["reserve_cards"]
    assert [(c["money"], c["ceo_slots"]) for c in reserve] == [(100, 2), (200, 3), (300, 4)]
    assert len(reserve) * COMPONENTS["reserve_copies_of_each"] == 18


def test_top_position_cards_are_the_ten_marked_1x():
    """FCM-SETUP-3: three copies of each in the box."""
    top = sorted(card for card, e in EMPLOYEES.items() if e["top_position"])
    assert top == [
        "brand_director", "burger_chef", "cfo", "executive_vice_president", "guru",
        "hr_director", "luxuries_manager", "pizza_chef", "regional_manager", "zeppelin_pilot",
    ]  # fmt: skip
    assert {EMPLOYEES[card]["count"] for card in top} == {3}


def test_bridges_are_on_tiles_g_and_p():
    bridges = sorted(t for t, tile in TILES.items() if "+" in "".join(tile["grid"]))
    assert bridges == ["G", "P"]


def raw_tiles():
    return copy.deepcopy(list(TILES.values()))


def test_a_missing_tile_stops_the_load():
    with pytest.raises(DataError, match="19 map tiles"):
        check_tiles(raw_tiles()[:-1], COMPONENTS)


def test_a_house_that_is_not_a_2x2_block_stops_the_load():
    tiles = raw_tiles()
    tiles[0]["houses"][0]["top_left"] = [2, 0]
    with pytest.raises(DataError, match="tile A: house 2"):
        check_tiles(tiles, COMPONENTS)


def test_a_bridge_off_a_crossing_stops_the_load():
    tiles = raw_tiles()
    tiles[0]["grid"][0] = "..+.."
    with pytest.raises(DataError, match="bridge"):
        check_tiles(tiles, COMPONENTS)


def test_a_lost_drink_source_stops_the_load():
    tiles = raw_tiles()
    tile = next(t for t in tiles if t["id"] == "N")
    tile["grid"][1] = "..#.."
    with pytest.raises(DataError, match="drink sources"):
        check_tiles(tiles, COMPONENTS)


def test_a_wrong_card_count_stops_the_load():
    employees = {"ceo": data.DATA["ceo"], "employees": copy.deepcopy(list(EMPLOYEES.values()))}
    employees["employees"][0]["count"] += 1
    with pytest.raises(DataError, match="223 employee cards"):
        check_employees(employees, COMPONENTS)


def test_a_wrong_milestone_count_stops_the_load():
    milestones = copy.deepcopy(list(MILESTONES.values()))
    milestones[0]["copies"] = 5
    with pytest.raises(DataError, match="83 milestone cards"):
        check_milestones(milestones, COMPONENTS)


def test_a_forbidden_card_that_could_come_back_stops_the_load():
    """FCM-MILE-1: a card a milestone forbids is never hired nor brought by a milestone, so a
    chain that fired it never holds it again."""
    employees = {"ceo": data.DATA["ceo"], "employees": copy.deepcopy(list(EMPLOYEES.values()))}
    milestones = copy.deepcopy(list(MILESTONES.values()))
    check_forbidden_cards(milestones, employees)
    hundred = next(m for m in milestones if m["id"] == "first_to_have_100")
    hundred["effect_data"]["forbidden_cards"] = ["waitress"]
    with pytest.raises(DataError, match="forbids waitress, an entry-level card"):
        check_forbidden_cards(milestones, employees)
    hundred["effect_data"]["forbidden_cards"] = ["burger_cook"]
    with pytest.raises(DataError, match="which a milestone brings"):
        check_forbidden_cards(milestones, employees)


def test_a_wrong_campaign_mix_stops_the_load():
    campaigns = copy.deepcopy(list(CAMPAIGNS.values()))
    campaigns[15] = {"number": 16, "type": "radio", "footprint": [1, 1]}
    with pytest.raises(DataError, match="campaign kinds"):
        check_campaigns(campaigns, COMPONENTS)


def test_reserve_cards_must_make_18():
    components = copy.deepcopy(COMPONENTS)
    components["reserve_copies_of_each"] = 5
    with pytest.raises(DataError, match="18"):
        check_components(components)


def test_the_loaded_data_passes_its_own_checks():
    assert data.load()["components"] == COMPONENTS
