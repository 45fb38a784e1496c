"""games/fcm/choices.py: what a form may offer now, judged by the rules themselves. Each test
also holds the answer against the checks: every value offered, in a sample action, is
recorded (through the type's schema, as the service records it), and every value left out is
refused with the rule the answer names."""

import copy
import re

import pytest

import games.fcm as fcm
from games.fcm.data import EMPLOYEES
from games.fcm.map.pieces import GARDEN_SIDES
from tests.games.fcm.table import Table
from tests.games.fcm.test_building import at_work, garden_spots
from tests.games.fcm.test_restructuring import at_turn_five, ids
from tests.games.fcm.test_training import rich
from tests.games.fcm.test_working import working


def offered(answer, path, **when):
    return [
        e["value"] for e in answer[path]["offer"] if e.get("when", {}) | when == e.get("when", {})
    ]


def left_out(answer, path):
    return {e["value"]: e["rule"] for e in answer[path]["left_out"]}


def holds_against_the_checks(table, event_type, answer, path, sample):
    """Every offered value of `path`, put into `sample(entry)`, is recorded; every value left
    out is refused with its rule. The table is left as it was."""
    name = event_type.removeprefix("fcm.")
    for entry in answer[path]["offer"]:
        trial = copy.deepcopy(table)
        trial.record(name, **sample(entry))
    for entry in answer[path]["left_out"]:
        trial = copy.deepcopy(table)
        trial.refused(name, entry["rule"], **sample(entry))


def test_the_recruit_form_offers_the_entry_level_cards_left_in_the_stock():
    """FCM-RECRUIT-2: an entry-level card is offered while one is in the stock; bob took every
    waitress, so ann is not offered one, and no card above entry level is offered."""
    table = working(ann_work=["recruiting_girl"], bob_takes=["waitress"])
    answer = fcm.choices(table.state, "player:ann", "fcm.recruited")
    entry_level = sorted(name for name, card in EMPLOYEES.items() if card["entry_level"])
    assert sorted(offered(answer, "cards.*")) == [c for c in entry_level if c != "waitress"]
    assert left_out(answer, "cards.*")["waitress"] == "FCM-RECRUIT-2"
    assert left_out(answer, "cards.*")["cfo"] == "FCM-RECRUIT-2"
    assert answer["cards.*"]["rules"] == ["FCM-RECRUIT-2"]
    labels = {e["value"]: e["label"] for e in answer["cards.*"]["offer"]}
    assert labels["kitchen_trainee"].startswith("Kitchen Trainee (")
    holds_against_the_checks(table, "fcm.recruited", answer, "cards.*",
                             lambda e: {"player": "ann", "cards": [e["value"]]})  # fmt: skip


def test_once_a_chain_has_recruited_nothing_more_is_offered():
    """FCM-RECRUIT-1: recruiting is one action a turn."""
    table = working()
    table.record("recruited", player="ann", cards=["waitress"])
    answer = fcm.choices(table.state, "player:ann", "fcm.recruited")
    assert offered(answer, "cards.*") == []
    assert "FCM-RECRUIT-1" in answer["cards.*"]["rules"]


def test_a_chain_out_of_turn_is_offered_nothing():
    """FCM-WORK-1: bob waits for ann's working."""
    answer = fcm.choices(working().state, "player:bob", "fcm.recruited")
    assert offered(answer, "cards.*") == [] and answer["cards.*"]["rules"] == ["FCM-WORK-1"]


def test_the_training_form_offers_the_printed_steps_but_what_a_milestone_forbids():
    """FCM-TRAIN-1, FCM-MILE-1: ann's trainer may take her senior vice president one printed
    step, into an executive vice president or an HR director; her $100 milestone forbids the
    CFO, which is left out naming the milestone's rule."""
    table, trainer, vice = rich()
    answer = fcm.choices(table.state, "player:ann", "fcm.trained")
    assert offered(answer, "trainer") == [trainer]
    assert offered(answer, "steps.*.card", trainer=trainer) == [vice]
    intos = {"trainer": trainer, "steps.*.card": vice}
    assert offered(answer, "steps.*.into", **intos) == ["executive_vice_president", "hr_director"]
    assert left_out(answer, "steps.*.into") == {"cfo": "FCM-MILE-1"}

    def step(entry):
        return {
            "player": "ann",
            "trainer": trainer,
            "steps": [{"card": vice, "into": entry["value"]}],
        }

    holds_against_the_checks(table, "fcm.trained", answer, "steps.*.into", step)


