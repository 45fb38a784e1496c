"""games/fcm/said.py and reasons.py: a step's changes, where the game stands and why a phase
came out as it did, in words a player reads, from games folded as the service folds them. No
id of the state's (`waitress-3`, `first_waitress`, `bob-2`, `order_of_business`) is in them."""

import copy
import re

import games.fcm as fcm
from tests.games.fcm.table import Table, seated
from tests.games.fcm.test_dinnertime import at_dinner, resolved
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working

# what an id of the state looks like: a card's `kind-n`, a snake_case name, a restaurant's `ann-2`
IDS = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+(?:-\d+)?\b|\b[a-z]+-\d+\b")


def said(before, after):
    lines = fcm.changes(before, after)
    for line in lines:
        assert not IDS.search(line), line
    return lines


def test_a_hire_is_the_card_by_its_printed_title_joining_the_chain():
    """FCM-RECRUIT-1: the CEO's hire comes on the beach."""
    table = working()
    before = copy.deepcopy(table.state)
    table.record("recruited", player="ann", cards=["waitress"])
    assert said(before, table.state) == ["a Waitress joined ann's chain, on the beach"]


def test_a_trained_card_becomes_its_printed_successor():
    """FCM-TRAIN-1: the trainee goes, the cook comes: said as one change, not two."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    [trainer], [trainee] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    before = copy.deepcopy(table.state)
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": trainee, "into": "burger_cook"}])  # fmt: skip
    assert said(before, table.state) == [
        "ann's Kitchen Trainee became a Burger Cook, on the beach",
        "ann claimed the milestone “First to train someone”",
    ]


def test_cards_put_to_work_move_together_and_the_phase_moves_on():
    """FCM-RESTR-1, FCM-ORDER-1: the last structure puts the cards to work; the last pick
    starts the working 9 to 5 in the new turn order."""
    lines = [line for step in structure_and_order("errand_boy", 2) for line in step]
    assert "ann's 2 Errand Boys: in hand → at work under the CEO" in lines
    assert "the phase: restructuring → order of business" in lines
    assert "the phase: order of business → working 9 to 5" in lines
    assert "ann claimed the milestone “First errand boy played”" in lines


def structure_and_order(card, count):
    """The changes of each step of a restructuring that puts `count` new cards of ann's of
    the kind `card` to work, and of the order of business after it, said."""
    from tests.games.fcm.test_restructuring import hired, turn_five

    position = hired(turn_five(), "ann", *[card] * count)
    table = Table(position["players"], position=position)
    [ceo] = ids(table.state, "ann", "ceo")
    hand = [c["id"] for c in table.state["chains"]["ann"]["cards"] if c["place"] == "hand"]
    put = [i for i in ids(table.state, "ann", card) if i in hand]
    steps = []
    for name, payload in (("structure_chosen", {"player": "ann",
                                                "structure": dict.fromkeys(put, ceo)}),
                          ("structure_chosen", {"player": "bob", "structure": {}})):  # fmt: skip
        before = copy.deepcopy(table.state)
        table.record(name, **payload)
        steps.append(said(before, table.state))
    for player in list(table.state["order_of_business"]["to_pick"]):
        before = copy.deepcopy(table.state)
        place = next(
            n for n, p in enumerate(table.state["order_of_business"]["picked"], 1) if not p
        )
        table.record("turn_order_picked", player=player, place=place)
        steps.append(said(before, table.state))
    return steps


def test_a_house_served_takes_the_goods_from_the_chain_that_sold_them():
    """FCM-DINNER-1, FCM-DINNER-7: the house's demand and the seller's stock, as one change;
    the cash and the bank's; why, in sentences."""
    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    before = copy.deepcopy(table.state)
    [served, ended] = fcm.resolve(table.state)
    table.record("house_served", actor="system:dinnertime", **served["payload"])
    income, bank = served["payload"]["income"], before["bank"]["cash"]
    assert said(before, table.state) == [
        f"ann's cash: $0 → ${income}",
        "ann claimed the milestone “First to have $20”",
        "house 13 took 1 burger from ann",
        f"the bank: ${bank} → ${bank - income}",
    ]
    reasons = fcm.why({**served, "actor": "system:dinnertime"}, before)
    assert reasons[0] == "house 13 ordered 1 burger, and its garden doubles the price"
    assert any(line.startswith("bob lacks part of the order") for line in reasons), reasons
    assert f"ann earned ${income}: ${income} an item" in reasons
    assert fcm.where(before) == "Turn 5, dinnertime"
    assert fcm.where(working().state) == "Turn 5, working 9 to 5"


