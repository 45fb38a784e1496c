"""games/fcm/bankruptcy.py: a chain that owes the bank more than it holds (a sale below $0,
FCM-DINNER-5), under the table's choice at creation. By default (`"unpaid"`) it pays what it
has and plays on; under the designer's ruling (`"designer"`) it pays what it has and is
bankrupt from that moment: no more sales, milestones or turns, and last at the end."""

import games.fcm as fcm
from games.fcm.bankruptcy import ranking
from tests.games.fcm.table import Table, created
from tests.games.fcm.test_dinnertime import at_dinner, discounting, resolved


def two_houses(bankruptcy="designer", ann_cash=1, bob_goods=None, **at):
    """ann at -$2 a burger with `ann_cash`, two burgers; house 2 (no garden) and house 13 (a
    garden) each want one; bob sells at $10 (one burger unless `bob_goods` says otherwise).
    Both reach both houses, ann cheaper: by today's reading she serves both."""
    bob = {"burger": 1} if bob_goods is None else bob_goods
    table = at_dinner(demand={2: ["burger"], 13: ["burger"]},
                      goods={"ann": {"burger": 2}, "bob": bob}, **at)  # fmt: skip
    position = table.state
    discounting(position, "ann")
    position["chains"]["ann"]["cash"] = ann_cash
    if bankruptcy:
        position["options"]["bankruptcy"] = bankruptcy
    return Table(position["players"], position=position)


def play_on(table, until):
    """The worker's phases, and bob firing nobody at payday, until the game is in `until`."""
    while table.state["phase"] != until:
        if fcm.pending(table.state):
            resolved(table)
        else:
            table.record("fired", player="bob", cards=[])


def test_the_table_chooses_the_reading_at_creation_and_none_chosen_is_today_s():
    """FCM-DINNER-5: `options.bankruptcy` is "unpaid" (today's reading, the default) or
    "designer"; a game created without it, as every older log was, keeps no such option."""
    assert "bankruptcy" not in created(["ann", "bob"])["options"]
    assert created(["ann", "bob"], bankruptcy="designer")["options"]["bankruptcy"] == "designer"
    assert created(["ann", "bob"], bankruptcy="unpaid")["options"]["bankruptcy"] == "unpaid"


def test_by_default_a_chain_that_cannot_pay_plays_on_with_nothing():
    """FCM-DINNER-5, today's reading: ann owes $2 at house 2 and holds $1; she pays it, the
    rest goes unpaid, and she serves house 13 too."""
    for option in (None, "unpaid"):
        table = two_houses(bankruptcy=option)
        two, thirteen, _ = resolved(table)
        assert two["payload"]["explanation"]["paid_to_bank"] == {"paid": 1, "unpaid": 1}
        assert thirteen["payload"]["winner"] == "ann"
        assert table.state["turn_order"] == ["ann", "bob"]
        assert "bankrupt" not in table.state["chains"]["ann"]


def test_a_bankrupt_chain_between_two_sales_the_house_after_goes_to_the_next_chain():
    """FCM-DINNER-5, the designer's ruling: ann owes the bank $2 for house 2 and holds $1. She
    pays the $1 and is bankrupt from then: house 13, which she would have served, goes to bob
    by the usual rules; she collects nothing after the houses and leaves the turn order."""
    table = two_houses()
    bank = table.state["bank"]["cash"]
    two, thirteen, ended = resolved(table)
    assert (two["payload"]["winner"], two["payload"]["income"]) == ("ann", -2)
    assert two["payload"]["explanation"]["paid_to_bank"] == {"paid": 1, "unpaid": 1,
                                                             "bankrupt": True}  # fmt: skip
    assert thirteen["payload"]["winner"] == "bob"
    assert thirteen["payload"]["explanation"]["bankrupt"] == ["ann"]
    assert [c["chain"] for c in thirteen["payload"]["explanation"]["considered"]] == ["bob"]
    assert list(ended["payload"]["chains"]) == ["bob"]
    ann = table.state["chains"]["ann"]
    assert ann["cash"] == 0 and ann["goods"]["burger"] == 1
    assert ann["bankrupt"] == {"turn": 5, "house": 2, "owed": 2, "paid": 1, "place": 1}
    assert table.state["turn_order"] == ["bob"]
    assert table.state["bank"]["cash"] == bank + 1 - thirteen["payload"]["income"]


def test_a_chain_that_can_pay_what_it_owes_is_not_bankrupt():
    """FCM-DINNER-5: ann holds the $2 she owes: she pays it all and plays on."""
    table = two_houses(ann_cash=6)
    two, thirteen, _ = resolved(table)
    assert two["payload"]["explanation"]["paid_to_bank"] == {"paid": 2, "unpaid": 0}
    assert thirteen["payload"]["winner"] == "ann" and "bankrupt" not in thirteen["payload"][
        "explanation"]["paid_to_bank"]  # fmt: skip
    assert table.state["chains"]["ann"]["cash"] == 0
    assert "bankrupt" not in table.state["chains"]["ann"]