def test_a_coach_is_offered_the_cards_two_steps_on():
    """FCM-TRAIN-3: a coach may take one card two printed steps; each end is offered."""
    table = working(ann_work=["coach"], ann_hand=["kitchen_trainee"])
    [coach], [cook] = ids(table.state, "ann", "coach"), ids(table.state, "ann", "kitchen_trainee")
    answer = fcm.choices(table.state, "player:ann", "fcm.trained")
    assert sorted(offered(answer, "steps.*.into", trainer=coach)) == [
        "burger_chef", "burger_cook", "pizza_chef", "pizza_cook",
    ]  # fmt: skip
    path = {
        "burger_chef": ["burger_cook", "burger_chef"],
        "pizza_chef": ["pizza_cook", "pizza_chef"],
    }

    def steps(entry):
        intos = path.get(entry["value"], [entry["value"]])
        return {
            "player": "ann",
            "trainer": coach,
            "steps": [{"card": cook, "into": i} for i in intos],
        }

    holds_against_the_checks(table, "fcm.trained", answer, "steps.*.into", steps)


def test_a_trainer_that_has_trained_is_left_out():
    """FCM-TRAIN-1: each card at work acts once a turn."""
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee", "errand_boy"])
    [trainer], [cook] = (
        ids(table.state, "ann", "trainer"),
        ids(table.state, "ann", "kitchen_trainee"),
    )
    table.record("trained", player="ann", trainer=trainer,
                 steps=[{"card": cook, "into": "pizza_cook"}])  # fmt: skip
    answer = fcm.choices(table.state, "player:ann", "fcm.trained")
    assert offered(answer, "trainer") == [] and left_out(answer, "trainer") == {
        trainer: "FCM-TRAIN-1"
    }


def test_a_structure_offers_the_ceo_and_the_managers_of_the_hand():
    """FCM-RESTR-2: a card reports to the CEO or to a manager of the hand put under the CEO;
    a manager to the CEO only; never to a card that is no manager."""
    table = at_turn_five(ann=["management_trainee", "trainer"])
    state = table.state
    [ceo], [manager] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    [trainer], [waitress] = ids(state, "ann", "trainer"), ids(state, "ann", "waitress")
    answer = fcm.choices(state, "player:ann", "fcm.structure_chosen")
    assert offered(answer, f"structure.{trainer}") == [ceo, manager]
    assert offered(answer, f"structure.{manager}") == [ceo]
    assert left_out(answer, f"structure.{trainer}")[waitress] == "FCM-RESTR-2"
    assert left_out(answer, f"structure.{manager}")[trainer] == "FCM-RESTR-2"

    def under(card):
        def sample(entry):
            boss = entry["value"]
            return {
                "player": "ann",
                "structure": {card: boss} | ({boss: ceo} if boss != ceo else {}),
            }

        return sample

    for card in (trainer, manager, waitress):
        holds_against_the_checks(
            table, "fcm.structure_chosen", answer, f"structure.{card}", under(card)
        )
    sealed = fcm.choices(state, "player:ann", "fcm.structure_sealed")
    assert sealed == answer, "a sealed structure is chosen as an open one"


def test_a_revealed_structure_offers_the_same_bosses_once_every_chain_has_chosen():
    """FCM-RESTR-1, FCM-RESTR-2: ann sealed her structure; while bob has still to choose her
    reveal waits, and then it is offered the bosses an open choice is; her open choice is over.
    """
    from games.sealed import seal

    table = at_turn_five(ann=["management_trainee", "trainer"])
    [ceo], [manager] = ids(table.state, "ann", "ceo"), ids(table.state, "ann", "management_trainee")
    [trainer] = ids(table.state, "ann", "trainer")
    open_choice = fcm.choices(table.state, "player:ann", "fcm.structure_chosen")
    structure = {trainer: manager, manager: ceo}
    table.record("structure_sealed", player="ann", commitment=seal(structure, "n" * 32))
    waiting = fcm.choices(table.state, "player:ann", "fcm.structure_revealed")
    assert offered(waiting, f"structure.{trainer}") == []
    assert waiting[f"structure.{trainer}"]["rules"] == ["FCM-RESTR-1"]
    table.record("structure_chosen", player="bob", structure={})
    revealed = fcm.choices(table.state, "player:ann", "fcm.structure_revealed")
    assert offered(revealed, f"structure.{trainer}") == offered(open_choice, f"structure.{trainer}")
    assert offered(revealed, f"structure.{manager}") == [ceo]
    chosen = fcm.choices(table.state, "player:ann", "fcm.structure_chosen")
    assert offered(chosen, f"structure.{manager}") == []
    assert chosen[f"structure.{manager}"]["rules"] == ["FCM-RESTR-1"]
    table.record("structure_revealed", player="ann", structure=structure, nonce="n" * 32)


