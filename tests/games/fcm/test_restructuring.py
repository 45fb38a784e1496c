"""games/fcm/turn/restructuring.py and order.py: the chains put cards to work, then pick their
places on the turn order track (FCM-RESTR-1 to 5, FCM-ORDER-1 to 4, FCM-TURN-1)."""

import copy

from games.fcm.cards.employees import issue_card_id, new_card
from games.sealed import canonical_text, commitment
from tests.games.fcm.table import Table, nonce, seated, turn_five


def hired(position, owner, *cards):
    """The position with `cards` added to `owner`'s hand, taken from the stock."""
    for card in cards:
        position["chains"][owner]["cards"].append(new_card(issue_card_id(position, card), card))
        position["supply"]["employees"][card] -= 1
    return position


def ids(state, owner, card):
    return [c["id"] for c in state["chains"][owner]["cards"] if c["card"] == card]


def at_turn_five(**cards_by_owner):
    position = turn_five()
    for owner, cards in cards_by_owner.items():
        hired(position, owner, *cards)
    return Table(position["players"], position=copy.deepcopy(position))


def places(state, owner):
    return {c["id"]: (c["place"], c["boss"]) for c in state["chains"][owner]["cards"]}


def test_turn_one_has_nothing_to_restructure():
    """FCM-RESTR-4, FCM-TURN-1: after setup every chain has its CEO alone; the engine goes
    straight on to order of business."""
    state = seated().state
    assert state["phase"] == "order_of_business" and state["restructuring"] is None
    assert state["order_of_business"]["to_pick"] == ["ann", "bob"]  # 3 open slots each


def test_a_structure_puts_cards_to_work_and_the_rest_of_the_hand_on_the_beach():
    """FCM-RESTR-1: ann works her waitress under the CEO; her CFO goes to the beach."""
    table = at_turn_five()
    [ceo], [waitress], [cfo] = (ids(table.state, "ann", c) for c in ("ceo", "waitress", "cfo"))
    table.record("structure_chosen", player="ann", structure={waitress: ceo})
    assert table.state["phase"] == "restructuring"  # bob has not chosen
    table.record("structure_chosen", player="bob", structure={})
    assert places(table.state, "ann")[waitress] == ("work", ceo)
    assert places(table.state, "ann")[cfo] == ("beach", None)
    bob = places(table.state, "bob")
    assert {bob[card] for card in ids(table.state, "bob", "kitchen_trainee")} == {("beach", None)}
    assert bob[ids(table.state, "bob", "brand_manager")[0]] == ("busy", None)
    assert table.state["phase"] == "order_of_business"


def test_a_structure_of_cards_not_in_hand_is_refused_naming_the_hand():
    """FCM-RESTR-1: a busy marketeer, or another chain's card, cannot be put to work."""
    table = at_turn_five()
    [ceo] = ids(table.state, "ann", "ceo")
    [busy] = ids(table.state, "ann", "marketing_trainee")
    error = table.refused("structure_chosen", "FCM-RESTR-1", player="ann", structure={busy: ceo})
    assert "not in ann's hand" in error.message and "Waitress" in error.message
    [bobs] = ids(table.state, "bob", "ceo")
    table.refused("structure_chosen", "FCM-RESTR-1", player="ann", structure={bobs: ceo})


def test_a_structure_is_chosen_once():
    """FCM-RESTR-1."""
    table = at_turn_five()
    table.record("structure_chosen", player="ann", structure={})
    error = table.refused("structure_chosen", "FCM-RESTR-1", player="ann", structure={})
    assert "already chosen" in error.message


