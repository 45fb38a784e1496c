"""games/fcm/turn/campaigns.py: the marketing campaigns and cleanup, resolved by the worker, and
the next turn (FCM-CAMP-1 to 5, FCM-CLEAN-1 to 3)."""

import games.fcm as fcm
from games.fcm.map.board import board_of
from games.fcm.map.reach import houses_reached
from tests.games.fcm.table import Table, turn_five
from tests.games.fcm.test_restructuring import ids


def at_marketing(**changes):
    """ann and bob at turn 5's marketing: campaigns 11 (ann's billboard, burger, 2 left), 5
    (bob's airplane, beer, 3 left) and 9 (ann's eternal mailbox, pizza)."""
    position = turn_five()
    position.update(phase="marketing", restructuring=None, marketing={"last": 0})
    for house in position["board"]["houses"]:
        house["demand"] = []
    position.update(changes)
    return Table(position["players"], position=position)


def resolved(table):
    events = fcm.resolve(table.state)
    for event in events:
        table.record(event["type"].removeprefix("fcm."), actor="system:marketing",
                     **event["payload"])  # fmt: skip
    return events


def reached(state, number):
    campaign = next(c for c in state["board"]["campaigns"] if c["number"] == number)
    return houses_reached(board_of(state["board"]), state["board"], campaign)


def test_campaigns_run_in_number_order_one_token_a_house_reached():
    """FCM-CAMP-1, FCM-CAMP-3, FCM-CAMP-4: 5, then 9, then 11, each house it reaches getting
    a token of its product."""
    table = at_marketing()
    expected = {n: reached(table.state, n) for n in (5, 9, 11)}
    assert expected[5], "the airplane reaches no house on this map"
    events = resolved(table)
    assert [e["payload"]["number"] for e in events] == [5, 9, 11]
    for event in events:
        assert sorted(map(int, event["payload"]["tokens"])) == expected[event["payload"]["number"]]
    houses = {h["number"]: h["demand"] for h in table.state["board"]["houses"]}
    for number in expected[5]:
        assert "beer" in houses[number]
    assert table.state["phase"] == "cleanup"


def test_a_full_house_takes_no_more():
    """FCM-CAMP-2: a house holds three tokens, five with a garden."""
    table = at_marketing()
    number, target = next((n, h) for n in (5, 9, 11) for h in reached(table.state, n))
    for house in table.state["board"]["houses"]:
        if house["number"] == target:
            house["demand"] = ["soda"] * (5 if house["garden"] else 3)
    events = resolved(table)
    [ran] = [e for e in events if e["payload"]["number"] == number]
    assert ran["payload"]["tokens"][str(target)] == 0


def test_a_token_comes_off_each_campaign_the_empty_one_returns_the_eternal_stays():
    """FCM-CAMP-5, FCM-MKT-7: 11 had 2, 5 had 3; 9 is eternal. Only a campaign with one
    token left returns to the supply, and frees its marketeer to hand."""
    table = at_marketing()
    for campaign in table.state["board"]["campaigns"]:
        if campaign["number"] == 11:
            campaign["remaining"] = 1
    resolved(table)
    left = {c["number"]: c["remaining"] for c in table.state["board"]["campaigns"]}
    assert left == {5: 2, 9: 1}
    assert 11 in table.state["supply"]["campaigns"]
    [trainee] = [
        c for c in table.state["chains"]["ann"]["cards"] if c["card"] == "marketing_trainee"
    ]
    assert (trainee["place"], trainee["campaign"]) == ("hand", None)