def test_the_free_places_on_the_track():
    """FCM-ORDER-4: once a place is taken it is not offered to the next chain."""
    table = at_turn_five()
    table.record("structure_chosen", player="ann", structure={})
    table.record("structure_chosen", player="bob", structure={})
    first = table.state["order_of_business"]["to_pick"][0]
    table.record("turn_order_picked", player=first, place=1)
    second = table.state["order_of_business"]["to_pick"][0]
    answer = fcm.choices(table.state, f"player:{second}", "fcm.turn_order_picked")
    assert offered(answer, "place") == [2] and left_out(answer, "place") == {1: "FCM-ORDER-4"}
    holds_against_the_checks(table, "fcm.turn_order_picked", answer, "place",
                             lambda e: {"player": second, "place": e["value"]})  # fmt: skip


def test_a_cook_takes_the_food_it_prints():
    """FCM-FOOD-1: a kitchen trainee at work takes burgers or pizzas; an errand boy no food."""
    table = working(ann_work=["kitchen_trainee", "errand_boy"])
    [cook], [boy] = (
        ids(table.state, "ann", "kitchen_trainee"),
        ids(table.state, "ann", "errand_boy"),
    )
    answer = fcm.choices(table.state, "player:ann", "fcm.food_taken")
    assert offered(answer, "cook") == [cook] and left_out(answer, "cook")[boy] == "FCM-FOOD-1"
    assert offered(answer, "food", cook=cook) == ["burger", "pizza"]
    food = lambda e: {"player": "ann", **e["when"], "food": e["value"]}  # noqa: E731
    holds_against_the_checks(table, "fcm.food_taken", answer, "food", food)
    drinks = fcm.choices(table.state, "player:ann", "fcm.drinks_taken")
    assert offered(drinks, "card") == [boy] and offered(drinks, "drink", card=boy) != []


def test_a_card_is_offered_by_its_title_and_two_alike_by_where_they_are_then_their_order():
    """#20, item 6: no card id in a form. Two Kitchen Trainees at work and one on the beach
    read "Kitchen Trainee, at work (1st)" and "(2nd)"; a card alone of its title by the title;
    the CEO as "CEO"."""
    table = working(ann_work=["kitchen_trainee", "kitchen_trainee", "errand_boy"],
                    ann_hand=["kitchen_trainee"])  # fmt: skip
    answer = fcm.choices(table.state, "player:ann", "fcm.food_taken")
    labels = [e["label"] for e in answer["cook"]["offer"] + answer["cook"]["left_out"]]
    assert labels == [
        "Kitchen Trainee, at work (1st)", "Kitchen Trainee, at work (2nd)", "Errand Boy",
    ]  # fmt: skip
    state = at_turn_five(ann=["management_trainee", "trainer"]).state
    [trainer] = ids(state, "ann", "trainer")
    structure = fcm.choices(state, "player:ann", "fcm.structure_chosen")[f"structure.{trainer}"]
    bosses = [e["label"] for e in structure["offer"] + structure["left_out"]]
    assert bosses == ["CEO", "Management Trainee", "Waitress", "CFO"]


def test_a_refusal_beside_the_form_names_cards_as_the_form_does():
    """#20, item 6, #32 item 2: FCM-FOOD-1's refusal of the errand boy, `errand_boy-11 is not
    a kitchen card`, reads "Errand Boy is not a kitchen card" in what the form leaves out; the
    rule and value stay."""
    table = working(ann_work=["kitchen_trainee", "errand_boy"])
    [boy] = ids(table.state, "ann", "errand_boy")
    [refused] = fcm.choices(table.state, "player:ann", "fcm.food_taken")["cook"]["left_out"]
    assert (refused["value"], refused["rule"]) == (boy, "FCM-FOOD-1")
    assert refused["message"] == "Errand Boy is not a kitchen card"