def test_the_pyramid_has_managers_under_the_ceo_and_staff_under_managers():
    """FCM-RESTR-2: a manager takes staff in its slots; no manager under a manager; nobody
    under a card that is not a manager."""
    table = at_turn_five(ann=["management_trainee", "junior_vice_president", "kitchen_trainee"])
    state = table.state
    [ceo], [trainee], [junior] = (
        ids(state, "ann", c) for c in ("ceo", "management_trainee", "junior_vice_president")
    )
    [waitress], [cook], [cfo] = (
        ids(state, "ann", c) for c in ("waitress", "kitchen_trainee", "cfo")
    )
    error = table.refused(
        "structure_chosen", "FCM-RESTR-2", player="ann", structure={trainee: ceo, junior: trainee}
    )
    assert "Junior Vice President is a manager: managers report to the CEO only" in error.message
    error = table.refused(
        "structure_chosen", "FCM-RESTR-2", player="ann", structure={waitress: ceo, cfo: waitress}
    )
    assert "only a manager under the CEO has slots" in error.message
    pyramid = {trainee: ceo, junior: ceo, waitress: trainee, cook: junior}
    table.record("structure_chosen", player="ann", structure=pyramid)
    table.record("structure_chosen", player="bob", structure={})
    assert places(table.state, "ann")[waitress] == ("work", trainee)
    assert places(table.state, "ann")[cook] == ("work", junior)


def test_staff_arranged_over_a_boss_s_slots_when_they_would_fit_is_refused():
    """FCM-RESTR-2: four cards under a 3-slot CEO, when a manager could take two of them."""
    table = at_turn_five(ann=["management_trainee", "kitchen_trainee", "errand_boy"])
    state = table.state
    [ceo], [trainee] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    staff = [*ids(state, "ann", "waitress"), *ids(state, "ann", "kitchen_trainee"),
             *ids(state, "ann", "errand_boy")]  # fmt: skip
    crowded = {trainee: ceo, **{card: ceo for card in staff}}
    error = table.refused("structure_chosen", "FCM-RESTR-2", player="ann", structure=crowded)
    assert "has 3 slots, not 4" in error.message


def test_more_cards_than_fit_send_all_but_the_ceo_to_the_beach():
    """FCM-RESTR-3: four staff and no manager do not fit under three CEO slots."""
    table = at_turn_five(ann=["kitchen_trainee", "errand_boy"])
    state = table.state
    [ceo] = ids(state, "ann", "ceo")
    staff = [*ids(state, "ann", "waitress"), *ids(state, "ann", "cfo"),
             *ids(state, "ann", "kitchen_trainee"), *ids(state, "ann", "errand_boy")]  # fmt: skip
    table.record("structure_chosen", player="ann", structure={card: ceo for card in staff})
    table.record("structure_chosen", player="bob", structure={})
    ann = places(table.state, "ann")
    assert all(ann[card] == ("beach", None) for card in staff)
    assert ann[ceo] == ("work", None)
    assert table.state["order_of_business"]["open_slots"]["ann"] == 3


def test_a_sealed_structure_is_revealed_once_every_chain_has_chosen():
    """FCM-RESTR-1, FCM-RESTR-5: chosen face down; the state shows only the commitment until
    the reveal, which must open it."""
    table = at_turn_five()
    [ceo], [waitress] = ids(table.state, "ann", "ceo"), ids(table.state, "ann", "waitress")
    structure = {waitress: ceo}
    sealed = commitment(canonical_text(structure), nonce("ann"))
    table.record("structure_sealed", player="ann", commitment=sealed)
    assert table.state["restructuring"]["ann"] == {"sealed": sealed, "structure": None}
    error = table.refused("structure_revealed", "FCM-RESTR-1", player="ann", structure=structure,
                          nonce=nonce("ann"))  # fmt: skip
    assert "waiting for bob" in error.message
    table.record("structure_chosen", player="bob", structure={})
    wrong = table.refused("structure_revealed", "FCM-RESTR-1", player="ann", structure={},
                          nonce=nonce("ann"))  # fmt: skip
    assert wrong.details == {"commitment": sealed}
    table.record("structure_revealed", player="ann", structure=structure, nonce=nonce("ann"))
    assert places(table.state, "ann")[waitress] == ("work", ceo)
    assert table.state["phase"] == "order_of_business"


