"""games/fcm/payday.py: firing, then salaries paid by the worker (FCM-PAY-1 to 3)."""

import json

import pytest

import games.fcm as fcm
from games.errors import RuleViolation
from games.sealed import canonical_text, commitment
from tests.games.fcm.table import Table, nonce, turn_five
from tests.games.fcm.test_restructuring import hired, ids


def at_payday(ann=(), bob=(), cash=None, unused_hires=0, milestones=(), edition="original",
              claimed=4):  # fmt: skip
    """ann and bob at turn 5's payday, each with more cards (names); ann's `milestones`,
    claimed in turn `claimed`; the game of `edition`. ann holds a CFO (turn_five's)."""
    position = hired(hired(turn_five(), "ann", *ann), "bob", *bob)
    position.update(phase="payday", restructuring=None)
    position["options"]["edition"] = edition
    position["payday"] = {"fired": [], "sealed": {}}
    for name, amount in (cash or {}).items():
        position["chains"][name]["cash"] = amount
    position["chains"]["ann"]["unused_hires"] = unused_hires
    for milestone in milestones:
        position["chains"]["ann"]["milestones"].append({"id": milestone, "turn": claimed})
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


def firing(cards, player):
    """The commitment to firing `cards`, with the player's nonce."""
    return commitment(canonical_text(cards), nonce(player))


def test_deluxe_firings_are_sealed_and_revealed_once_every_chain_has_sealed():
    """FCM-PAY-1, Deluxe: ann seals her firing; the state holds the commitment only; her
    reveal waits for bob's seal; a wrong nonce is refused without repeating the firing; the
    salaries wait for every reveal."""
    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    [waitress] = ids(table.state, "ann", "waitress")
    stock = table.state["supply"]["employees"]["waitress"]
    sealed = firing([waitress], "ann")
    table.record("firing_sealed", player="ann", commitment=sealed)
    assert table.state["payday"] == {"fired": [], "sealed": {"ann": sealed}}
    assert waitress in ids(table.state, "ann", "waitress")
    assert nonce("ann") not in json.dumps(table.state)
    error = table.refused("firing_sealed", "FCM-PAY-1", player="ann", commitment=sealed)
    assert "not yet revealed" in error.message
    error = table.refused("firing_revealed", "FCM-PAY-1", player="ann", cards=[waitress],
                          nonce=nonce("ann"))  # fmt: skip
    assert "waiting for bob" in error.message
    table.record("firing_sealed", player="bob", commitment=firing([], "bob"))
    error = table.refused("firing_revealed", "FCM-PAY-1", player="ann", cards=[waitress],
                          nonce=nonce("bob"))  # fmt: skip
    assert error.details == {"commitment": sealed} and waitress not in error.message
    table.refused("firing_revealed", "FCM-PAY-1", player="ann", cards=[], nonce=nonce("ann"))
    table.record("firing_revealed", player="ann", cards=[waitress], nonce=nonce("ann"))
    assert waitress not in ids(table.state, "ann", "waitress")
    assert table.state["supply"]["employees"]["waitress"] == stock + 1
    assert table.state["payday"] == {"fired": ["ann"], "sealed": {"bob": firing([], "bob")}}
    assert fcm.pending(table.state) is None
    table.record("firing_revealed", player="bob", cards=[], nonce=nonce("bob"))
    assert fcm.pending(table.state) == "payday"
    assert paid(table)["chains"] == {"ann": 5, "bob": 5}


def test_each_edition_refuses_the_other_s_firing():
    """FCM-PAY-1: a Deluxe game fires sealed, an original game in the open; each refusal
    names the edition and the events to record instead."""
    deluxe = at_payday(edition="deluxe")
    error = deluxe.refused("fired", "FCM-PAY-1", player="ann", cards=[])
    assert "Deluxe edition" in error.message and "fcm.firing_sealed" in error.message
    original = at_payday()
    error = original.refused("firing_sealed", "FCM-PAY-1", player="ann",
                             commitment=firing([], "ann"))  # fmt: skip
    assert "original edition" in error.message and "fcm.fired" in error.message
    error = original.refused("firing_revealed", "FCM-PAY-1", player="ann", cards=[],
                             nonce=nonce("ann"))  # fmt: skip
    assert "original edition" in error.message