@pytest.mark.parametrize("actor", ["admin", "player:zoe"])
def test_an_actor_naming_no_chain_and_a_type_not_covered_are_offered_nothing(actor):
    """The form's own fields stay: nothing is said for admin, a stranger or a square."""
    state = working().state
    assert fcm.choices(state, actor, "fcm.recruited") == {}
    assert fcm.choices(state, "player:ann", "fcm.working_ended") == {}


def test_choices_leave_the_state_alone():
    table = working(ann_work=["trainer"], ann_hand=["kitchen_trainee"])
    before = copy.deepcopy(table.state)
    for event_type in ("fcm.recruited", "fcm.trained", "fcm.food_taken"):
        fcm.choices(table.state, "player:ann", event_type)
    assert table.state == before


def test_each_acting_card_field_offers_only_the_cards_that_may_take_that_action():
    """#32 item 2, FCM-MKT-1, FCM-FOOD-3, FCM-HOUSE-1, FCM-REST-1: the campaign's marketeer is
    the marketing trainee, never the CEO or the kitchen trainee; drinks are collected by no
    card of these; nobody here places houses or restaurants. What is left out says why, in
    words."""
    table = working(ann_work=["kitchen_trainee", "marketing_trainee", "errand_boy"])
    state = table.state
    [marketeer] = [i for i in ids(state, "ann", "marketing_trainee")
                   if any(c["id"] == i and c["place"] == "work"
                          for c in state["chains"]["ann"]["cards"])]  # fmt: skip
    fields = fcm.choices(state, "player:ann", "fcm.campaign_placed")["marketeer"]
    assert [e["value"] for e in fields["offer"]] == [marketeer]
    [trainee] = ids(state, "ann", "kitchen_trainee")
    [refused] = [e for e in fields["left_out"] if e["value"] == trainee]
    assert refused["message"] == "Kitchen Trainee is not a marketeer"
    for event_type, field in (("fcm.drinks_collected", "card"), ("fcm.house_placed", "developer"),
                              ("fcm.garden_added", "developer"),
                              ("fcm.restaurant_placed", "manager")):  # fmt: skip
        answer = fcm.choices(state, "player:ann", event_type)[field]
        assert answer["offer"] == [] and len(answer["left_out"]) == 3, event_type


def test_a_garden_is_offered_on_the_houses_and_sides_that_take_one():
    """#32 item 2, FCM-HOUSE-1: the houses offered are the printed ones without a garden that
    have room for one on some side, the sides of each offered while that house is chosen,
    exactly those the action records; a house with its garden is left out in words, naming
    no id."""
    table = working(ann_work=["new_business_developer"])
    state = table.state
    [developer] = at_work(table, "new_business_developer")
    answer = fcm.choices(state, "player:ann", "fcm.garden_added")
    spots = garden_spots(state)
    assert offered(answer, "house") == sorted({number for number, _ in spots})
    for number in offered(answer, "house"):
        sides = [side for house, side in spots if house == number]
        assert offered(answer, "garden", house=number) == sides
    assert {e["when"]["house"] for e in answer["garden"]["offer"] + answer["garden"]["left_out"]
            } == set(offered(answer, "house"))  # fmt: skip
    payload = {"player": "ann", "developer": developer}
    holds_against_the_checks(table, "fcm.garden_added", answer, "garden",
                             lambda e: {**payload, "house": e["when"]["house"],
                                        "garden": e["value"]})  # fmt: skip
    for entry in answer["house"]["left_out"]:
        for side in GARDEN_SIDES:
            copy.deepcopy(table).refused("garden_added", entry["rule"], **payload,
                                         house=entry["value"], garden=side)  # fmt: skip
    [thirteen] = [e for e in answer["house"]["left_out"] if e["value"] == 13]
    assert thirteen["label"] == "House 13"
    assert thirteen["message"] == "house 13 already has its garden: one garden per house"
    assert not [e for e in answer["garden"]["left_out"] if re.search(r"\w-\d", e["message"])]


