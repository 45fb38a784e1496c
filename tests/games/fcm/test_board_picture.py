"""games/fcm/map/board_picture.py: the whole board as SVG, read back with xml.etree as a page
(or a screen reader) would read it."""

import copy
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import games.fcm as fcm
from games.fcm.map.board import board_of
from games.fcm.map.board_picture import MAP_LEFT, MAP_TOP, SQUARE, render_svg
from games.fcm.map.pieces import entrance_square
from tests.games.fcm.table import crowded_five, seated, turn_five

SVG = "{http://www.w3.org/2000/svg}"


def parsed(state) -> ET.Element:
    return ET.fromstring(render_svg(state))


def groups(root, css: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == css]


def words(element) -> list[str]:
    return [t.text for t in element.iter(f"{SVG}text")]


def box(rect) -> tuple[int, int, int, int]:
    return tuple(int(rect.get(k)) for k in ("x", "y", "width", "height"))


@pytest.fixture(scope="module")
def crowded():
    return crowded_five()


@pytest.fixture(params=["turn_five", "crowded"])
def state(request, crowded):
    return turn_five() if request.param == "turn_five" else crowded


def test_the_picture_is_self_contained_and_titled(state):
    svg = render_svg(state)
    for word in ("<script", "href", "<image", "<style", "style=", "@import", "url(", "<font"):
        assert word not in svg
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert list(root)[0].tag == f"{SVG}title"
    assert f"turn {state['turn']}" in root.find(f"{SVG}title").text
    described = root.find(f"{SVG}desc").text
    for house in state["board"]["houses"]:
        assert f"House {house['number']} at {house['top_left']}" in described


def test_every_house_is_numbered_with_its_demand_tokens(state):
    """Printed and placed houses alike; a token per demand, of its good."""
    root = parsed(state)
    drawn = {int(g.get("data-number")): g for g in groups(root, "house")}
    assert sorted(drawn) == sorted(h["number"] for h in state["board"]["houses"])
    assert any(not h["printed"] for h in state["board"]["houses"])
    for house in state["board"]["houses"]:
        group = drawn[house["number"]]
        assert str(house["number"]) in words(group)
        goods = [c.get("data-good") for c in group.iter(f"{SVG}circle")]
        assert Counter(goods) == Counter(house["demand"])
        gardens = [r for r in group.iter(f"{SVG}rect") if r.get("class") == "garden"]
        assert len(gardens) == (1 if house["garden"] else 0)
        assert f"House {house['number']} " in group.find(f"{SVG}title").text


def test_every_restaurant_is_drawn_with_its_entrance(state):
    root = parsed(state)
    drawn = {g.get("data-id"): g for g in groups(root, "restaurant")}
    assert sorted(drawn) == sorted(r["id"] for r in state["board"]["restaurants"])
    for restaurant in state["board"]["restaurants"]:
        group = drawn[restaurant["id"]]
        [entrance] = [p for p in group.iter(f"{SVG}polygon") if p.get("class") == "entrance"]
        r, c = entrance_square(restaurant)
        assert entrance.get("data-square") == f"{r},{c}"
        x, y = (int(n) for n in entrance.get("points").split()[0].split(","))
        assert MAP_LEFT + c * SQUARE <= x <= MAP_LEFT + (c + 1) * SQUARE
        assert MAP_TOP + r * SQUARE <= y <= MAP_TOP + (r + 1) * SQUARE
        number = restaurant["id"].rsplit("-", 1)[-1]
        assert f"{restaurant['owner']} no. {number}" in words(group)  # no id (#20, item 6)
        assert restaurant["id"] not in " ".join(words(group))
        row, col = restaurant["top_left"]
        assert group.find(f"{SVG}title").text.startswith(
            f"{restaurant['owner']}'s restaurant no. {number} at row {row}, column {col}, its"
            " entrance the "
        )
        corners = [p for p in group.iter(f"{SVG}polygon") if p.get("class") == "drive-in"]
        assert len(corners) == (3 if restaurant["drive_in"] else 0)
        assert group.get("data-status") == restaurant["status"]


def test_a_restaurant_coming_soon_and_a_drive_in_say_so(crowded):
    drawn = {g.get("data-id"): g for g in groups(parsed(crowded), "restaurant")}
    assert "soon" in words(drawn["cat-2"]) and "c" in words(drawn["cat-2"])
    assert "drive-in" in words(drawn["eve-1"])
    assert "coming soon" in drawn["cat-2"].find(f"{SVG}title").text


