"""games/fcm/cards/milestones.py: milestones claimed the instant their condition is met, each chain
once, while a copy is left, with their immediate effects (FCM-MILE-1)."""

import copy

import games.fcm as fcm
from games.plain_data import given_up
from tests.games.fcm.table import Table, envelope, validated
from tests.games.fcm.test_marketing import billboard, spots
from tests.games.fcm.test_restructuring import hired, ids, turn_five
from tests.games.fcm.test_working import working


def claimed(state, owner="ann"):
    return {m["id"]: m["turn"] for m in state["chains"][owner]["milestones"]}


def test_hiring_three_in_a_turn_brings_two_management_trainees():
    """FCM-MILE-1, first_hire_3: the CEO's hire counts; the trainees come from the stock to
    the beach at once."""
    table = working(ann_work=["recruiting_girl", "recruiting_girl"])
    copies = table.state["supply"]["milestones"]["first_hire_3"]
    trainees = table.state["supply"]["employees"]["management_trainee"]
    table.record("recruited", player="ann", cards=["waitress", "errand_boy", "trainer"])
    assert claimed(table.state)["first_hire_3"] == 5
    assert table.state["supply"]["milestones"]["first_hire_3"] == copies - 1
    gained = [c for c in table.state["chains"]["ann"]["cards"] if c["card"] == "management_trainee"]
    assert [(c["place"], c["new"]) for c in gained] == [("beach", True)] * 2
    assert table.state["supply"]["employees"]["management_trainee"] == trainees - 2


def test_two_hires_claim_nothing():
    """FCM-MILE-1: the condition is three or more."""
    table = working(ann_work=["recruiting_girl"])
    table.record("recruited", player="ann", cards=["waitress", "errand_boy"])
    assert "first_hire_3" not in claimed(table.state)