def test_a_deluxe_reveal_that_opens_still_fires_only_cards_the_chain_may_fire():
    """FCM-PAY-1, Deluxe: bob sealed his busy brand manager; the reveal opens the commitment
    but is refused, and the card stays."""
    table = at_payday(edition="deluxe")
    [busy] = ids(table.state, "bob", "brand_manager")
    table.record("firing_sealed", player="ann", commitment=firing([], "ann"))
    table.record("firing_sealed", player="bob", commitment=firing([busy], "bob"))
    error = table.refused("firing_revealed", "FCM-PAY-1", player="bob", cards=[busy],
                          nonce=nonce("bob"))  # fmt: skip
    assert "busy with campaign 5" in error.message
    assert busy in ids(table.state, "bob", "brand_manager")


def test_under_deluxe_a_chain_that_cannot_pay_seals_again_once_every_firing_is_revealed():
    """FCM-PAY-1, FCM-PAY-2, Deluxe: ann owes $15 with $10 and fired nobody. She may fire
    again only once bob's firing is revealed too, sealed again; bob, who can pay, may not;
    the worker pays once she has."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100},
                      edition="deluxe")  # fmt: skip
    for player in ("ann", "bob"):
        table.record("firing_sealed", player=player, commitment=firing([], player))
    table.record("firing_revealed", player="ann", cards=[], nonce=nonce("ann"))
    [cook] = ids(table.state, "ann", "pizza_cook")
    error = table.refused("firing_sealed", "FCM-PAY-1", player="ann",
                          commitment=firing([cook], "ann"))  # fmt: skip
    assert "only once every firing is revealed" in error.message
    table.record("firing_revealed", player="bob", cards=[], nonce=nonce("bob"))
    assert fcm.pending(table.state) is None
    table.refused("firing_sealed", "FCM-PAY-1", player="bob", commitment=firing([], "bob"))
    table.record("firing_sealed", player="ann", commitment=firing([cook], "ann"))
    table.record("firing_revealed", player="ann", cards=[cook], nonce=nonce("ann"))
    assert fcm.pending(table.state) == "payday"
    assert paid(table)["chains"]["ann"] == 10


def test_a_declared_payday_holds_sealed_firings_only_in_a_deluxe_game():
    """FCM-PAY-1: a declared original payday with a sealed firing is refused; a Deluxe one
    with ann's sealed firing is taken as declared."""
    position = at_payday().state
    position["payday"]["sealed"] = {"ann": firing([], "ann")}
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-PAY-1" and "Deluxe" in caught.value.message
    position["options"]["edition"] = "deluxe"
    assert Table(position["players"], position=position).state == position


def test_the_introductory_game_has_no_payday():
    """FCM-TURN-1 as the introductory game reads (no payday, components.json): after
    dinnertime the campaigns run; nobody fires, no salaries are paid."""
    from tests.games.fcm.test_dinnertime import at_dinner, resolved

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      introductory=True)  # fmt: skip
    resolved(table)
    assert table.state["phase"] == "marketing" and table.state["payday"] is None
    table.refused("fired", "FCM-TURN-1", player="ann", cards=[])


