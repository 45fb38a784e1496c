"""games/fcm/page.py: each chain whole as the game page shows it. The structure as a tree under
the CEO (FCM-RESTR-2), the cards on the beach and busy on their campaigns (FCM-MKT-6), the
reserve card face down until its reveal (FCM-SETUP-9, FCM-BANK-2), a structure or a firing sealed
face down (FCM-RESTR-1, FCM-PAY-1), milestones by name (FCM-MILE-1), the stock and the freezer
(FCM-CLEAN-1); names always the cards' titles, never the state's ids."""

import copy
import json

from games.fcm.page import board, chain_shown, freezer
from games.sealed import canonical_text, commitment
from tests.games.fcm.table import Table, nonce, seated
from tests.games.fcm.test_payday import at_payday, firing
from tests.games.fcm.test_restructuring import at_turn_five, ids


def ann_with_a_pyramid():
    """ann at turn 5 with a management trainee over her waitress and a junior vice president
    over a kitchen trainee, both under her CEO; her CFO left in hand goes to the beach."""
    table = at_turn_five(ann=["management_trainee", "junior_vice_president", "kitchen_trainee"])
    state = table.state
    [ceo], [trainee], [junior] = (
        ids(state, "ann", c) for c in ("ceo", "management_trainee", "junior_vice_president")
    )
    [waitress], [cook] = ids(state, "ann", "waitress"), ids(state, "ann", "kitchen_trainee")
    pyramid = {trainee: ceo, junior: ceo, waitress: trainee, cook: junior}
    table.record("structure_chosen", player="ann", structure=pyramid)
    table.record("structure_chosen", player="bob", structure={})
    return table


def shape(node):
    """A structure node as (title, slots, [its reports' shapes])."""
    return (node["title"], node["slots"], [shape(report) for report in node["reports"]])


def test_the_structure_is_a_tree_under_the_ceo_with_each_managers_reports():
    """FCM-RESTR-2: the CEO at the top with the bank's three slots; the managers under it with
    their own slots, and under each the card that reports to it."""
    state = ann_with_a_pyramid().state
    ann = chain_shown(state, "ann")
    assert shape(ann["structure"]) == (
        "CEO", 3, [
            ("Management Trainee", 2, [("Waitress", 0, [])]),
            ("Junior Vice President", 3, [("Kitchen Trainee", 0, [])]),
        ],
    )  # fmt: skip
    assert ann["at_work"] == 5
    assert [c["title"] for c in ann["beach"]] == ["CFO"]
    assert ann["hand"] == []
    bob = chain_shown(state, "bob")
    assert shape(bob["structure"]) == ("CEO", 3, [])
    assert [c["title"] for c in bob["beach"]] == ["Kitchen Trainee", "Kitchen Trainee"]


def test_the_ceo_has_the_slots_the_bank_says_once_the_reserve_cards_set_them():
    """FCM-BANK-2: after the first break the CEO's slots are the bank's new count."""
    state = ann_with_a_pyramid().state
    state["bank"]["ceo_slots"] = 4
    assert chain_shown(state, "ann")["structure"]["slots"] == 4


def test_the_cards_that_used_their_action_are_marked_for_the_chain_working_now():
    """FCM-WORK-1: a card at work acts once a turn; the tree marks those that have, for the
    chain whose working it is, and for no other."""
    state = ann_with_a_pyramid().state
    [cook] = ids(state, "ann", "kitchen_trainee")
    state["phase"] = "working"
    state["working"] = {"player": "ann", "done": ["food"], "acted": [cook], "trained": [],
                        "food_and_drinks": []}  # fmt: skip
    junior = chain_shown(state, "ann")["structure"]["reports"][1]
    assert [(c["title"], c["acted"]) for c in junior["reports"]] == [("Kitchen Trainee", True)]
    assert not junior["acted"]
    assert chain_shown(state, "ann")["acting"] and not chain_shown(state, "bob")["acting"]
    state["working"]["player"] = "bob"
    assert not chain_shown(state, "ann")["structure"]["reports"][1]["reports"][0]["acted"]


def test_busy_marketeers_say_the_campaign_each_runs():
    """FCM-MKT-6, FCM-MILE-2: a busy marketeer with its campaign's kind, number, product and
    the turns it has left, or eternal."""
    state = ann_with_a_pyramid().state
    ann, bob = chain_shown(state, "ann"), chain_shown(state, "bob")
    assert [(c["title"], c["campaign"]) for c in ann["busy"]] == [
        ("Marketing Trainee", "Billboard 11: burger, 2 turns left"),
        ("Campaign Manager", "Mailbox 9: pizza, eternal"),
    ]
    assert [(c["title"], c["campaign"]) for c in bob["busy"]] == [
        ("Brand Manager", "Airplane 5: beer, 3 turns left")
    ]
    state["board"]["campaigns"][1]["remaining"] = 1
    assert chain_shown(state, "bob")["busy"][0]["campaign"] == "Airplane 5: beer, 1 turn left"


def test_cards_in_hand_are_listed_until_restructuring_puts_them_to_work():
    """FCM-RESTR-1: at restructuring each chain's cards are in hand."""
    table = at_turn_five()
    hand = chain_shown(table.state, "ann")["hand"]
    assert [c["title"] for c in hand] == ["Waitress", "CFO"]


