"""games/fcm/squares.py: the squares a starting restaurant, a house or a restaurant may go on,
in the choices (#32 item 2). Each answer is held against the action itself, recorded as the
service records it: a square offered is recorded by some entrance (or garden side), a square
left out is refused by every one, the first with the rule the answer names; and together
they are every square of the map. At each square offered, the entrances (or garden sides)
offered are exactly those the action records there, the others left out with their rule."""

import pytest

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.data import CAMPAIGNS, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.pieces import CORNERS, GARDEN_SIDES
from games.fcm.map.placement import unpictured
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


def tiles_to_place(state):
    """Every way the campaign form may lay a tile of the supply on the map: its number and its
    size either way round (an airplane flies beside the map, on no square)."""
    return [{"number": number, "size": list(size)}
            for number in state["supply"]["campaigns"] if campaign_type(number) != "airplane"
            for size in sorted({tuple(CAMPAIGNS[number]["footprint"]),
                                tuple(reversed(CAMPAIGNS[number]["footprint"]))})]  # fmt: skip


def campaign_squares_hold(table, answer, marketeer):
    """Every square offered while `marketeer` is chosen is recorded by some tile laid some way;
    every one left out refused by every way, one of them with the answer's rule."""
    board = board_of(table.state["board"])
    every = sorted(e["value"] for e in answer["offer"] + answer["left_out"])
    assert every == sorted(list(square) for square in board.squares())
    payload = {"player": "ann", "marketeer": marketeer, "product": "burger", "duration": 1}
    state, seq = table.state, table.seq
    with unpictured():
        for entry in answer["offer"]:
            recorded = False
            for way in tiles_to_place(state):
                try:
                    table.record("campaign_placed", **payload, top_left=entry["value"], **way)
                    recorded = True
                except RuleViolation:
                    pass
                table.state, table.seq = state, seq
                if recorded:
                    break
            assert recorded, entry
        for entry in answer["left_out"]:
            rules = set()
            for way in tiles_to_place(state):
                with pytest.raises(RuleViolation) as refused:
                    table.record("campaign_placed", **payload, top_left=entry["value"], **way)
                rules.add(refused.value.rule)
            assert entry["rule"] in rules - {"FCM-MKT-1"}, entry


def test_a_campaign_is_offered_the_squares_some_tile_of_its_marketeer_fits():
    """FCM-MKT-1 to 3: a marketing trainee lays its billboards within two tile crossings of
    ann's entrances; a brand manager, who has no range, its billboards and mailboxes on more
    squares. The squares of each are offered only while that marketeer is chosen; of those
    only the brand manager's, some are out of the trainee's range, others fit a 1x1 mailbox
    but none of the trainee's billboards (two-player games have no 1x1 billboard)."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    [trainee] = at_work(table, "marketing_trainee")
    [brand] = at_work(table, "brand_manager")
    field = fcm.choices(table.state, "player:ann", "fcm.campaign_placed")["top_left"]
    for marketeer in (trainee, brand):
        mine = {key: [e for e in field[key] if e["when"] == {"marketeer": marketeer}]
                for key in ("offer", "left_out")}  # fmt: skip
        campaign_squares_hold(table, mine, marketeer)
    near = [e["value"] for e in field["offer"] if e["when"] == {"marketeer": trainee}]
    anywhere = [e["value"] for e in field["offer"] if e["when"] == {"marketeer": brand}]
    assert near and set(map(tuple, near)) < set(map(tuple, anywhere))
    far = [e for e in field["left_out"] if e["when"] == {"marketeer": trainee}
           and e["value"] in anywhere]  # fmt: skip
    assert far and {e["rule"] for e in far} == {"FCM-MKT-2", "FCM-MKT-3"}
    assert all("must be within 2 tile crossings by road" in e["message"]
               for e in far if e["rule"] == "FCM-MKT-2")  # fmt: skip
    road = next(e for e in field["left_out"] if "is a road" in e["message"])
    assert road["rule"] == "FCM-MKT-3"


def test_no_campaign_squares_for_a_marketeer_with_no_tile_to_lay():
    """FCM-MKT-1: a marketing trainee places billboards only; with none left in the supply it
    lays nothing on the map, so no square waits on it, while a brand manager's mailboxes
    still have theirs."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    [brand] = at_work(table, "brand_manager")
    table.state["supply"]["campaigns"] = [n for n in table.state["supply"]["campaigns"]
                                          if campaign_type(n) != "billboard"]  # fmt: skip
    field = fcm.choices(table.state, "player:ann", "fcm.campaign_placed")["top_left"]
    entries = field["offer"] + field["left_out"]
    assert {tuple(e["when"].items()) for e in entries} == {(("marketeer", brand),)}
    assert field["offer"]
