"""games/fcm/turn/working.py and training.py: the chains work in turn order, each in the fixed
order of actions; recruiting and training (FCM-WORK-1 to 3, FCM-RECRUIT-1 to 3,
FCM-TRAIN-1 to 4)."""

from tests.games.fcm.table import Table
from tests.games.fcm.test_restructuring import hired, ids, turn_five


def working(ann_work=(), ann_hand=(), milestones=(), bob_takes=(), gone=(), returned=()):
    """ann and bob at turn 5 in working, ann first: ann's cards of `ann_work` (names) at work
    under her CEO, `ann_hand` on her beach, those of `returned` (names) back in the stock;
    bob with nothing at work, holding every card left in the stock of each name in
    `bob_takes`. ann holds `milestones`; no copy of those in `gone` is left, so putting cards
    to work claims none of them."""
    position = hired(turn_five(), "ann", *ann_work, *ann_hand)
    for name in returned:
        cards = position["chains"]["ann"]["cards"]
        cards.remove(next(card for card in cards if card["card"] == name))
        position["supply"]["employees"][name] += 1
    for card in bob_takes:
        hired(position, "bob", *[card] * position["supply"]["employees"][card])
    for milestone in milestones:
        position["chains"]["ann"]["milestones"].append({"id": milestone, "turn": 4})
        position["supply"]["milestones"][milestone] -= 1
    for milestone in gone:
        position["supply"]["milestones"][milestone] = 0
    table = Table(position["players"], position=position)
    [ceo] = ids(table.state, "ann", "ceo")
    structure = {}
    hand = [c["id"] for c in table.state["chains"]["ann"]["cards"] if c["place"] == "hand"]
    for name in ann_work:
        in_hand = [i for i in ids(table.state, "ann", name) if i in hand]
        structure[next(i for i in in_hand if i not in structure)] = ceo
    table.record("structure_chosen", player="ann", structure=structure)
    table.record("structure_chosen", player="bob", structure={})
    first = table.state["order_of_business"]["to_pick"][0]
    second = next(p for p in ("ann", "bob") if p != first)
    table.record("turn_order_picked", player=first, place=2 if first == "bob" else 1)
    table.record("turn_order_picked", player=second, place=1 if first == "bob" else 2)
    assert table.state["working"]["player"] == "ann"
    return table


def beach(table, owner="ann"):
    return sorted(c["card"] for c in table.state["chains"][owner]["cards"] if c["place"] == "beach")


def test_chains_work_in_turn_order_one_after_the_other():
    """FCM-WORK-1, FCM-TURN-1: bob waits for ann; after the last, dinnertime."""
    table = working()
    error = table.refused("recruited", "FCM-WORK-1", player="bob", cards=[])
    assert "it is ann's working" in error.message
    table.record("working_ended", player="ann")
    assert table.state["working"]["player"] == "bob"
    table.refused("recruited", "FCM-WORK-1", player="ann", cards=["waitress"])
    table.record("working_ended", player="bob")
    assert table.state["phase"] == "dinnertime" and table.state["working"] is None
    error = table.refused("recruited", "FCM-TURN-1", player="ann", cards=[])
    assert "this is dinnertime" in error.message


def test_actions_come_in_their_fixed_order():
    """FCM-WORK-3: recruiting after training is refused, naming the order."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": cook, "into": "pizza_cook"}])  # fmt: skip
    error = table.refused("recruited", "FCM-WORK-3", player="ann", cards=["waitress"])
    assert "recruit comes before train" in error.message


def test_a_card_trains_only_along_its_printed_path_by_a_trainer():
    """FCM-TRAIN-1: ann's waitress (on her beach) trains into nothing; an errand boy at work
    is no trainer."""
    table = working(ann_work=["trainer", "errand_boy"])
    [trainer], [boy] = ids(table.state, "ann", "trainer"), ids(table.state, "ann", "errand_boy")
    [waitress] = ids(table.state, "ann", "waitress")
    error = table.refused("trained", "FCM-TRAIN-1", player="ann", trainer=trainer,
                          steps=[{"card": waitress, "into": "cfo"}])  # fmt: skip
    assert "a Waitress trains into nothing" in error.message
    error = table.refused("trained", "FCM-TRAIN-1", player="ann", trainer=boy,
                          steps=[{"card": waitress, "into": "cfo"}])  # fmt: skip
    assert "not a Trainer" in error.message


def test_hires_are_the_ceo_s_one_and_one_per_recruiting_girl():
    """FCM-RECRUIT-1, FCM-RECRUIT-2: hired cards go to the beach, new, once a turn."""
    table = working(ann_work=["recruiting_girl"])
    error = table.refused("recruited", "FCM-RECRUIT-1", player="ann",
                          cards=["waitress", "errand_boy", "trainer"])  # fmt: skip
    assert "ann has 2 hire(s) this turn (2 free" in error.message
    table.record("recruited", player="ann", cards=["waitress", "errand_boy"])
    new = [c for c in table.state["chains"]["ann"]["cards"] if c["new"]]
    assert sorted(c["card"] for c in new) == ["errand_boy", "waitress"]
    assert {c["place"] for c in new} == {"beach"}
    error = table.refused("recruited", "FCM-RECRUIT-1", player="ann", cards=[])
    assert "recruited this turn already" in error.message


def test_only_entry_level_cards_in_the_stock_are_hired():
    """FCM-RECRUIT-2."""
    table = working()
    error = table.refused("recruited", "FCM-RECRUIT-2", player="ann", cards=["cfo"])
    assert "not an entry-level card" in error.message and "Waitress" in error.message
    empty = working(bob_takes=["waitress"])
    error = empty.refused("recruited", "FCM-RECRUIT-2", player="ann", cards=["waitress"])
    assert "no Waitress is left in the stock" in error.message


def test_unused_hires_of_recruiting_managers_become_a_payday_discount():
    """FCM-RECRUIT-3, FCM-WORK-2: free hires are used first; a recruiting manager's action is
    mandatory, so ending without recruiting leaves its two hires unused."""
    table = working(ann_work=["recruiting_manager"])
    table.record("recruited", player="ann", cards=["waitress", "waitress"])
    assert table.state["chains"]["ann"]["unused_hires"] == 1  # the CEO's, then one of two
    idle = working(ann_work=["recruiting_manager"])
    idle.record("working_ended", player="ann")
    assert idle.state["chains"]["ann"]["unused_hires"] == 2


def test_a_trainer_moves_a_beach_card_one_printed_step():
    """FCM-TRAIN-1, FCM-TRAIN-4: the trained card goes back to the stock, its new card comes
    out with a new id, on the beach."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    stock = dict(table.state["supply"]["employees"])
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": cook, "into": "burger_cook"}])  # fmt: skip
    [burger_cook] = [c for c in table.state["chains"]["ann"]["cards"] if c["card"] == "burger_cook"]
    assert burger_cook["place"] == "beach" and burger_cook["new"] and burger_cook["id"] != cook
    after = table.state["supply"]["employees"]
    assert after["kitchen_trainee"] == stock["kitchen_trainee"] + 1
    assert after["burger_cook"] == stock["burger_cook"] - 1
    error = table.refused("trained", "FCM-TRAIN-1", player="ann", trainer=trainer,
                          steps=[{"card": burger_cook["id"], "into": "burger_chef"}])  # fmt: skip
    assert "trained this turn already" in error.message


