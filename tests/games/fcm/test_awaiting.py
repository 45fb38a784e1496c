"""What the game waits for and from whom, phase by phase: each answer names the seats that owe
an action, what they may record, and the rule that makes it their move."""

import games.fcm as fcm
from games.fcm import reserve_commitment
from tests.games.fcm.table import Table, nonce, seated, turn_five
from tests.games.fcm.test_dinnertime import at_dinner
from tests.games.fcm.test_payday import at_payday, ids


def who(state):
    waiting = fcm.awaiting(state)
    return waiting["from"], waiting["types"], waiting["rule"]


def test_setup_waits_for_the_player_to_place_then_for_every_reserve_card():
    """FCM-SETUP-7, FCM-SETUP-9: the restaurants from last to first in turn order; then every
    chain that has not sealed its reserve card, all at once."""
    table = Table(["ann", "bob", "cat"])
    assert who(table.state) == (
        ["player:cat"],
        ["fcm.starting_restaurant_placed", "fcm.starting_restaurant_passed"],
        "FCM-SETUP-7",
    )
    while table.state["phase"] == "setup_restaurants":
        table.place_anywhere(table.to_act())
    table.record(
        "reserve_card_sealed", player="bob", commitment=reserve_commitment(100, nonce("bob"))
    )
    waiting = fcm.awaiting(table.state)
    assert waiting["from"] == ["player:ann", "player:cat"]
    assert waiting["types"] == ["fcm.reserve_card_sealed"] and waiting["rule"] == "FCM-SETUP-9"
    assert waiting["what"] == "ann and cat to choose a reserve card, face down"


def test_order_of_business_waits_for_the_chain_whose_pick_it_is():
    """FCM-ORDER-3: the first turn begins in order of business; the chain to pick first."""
    state = seated().state
    first = state["order_of_business"]["to_pick"][0]
    assert who(state) == ([f"player:{first}"], ["fcm.turn_order_picked"], "FCM-ORDER-3")
    assert fcm.awaiting(state)["what"] == f"{first} picks a place in the turn order (1 and 2 free)"


def test_restructuring_waits_for_every_chain_to_choose_then_for_the_sealed_to_reveal():
    """FCM-RESTR-1: ann seals, bob has still to choose; once he has, only ann reveals."""
    table = Table(["ann", "bob"], position=turn_five())
    assert who(table.state)[0] == ["player:ann", "player:bob"]
    assert who(table.state)[1] == ["fcm.structure_chosen", "fcm.structure_sealed"]
    from games.sealed import canonical_text, commitment

    sealed = commitment(canonical_text({}), nonce("ann"))
    table.record("structure_sealed", player="ann", commitment=sealed)
    assert who(table.state)[0] == ["player:bob"]
    table.record("structure_chosen", player="bob", structure={})
    assert who(table.state) == (["player:ann"], ["fcm.structure_revealed"], "FCM-RESTR-1")


def test_working_offers_the_actions_still_open_in_their_order():
    """FCM-WORK-1, FCM-WORK-3: only the chain working; after food, neither recruiting nor
    training nor marketing is open, and recruiting is once."""
    table = Table(["ann", "bob"], position=turn_five())
    table.record("structure_chosen", player="ann", structure={})
    table.record("structure_chosen", player="bob", structure={})
    for place, player in enumerate(table.state["order_of_business"]["to_pick"], start=1):
        table.record("turn_order_picked", player=player, place=place)
    player = table.state["working"]["player"]
    actors, types, rule = who(table.state)
    assert (actors, rule) == ([f"player:{player}"], "FCM-WORK-1")
    assert types[0] == "fcm.recruited" and types[-1] == "fcm.working_ended"
    table.record("recruited", player=player, cards=["waitress"])
    assert "fcm.recruited" not in who(table.state)[1]
    assert "fcm.trained" in who(table.state)[1]
    assert fcm.awaiting(table.state)["what"].startswith(f"{player}'s working: train, marketing,")


def test_the_worker_is_awaited_while_a_phase_is_due():
    """FCM-TURN-1: dinnertime is the worker's."""
    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    assert who(table.state) == (["system:dinnertime"], [], "FCM-TURN-1")


def test_the_first_break_waits_for_every_reserve_card_to_be_revealed():
    """FCM-BANK-2: after fcm.bank_broke the worker stops; each chain reveals."""
    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}}, bank=5)
    [broke] = [e for e in fcm.resolve(table.state) if e["type"] == "fcm.bank_broke"]
    table.record("bank_broke", actor="system:dinnertime", **broke["payload"])
    assert who(table.state) == (
        ["player:ann", "player:bob"],
        ["fcm.reserve_card_revealed"],
        "FCM-BANK-2",
    )


def test_payday_waits_for_each_firing_then_for_a_chain_that_cannot_pay():
    """FCM-PAY-1, FCM-PAY-2: both chains owe their firing, bob's in one action that nobody
    else fires; then ann, short of cash, owes hers, then more."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    assert who(table.state) == (
        ["player:ann", "player:bob"], ["fcm.fired", "fcm.nobody_fired"], "FCM-PAY-1"
    )  # fmt: skip
    assert (
        "or in one action that nobody else does (bob can pay)" in fcm.awaiting(table.state)["what"]
    )
    table.record("fired", player="bob", cards=[])
    assert who(table.state) == (["player:ann"], ["fcm.fired"], "FCM-PAY-1")
    table.record("fired", player="ann", cards=[])
    assert who(table.state) == (["player:ann"], ["fcm.fired"], "FCM-PAY-2")
    assert fcm.awaiting(table.state)["what"] == (
        "ann cannot pay the salaries and must fire until they can; ann owes $15 and holds $10:"
        " cannot pay, bob owes $5 and holds $100"
    )
    table.record("fired", player="ann", cards=ids(table.state, "ann", "pizza_cook"))
    assert who(table.state)[0] == ["system:payday"]


def test_a_finished_game_waits_for_nobody():
    """FCM-BANK-4: the winner named, nothing owed."""
    table = at_dinner(demand={}, goods={"ann": {}, "bob": {}}, cash=55)
    state = {**table.state, "phase": "over", "winner": "bob"}
    assert fcm.awaiting(state) == {
        "from": [],
        "types": [],
        "what": "the game is over: bob won with $55",
        "rule": "FCM-BANK-4",
    }


def test_cleanup_waits_for_a_freezer_choice_then_for_the_worker():
    """FCM-CLEAN-1: ann holds 8 burgers and 4 pizzas with the freezer."""
    from tests.games.fcm.test_campaigns import with_freezer

    table = with_freezer(burger=8, pizza=4)
    assert who(table.state) == (["player:ann"], ["fcm.freezer_filled"], "FCM-CLEAN-1")
    table.record("freezer_filled", player="ann", kept={"burger": 8, "pizza": 2})
    assert who(table.state) == (["system:cleanup"], [], "FCM-TURN-1")


def test_a_deluxe_payday_waits_for_every_seal_then_for_the_reveals():
    """FCM-PAY-1 by the Deluxe rules: both chains seal, then both reveal."""
    from tests.games.fcm.test_payday import firing

    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    assert who(table.state) == (["player:ann", "player:bob"], ["fcm.firing_sealed"], "FCM-PAY-1")
    table.record("firing_sealed", player="bob", commitment=firing([], "bob"))
    assert who(table.state)[0] == ["player:ann"]
    table.record("firing_sealed", player="ann", commitment=firing([], "ann"))
    assert who(table.state) == (
        ["player:ann", "player:bob"],
        ["fcm.firing_revealed"],
        "FCM-PAY-1",
    )
