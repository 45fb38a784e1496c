"""games/fcm/squares.py: the squares a starting restaurant, a house or a restaurant may go on,
in the choices (#32 item 2). Each answer is held against the action itself, recorded as the
service records it: a square offered is recorded by some entrance (or garden side), a square
left out is refused by every one, the first with the rule the answer names; and together
they are every square of the map. At each square offered, the entrances (or garden sides)
offered are exactly those the action records there, the others left out with their rule."""

import pytest

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.map.board import board_of
from games.fcm.map.pieces import CORNERS, GARDEN_SIDES
from tests.games.fcm.table import Table, restaurant_spots
from tests.games.fcm.test_building import at_work, house_spots
from tests.games.fcm.test_working import working


def squares_hold(table, name, answer, way, ways, way_answer, when=None, **payload):
    """Every square offered is recorded by one of `ways`; every one left out refused by each,
    its first way with the answer's rule. `way_answer`, the answer for the field `way`, offers
    at each square offered (`when` {**when, top_left: square}) exactly the ways recorded there
    and leaves out the others with the rule that refuses each; it names no other square. The
    table is left as it was."""
    board = board_of(table.state["board"])
    every = sorted(e["value"] for e in answer["offer"] + answer["left_out"])
    assert every == sorted(list(square) for square in board.squares())
    ways, state, seq = list(ways), table.state, table.seq
    for entry in answer["offer"]:
        recorded = []
        for each in ways:
            try:
                table.record(name, **payload, top_left=entry["value"], **{way: each})
                recorded.append(each)
            except RuleViolation:
                pass
            table.state, table.seq = state, seq
        assert recorded, entry
        at = {**(when or {}), "top_left": entry["value"]}
        assert [e["value"] for e in way_answer["offer"] if e["when"] == at] == recorded, entry
        for refused in [e for e in way_answer["left_out"] if e["when"] == at]:
            assert refused["value"] not in recorded
            table.refused(name, refused["rule"], **payload, top_left=entry["value"],
                          **{way: refused["value"]})  # fmt: skip
    squares_offered = [{**(when or {}), "top_left": e["value"]} for e in answer["offer"]]
    mine = [e for e in way_answer["offer"] + way_answer["left_out"]
            if all(e["when"].get(key) == value for key, value in (when or {}).items())]  # fmt: skip
    assert all(e["when"] in squares_offered for e in mine)
    assert len(mine) == len(answer["offer"]) * len(ways)
    for entry in answer["left_out"]:
        table.refused(name, entry["rule"], **payload, top_left=entry["value"], **{way: ways[0]})
        for each in ways[1:]:
            with pytest.raises(RuleViolation):
                table.record(name, **payload, top_left=entry["value"], **{way: each})


def squares(answer):
    return sorted(entry["value"] for entry in answer["offer"])


def tops(spots):
    """The top-left squares of (top_left, way) spots, each once, in order."""
    return sorted(map(list, {tuple(top_left) for top_left, _ in spots}))


def test_a_starting_restaurant_is_offered_the_squares_some_entrance_fits():
    """FCM-SETUP-8: exactly the top-left squares of the legal spots, whatever the entrance,
    and at each the entrances that fit there; a square taken by another's restaurant is left
    out in words."""
    table = Table(["ann", "bob"])
    first = table.to_act()
    table.place_anywhere(first)
    second = table.to_act()
    answer = fcm.choices(table.state, f"player:{second}", "fcm.starting_restaurant_placed")
    field = answer["top_left"]
    assert squares(field) == tops(restaurant_spots(table.state))
    squares_hold(table, "starting_restaurant_placed", field, "entrance", CORNERS,
                 answer["entrance"], player=second)  # fmt: skip
    [placed] = table.state["board"]["restaurants"]
    row, col = placed["top_left"]
    [on_it] = [e for e in field["left_out"] if e["value"] == [row, col]]
    assert on_it["label"] == f"row {row}, column {col}"
    assert on_it["rule"] == "FCM-SETUP-8"
    assert f"row {row}, column {col} is a restaurant of {first}" in on_it["message"]


def test_a_house_is_offered_the_squares_some_garden_side_fits():
    """FCM-HOUSE-1: empty squares next to a road, with room for the garden on some side; at
    each, the garden sides that fit there."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    answer = fcm.choices(table.state, "player:ann", "fcm.house_placed")
    field = answer["top_left"]
    assert squares(field) == tops(house_spots(table.state))
    number = table.state["supply"]["houses"][0]
    squares_hold(table, "house_placed", field, "garden", GARDEN_SIDES, answer["garden"],
                 player="ann", developer=developer, number=number)  # fmt: skip


def test_a_local_manager_is_offered_the_squares_within_its_range():
    """FCM-REST-1: fewer squares than a regional manager, who places anywhere (FCM-REST-2);
    the squares of each are offered only while that manager is chosen, and at each square the
    entrances that fit while that manager and square are chosen."""
    table = working(ann_work=["local_manager", "regional_manager"])
    [local] = at_work(table, "local_manager")
    [regional] = at_work(table, "regional_manager")
    answer = fcm.choices(table.state, "player:ann", "fcm.restaurant_placed")
    field = answer["top_left"]
    for manager in (local, regional):
        when = {"manager": manager}
        mine = {key: [e for e in field[key] if e["when"] == when] for key in ("offer", "left_out")}
        squares_hold(table, "restaurant_placed", mine, "entrance", CORNERS, answer["entrance"],
                     when, player="ann", manager=manager)  # fmt: skip
    near = [e["value"] for e in field["offer"] if e["when"] == {"manager": local}]
    anywhere = [e["value"] for e in field["offer"] if e["when"] == {"manager": regional}]
    assert near and set(map(tuple, near)) < set(map(tuple, anywhere))
    far = [e for e in field["left_out"] if e["when"] == {"manager": local}
           and e["value"] in anywhere]  # fmt: skip
    assert far and {e["rule"] for e in far} == {"FCM-REST-1"}
    assert any("must be within 3 tile crossings by road" in e["message"] for e in far)


def test_a_regional_manager_is_offered_where_each_restaurant_may_move():
    """FCM-REST-2: its own squares count as empty, so it may stay and turn; at each square the
    entrances it may be turned to."""
    table = working(ann_work=["regional_manager"])
    [manager] = at_work(table, "regional_manager")
    answer = fcm.choices(table.state, "player:ann", "fcm.restaurant_moved")
    field = answer["top_left"]
    assert {tuple(e["when"].items()) for e in field["offer"]} == {(("restaurant", "ann-1"),)}
    squares_hold(table, "restaurant_moved", field, "entrance", CORNERS, answer["entrance"],
                 {"restaurant": "ann-1"}, player="ann", manager=manager,
                 restaurant="ann-1")  # fmt: skip
    home = next(r for r in table.state["board"]["restaurants"] if r["id"] == "ann-1")
    assert home["top_left"] in squares(field)


def test_no_squares_without_a_card_to_place_the_piece():
    """FCM-HOUSE-1, FCM-REST-1: the acting card's field says why; no square is judged."""
    state = working(ann_work=["waitress"]).state
    for event_type in ("fcm.house_placed", "fcm.restaurant_placed", "fcm.restaurant_moved"):
        answer = fcm.choices(state, "player:ann", event_type)
        assert not {"top_left", "entrance", "garden"} & set(answer), event_type