def test_salaries_and_dinnertime_say_what_each_chain_earned_and_paid():
    """FCM-DINNER-9, FCM-PAY-2: the earnings and the salaries by card title."""
    table = at_dinner(demand={}, goods={"ann": {}, "bob": {}})
    [ended] = resolved(table)
    assert fcm.why(ended, None) == [
        "ann earned $0 this dinnertime",
        "bob earned $0 this dinnertime",
    ]
    owed = {"type": "fcm.salaries_paid", "payload": {"chains": {"ann": 5},
            "explanation": {"ann": {"cards": ["campaign_manager-8"], "gross": 5,
                                    "discounts": {"unused hires": 0, "first_train": 15},
                                    "net": 0}}}}  # fmt: skip
    assert fcm.why(owed, None) == [
        "ann paid $0: $5 for Campaign Manager, $15 off for “First to train someone”"
    ]


def test_a_milestone_forbidding_a_card_is_said_by_its_name():
    """FCM-MILE-1: the card by its title, the milestone by its name."""
    event = {"type": "fcm.forbidden_fired", "payload": {"chains": {"ann": ["cfo-4"]},
             "explanation": {"forbidden_by": {"ann": {"cfo-4": "first_to_have_100"}}}}}  # fmt: skip
    assert fcm.why(event, None) == [
        "ann's CFO had to go: the milestone “First to have $100” forbids it"
    ]
    assert fcm.describe(event, None) == (
        "the worker fired what a milestone forbids: ann's CFO (First to have $100)"
    )


def test_setup_says_who_places_next_and_where_the_game_stands():
    """FCM-SETUP-7: a starting restaurant placed, the next to place, in words."""
    table = Table(["ann", "bob"])
    assert fcm.where(table.state) == "Setup, starting restaurants"
    before = copy.deepcopy(table.state)
    first = table.to_act()
    table.place_anywhere(first)
    lines = said(before, table.state)
    assert lines[-1].startswith(f"{first} placed a restaurant at row ")
    assert f"next to place a starting restaurant: {table.to_act()}" in lines


def test_a_reserve_card_chosen_is_said_face_down_and_nothing_else_is_hidden_in_words():
    """FCM-SETUP-9: the commitment is not a player's business; that one was chosen is."""
    assert fcm.where(seated().state) == "Turn 1, order of business"
    state = Table(["ann", "bob"])
    while state.state["phase"] == "setup_restaurants":
        state.place_anywhere(state.to_act())
    before = copy.deepcopy(state.state)
    state.record("reserve_card_sealed", player="ann", commitment="ab" * 32)
    assert said(before, state.state) == ["ann's reserve card: chosen face down"]


def test_a_step_that_changes_only_bookkeeping_says_so():
    """A hire of nobody changes only what the working 9 to 5 keeps of itself."""
    table = working()
    before = copy.deepcopy(table.state)
    table.record("recruited", player="ann", cards=[])
    assert said(before, table.state) == [
        "nothing a player sees: only the phase's own bookkeeping (the raw change has it)"
    ]
    assert fcm.changes(None, table.state) == [] and fcm.changes(before, before) == []


def test_event_sentences_name_cards_milestones_and_restaurants_as_printed():
    """The game's sentences, audited: titles, not ids."""
    table = working()
    [ceo] = ids(table.state, "ann", "ceo")
    restaurant = table.state["board"]["restaurants"][0]
    moved = {"type": "fcm.restaurant_moved", "payload": {
        "player": restaurant["owner"], "manager": ceo, "restaurant": restaurant["id"],
        "top_left": [1, 1], "entrance": "NW"}}  # fmt: skip
    text = fcm.describe(moved, table.state)
    row, col = restaurant["top_left"]
    assert f"moved {restaurant['owner']}'s restaurant at row {row}, col {col} to row 1" in text
    assert not IDS.search(text), text
    cleanup = {"type": "fcm.cleaned_up", "payload": {"explanation": {
        "turn": 5, "chains": {"ann": {"kept": {"burger": 2}, "thrown": {"soda": 1}}},
        "opened": [restaurant["id"]], "milestones_retired": ["first_errand_boy"]}}}  # fmt: skip
    for line in [fcm.describe(cleanup, table.state), *fcm.why(cleanup, table.state)]:
        assert not IDS.search(line), line
    assert "ann kept 2 burgers in the freezer" in fcm.why(cleanup, table.state)


def test_every_step_of_random_games_is_said_without_an_id(monkeypatch):
    """Two seeded games of tests/games/fcm/random_play.py (a new one and one from turn five,
    the deluxe edition), every step: the event's sentence, its changes, why and where."""
    import tests.games.fcm.random_play as random_play

    steps = []
    fold = random_play.fold

    def folded(state, seq, type_name, payload, actor):
        after = fold(state, seq, type_name, payload, actor)
        steps.append((state, {"type": type_name, "actor": actor, "payload": payload}, after))
        return after

    monkeypatch.setattr(random_play, "fold", folded)
    for seed in (0, random_play.GAMES + 1):
        random_play.walk(seed, turns=6)
    assert len({event["type"] for _, event, _ in steps}) >= 15
    for before, event, after in steps:
        lines = [fcm.describe(event, before), *said(before, after), *fcm.why(event, before)]
        assert all(not IDS.search(line) for line in lines), (event["type"], lines)
        assert fcm.where(before).startswith(("Setup, ", "Turn "))
        if before != after:
            assert said(before, after), event
