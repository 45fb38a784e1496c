"""games/fcm/turn/payday.py: firing, then salaries paid by the worker (FCM-PAY-1 to 3)."""

import copy
import json

import pytest

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.sentences import describe
from games.fcm.turn.payday import salaries
from games.sealed import canonical_text, commitment
from tests.games.fcm.table import Table, nonce, turn_five
from tests.games.fcm.test_restructuring import hired, ids


def at_payday(ann=(), bob=(), cash=None, unused_hires=0, milestones=(), edition="original",
              claimed=4, recruiters=None):  # fmt: skip
    """ann and bob at turn 5's payday, each with more cards (names); ann's `milestones`,
    claimed in turn `claimed`; the game of `edition`; the recruiting cards that were at work,
    {card id: hires}. ann holds a CFO (turn_five's)."""
    position = hired(hired(turn_five(), "ann", *ann), "bob", *bob)
    position.update(phase="payday", restructuring=None)
    position["options"]["edition"] = edition
    position["payday"] = {"fired": [], "sealed": {}, "recruiters": recruiters or {}}
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
    error = table.refused("fired", "FCM-PAY-2", player="ann", cards=[])
    assert "before bob" in error.message
    table.record("fired", player="bob", cards=[])
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


def recruiting(**kwargs):
    """ann at payday with a recruiting manager that was at work, its two hires unused."""
    table = at_payday(ann=["recruiting_manager"], unused_hires=2, **kwargs)
    position = table.state
    [manager] = ids(position, "ann", "recruiting_manager")
    position["payday"]["recruiters"] = {manager: 2}
    return Table(position["players"], position=position), manager


def test_every_discount_is_used_and_salaries_never_drop_below_zero():
    """FCM-PAY-3, FCM-RECRUIT-3: two unused hires ($10) and the first-train milestone ($15)
    against $20 (the recruiting manager, a CFO and two cooks)."""
    table, _ = recruiting(cash={"ann": 100, "bob": 100}, milestones=["first_train"])
    position = hired(table.state, "ann", "burger_cook", "pizza_cook")
    table = Table(position["players"], position=position)
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    payload = paid(table)
    ann = payload["explanation"]["ann"]
    assert (ann["gross"], ann["discounts"], ann["net"]) == (
        20,
        {"unused hires": 10, "first_train": 15},
        0,
    )
    assert table.state["chains"]["ann"]["unused_hires"] == 0


def test_unused_hires_are_a_discount_only_while_the_chain_holds_its_recruiting_manager():
    """FCM-RECRUIT-3, FCM-PAY-3: ann fires her recruiting manager first: its unused hires go
    with it, and she pays for the CFO."""
    table, manager = recruiting(cash={"ann": 100, "bob": 100})
    assert salaries(table.state, "ann")["discounts"]["unused hires"] == 10
    table.record("fired", player="ann", cards=[manager])
    table.record("fired", player="bob", cards=[])
    ann = paid(table)["explanation"]["ann"]
    assert (ann["gross"], ann["discounts"]["unused hires"], ann["net"]) == (5, 0, 5)


def test_a_fired_manager_s_reports_go_to_the_beach():
    """FCM-PAY-1, FCM-RESTR-2: ann fires the management trainee her waitress reports to."""
    table = at_payday(ann=["management_trainee"], cash={"ann": 100, "bob": 100})
    position = table.state
    cards = {c["card"]: c for c in position["chains"]["ann"]["cards"]}
    ceo, trainee, waitress = cards["ceo"], cards["management_trainee"], cards["waitress"]
    trainee.update(place="work", boss=ceo["id"])
    waitress.update(place="work", boss=trainee["id"])
    table = Table(position["players"], position=position)
    table.record("fired", player="ann", cards=[trainee["id"]])
    [after] = [c for c in table.state["chains"]["ann"]["cards"] if c["id"] == waitress["id"]]
    assert (after["place"], after["boss"]) == ("beach", None)


def test_a_chain_with_nothing_it_could_fire_is_not_asked():
    """FCM-PAY-1: bob holds only his CEO and a busy brand manager: only ann is asked, and the
    salaries are paid once she has fired; `next` says what each owes and whether it can pay."""
    table = at_payday(cash={"ann": 100, "bob": 100})
    position = table.state
    bob = position["chains"]["bob"]
    for card in [c for c in bob["cards"] if c["card"] == "kitchen_trainee"]:
        bob["cards"].remove(card)
        position["supply"]["employees"]["kitchen_trainee"] += 1
    table = Table(position["players"], position=position)
    waiting = fcm.awaiting(table.state)
    assert waiting["from"] == ["player:ann"]
    assert "ann owes $5 and holds $100, bob owes $5 and holds $100" in waiting["what"]
    table.record("fired", player="ann", cards=[])
    error = table.refused("fired", "FCM-PAY-1", player="bob", cards=[])
    assert "no card to fire" in error.message
    assert fcm.pending(table.state) == "payday"