def test_the_reserve_card_is_face_down_until_revealed_and_then_shows_its_value():
    """FCM-SETUP-9, FCM-BANK-2: chosen face down, the reserve card shows as face down, and
    nothing of its commitment is on the board; once turned up, its money and CEO slots."""
    table = Table(["ann", "bob"])
    assert chain_shown(table.state, "ann")["reserve"] == {"face": "none",
                                                          "words": "not chosen yet"}  # fmt: skip
    for money in (100, 300):  # face down, every card looks the same
        face_down = chain_shown(seated(money=money).state, "ann")["reserve"]
        assert face_down == {"face": "down", "words": "face down"}
    table = seated(money=200)
    state = table.state
    for name in ("ann", "bob"):
        assert chain_shown(state, name)["reserve"] == {"face": "down", "words": "face down"}
        assert state["chains"][name]["reserve"]["commitment"] not in json.dumps(board(state))
    state["bank"]["breaks"] = 1  # the first break: the reveals are due
    table.record("reserve_card_revealed", player="ann", money=200, nonce=nonce("ann"))
    assert chain_shown(table.state, "ann")["reserve"] == {"face": "up",
                                                          "words": "$200, 3 CEO slots"}  # fmt: skip
    assert chain_shown(table.state, "bob")["reserve"]["face"] == "down"


def test_the_introductory_game_has_no_reserve_card():
    """FCM-SETUP-4 (the introductory game): no reserve cards."""
    state = Table(["ann", "bob"], introductory=True).state
    assert chain_shown(state, "ann")["reserve"]["face"] == "none"
    assert "introductory" in chain_shown(state, "ann")["reserve"]["words"]


def test_a_structure_sealed_face_down_shows_only_that_it_is():
    """FCM-RESTR-1: a structure chosen face down is held, and said to be, with nothing of
    its commitment or its cards; once revealed the tree shows it."""
    table = at_turn_five()
    [ceo], [waitress] = ids(table.state, "ann", "ceo"), ids(table.state, "ann", "waitress")
    sealed = commitment(canonical_text({waitress: ceo}), nonce("ann"))
    table.record("structure_sealed", player="ann", commitment=sealed)
    ann = chain_shown(table.state, "ann")
    assert ann["face_down"] == [
        "A structure, chosen face down, to be turned up when every chain has chosen"
    ]
    assert sealed not in json.dumps(board(table.state))
    assert shape(ann["structure"]) == ("CEO", 3, [])
    assert chain_shown(table.state, "bob")["face_down"] == []
    table.record("structure_chosen", player="bob", structure={})
    table.record("structure_revealed", player="ann", structure={waitress: ceo}, nonce=nonce("ann"))
    ann = chain_shown(table.state, "ann")
    assert ann["face_down"] == [] and shape(ann["structure"]) == ("CEO", 3, [("Waitress", 0, [])])


def test_a_firing_sealed_at_a_deluxe_payday_shows_only_that_it_is():
    """FCM-PAY-1 (Deluxe): a firing chosen face down is held, and said to be, with nothing of
    its commitment or the cards it fires; once revealed it is no longer held."""
    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    [waitress] = ids(table.state, "ann", "waitress")
    sealed = firing([waitress], "ann")
    table.record("firing_sealed", player="ann", commitment=sealed)
    assert chain_shown(table.state, "ann")["face_down"] == [
        "A firing, chosen face down, to be turned up when every chain has chosen"
    ]
    assert sealed not in json.dumps(board(table.state))
    assert chain_shown(table.state, "bob")["face_down"] == []
    table.record("firing_sealed", player="bob", commitment=firing([], "bob"))
    table.record("firing_revealed", player="ann", cards=[waitress], nonce=nonce("ann"))
    assert chain_shown(table.state, "ann")["face_down"] == []


def test_milestones_are_named_by_their_titles_with_the_turn_of_the_claim():
    """FCM-MILE-1: milestones by the names printed on them."""
    state = ann_with_a_pyramid().state
    assert chain_shown(state, "ann")["milestones"] == [
        {"name": "First billboard placed", "turn": 3},
        {"name": "First waitress played", "turn": 5},  # claimed by the structure revealed
    ]
    assert chain_shown(state, "bob")["milestones"] == []


def test_the_stock_lists_each_good_held_and_the_freezer_what_cleanup_keeps():
    """FCM-FOOD-1, FCM-CLEAN-1: the goods in front of the chain; the freezer keeps ten from
    the cleanup after the turn it was claimed in, and without it nothing is kept."""
    state = copy.deepcopy(ann_with_a_pyramid().state)
    ann = state["chains"]["ann"]
    ann["goods"].update(burger=3, soda=2)
    assert chain_shown(state, "ann")["stock"] == [("burger", 3), ("soda", 2)]
    assert chain_shown(state, "bob")["stock"] == []
    assert freezer(ann, 5).startswith("none")
    ann["milestones"].append({"id": "first_throw_away", "turn": 5})
    assert freezer(ann, 5) == "keeps up to 10 food and drinks from the next turn's cleanup"
    assert freezer(ann, 6) == "keeps up to 10 food and drinks at cleanup"


def test_the_board_names_no_card_or_milestone_by_its_id():
    """Every card is named by its title and every milestone by its name: none of the state's
    ids (`waitress-7`, `first_billboard`) is anywhere in what the page shows of a chain."""
    state = ann_with_a_pyramid().state
    said = json.dumps([chain_shown(state, name) for name in state["turn_order"]])
    for chain in state["chains"].values():
        for card in chain["cards"]:
            assert card["id"] not in said
            # a one-word id ("waitress") may be a word of a name ("First waitress played")
            assert "_" not in card["card"] or card["card"] not in said
        for milestone in chain["milestones"]:
            assert milestone["id"] not in said