def test_every_campaign_is_drawn_where_it_is(state):
    """On its squares; an airplane beside its edge, over its lane, off the map."""
    root = parsed(state)
    board = board_of(state["board"])
    right, bottom = MAP_LEFT + board.width * SQUARE, MAP_TOP + board.height * SQUARE
    drawn = {int(g.get("data-number")): g for g in groups(root, "campaign")}
    assert sorted(drawn) == sorted(c["number"] for c in state["board"]["campaigns"])
    for campaign in state["board"]["campaigns"]:
        group = drawn[campaign["number"]]
        x, y, w, h = box(group.find(f"{SVG}rect"))
        assert [c.get("data-good") for c in group.iter(f"{SVG}circle")] == [campaign["product"]]
        turns = "∞" if campaign["eternal"] else str(campaign["remaining"])
        assert any(turns in t for t in words(group))
        assert str(campaign["number"]) in "".join(words(group))
        if "edge" in campaign:
            outside = {"N": y + h < MAP_TOP, "S": y > bottom, "W": x + w < MAP_LEFT,
                       "E": x > right}  # fmt: skip
            assert outside[campaign["edge"]]
            along = x if campaign["edge"] in "NS" else y
            origin = MAP_LEFT if campaign["edge"] in "NS" else MAP_TOP
            assert (along - 3 - origin) // SQUARE == campaign["start"]
        else:
            r, c = campaign["top_left"]
            assert (x - 3, y - 3) == (MAP_LEFT + c * SQUARE, MAP_TOP + r * SQUARE)
            assert (w + 6, h + 6) == (campaign["size"][1] * SQUARE, campaign["size"][0] * SQUARE)


def test_every_square_has_a_box_on_top_to_touch(state):
    root = parsed(state)
    board = board_of(state["board"])
    assert list(root)[-1].get("class") == "squares"
    squares = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "square"]
    assert len(squares) == board.height * board.width
    for rect in squares:
        r, c = (int(n) for n in rect.get("data-square").split(","))
        assert box(rect) == (MAP_LEFT + c * SQUARE, MAP_TOP + r * SQUARE, SQUARE, SQUARE)
    assert [rect.get("data-square") for rect in squares[:2]] == ["0,0", "0,1"]
    assert root.get("data-square-size") == str(SQUARE)
    assert (root.get("data-map-left"), root.get("data-map-top")) == (str(MAP_LEFT), str(MAP_TOP))
    assert (root.get("data-rows"), root.get("data-cols")) == (str(board.height), str(board.width))
    lanes = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "lane"]
    assert len(lanes) == 2 * (board.height + board.width)


def test_the_view_box_stays_the_same_all_game():
    """A page keeps its square arithmetic from the first seq to the last."""
    start, later = parsed(seated().state), parsed(turn_five())
    assert start.get("viewBox") == later.get("viewBox")
    width, height = (int(n) for n in start.get("viewBox").split()[2:])
    assert width == 2 * MAP_LEFT + 15 * SQUARE
    assert (start.get("width"), start.get("height")) == (str(width), str(height))


def test_the_key_names_every_chain_and_good(crowded):
    key = words(parsed(crowded))
    for mark, name in zip("ABCDE", crowded["players"], strict=True):
        assert f"{mark} {name}" in key
    for good, letters in (("burger", "Bu"), ("pizza", "Pi"), ("beer", "Be"),
                          ("lemonade", "Le"), ("soda", "So")):  # fmt: skip
        assert f"{good} ({letters})" in key


def test_the_same_state_gives_the_same_bytes(crowded):
    assert render_svg(crowded) == render_svg(copy.deepcopy(crowded))
    assert fcm.render_svg(turn_five()) == render_svg(turn_five())


def test_names_are_written_as_given():
    """A name with markup in it stays text."""
    state = turn_five()
    state["players"] = ["<ann & co>", "bob"]
    for piece in state["board"]["restaurants"] + state["board"]["campaigns"]:
        if piece["owner"] == "ann":
            piece["owner"] = "<ann & co>"
    root = parsed(state)
    assert "A <ann & co>" in words(root)
    assert {g.get("data-owner") for g in groups(root, "restaurant")} == {"<ann & co>", "bob"}