def test_a_chain_that_cannot_pay_fires_until_it_can():
    """FCM-PAY-1, FCM-PAY-2: ann owes $15 with $10; the game waits for her to fire again, and
    `next` says so, with what she owes."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    assert "ann owes $15 and holds $10: cannot pay" in fcm.awaiting(table.state)["what"]
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    assert fcm.pending(table.state) is None
    assert fcm.awaiting(table.state)["from"] == ["player:ann"]
    table.record("fired", player="ann", cards=ids(table.state, "ann", "pizza_cook"))
    assert fcm.pending(table.state) == "payday"
    assert paid(table)["chains"]["ann"] == 10


def test_a_chain_that_cannot_pay_fires_salaried_cards_and_no_more_than_it_needs():
    """FCM-PAY-2: ann owes $15 with $10. Her second firing may not be empty, may not name her
    waitress (no salary), may not fire both cooks (one is enough), may not leave her short."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    [waitress] = ids(table.state, "ann", "waitress")
    cooks = ids(table.state, "ann", "burger_cook") + ids(table.state, "ann", "pizza_cook")
    error = table.refused("fired", "FCM-PAY-2", player="ann", cards=[])
    assert "would still owe $15 with $10" in error.message
    error = table.refused("fired", "FCM-PAY-2", player="ann", cards=[waitress, cooks[0]])
    assert "only cards that draw a salary" in error.message
    error = table.refused("fired", "FCM-PAY-2", player="ann", cards=cooks)
    assert "could pay without firing" in error.message
    table.record("fired", player="ann", cards=cooks[:1])
    assert fcm.pending(table.state) == "payday"


def test_a_busy_marketeer_goes_only_when_nothing_else_lets_the_chain_pay():
    """FCM-PAY-1, FCM-PAY-2: bob owes $10 with $5 for a cook and his busy brand manager: he
    fires the cook, not the marketeer. With $0 and nothing else that draws a salary, he fires
    the brand manager, and its campaign runs on without it."""
    table = at_payday(bob=["burger_cook"], cash={"ann": 100, "bob": 5})
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    [busy] = ids(table.state, "bob", "brand_manager")
    [cook] = ids(table.state, "bob", "burger_cook")
    error = table.refused("fired", "FCM-PAY-2", player="bob", cards=[busy])
    assert "busy with a campaign may go only when nothing else" in error.message
    table.record("fired", player="bob", cards=[cook])
    assert fcm.pending(table.state) == "payday"
    table = at_payday(cash={"ann": 100, "bob": 0})
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    assert fcm.awaiting(table.state)["from"] == ["player:bob"]
    table.record("fired", player="bob", cards=[busy])
    [campaign] = [c for c in table.state["board"]["campaigns"] if c["number"] == 5]
    assert campaign["marketeer"] is None and campaign["remaining"] == 3
    assert Table(table.state["players"], position=table.state).state == table.state
    position = copy.deepcopy(table.state)
    [eternal] = [c for c in position["board"]["campaigns"] if c["number"] == 5]
    eternal.update(eternal=True, remaining=1)
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-PAY-2" and "eternal" in caught.value.message
    assert paid(table)["chains"]["bob"] == 0


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
    assert table.state["payday"] == {"fired": [], "sealed": {"ann": sealed}, "recruiters": {}}
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
    assert table.state["payday"] == {
        "fired": ["ann"],
        "sealed": {"bob": firing([], "bob")},
        "recruiters": {},
    }
    assert fcm.pending(table.state) is None
    table.record("firing_revealed", player="bob", cards=[], nonce=nonce("bob"))
    assert fcm.pending(table.state) == "payday"
    assert paid(table)["chains"] == {"ann": 5, "bob": 5}