def test_no_house_is_offered_a_garden_when_the_supply_has_none():
    """FCM-HOUSE-1: every house left out, saying so; no side is offered."""
    table = working(ann_work=["new_business_developer"])
    table.state["supply"]["gardens"] = 0
    answer = fcm.choices(table.state, "player:ann", "fcm.garden_added")
    assert answer["house"]["offer"] == [] and answer["house"]["left_out"]
    assert {e["message"] for e in answer["house"]["left_out"]} == {
        "no garden is left in the supply"
    }
    assert answer["garden"]["offer"] == answer["garden"]["left_out"] == []


def test_the_fired_cards_are_those_a_chain_may_fire():
    """FCM-PAY-1, FCM-PAY-2: not the CEO, not a busy marketeer; a chain firing because it cannot
    pay is offered only its salaried cards."""
    from tests.games.fcm.test_payday import at_payday

    table = at_payday(ann=["burger_cook"], cash={"ann": 5, "bob": 100})
    offered = fcm.choices(table.state, "player:bob", "fcm.fired")["cards.*"]
    assert [e["label"] for e in offered["offer"]] == ["Kitchen Trainee (1st)",
                                                      "Kitchen Trainee (2nd)"]  # fmt: skip
    assert {e["label"] for e in offered["left_out"]} == {"CEO", "Brand Manager"}
    table.record("fired", player="ann", cards=[])
    table.record("fired", player="bob", cards=[])
    forced = fcm.choices(table.state, "player:ann", "fcm.fired")["cards.*"]
    salaried = sorted(ids(table.state, "ann", "burger_cook") + ids(table.state, "ann", "cfo"))
    assert sorted(e["value"] for e in forced["offer"]) == salaried


def after_a_turn_at_work(*hand):
    """ann's turn 5 ends (the campaigns run, cleanup) with her waitress and management trainee
    under her CEO and her trainer under the manager, her CFO and `hand` on the beach: turn 6's
    restructuring."""
    from tests.games.fcm.test_campaigns import at_marketing, resolved
    from tests.games.fcm.test_restructuring import hired

    table = at_marketing()
    position = hired(table.state, "ann", "management_trainee", "trainer", *hand)
    cards = {c["card"]: c for c in position["chains"]["ann"]["cards"]}
    ceo, manager = cards["ceo"]["id"], cards["management_trainee"]["id"]
    bosses = {"waitress": ceo, "management_trainee": ceo, "trainer": manager}
    for card in position["chains"]["ann"]["cards"]:
        if card["place"] == "hand":
            boss = bosses.get(card["card"])
            card.update(place="work" if boss else "beach", boss=boss)
    for chain in position["chains"].values():
        for card in chain["cards"]:
            card["place"] = "beach" if card["place"] == "hand" else card["place"]
    table = Table(position["players"], position=position)
    resolved(table)
    [event] = fcm.resolve(table.state)
    table.record("cleaned_up", actor="system:cleanup", **event["payload"])
    assert table.state["phase"] == "restructuring" and table.state["turn"] == 6
    return table


def defaults(answer):
    return {path.removeprefix("structure."): field.get("default")
            for path, field in answer.items()}  # fmt: skip


def test_an_untouched_structure_is_last_turn_s():
    """#32 item 4: the structure form starts from the structure at work last turn, each card
    under its boss then; a card that was on the beach starts on the beach. Recorded as it
    starts, it puts the same cards to work under the same bosses."""
    table = after_a_turn_at_work()
    state = table.state
    [ceo], [manager] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    [trainer], [waitress], [cfo] = (ids(state, "ann", c) for c in ("trainer", "waitress", "cfo"))
    answer = fcm.choices(state, "player:ann", "fcm.structure_chosen")
    assert defaults(answer) == {waitress: ceo, manager: ceo, trainer: manager, cfo: None}
    assert fcm.choices(state, "player:ann", "fcm.structure_sealed") == answer
    structure = {card: boss for card, boss in defaults(answer).items() if boss}
    table.record("structure_chosen", player="ann", structure=structure)
    table.record("structure_chosen", player="bob", structure={})
    at_work = {c["id"]: c["boss"] for c in table.state["chains"]["ann"]["cards"]
               if c["place"] == "work"}  # fmt: skip
    assert at_work == {ceo: None, **structure}