def test_training_claims_first_train():
    """FCM-MILE-1, first_train."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": cook, "into": "pizza_cook"}])  # fmt: skip
    assert claimed(table.state)["first_train"] == 5


def test_a_campaign_claims_its_kind_and_its_product_once():
    """FCM-MILE-1: first_billboard is ann's already, so only first_drink_marketed is new;
    the billboard that claims first_billboard is itself eternal: one token, never removed, its
    marketeer busy for good (FCM-MILE-2, the Deluxe rulebook's reading, docs/rules/fcm.md)."""
    table, trainee = billboard()
    placement, _ = spots(table.state, 14)[0]
    before = dict(table.state["supply"]["milestones"])
    table.record("campaign_placed", player="ann", marketeer=trainee, number=14,
                 product="soda", duration=1, **placement)  # fmt: skip
    assert claimed(table.state)["first_drink_marketed"] == 5
    assert table.state["supply"]["milestones"]["first_billboard"] == before["first_billboard"]
    fresh, trainee = billboard()
    fresh.state["chains"]["ann"]["milestones"] = []
    fresh.record("campaign_placed", player="ann", marketeer=trainee, number=14,
                 product="burger", duration=2, **placement)  # fmt: skip
    assert {"first_billboard", "first_burger_marketed"} <= set(claimed(fresh.state))
    [campaign] = [c for c in fresh.state["board"]["campaigns"] if c["number"] == 14]
    assert campaign["eternal"] is True and campaign["remaining"] == 1


def test_the_hundred_dollars_and_the_freezer_work_from_the_next_turn():
    """FCM-MILE-1 and the milestones' own timing: the $100 milestone's CFO bonus starts at the
    next turn's dinnertime, the freezer at the next turn's cleanup; a milestone of an at-once
    effect works in the turn it is claimed."""
    from games.fcm.cards.milestones import in_effect

    chain = {"milestones": [{"id": "first_to_have_100", "turn": 4},
                            {"id": "first_throw_away", "turn": 4},
                            {"id": "first_waitress", "turn": 4}]}  # fmt: skip
    assert not in_effect(chain, "first_to_have_100", turn=4)
    assert in_effect(chain, "first_to_have_100", turn=5)
    assert not in_effect(chain, "first_throw_away", turn=4)
    assert in_effect(chain, "first_throw_away", turn=5)
    assert in_effect(chain, "first_waitress", turn=4)
    assert not in_effect(chain, "first_radio", turn=9)


def ann_structured(ann_cards, edition="original"):
    """Restructuring with ann's structure chosen, `ann_cards` under her CEO; bob's to come."""
    position = hired(turn_five(), "ann", *ann_cards)
    position["options"]["edition"] = edition
    position["board"]["connection"] = "original"
    table = Table(position["players"], position=copy.deepcopy(position))
    [ceo] = ids(table.state, "ann", "ceo")
    structure = {ids(table.state, "ann", card)[-1]: ceo for card in ann_cards}
    table.record("structure_chosen", player="ann", structure=structure)
    return table


def restructured_with(ann_cards, edition="original"):
    table = ann_structured(ann_cards, edition)
    table.record("structure_chosen", player="bob", structure={})
    return table


def test_cards_put_to_work_claim_their_milestones_when_structures_are_revealed():
    """FCM-MILE-1: an errand boy, a waitress and a pricing manager at work; bob, with none,
    claims nothing."""
    table = restructured_with(["errand_boy", "waitress", "pricing_manager"])
    assert {"first_errand_boy", "first_waitress", "first_lower_prices"} <= set(claimed(table.state))
    assert claimed(table.state, "bob") == {}


def test_cards_put_to_work_claim_their_milestones_on_a_state_changed_in_place():
    """FCM-MILE-1 as the write path folds: it gives the head's state up to evolve, which
    changes it in place (games/plain_data.py). The end of restructuring is still seen: the
    phase the event was recorded in is read before the state changes."""
    table = ann_structured(["errand_boy", "waitress"])
    name, payload = "fcm.structure_chosen", {"player": "bob", "structure": {}}
    event = envelope(table.seq + 1, name, validated(name, payload), "player:bob")
    state = table.state
    with given_up(state):
        after = fcm.evolve(state, event)
    assert after is state and after["phase"] != "restructuring"
    assert {"first_errand_boy", "first_waitress"} <= set(claimed(after))


def test_the_deluxe_edition_claims_lower_prices_at_dinnertime_not_at_restructuring():
    """FCM-MILE-1 under the Deluxe rule (docs/fcm.md, Editions)."""
    table = restructured_with(["pricing_manager"], edition="deluxe")
    assert "first_lower_prices" not in claimed(table.state)


def test_no_copy_left_no_claim():
    """FCM-MILE-1: a milestone whose copies are all claimed is not claimed again."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    table.state["supply"]["milestones"]["first_train"] = 0
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": cook, "into": "pizza_cook"}])  # fmt: skip
    assert "first_train" not in claimed(table.state)


def test_taking_burgers_claims_first_burger_produced_and_brings_a_burger_cook():
    """FCM-MILE-1, first_burger_produced: its cook comes from the stock to the beach at once;
    pizza likewise."""
    table = working(ann_work=["kitchen_trainee", "kitchen_trainee"])
    first, second = [i for i in ids(table.state, "ann", "kitchen_trainee")
                     if any(c["id"] == i and c["place"] == "work"
                            for c in table.state["chains"]["ann"]["cards"])]  # fmt: skip
    cooks = table.state["supply"]["employees"]["burger_cook"]
    table.record("food_taken", player="ann", cook=first, food="burger")
    assert claimed(table.state)["first_burger_produced"] == 5
    assert table.state["supply"]["employees"]["burger_cook"] == cooks - 1
    assert "burger_cook" in [c["card"] for c in table.state["chains"]["ann"]["cards"]
                             if c["place"] == "beach" and c["new"]]  # fmt: skip
    table.record("food_taken", player="ann", cook=second, food="pizza")
    assert "first_pizza_produced" in claimed(table.state)


def test_cash_and_salaries_claim_their_milestones():
    """FCM-MILE-1: $20 after a sale, $100 at the end of dinnertime, $20 paid in salaries."""
    from tests.games.fcm.test_dinnertime import at_dinner, resolved
    from tests.games.fcm.test_payday import at_payday, paid

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      cash=95, bank=500)  # fmt: skip
    resolved(table)
    assert {"first_to_have_20", "first_to_have_100"} <= set(claimed(table.state))
    assert table.state["chains"]["bob"]["cash"] == 95  # nothing sold, no waitress
    assert set(claimed(table.state, "bob")) == {"first_to_have_20"}
    table = at_payday(
        ann=["burger_cook", "pizza_cook", "pizza_chef"], cash={"ann": 100, "bob": 100}
    )
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    assert paid(table)["chains"]["ann"] == 20
    assert "first_pay_20" in claimed(table.state)


def the_worker(table):
    """Every automatic phase now due, resolved and folded as the worker does."""
    import games.fcm as fcm

    while phase := fcm.pending(table.state):
        for event in fcm.resolve(table.state):
            table.record(event["type"].removeprefix("fcm."), actor=f"system:{phase}",
                         **event["payload"])  # fmt: skip


def cash_claims_with_one_copy_left(edition):
    """ann and bob with $95 each at dinnertime, ann selling a burger, one first_to_have_20
    left in the supply; the worker's dinnertime."""
    from tests.games.fcm.test_dinnertime import at_dinner

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      cash=95, bank=500, edition=edition)  # fmt: skip
    table.state["supply"]["milestones"]["first_to_have_20"] = 1
    the_worker(table)
    assert table.state["phase"] == "payday"
    return table