def test_nobody_waits_on_a_bankrupt_chain_and_its_actions_are_refused():
    """FCM-DINNER-5, FCM-PAY-1: at payday only bob is asked whom he fires; anything recorded
    for ann is refused, naming the rule and saying she is bankrupt."""
    table = two_houses()
    resolved(table)
    assert table.state["phase"] == "payday"
    assert fcm.awaiting(table.state)["from"] == ["player:bob"]
    error = table.refused("fired", "FCM-DINNER-5", player="ann", cards=[])
    assert "ann is bankrupt" in str(error) and "turn 5" in str(error)


def test_its_stock_thrown_away_at_cleanup_claims_nothing():
    """FCM-CLEAN-1, FCM-MILE-1: ann's burger left over is thrown away at cleanup as everyone's
    is, but a bankrupt chain claims no milestone: the first to throw away is bob's alone."""
    table = two_houses(bob_goods={"burger": 1, "beer": 1})
    play_on(table, until="cleanup")
    [cleaned] = resolved(table)
    report = cleaned["payload"]["explanation"]["chains"]
    assert report["ann"]["thrown"] == {"burger": 1} and report["bob"]["thrown"] == {"beer": 1}
    held = {name: [m["id"] for m in chain["milestones"]]
            for name, chain in table.state["chains"].items()}  # fmt: skip
    assert "first_throw_away" in held["bob"] and "first_throw_away" not in held["ann"]


def test_the_next_turn_goes_on_without_it():
    """FCM-RESTR-1, FCM-ORDER-1, FCM-WORK-1: the next turn asks only bob for his structure,
    his place in the turn order and his working; ann's structure is empty."""
    table = two_houses()
    play_on(table, until="restructuring")
    assert table.state["restructuring"]["ann"]["structure"] == {}
    assert fcm.awaiting(table.state)["from"] == ["player:bob"]
    table.record("structure_chosen", player="bob", structure={})
    assert table.state["order_of_business"]["to_pick"] == ["bob"]
    table.refused("turn_order_picked", "FCM-DINNER-5", player="ann", place=1)
    table.record("turn_order_picked", player="bob", place=1)
    assert table.state["turn_order"] == ["bob"] and table.state["working"]["player"] == "bob"


def test_at_the_end_a_bankrupt_chain_ranks_after_every_chain_that_is_not():
    """FCM-BANK-4 under the designer's ruling: ann goes bankrupt at the last dinnertime with $0,
    bob sells nothing and has $0 too. A tie goes to the earlier in turn order, ann, but a
    bankrupt chain ranks last: bob wins."""
    table = two_houses(bob_goods={}, bank=0, breaks=2)
    for chain in table.state["chains"].values():
        chain["reserve"]["revealed"] = 200
    table.state["chains"]["bob"]["cash"] = 0
    resolved(table)
    assert table.state["phase"] == "over" and table.state["winner"] == "bob"
    assert ranking(table.state) == ["bob", "ann"]
    assert "ann went bankrupt at house 2 of turn 5" in fcm.awaiting(table.state)["what"]


def test_among_bankrupt_chains_the_later_bankruptcy_ranks_higher():
    """FCM-BANK-4, docs/rules/fcm.md: every chain that is not bankrupt first, by cash, a tie to
    the earlier in turn order; then the bankrupt ones, the last to go first (it stayed in the
    game longer), at the same moment the earlier in the turn order it had first."""
    state = {
        "turn_order": ["dan", "cat"],
        "chains": {
            "ann": {"cash": 0, "bankrupt": {"turn": 4, "house": 7, "owed": 3, "paid": 0,
                                            "place": 1}},
            "bob": {"cash": 0, "bankrupt": {"turn": 6, "house": None, "owed": 2, "paid": 1,
                                            "place": 2}},
            "eve": {"cash": 0, "bankrupt": {"turn": 6, "house": None, "owed": 2, "paid": 1,
                                            "place": 1}},
            "cat": {"cash": 40},
            "dan": {"cash": 10},
        },
    }  # fmt: skip
    assert ranking(state) == ["cat", "dan", "eve", "bob", "ann"]


def test_the_chart_marks_a_bankrupt_chain_out():
    """FCM-DINNER-5: on the chart (chart.py) ann's line ends where she went bankrupt."""
    from games.fcm import chart

    table = two_houses()
    resolved(table)
    out = {line["name"]: line["out"] for line in chart.points(table.state)["series"]}
    assert out == {"ann": True, "bob": False, "Bank": False}