def test_a_default_is_only_where_the_card_may_still_report():
    """#32 item 4, FCM-RESTR-2: ann's manager was fired at payday, so her trainer, who worked
    under it, starts on the beach; her waitress still starts under the CEO."""
    from tests.games.fcm.test_restructuring import at_turn_five

    table = after_a_turn_at_work()
    state = copy.deepcopy(table.state)
    [manager] = ids(state, "ann", "management_trainee")
    chain = state["chains"]["ann"]
    chain["cards"] = [c for c in chain["cards"] if c["id"] != manager]
    [ceo], [trainer], [waitress] = (ids(state, "ann", c) for c in ("ceo", "trainer", "waitress"))
    answer = fcm.choices(state, "player:ann", "fcm.structure_chosen")
    assert defaults(answer)[trainer] is None and defaults(answer)[waitress] == ceo
    fresh = fcm.choices(at_turn_five().state, "player:ann", "fcm.structure_chosen")
    assert set(defaults(fresh).values()) == {None}, "no turn at work, no default"


def test_a_chain_that_must_fire_is_offered_the_whole_firings_that_let_it_pay():
    """FCM-PAY-2: ann owes $15 with $10 for her two cooks and her CFO: each one of them alone
    lets her pay, so the firings offered are those three, each recorded; none of two cards
    (one more than she needs), none with her waitress (no salary)."""
    from tests.games.fcm.test_payday import at_payday

    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    assert "cards" not in fcm.choices(table.state, "player:ann", "fcm.fired"), "her own firing"
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    answer = fcm.choices(table.state, "player:ann", "fcm.fired")
    salaried = [ids(table.state, "ann", c)[0] for c in ("cfo", "burger_cook", "pizza_cook")]
    assert sorted(offered(answer, "cards")) == sorted([card] for card in salaried)
    labels = sorted(e["label"] for e in answer["cards"]["offer"])
    assert labels == ["Burger Cook", "CFO", "Pizza Cook"]
    assert answer["cards"]["none"] == "Choose a firing that lets ann pay"
    holds_against_the_checks(table, "fcm.fired", answer, "cards",
                             lambda e: {"player": "ann", "cards": e["value"]})  # fmt: skip


def test_the_firings_offered_are_every_firing_the_rules_accept_alike_cards_once():
    """FCM-PAY-2: ann owes $15 with $5 for two burger cooks, a pizza cook, her CFO and a
    recruiting manager whose two unused hires ($10 off) are worth more than its salary: every
    firing of her cards that the check accepts is offered (two cards, never the manager), but
    for which of two alike cards goes, and nothing else is."""
    import itertools

    from games.choices import accepts
    from games.fcm.turn.payday import check_forced
    from tests.games.fcm.test_payday import at_payday

    table = at_payday(ann=["burger_cook", "burger_cook", "pizza_cook", "recruiting_manager"],
                      cash={"ann": 5, "bob": 100}, unused_hires=2)  # fmt: skip
    state = table.state
    [recruiter] = ids(state, "ann", "recruiting_manager")
    state["payday"]["recruiters"] = {recruiter: 2}
    table.state = state
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    state = table.state
    kinds = {c["id"]: c["card"] for c in state["chains"]["ann"]["cards"]}
    legal = {
        tuple(sorted(kinds[i] for i in chosen))
        for size in range(1, len(kinds) + 1)
        for chosen in itertools.combinations(kinds, size)
        if accepts(lambda chosen=chosen: check_forced(state, "ann", list(chosen)))
    }
    answer = fcm.choices(state, "player:ann", "fcm.fired")
    sets = [tuple(sorted(kinds[i] for i in value)) for value in offered(answer, "cards")]
    assert len(sets) == len(set(sets)) and set(sets) == legal
    assert ("burger_cook", "burger_cook") in legal and len(legal) == 4
    holds_against_the_checks(table, "fcm.fired", answer, "cards",
                             lambda e: {"player": "ann", "cards": e["value"]})  # fmt: skip


def sealed_and_revealed(table, answer, path, player, sample, others=("ann", "bob")):
    """As `holds_against_the_checks`, for a Deluxe firing: each value offered, sealed as
    `sample(entry)` (the others sealing nobody first, if their firing is owed), opens at the
    reveal and is fired; each left out opens and is refused there with its rule."""
    from tests.games.fcm.table import nonce
    from tests.games.fcm.test_payday import firing

    def reveal(entry):
        trial = copy.deepcopy(table)
        for other in others:
            if other != player:
                trial.record("firing_sealed", player=other, commitment=firing([], other))
        cards = sample(entry)
        trial.record("firing_sealed", player=player, commitment=firing(cards, player))
        return trial, {"player": player, "cards": cards, "nonce": nonce(player)}

    for entry in answer[path]["offer"]:
        trial, payload = reveal(entry)
        trial.record("firing_revealed", **payload)
    for entry in answer[path]["left_out"]:
        trial, payload = reveal(entry)
        trial.refused("firing_revealed", entry["rule"], **payload)