def test_cleanup_ends_the_turn_and_the_next_begins():
    """FCM-CLEAN-1, FCM-CLEAN-2, FCM-CLEAN-3: goods thrown away (the first to do it claims the
    freezer milestone), cards back to hand, coming-soon restaurants open, this turn's
    milestones' other copies gone; turn 6's restructuring."""
    table = at_marketing()
    chains = table.state["chains"]
    chains["ann"]["goods"]["burger"] = 2
    [waitress] = ids(table.state, "ann", "waitress")
    for card in chains["ann"]["cards"]:
        if card["id"] == waitress:
            card.update(place="work", boss=ids(table.state, "ann", "ceo")[0], new=True)
    table.state["board"]["restaurants"][0]["status"] = "coming_soon"
    chains["bob"]["milestones"].append({"id": "first_waitress", "turn": 5})
    table.state["supply"]["milestones"]["first_waitress"] -= 1
    resolved(table)
    assert fcm.pending(table.state) == "cleanup"
    [event] = fcm.resolve(table.state)
    table.record("cleaned_up", actor="system:cleanup", **event["payload"])
    assert table.state["chains"]["ann"]["goods"]["burger"] == 0
    assert {m["id"] for m in table.state["chains"]["ann"]["milestones"]} >= {"first_throw_away"}
    card = next(c for c in table.state["chains"]["ann"]["cards"] if c["id"] == waitress)
    assert (card["place"], card["boss"], card["new"]) == ("hand", None, False)
    assert {r["status"] for r in table.state["board"]["restaurants"]} == {"open"}
    assert table.state["supply"]["milestones"]["first_waitress"] == 0
    assert table.state["supply"]["milestones"]["first_throw_away"] == 0
    assert (table.state["turn"], table.state["phase"]) == (6, "restructuring")


def with_freezer(**goods):
    """ann at turn 5's marketing with the freezer milestone and `goods`."""
    table = at_marketing()
    ann = table.state["chains"]["ann"]
    ann["goods"].update(goods)
    ann["milestones"].append({"id": "first_throw_away", "turn": 4})
    table.state["supply"]["milestones"]["first_throw_away"] -= 1
    resolved(table)
    return table


def cleaned(table):
    [event] = fcm.resolve(table.state)
    table.record("cleaned_up", actor="system:cleanup", **event["payload"])
    return event["payload"]["explanation"]


def test_the_freezer_keeps_the_ten_its_chain_chooses_and_cleanup_waits_for_the_choice():
    """FCM-CLEAN-1: ann holds 8 burgers and 4 pizzas with the freezer; cleanup waits for her
    choice; she keeps 5 and 5, the other two are thrown away at once."""
    table = with_freezer(burger=8, pizza=4)
    assert table.state["phase"] == "cleanup" and fcm.pending(table.state) is None
    table.refused("cleaned_up", "FCM-CLEAN-1", actor="system:cleanup", explanation={})
    table.refused("freezer_filled", "FCM-CLEAN-1", player="ann", kept={"pizza": 5, "burger": 5})
    table.refused("freezer_filled", "FCM-CLEAN-1", player="ann", kept={"burger": 8, "pizza": 3})
    table.refused("freezer_filled", "FCM-CLEAN-1", player="bob", kept={})
    table.record("freezer_filled", player="ann", kept={"burger": 6, "pizza": 4})
    assert fcm.pending(table.state) == "cleanup"
    explanation = cleaned(table)
    assert explanation["chains"]["ann"] == {"kept": {"burger": 6, "pizza": 4}, "thrown": {}}
    goods = table.state["chains"]["ann"]["goods"]
    assert (goods["burger"], goods["pizza"]) == (6, 4)


def test_with_ten_or_fewer_or_one_kind_there_is_nothing_to_choose():
    """FCM-CLEAN-1: 12 burgers: the freezer keeps ten of them, no choice is asked for; a
    choice recorded anyway is refused."""
    table = with_freezer(burger=12)
    assert fcm.pending(table.state) == "cleanup"
    table.refused("freezer_filled", "FCM-CLEAN-1", player="ann", kept={"burger": 10})
    explanation = cleaned(table)
    assert explanation["chains"]["ann"] == {"kept": {"burger": 10}, "thrown": {"burger": 2}}


def test_the_freezer_is_filled_only_at_cleanup():
    """FCM-TURN-1: during marketing the choice is early."""
    table = at_marketing()
    table.refused("freezer_filled", "FCM-TURN-1", player="ann", kept={})