def test_a_milestone_s_copies_limit_its_claims_in_the_original_edition():
    """FCM-MILE-1: with one copy left, ann, first in turn order, claims first_to_have_20 and
    bob, who has $95 too, does not."""
    table = cash_claims_with_one_copy_left("original")
    assert "first_to_have_20" in claimed(table.state)
    assert "first_to_have_20" not in claimed(table.state, "bob")
    assert table.state["supply"]["milestones"]["first_to_have_20"] == 0


def test_deluxe_milestones_have_no_copy_limit_and_leave_after_the_turn_first_claimed():
    """FCM-MILE-1, FCM-CLEAN-3, Deluxe: milestones on boards, no copy limit; both chains
    claim first_to_have_20 at the end of dinnertime, the supply keeps it through the turn, and
    cleanup takes it out of the game. ann, past $100, claimed first_to_have_100 too, so she
    fires her CFO."""
    from tests.games.fcm.table import nonce
    from tests.games.fcm.test_payday import firing, ids

    table = cash_claims_with_one_copy_left("deluxe")
    assert claimed(table.state)["first_to_have_20"] == 5
    assert claimed(table.state, "bob")["first_to_have_20"] == 5
    assert table.state["supply"]["milestones"]["first_to_have_20"] == 1
    fired = {"ann": ids(table.state, "ann", "cfo"), "bob": []}
    for player, cards in fired.items():
        table.record("firing_sealed", player=player, commitment=firing(cards, player))
    for player, cards in fired.items():
        table.record("firing_revealed", player=player, cards=cards, nonce=nonce(player))
    the_worker(table)
    assert (table.state["turn"], table.state["phase"]) == (6, "restructuring")
    assert table.state["supply"]["milestones"]["first_to_have_20"] == 0


def test_a_deluxe_game_puts_each_milestone_on_its_board_once():
    """FCM-MILE-1, Deluxe: one of each in the supply, none claimed; the original edition has
    the box's copies."""
    from games.fcm.data import MILESTONES
    from tests.games.fcm.table import created

    deluxe = created(["ann", "bob"], edition="deluxe")["supply"]["milestones"]
    assert deluxe == dict.fromkeys(MILESTONES, 1)
    original = created(["ann", "bob"])["supply"]["milestones"]
    assert original == {m: card["copies"] for m, card in MILESTONES.items()}