def test_a_sealed_firing_offers_the_cards_its_reveal_may_fire():
    """#32 item 2, FCM-PAY-1, Deluxe: bob's sealed firing is judged as the firing it will
    reveal: his kitchen trainees, never his CEO or his busy brand manager (the reveal would
    refuse them, and a seal that cannot be revealed leaves payday waiting on it)."""
    from tests.games.fcm.test_payday import at_payday

    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    answer = fcm.choices(table.state, "player:bob", "fcm.firing_sealed")
    labels = [e["label"] for e in answer["cards.*"]["offer"]]
    assert labels == ["Kitchen Trainee (1st)", "Kitchen Trainee (2nd)"]
    assert {e["label"] for e in answer["cards.*"]["left_out"]} == {"CEO", "Brand Manager"}
    assert "cards" not in answer, "its own firing: any of those, or none"
    sealed_and_revealed(table, answer, "cards.*", "bob", lambda e: [e["value"]])


def test_a_sealed_firing_to_pay_is_offered_the_whole_firings_that_let_it_pay():
    """FCM-PAY-2, Deluxe: ann owes $15 with $10 and revealed that she fired nobody, as bob did:
    her second firing, sealed, offers the firings that let her pay, one card of her salaried
    three, as the open firing does; each sealed opens and is fired at the reveal."""
    from tests.games.fcm.table import nonce
    from tests.games.fcm.test_payday import at_payday, firing

    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100},
                      edition="deluxe")  # fmt: skip
    for player in ("ann", "bob"):
        table.record("firing_sealed", player=player, commitment=firing([], player))
    for player in ("ann", "bob"):
        table.record("firing_revealed", player=player, cards=[], nonce=nonce(player))
    answer = fcm.choices(table.state, "player:ann", "fcm.firing_sealed")
    salaried = [ids(table.state, "ann", c)[0] for c in ("cfo", "burger_cook", "pizza_cook")]
    assert sorted(offered(answer, "cards")) == sorted([card] for card in salaried)
    assert sorted(offered(answer, "cards.*")) == sorted(salaried)
    assert answer["cards"]["none"] == "Choose a firing that lets ann pay"
    sealed_and_revealed(table, answer, "cards", "ann", lambda e: e["value"], others=())
    sealed_and_revealed(table, answer, "cards.*", "ann", lambda e: [e["value"]], others=())


def test_a_firing_revealed_by_hand_offers_what_the_reveal_may_fire():
    """FCM-PAY-1, Deluxe: with nothing kept on a device the reveal's cards are typed; once both
    have sealed, ann's reveal offers what her firing may hold, as her seal did."""
    from tests.games.fcm.test_payday import at_payday, firing

    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    sealing = fcm.choices(table.state, "player:ann", "fcm.firing_sealed")
    for player in ("ann", "bob"):
        table.record("firing_sealed", player=player, commitment=firing([], player))
    answer = fcm.choices(table.state, "player:ann", "fcm.firing_revealed")
    assert answer["cards.*"] == sealing["cards.*"]
    assert {"CEO", "Marketing Trainee"} <= {e["label"] for e in answer["cards.*"]["left_out"]}


def test_a_firing_not_to_be_sealed_or_revealed_now_is_offered_nothing():
    """FCM-PAY-1: the form keeps its own fields where the action itself is refused: a seal in
    an original game or a second seal, a reveal before any seal."""
    from tests.games.fcm.test_payday import at_payday, firing

    original = at_payday(cash={"ann": 100, "bob": 100})
    assert fcm.choices(original.state, "player:ann", "fcm.firing_sealed") == {}
    table = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe")
    assert fcm.choices(table.state, "player:ann", "fcm.firing_revealed") == {}
    table.record("firing_sealed", player="ann", commitment=firing([], "ann"))
    assert fcm.choices(table.state, "player:ann", "fcm.firing_sealed") == {}
    assert fcm.choices(table.state, "player:ann", "fcm.firing_revealed") == {}, "bob has not sealed"
