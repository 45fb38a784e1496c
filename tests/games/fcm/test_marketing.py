"""games/fcm/actions/marketing.py: a marketeer at work places a campaign (FCM-MKT-1 to 7)."""

from games.errors import RuleViolation
from games.fcm.data import CAMPAIGNS
from games.fcm.map.board import board_of
from games.fcm.map.pieces import campaign_squares, entrance_squares
from games.fcm.map.placement import check_campaign
from games.fcm.map.roads import road_distance
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working


def spots(state, number, owner="ann"):
    """(placement, crossings from the owner's nearest entrance) of every legal place of
    billboard or mailbox `number` on the map, nearest first."""
    board = board_of(state["board"])
    rows, cols = CAMPAIGNS[number]["footprint"]
    found = []
    for r in range(board.height):
        for c in range(board.width):
            for size in {(rows, cols), (cols, rows)}:
                placement = {"top_left": [r, c], "size": list(size)}
                campaign = {"number": number, **placement}
                try:
                    check_campaign(board, state["board"], campaign)
                except RuleViolation:
                    continue
                squares = campaign_squares(campaign)
                mine = [r for r in state["board"]["restaurants"] if r["owner"] == owner]
                reach = [road_distance(board, entrance_squares(r), squares) for r in mine]
                reach = [d for d in reach if d is not None]
                if reach:
                    found.append((placement, min(reach)))
    return sorted(found, key=lambda found: found[1])


def billboard(number=14):
    table = working(ann_work=["marketing_trainee"])
    [trainee] = [i for i in ids(table.state, "ann", "marketing_trainee")
                 if any(c["id"] == i and c["place"] == "work"
                        for c in table.state["chains"]["ann"]["cards"])]  # fmt: skip
    return table, trainee


def test_a_marketeer_places_a_campaign_and_is_busy_with_it():
    """FCM-MKT-1, FCM-MKT-5, FCM-MKT-6: tokens for its duration; the marketeer leaves its
    slot; ann holds the first billboard milestone, so the campaign is eternal (FCM-MILE-2)."""
    table, trainee = billboard()
    placement, _ = spots(table.state, 14)[0]
    table.record("campaign_placed", player="ann", marketeer=trainee, number=14,
                 product="pizza", duration=2, **placement)  # fmt: skip
    [campaign] = [c for c in table.state["board"]["campaigns"] if c["number"] == 14]
    assert campaign["marketeer"] == trainee and campaign["product"] == "pizza"
    assert (campaign["eternal"], campaign["remaining"]) == (True, 1)
    assert 14 not in table.state["supply"]["campaigns"]
    card = next(c for c in table.state["chains"]["ann"]["cards"] if c["id"] == trainee)
    assert (card["place"], card["boss"], card["campaign"]) == ("busy", None, 14)


def test_a_campaign_without_the_milestone_holds_a_token_a_turn():
    """FCM-MKT-5: ann without the first billboard milestone, and no copy of it left for her
    billboard to claim (the original edition), so it is not eternal either (FCM-MILE-2)."""
    table, trainee = billboard()
    table.state["chains"]["ann"]["milestones"] = []
    table.state["supply"]["milestones"]["first_billboard"] = 0
    placement, _ = spots(table.state, 14)[0]
    table.record("campaign_placed", player="ann", marketeer=trainee, number=14,
                 product="burger", duration=2, **placement)  # fmt: skip
    [campaign] = [c for c in table.state["board"]["campaigns"] if c["number"] == 14]
    assert (campaign["eternal"], campaign["remaining"]) == (False, 2)


def test_a_marketeer_places_its_kind_for_at_most_its_duration():
    """FCM-MKT-1: a marketing trainee places billboards, for 1 or 2 turns; the tile must be
    in the supply."""
    table, trainee = billboard()
    placement, _ = spots(table.state, 14)[0]
    error = table.refused("campaign_placed", "FCM-MKT-1", player="ann", marketeer=trainee,
                          number=14, product="pizza", duration=3, **placement)  # fmt: skip
    assert "lasts 1 to 2 turns, not 3" in error.message
    error = table.refused("campaign_placed", "FCM-MKT-1", player="ann", marketeer=trainee,
                          number=7, product="pizza", duration=1, **placement)  # fmt: skip
    assert "places billboard campaigns, not mailbox 7" in error.message
    error = table.refused("campaign_placed", "FCM-MKT-1", player="ann", marketeer=trainee,
                          number=11, product="pizza", duration=1, **placement)  # fmt: skip
    assert "campaign 11 is not in the supply" in error.message
    [waitress] = ids(table.state, "ann", "waitress")
    table.refused("campaign_placed", "FCM-MKT-1", player="ann", marketeer=waitress,
                  number=14, product="pizza", duration=1, **placement)  # fmt: skip


def test_a_campaign_out_of_range_by_road_is_refused():
    """FCM-MKT-2: a marketing trainee's range is two tile crossings from an entrance."""
    table, trainee = billboard()
    far = [(placement, d) for placement, d in spots(table.state, 14) if d > 2]
    assert far, "the test map has no billboard spot beyond two crossings"
    placement, distance = far[0]
    error = table.refused("campaign_placed", "FCM-MKT-2", player="ann", marketeer=trainee,
                          number=14, product="pizza", duration=1, **placement)  # fmt: skip
    assert error.details == {"range": 2, "nearest": distance}


def test_a_campaign_on_squares_taken_is_refused():
    """FCM-MKT-3: not on a restaurant."""
    table, trainee = billboard()
    restaurant = next(r for r in table.state["board"]["restaurants"] if r["owner"] == "ann")
    error = table.refused("campaign_placed", "FCM-MKT-3", player="ann", marketeer=trainee,
                          number=14, product="pizza", duration=1,
                          top_left=restaurant["top_left"], size=[1, 2])  # fmt: skip
    assert "is a restaurant of ann" in error.message