def test_the_hundred_dollar_milestone_s_cfo_is_fired_at_that_turn_s_payday():
    """FCM-MILE-1: ann claimed first_to_have_100 this turn and holds a CFO, which it forbids
    (milestones.json `forbidden_cards`): a firing without it is refused, naming the milestone
    and the card to go; with it, it is taken. bob holds no such milestone and fires nobody."""
    table = at_payday(cash={"ann": 100, "bob": 100}, milestones=["first_to_have_100"], claimed=5)
    [cfo] = ids(table.state, "ann", "cfo")
    [waitress] = ids(table.state, "ann", "waitress")
    for cards in ([], [waitress]):
        error = table.refused("fired", "FCM-MILE-1", player="ann", cards=cards)
        assert "first_to_have_100" in error.message and cfo in error.message
    assert table.state["payday"]["fired"] == []
    table.record("fired", player="bob", cards=[])
    stock = table.state["supply"]["employees"]["cfo"]
    table.record("fired", player="ann", cards=[cfo])
    assert ids(table.state, "ann", "cfo") == []
    assert table.state["supply"]["employees"]["cfo"] == stock + 1
    assert fcm.pending(table.state) == "payday"


def test_the_milestone_claimed_at_dinnertime_sends_the_cfo_at_that_payday():
    """FCM-MILE-1, FCM-DINNER-10: ann reaches $100 at the end of dinnertime and claims the
    milestone; at the payday that follows she may not keep her CFO."""
    from tests.games.fcm.test_dinnertime import at_dinner, resolved

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      cash=95, bank=500)  # fmt: skip
    resolved(table)
    assert table.state["phase"] == "payday"
    assert {"id": "first_to_have_100", "turn": 5} in table.state["chains"]["ann"]["milestones"]
    [cfo] = ids(table.state, "ann", "cfo")
    error = table.refused("fired", "FCM-MILE-1", player="ann", cards=[])
    assert cfo in error.message
    table.record("fired", player="ann", cards=[cfo])


def test_under_deluxe_a_reveal_that_keeps_the_cfo_is_refused():
    """FCM-MILE-1, FCM-PAY-1, Deluxe: ann's sealed firing opens but leaves the CFO the
    milestone forbids her: the reveal is refused, naming the card, and the CFO stays; a firing
    sealed with it is revealed."""
    table = at_payday(cash={"ann": 100, "bob": 100}, milestones=["first_to_have_100"],
                      claimed=5, edition="deluxe")  # fmt: skip
    [cfo] = ids(table.state, "ann", "cfo")
    for player in ("ann", "bob"):
        table.record("firing_sealed", player=player, commitment=firing([], player))
    error = table.refused("firing_revealed", "FCM-MILE-1", player="ann", cards=[],
                          nonce=nonce("ann"))  # fmt: skip
    assert "first_to_have_100" in error.message and cfo in error.message
    assert ids(table.state, "ann", "cfo") == [cfo]
    table = at_payday(cash={"ann": 100, "bob": 100}, milestones=["first_to_have_100"],
                      claimed=5, edition="deluxe")  # fmt: skip
    table.record("firing_sealed", player="ann", commitment=firing([cfo], "ann"))
    table.record("firing_sealed", player="bob", commitment=firing([], "bob"))
    table.record("firing_revealed", player="ann", cards=[cfo], nonce=nonce("ann"))
    assert ids(table.state, "ann", "cfo") == []


def test_no_chain_holds_a_forbidden_card_after_the_payday_of_its_milestone():
    """FCM-MILE-1: a forbidden card cannot be held at a later payday: nobody hires a CFO (not
    entry level), trains one (refused), gains one from a milestone, and the payday of the
    claim fires it. A declared position where one is held anyway is refused: the milestone
    claimed in an earlier turn, or this turn with the chain's firing recorded."""
    for edition in ("original", "deluxe"):
        with pytest.raises(RuleViolation) as caught:
            at_payday(milestones=["first_to_have_100"], claimed=4, edition=edition)
        assert caught.value.rule == "FCM-MILE-1" and "cfo" in caught.value.message
    position = at_payday(milestones=["first_to_have_100"], claimed=5).state
    position["payday"]["fired"] = ["ann"]
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-MILE-1"
    position.update(phase="marketing", payday=None, marketing={"last": 0})
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-MILE-1"