def test_each_edition_refuses_the_other_s_firing():
    """FCM-PAY-1: a Deluxe game fires sealed, an original game in the open; each refusal
    names the edition and the events to record instead."""
    deluxe = at_payday(edition="deluxe")
    error = deluxe.refused("fired", "FCM-PAY-1", player="ann", cards=[])
    assert "Deluxe edition" in error.message and "“Firing sealed”" in error.message
    original = at_payday()
    error = original.refused("firing_sealed", "FCM-PAY-1", player="ann",
                             commitment=firing([], "ann"))  # fmt: skip
    assert "original edition" in error.message and "“Fired”" in error.message
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


def test_under_deluxe_a_chain_asked_nothing_at_first_may_reveal_its_busy_marketeer_to_pay():
    """FCM-PAY-1, FCM-PAY-2, Deluxe: bob holds his CEO and his busy brand manager alone, with
    $0: he has no card to fire of his own will, so only ann seals a first firing; then bob
    cannot pay, seals his brand manager and reveals it, fired as the firing that must let him
    pay (the reveal judges the firing the seal was made for, not a first one)."""
    position = at_payday(cash={"ann": 100, "bob": 0}, edition="deluxe").state
    chain = position["chains"]["bob"]
    chain["cards"] = [card for card in chain["cards"] if card["card"] != "kitchen_trainee"]
    position["supply"]["employees"]["kitchen_trainee"] += 2
    table = Table(position["players"], position=position)
    table.record("firing_sealed", player="ann", commitment=firing([], "ann"))
    table.record("firing_revealed", player="ann", cards=[], nonce=nonce("ann"))
    [busy] = ids(table.state, "bob", "brand_manager")
    table.record("firing_sealed", player="bob", commitment=firing([busy], "bob"))
    table.record("firing_revealed", player="bob", cards=[busy], nonce=nonce("bob"))
    assert busy not in ids(table.state, "bob", "brand_manager")
    assert paid(table)["chains"]["bob"] == 0


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


def test_the_hundred_dollar_milestone_s_cfo_is_fired_by_the_worker_as_payday_begins():
    """FCM-MILE-1: ann claimed first_to_have_100 this turn and holds a CFO, which it forbids
    (milestones.json `forbidden_cards`): the worker fires it before anyone fires, naming the
    milestone; a chain's own firing waits for it. bob holds no such milestone."""
    for edition in ("original", "deluxe"):
        table = at_payday(cash={"ann": 100, "bob": 100}, milestones=["first_to_have_100"],
                          claimed=5, edition=edition)  # fmt: skip
        [cfo] = ids(table.state, "ann", "cfo")
        assert fcm.pending(table.state) == "payday"
        assert fcm.awaiting(table.state)["from"] == ["system:payday"]
        if edition == "original":
            table.refused("fired", "FCM-MILE-1", player="ann", cards=[cfo])
        [event] = fcm.resolve(table.state)
        assert event["payload"]["chains"] == {"ann": [cfo]}
        assert event["payload"]["explanation"] == {
            "forbidden_by": {"ann": {cfo: "first_to_have_100"}}
        }
        assert describe(event, table.state) == (
            "the worker fired what a milestone forbids: ann's CFO (First to have $100)"
        )
        stock = table.state["supply"]["employees"]["cfo"]
        table.record("forbidden_fired", actor="system:payday", **event["payload"])
        assert ids(table.state, "ann", "cfo") == []
        assert table.state["supply"]["employees"]["cfo"] == stock + 1
        assert fcm.pending(table.state) is None
        assert set(fcm.awaiting(table.state)["from"]) == {"player:ann", "player:bob"}


def test_the_milestone_claimed_at_dinnertime_sends_the_cfo_at_that_payday():
    """FCM-MILE-1, FCM-DINNER-10: ann reaches $100 at the end of dinnertime and claims the
    milestone; the worker's next event fires her CFO."""
    from tests.games.fcm.test_dinnertime import at_dinner, resolved

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      cash=95, bank=500)  # fmt: skip
    resolved(table)
    assert table.state["phase"] == "payday"
    assert {"id": "first_to_have_100", "turn": 5} in table.state["chains"]["ann"]["milestones"]
    [cfo] = ids(table.state, "ann", "cfo")
    [event] = fcm.resolve(table.state)
    assert (event["type"], event["payload"]["chains"]) == ("fcm.forbidden_fired", {"ann": [cfo]})


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
    position.update(phase="marketing", payday=None, marketing={"last": 0})
    with pytest.raises(RuleViolation) as caught:
        Table(position["players"], position=position)
    assert caught.value.rule == "FCM-MILE-1"