def test_cards_at_work_are_not_trained():
    """FCM-TRAIN-2."""
    table = working(ann_work=["trainer", "kitchen_trainee"])
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    error = table.refused("trained", "FCM-TRAIN-2", player="ann", trainer=trainer,
                          steps=[{"card": cook, "into": "burger_cook"}])  # fmt: skip
    assert "is at work" in error.message


def test_a_coach_takes_one_card_two_steps_a_trainer_one():
    """FCM-TRAIN-3: a coach may move one card two steps; a card trained by one trainer is
    not trained by another that turn."""
    table = working(ann_work=["coach", "trainer"], ann_hand=["kitchen_trainee"])
    [coach], [trainer] = ids(table.state, "ann", "coach"), ids(table.state, "ann", "trainer")
    [cook] = ids(table.state, "ann", "kitchen_trainee")
    error = table.refused("trained", "FCM-TRAIN-1", player="ann", trainer=trainer,
                          steps=[{"card": cook, "into": "burger_cook"},
                                 {"card": cook, "into": "burger_chef"}])  # fmt: skip
    assert "trains 1 step(s) a turn, not 2" in error.message
    table.record("trained", player="ann", trainer=coach,
                 steps=[{"card": cook, "into": "burger_cook"},
                        {"card": cook, "into": "burger_chef"}])  # fmt: skip
    [chef] = ids(table.state, "ann", "burger_chef")
    assert "burger_cook" not in beach(table)
    error = table.refused("trained", "FCM-TRAIN-3", player="ann", trainer=trainer,
                          steps=[{"card": chef, "into": "burger_chef"}])  # fmt: skip
    assert "only the First to pay $20 or more in salaries milestone" in error.message


def test_the_first_to_pay_20_milestone_lets_several_trainers_work_on_one_card():
    """FCM-TRAIN-3."""
    table = working(ann_work=["trainer", "trainer"], ann_hand=["errand_boy"],
                    milestones=["first_pay_20"])  # fmt: skip
    first, second = ids(table.state, "ann", "trainer")
    [boy] = ids(table.state, "ann", "errand_boy")
    table.record("trained", player="ann", trainer=first,
                 steps=[{"card": boy, "into": "cart_operator"}])  # fmt: skip
    [cart] = ids(table.state, "ann", "cart_operator")
    table.record("trained", player="ann", trainer=second,
                 steps=[{"card": cart, "into": "truck_driver"}])  # fmt: skip
    assert "truck_driver" in beach(table)


def test_the_final_card_must_be_in_the_stock_the_steps_between_need_not():
    """FCM-TRAIN-4: no burger cook is left, yet a coach takes a kitchen trainee through it to
    burger chef; with no burger chef left that is refused."""
    table = working(ann_work=["coach"], ann_hand=["kitchen_trainee"], bob_takes=["burger_cook"])
    [coach], [cook] = ids(table.state, "ann", "coach"), ids(table.state, "ann", "kitchen_trainee")
    two_steps = [{"card": cook, "into": "burger_cook"}, {"card": cook, "into": "burger_chef"}]
    table.record("trained", player="ann", trainer=coach, steps=two_steps)
    none_left = working(ann_work=["coach"], ann_hand=["kitchen_trainee"], bob_takes=["burger_chef"])
    [coach], [cook] = (
        ids(none_left.state, "ann", "coach"),
        ids(none_left.state, "ann", "kitchen_trainee"),
    )
    two_steps = [{"card": cook, "into": "burger_cook"}, {"card": cook, "into": "burger_chef"}]
    error = none_left.refused(
        "trained", "FCM-TRAIN-4", player="ann", trainer=coach, steps=two_steps
    )
    assert "no Burger Chef is left in the stock" in error.message
