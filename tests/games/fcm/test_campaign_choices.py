"""games/fcm/campaign_choices.py: what the campaign form may offer (#32 item 2), each answer
held against the action itself, recorded as the service records it: for each marketeer the
tiles it may lay somewhere now, how long, the squares some tile of it fits, the ways a tile
lies, and an airplane's edges and starts."""

import pytest

import games.fcm as fcm
import games.fcm.campaign_choices as campaign_choices_module
from games.errors import RuleViolation
from games.fcm.data import CAMPAIGNS, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.placement import EDGES, unpictured
from tests.games.fcm.test_building import at_work
from tests.games.fcm.test_working import working

AIRPLANES = [4, 5, 6]
ON_THE_MAP = [n for n in range(1, 17) if n not in AIRPLANES]


def campaign_choices(table) -> dict:
    return fcm.choices(table.state, "player:ann", "fcm.campaign_placed")


def chosen(field: dict, **when) -> dict:
    """The entries of `field` offered and left out while exactly `when` holds."""
    return {key: [e for e in field[key] if e.get("when") == when] for key in ("offer", "left_out")}


def tiles_to_place(state):
    """Every way the campaign form may lay a tile of the supply on the map: its number and its
    size either way round (an airplane flies beside the map, on no square)."""
    return [{"number": number, "size": list(size)}
            for number in state["supply"]["campaigns"] if campaign_type(number) != "airplane"
            for size in sorted({tuple(CAMPAIGNS[number]["footprint"]),
                                tuple(reversed(CAMPAIGNS[number]["footprint"]))})]  # fmt: skip


def places(state, number):
    """Every place tile `number` may be given: a square and a size, or an edge and a start."""
    board = board_of(state["board"])
    if number in AIRPLANES:
        spans = {"N": board.width, "S": board.width, "E": board.height, "W": board.height}
        return [{"edge": edge, "start": start} for edge in EDGES for start in range(spans[edge])]
    return [{"top_left": list(square), "size": way["size"]} for square in board.squares()
            for way in tiles_to_place(state) if way["number"] == number]  # fmt: skip


def recorded(table, **payload) -> RuleViolation | None:
    """None if the campaign is recorded, else its refusal; the table is left as it was."""
    state, seq = table.state, table.seq
    try:
        table.record("campaign_placed", **payload)
    except RuleViolation as refusal:
        return refusal
    finally:
        table.state, table.seq = state, seq
    return None