def test_a_busy_marketeer_stays_while_other_salaried_cards_would_let_the_chain_pay():
    """FCM-PAY-2: bob owes $10 with $0: a recruiting manager whose two unused hires are worth
    $10, two cooks and a busy brand manager ($20 gross). Firing both cooks lets him pay, so the
    brand manager may not go, though firing a cook and the brand manager would pay too (and
    firing every other salaried card, the recruiting manager with its discount, would not)."""
    table = at_payday(bob=["recruiting_manager", "burger_cook", "pizza_cook"],
                      cash={"ann": 100, "bob": 0})  # fmt: skip
    position = table.state
    [manager] = ids(position, "bob", "recruiting_manager")
    position["chains"]["bob"]["unused_hires"] = 2
    position["payday"]["recruiters"] = {manager: 2}
    table = Table(position["players"], position=position)
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    [busy] = ids(table.state, "bob", "brand_manager")
    cooks = ids(table.state, "bob", "burger_cook") + ids(table.state, "bob", "pizza_cook")
    error = table.refused("fired", "FCM-PAY-2", player="bob", cards=[cooks[0], busy])
    assert "nothing else" in error.message
    table.record("fired", player="bob", cards=cooks)
    assert paid(table)["chains"]["bob"] == 0


def test_one_action_records_that_nobody_else_fires():
    """FCM-PAY-1: after ann fired her waitress, the table's recorder says in one action that
    nobody else fires: bob fires nobody, and the worker pays. `next` offers it with the
    firing; the sentence names who fired nobody."""
    table = at_payday(cash={"ann": 100, "bob": 100})
    assert fcm.awaiting(table.state)["types"] == ["fcm.fired", "fcm.nobody_fired"]
    [waitress] = ids(table.state, "ann", "waitress")
    table.record("fired", player="ann", cards=[waitress])
    before = table.state
    table.record("nobody_fired", actor="admin")
    assert table.state["payday"]["fired"] == ["ann", "bob"]
    assert fcm.pending(table.state) == "payday"
    said = describe({"type": "fcm.nobody_fired", "payload": {}}, before)
    assert said == "nobody else fired: bob fired nobody"
    said = describe({"type": "fcm.nobody_fired", "payload": {}}, at_payday().state)
    assert said == "nobody fired: ann and bob fired nobody"


def test_nobody_fired_leaves_a_chain_that_cannot_pay_to_fire_on_its_own():
    """FCM-PAY-1, FCM-PAY-2: ann owes $15 with $10. Nobody fired covers bob only; ann is still
    asked her own firing, then fires until she can pay; once only she is left, it is refused."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    table.record("nobody_fired", actor="admin")
    assert table.state["payday"]["fired"] == ["bob"]
    waiting = fcm.awaiting(table.state)
    assert waiting["from"] == ["player:ann"] and waiting["types"] == ["fcm.fired"]
    error = table.refused("nobody_fired", "FCM-PAY-2", actor="admin")
    assert error.message == (
        "ann cannot pay its salaries ($15 owed, $10 held), so it says on its own whom it fires"
    )
    table.record("fired", player="ann", cards=[])
    table.record("fired", player="ann", cards=ids(table.state, "ann", "pizza_cook"))
    assert fcm.pending(table.state) == "payday"


def test_nobody_fired_for_another_chain_is_the_table_s_word_and_the_original_edition_s():
    """FCM-PAY-1: a player's seat says only its own chain fires nobody (ann may once bob has
    fired); the Deluxe edition's firing is secret, so nobody says it for another chain; not
    at any other time."""
    table = at_payday(cash={"ann": 100, "bob": 100})
    error = table.refused("nobody_fired", "FCM-PAY-1", actor="player:ann")
    assert error.message == (
        "the table's recorder says that nobody else fires; ann records whom ann fires"
        " (“Fired”, an empty list for nobody), and each of bob its own"
    )
    table.record("fired", player="bob", cards=[])
    table.record("nobody_fired", actor="player:ann")
    assert fcm.pending(table.state) == "payday"
    error = table.refused("nobody_fired", "FCM-PAY-1", actor="admin")
    assert error.message == "every chain has said whom it fires"
    deluxe = at_payday(edition="deluxe")
    error = deluxe.refused("nobody_fired", "FCM-PAY-1", actor="admin")
    assert "Deluxe" in error.message
    working = Table(turn_five()["players"], position=turn_five())
    working.refused("nobody_fired", "FCM-TURN-1", actor="admin")