def test_a_structure_outside_restructuring_is_refused():
    """FCM-TURN-1: order of business follows restructuring."""
    table = Table(["ann", "bob"], position=copy.deepcopy(seated().state))
    error = table.refused("structure_chosen", "FCM-TURN-1", player="ann", structure={})
    assert "this is order_of_business" in error.message


def test_the_first_turn_puts_nobody_but_the_ceo_to_work():
    """FCM-RESTR-4: a declared turn-1 restructuring with a card in hand."""
    position = hired(turn_five(), "ann")
    position["turn"] = 1
    position["chains"]["ann"]["milestones"] = []
    position["supply"]["milestones"]["first_billboard"] += 1
    position["board"]["campaigns"][2]["eternal"] = False  # eternal only with that milestone
    table = Table(position["players"], position=position)
    [ceo], [waitress] = ids(table.state, "ann", "ceo"), ids(table.state, "ann", "waitress")
    table.refused("structure_chosen", "FCM-RESTR-4", player="ann", structure={waitress: ceo})


def restructured(ann_structure, bob_structure, **cards_by_owner):
    """Both chains' structures recorded, each built from the state by its function."""
    table = at_turn_five(**cards_by_owner)
    table.record("structure_chosen", player="ann", structure=ann_structure(table.state))
    table.record("structure_chosen", player="bob", structure=bob_structure(table.state))
    return table


def test_the_chain_with_more_open_slots_picks_first_and_each_place_once():
    """FCM-ORDER-1, FCM-ORDER-4: bob fills none of his CEO's slots (3 open), ann one (2)."""

    def ann(state):
        return {ids(state, "ann", "waitress")[0]: ids(state, "ann", "ceo")[0]}

    table = restructured(ann, lambda state: {})
    order = table.state["order_of_business"]
    assert order["open_slots"] == {"ann": 2, "bob": 3} and order["to_pick"] == ["bob", "ann"]
    error = table.refused("turn_order_picked", "FCM-ORDER-1", player="ann", place=1)
    assert "it is bob's pick (3 open slots), not ann's (2)" in error.message
    table.record("turn_order_picked", player="bob", place=2)
    error = table.refused("turn_order_picked", "FCM-ORDER-4", player="ann", place=2)
    assert error.details == {"free": [1]}
    table.refused("turn_order_picked", "FCM-ORDER-4", player="ann", place=3)
    table.record("turn_order_picked", player="ann", place=1)
    assert table.state["turn_order"] == ["ann", "bob"] and table.state["phase"] == "working"
    assert table.state["order_of_business"] is None


def test_ties_go_to_the_earlier_in_last_turn_s_order():
    """FCM-ORDER-3: both at 3 open slots; ann was first last turn."""
    table = restructured(lambda state: {}, lambda state: {})
    assert table.state["order_of_business"]["to_pick"] == ["ann", "bob"]


def test_the_first_airplane_milestone_counts_two_more_open_slots():
    """FCM-ORDER-2: ann's 2 open slots count 4 against bob's 3."""
    position = turn_five()
    position["chains"]["ann"]["milestones"].append({"id": "first_airplane", "turn": 4})
    position["supply"]["milestones"]["first_airplane"] -= 1
    table = Table(position["players"], position=position)
    [ceo], [waitress] = ids(table.state, "ann", "ceo"), ids(table.state, "ann", "waitress")
    table.record("structure_chosen", player="ann", structure={waitress: ceo})
    table.record("structure_chosen", player="bob", structure={})
    order = table.state["order_of_business"]
    assert order["open_slots"] == {"ann": 4, "bob": 3} and order["to_pick"] == ["ann", "bob"]


def test_managers_open_slots_count_too():
    """FCM-ORDER-1: a management trainee under the CEO with no one under it: 2 + 2 open."""

    def ann(state):
        return {ids(state, "ann", "management_trainee")[0]: ids(state, "ann", "ceo")[0]}

    table = restructured(ann, lambda state: {}, ann=["management_trainee"])
    assert table.state["order_of_business"]["open_slots"]["ann"] == 4