def test_a_marketeer_is_offered_the_tiles_it_may_lay_somewhere_now():
    """FCM-MKT-1 to 4: a marketing trainee lays billboards only, a brand manager billboards,
    mailboxes and airplanes; each tile offered while a marketeer is chosen is recorded by that
    marketeer in some place, and each left out is refused in every place, by the rule the
    answer names (a mailbox for a trainee: FCM-MKT-1)."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    field = campaign_choices(table)["number"]
    for marketeer in at_work(table, "marketing_trainee") + at_work(table, "brand_manager"):
        mine = chosen(field, marketeer=marketeer)
        supply = table.state["supply"]["campaigns"]
        assert sorted(e["value"] for e in mine["offer"] + mine["left_out"]) == sorted(supply)
        base = {"player": "ann", "marketeer": marketeer, "product": "pizza", "duration": 1}
        with unpictured():
            for entry in mine["offer"]:
                number = entry["value"]
                assert any(recorded(table, **base, number=number, **place) is None
                           for place in places(table.state, number)), entry  # fmt: skip
            for entry in mine["left_out"]:
                number = entry["value"]
                refusals = {recorded(table, **base, number=number, **place).rule
                            for place in places(table.state, number)}  # fmt: skip
                assert None not in refusals and entry["rule"] in refusals, entry
    [trainee] = at_work(table, "marketing_trainee")
    trainee_s = chosen(field, marketeer=trainee)
    assert {e["value"] for e in trainee_s["offer"]} <= {
        n for n in ON_THE_MAP if campaign_type(n) == "billboard"
    }
    mailbox = next(e for e in trainee_s["left_out"] if campaign_type(e["value"]) == "mailbox")
    assert mailbox["rule"] == "FCM-MKT-1"
    assert "a Marketing Trainee places billboard campaigns" in mailbox["message"]
    labels = {e["value"]: e["label"] for e in field["offer"]}
    assert labels[4] == "Airplane 4 (over 1 row or column)"
    assert labels[7] == "Mailbox 7 (2×2 squares)"


def test_a_tile_on_the_map_lies_its_printed_size_either_way_round():
    """FCM-MKT-3: a 3x1 billboard lies 3 rows by 1 column or 1 by 3; a 2x2 mailbox one way;
    the size, like the square, is a tile on the map's, not an airplane's (`only`)."""
    table = working(ann_work=["brand_manager"])
    fields = campaign_choices(table)
    size = fields["size"]
    assert [e["value"] for e in chosen(size, number=13)["offer"]] == [[3, 1], [1, 3]]
    assert [e["label"] for e in chosen(size, number=13)["offer"]] == [
        "3 rows by 1 column", "1 row by 3 columns"]  # fmt: skip
    assert [e["value"] for e in chosen(size, number=7)["offer"]] == [[2, 2]]
    for path in ("size", "top_left"):
        assert fields[path]["only"] == {"number": ON_THE_MAP}
    for path in ("edge", "start"):
        assert fields[path]["only"] == {"number": AIRPLANES}
    [brand] = at_work(table, "brand_manager")
    base = {"player": "ann", "marketeer": brand, "product": "beer", "duration": 1}
    square = chosen(fields["top_left"], marketeer=brand)["offer"][0]["value"]
    refusal = recorded(table, **base, number=7, top_left=square, size=[1, 4])
    assert refusal.rule == "FCM-MKT-3"


def test_a_campaign_lasts_up_to_its_marketeer_s_longest():
    """FCM-MKT-1: a marketing trainee's campaign lasts 1 or 2 turns, a brand manager's up to 4;
    a longer one is left out in words and refused by the action."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    duration = campaign_choices(table)["duration"]
    [trainee] = at_work(table, "marketing_trainee")
    [brand] = at_work(table, "brand_manager")
    assert [e["value"] for e in chosen(duration, marketeer=trainee)["offer"]] == [1, 2]
    assert [e["label"] for e in chosen(duration, marketeer=trainee)["offer"]] == [
        "1 turn",
        "2 turns",
    ]
    assert [e["value"] for e in chosen(duration, marketeer=brand)["offer"]] == [1, 2, 3, 4]
    five = chosen(duration, marketeer=brand)["left_out"]
    assert [(e["value"], e["rule"]) for e in five] == [(5, "FCM-MKT-1")]
    assert five[0]["message"] == "a Brand Manager's campaign lasts 1 to 4 turns, not 5"
    square = chosen(campaign_choices(table)["top_left"], marketeer=brand)["offer"][0]["value"]
    refusal = recorded(table, player="ann", marketeer=brand, product="beer", duration=5,
                       number=15, top_left=square, size=[1, 1])  # fmt: skip
    assert refusal.rule == "FCM-MKT-1"


def test_an_airplane_is_offered_the_edges_and_starts_it_may_fly_at():
    """FCM-MKT-4: an airplane flies beside an edge over its 1, 3 or 5 rows or columns, on the
    map and over no other airplane beside that edge. With airplane 6 beside the north edge
    over columns 2 to 6, airplane 4's north starts over those are left out; every start
    offered is recorded, every one left out refused by the rule the answer names."""
    table = working(ann_work=["brand_manager", "brand_manager"])
    first, second = at_work(table, "brand_manager")
    table.record("campaign_placed", player="ann", marketeer=first, number=6, product="soda",
                 duration=1, edge="N", start=2)  # fmt: skip
    fields = campaign_choices(table)
    start = chosen(fields["start"], marketeer=second, number=4, edge="N")
    width = board_of(table.state["board"]).width
    assert sorted(e["value"] for e in start["offer"] + start["left_out"]) == list(range(width))
    assert [e["value"] for e in start["left_out"]] == [2, 3, 4, 5, 6]
    assert {e["rule"] for e in start["left_out"]} == {"FCM-MKT-4"}
    assert start["left_out"][0]["message"] == "airplane 4 would overlap airplane 6 beside edge N"
    assert [e["label"] for e in start["offer"]][:3] == ["column 0", "column 1", "column 7"]
    wide = chosen(fields["start"], marketeer=second, number=6, edge="W")["offer"]
    assert wide == []  # airplane 6 is on the map already: not in the supply
    base = {"player": "ann", "marketeer": second, "number": 4, "product": "soda", "duration": 1}
    for entry in start["offer"]:
        assert recorded(table, **base, edge="N", start=entry["value"]) is None, entry
    for entry in start["left_out"]:
        assert recorded(table, **base, edge="N", start=entry["value"]).rule == entry["rule"]
    assert campaign_choices_module.lane_words("W", 3, 5) == "rows 3 to 7"
    edges = chosen(fields["edge"], marketeer=second, number=4)["offer"]
    assert [(e["value"], e["label"]) for e in edges] == [
        ("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")]  # fmt: skip


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
