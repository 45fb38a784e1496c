"""games/fcm/payday.py: firing, then salaries paid by the worker (FCM-PAY-1 to 3)."""

import games.fcm as fcm
from tests.games.fcm.table import Table, turn_five
from tests.games.fcm.test_restructuring import hired, ids


def at_payday(ann=(), bob=(), cash=None, unused_hires=0, milestones=()):
    """ann and bob at turn 5's payday, each with more cards (names); ann's `milestones`."""
    position = hired(hired(turn_five(), "ann", *ann), "bob", *bob)
    position.update(phase="payday", restructuring=None)
    position["payday"] = {"fired": []}
    for name, amount in (cash or {}).items():
        position["chains"][name]["cash"] = amount
    position["chains"]["ann"]["unused_hires"] = unused_hires
    for milestone in milestones:
        position["chains"]["ann"]["milestones"].append({"id": milestone, "turn": 4})
        position["supply"]["milestones"][milestone] -= 1
    return Table(position["players"], position=position)


def paid(table):
    """The worker's salaries, folded as the service folds them."""
    [event] = fcm.resolve(table.state)
    table.record("salaries_paid", actor="system:payday", **event["payload"])
    return event["payload"]


def test_fired_cards_go_back_to_the_stock_busy_marketeers_stay():
    """FCM-PAY-1."""
    table = at_payday()
    [waitress] = ids(table.state, "ann", "waitress")
    stock = table.state["supply"]["employees"]["waitress"]
    table.record("fired", player="ann", cards=[waitress])
    assert waitress not in ids(table.state, "ann", "waitress")
    assert table.state["supply"]["employees"]["waitress"] == stock + 1
    [busy] = ids(table.state, "bob", "brand_manager")
    error = table.refused("fired", "FCM-PAY-1", player="bob", cards=[busy])
    assert "busy with campaign 5" in error.message
    table.refused("fired", "FCM-PAY-1", player="bob", cards=ids(table.state, "bob", "ceo"))
    error = table.refused("fired", "FCM-PAY-1", player="ann", cards=[])
    assert "already" in error.message


def test_a_card_named_twice_is_refused_not_fired_twice():
    """FCM-PAY-1: a firing that names a card twice is refused, the stock unchanged."""
    table = at_payday()
    [waitress] = ids(table.state, "ann", "waitress")
    error = table.refused("fired", "FCM-PAY-1", player="ann", cards=[waitress, waitress])
    assert "named twice" in error.message


def test_salaries_wait_for_every_chain_s_firing():
    """FCM-PAY-1, FCM-PAY-2: the worker pays once both have recorded theirs."""
    table = at_payday(cash={"ann": 100, "bob": 100})
    assert fcm.pending(table.state) is None
    table.record("fired", player="ann", cards=[])
    assert fcm.pending(table.state) is None
    table.record("fired", player="bob", cards=[])
    assert fcm.pending(table.state) == "payday"


def test_five_dollars_a_salaried_card_busy_marketeers_included():
    """FCM-PAY-2: bob's brand manager is busy and paid; his kitchen trainees draw none; ann pays
    her CFO and her burger cook, not her busy campaign manager: she holds the first billboard
    milestone."""
    table = at_payday(ann=["burger_cook"], cash={"ann": 100, "bob": 100})
    bank = table.state["bank"]["cash"]
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    payload = paid(table)
    assert payload["chains"] == {"ann": 10, "bob": 5}
    assert sorted(payload["explanation"]["ann"]["cards"]) == sorted(
        ids(table.state, "ann", "burger_cook") + ids(table.state, "ann", "cfo")
    )
    assert table.state["chains"]["ann"]["cash"] == 90 and table.state["bank"]["cash"] == bank + 15
    assert table.state["phase"] == "marketing" and table.state["payday"] is None


def test_every_discount_is_used_and_salaries_never_drop_below_zero():
    """FCM-PAY-3: two unused hires ($10) and the first-train milestone ($15) against $15."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 100, "bob": 100},
                      unused_hires=2, milestones=["first_train"])  # fmt: skip
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    payload = paid(table)
    ann = payload["explanation"]["ann"]
    assert (ann["gross"], ann["discounts"], ann["net"]) == (
        15,
        {"unused hires": 10, "first_train": 15},
        0,
    )
    assert table.state["chains"]["ann"]["unused_hires"] == 0


def test_a_chain_that_cannot_pay_fires_until_it_can():
    """FCM-PAY-1, FCM-PAY-2: ann owes $15 with $10; the game waits for her to fire again."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    assert fcm.pending(table.state) is None
    table.record("fired", player="ann", cards=ids(table.state, "ann", "pizza_cook"))
    assert fcm.pending(table.state) == "payday"
    assert paid(table)["chains"]["ann"] == 10
