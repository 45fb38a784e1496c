"""games/burnrate/choices.py: what a form may offer now, judged by the rules themselves, and
held against the checks: every value offered, in a sample action, is recorded (through the
type's schema), and every value left out is refused with the rule the answer names."""

import copy

import pytest

import games.burnrate as burnrate
from games.burnrate import edition
from tests.games.burnrate.table import employee
from tests.games.burnrate.test_draft import new_table as drafting
from tests.games.burnrate.test_staffing import ALL
from tests.games.burnrate.test_staffing import new_table as staffing


def offered(answer, path, **when):
    return [
        e["value"] for e in answer[path]["offer"] if e.get("when", {}) | when == e.get("when", {})
    ]


def left_out(answer, path):
    return {e["value"]: e["rule"] for e in answer[path]["left_out"]}


def holds_against_the_checks(table, name, answer, path, sample):
    for entry in answer[path]["offer"]:
        copy.deepcopy(table).record(name, **sample(entry))
    for entry in answer[path]["left_out"]:
        copy.deepcopy(table).refused(name, entry["rule"], **sample(entry))


def test_the_first_hire_offers_the_piles_whose_employee_may_join():
    """BR-DRAFT-1, BR-VP-2: ruth has a Finance VP and the finance pile shows another, so her
    second pick is offered every pile but that one."""
    table = drafting()
    table.record("employee_drafted", player="ruth", department="finance",
                 revealed=employee("Jo Vance", "finance", 1, vp=True))  # fmt: skip
    for player in ("ann", "joe"):
        table.record("employee_drafted", player=player, department="sales",
                     revealed=employee(f"S {player}", "sales", 1))  # fmt: skip
    answer = burnrate.choices(table.state, "player:ruth", "burnrate.employee_drafted")
    assert offered(answer, "department") == ["sales", "development", "hr"]
    assert left_out(answer, "department") == {"finance": "BR-VP-2"}
    labels = [e["label"] for e in answer["department"]["offer"]]
    assert labels[0] == "sales: S joe"
    holds_against_the_checks(table, "employee_drafted", answer, "department",
                             lambda e: {"player": "ruth", "department": e["value"],
                                        "revealed": None})  # fmt: skip


def test_a_player_whose_pick_it_is_not_is_offered_no_pile():
    """BR-DRAFT-1: ruth deals and picks first; joe waits."""
    answer = burnrate.choices(drafting().state, "player:joe", "burnrate.employee_drafted")
    assert offered(answer, "department") == [] and answer["department"]["rules"] == ["BR-DRAFT-1"]


def test_hire_offers_a_pile_but_a_second_vice_president_and_never_no_pile_while_one_joins():
    """BR-VP-2: joe has a Finance VP and the finance pile shows a VP: HIRE is offered the
    other piles; no pile (played for no effect) is left out while someone may join."""
    table = staffing()
    table.record("hire_played", player="joe", card=ALL, department="finance",
                 revealed=employee("Vera Vee", "finance", 2, vp=True))  # fmt: skip
    answer = burnrate.choices(table.state, "player:joe", "burnrate.hire_played")
    assert offered(answer, "department") == ["sales", "development", "hr"]
    assert left_out(answer, "department") == {"finance": "BR-VP-2", None: "BR-VP-2"}
    holds_against_the_checks(table, "hire_played", answer, "department",
                             lambda e: {"player": "joe", "card": ALL, "department": e["value"],
                                        "revealed": None})  # fmt: skip


def test_bad_hire_offers_the_opponents_and_the_piles_each_may_take():
    """BR-PLAY-3: an offensive card targets an opponent, never the player; the pile is judged
    against the target's company (BR-VP-2)."""
    table = staffing()
    answer = burnrate.choices(table.state, "player:joe", "burnrate.bad_hire_played")
    assert offered(answer, "target") == ["ruth", "ann"]
    assert left_out(answer, "target") == {"joe": "BR-PLAY-3"}
    assert offered(answer, "department", target="ruth") == ["sales", "development", "hr", "finance"]
    holds_against_the_checks(table, "bad_hire_played", answer, "target",
                             lambda e: {"player": "joe", "target": e["value"], "card": ALL,
                                        "department": "sales", "revealed": None})  # fmt: skip


def test_poach_offers_the_employees_who_may_join_and_fire_the_players_own():
    """BR-VP-2: ruth's Finance head is a VP and joe has one, so joe's POACH is not offered
    her; FIRE names only joe's own employees (BR-PLAY-6)."""
    table = staffing()
    answer = burnrate.choices(table.state, "player:joe", "burnrate.poach_played")
    ruths = {e["name"]: e["id"] for e in table.company("ruth")["employees"]}
    assert ruths["R Finance Head"] not in offered(answer, "employee", target="ruth")
    assert left_out(answer, "employee") == {ruths["R Finance Head"]: "BR-VP-2"}
    assert ruths["R Sales Head"] in offered(answer, "employee", target="ruth")
    fire = burnrate.choices(table.state, "player:joe", "burnrate.fire_played")
    assert offered(fire, "employee") == [e["id"] for e in table.company("joe")["employees"]]


def test_funding_offers_the_cards_that_match_the_finance_head_with_a_copy_left():
    """BR-PLAY-2, BR-SETUP-2: joe's Finance head has skill 2: a FUNDING card is offered when it
    shows a 2 and a copy of it is still in the deck; every copy of one played since the last
    reshuffle leaves it out too."""
    table = staffing()
    first = burnrate.choices(table.state, "player:joe", "burnrate.funding_played")["card"]
    assert first["offer"] and all(2 in e["value"]["skill_numbers"] for e in first["offer"])
    assert {e["rule"] for e in first["left_out"]} == {"BR-PLAY-2"}
    gone = first["offer"][0]
    copies = next(v["copies"] for v in edition.KINDS["FUNDING"]["variants"]
                  if v["amount"] == gone["value"]["amount"]
                  and v["skill_numbers"] == gone["value"]["skill_numbers"])  # fmt: skip
    table.state["played_copies"][gone["label"]] = copies
    answer = burnrate.choices(table.state, "player:joe", "burnrate.funding_played")
    assert gone["value"] not in offered(answer, "card")
    assert {"value": gone["value"], "rule": "BR-SETUP-2"}.items() <= next(
        e for e in answer["card"]["left_out"] if e["value"] == gone["value"]
    ).items()
    assert gone["label"].startswith("FUNDING ")
    holds_against_the_checks(table, "funding_played", answer, "card",
                             lambda e: {"player": "joe", "card": e["value"]})  # fmt: skip


def test_hire_offers_the_cards_that_match_the_players_hr_head():
    """BR-PLAY-2: joe's HR head has skill 1, so his HIRE is offered the cards showing a 1."""
    table = staffing()
    answer = burnrate.choices(table.state, "player:joe", "burnrate.hire_played")
    assert offered(answer, "card") and all(1 in c["skill_numbers"] for c in offered(answer, "card"))
    assert {e["rule"] for e in answer["card"]["left_out"]} == {"BR-PLAY-2"}
    holds_against_the_checks(table, "hire_played", answer, "card",
                             lambda e: {"player": "joe", "card": e["value"], "department": "sales",
                                        "revealed": None})  # fmt: skip


def test_bad_hire_offers_the_cards_that_match_the_targets_hr_head():
    """BR-PLAY-3: ruth's HR head has skill 0, ann's 3: the cards offered follow the target."""
    table = staffing()
    answer = burnrate.choices(table.state, "player:joe", "burnrate.bad_hire_played")
    for target, skill in (("ruth", 0), ("ann", 3)):
        cards = offered(answer, "card", target=target)
        assert cards and all(skill in card["skill_numbers"] for card in cards)
    holds_against_the_checks(table, "bad_hire_played", answer, "card",
                             lambda e: {"player": "joe", "card": e["value"], **e["when"],
                                        "department": "sales", "revealed": None})  # fmt: skip


def test_out_of_turn_nothing_is_offered():
    """BR-TURN-1: joe plays first; ruth's HIRE waits."""
    answer = burnrate.choices(staffing().state, "player:ruth", "burnrate.hire_played")
    assert offered(answer, "department") == [] and answer["department"]["rules"] == ["BR-TURN-1"]


@pytest.mark.parametrize("actor", ["admin", "player:zoe"])
def test_an_actor_naming_no_company_and_a_type_not_covered_are_offered_nothing(actor):
    state = staffing().state
    assert burnrate.choices(state, actor, "burnrate.hire_played") == {}
    assert burnrate.choices(state, "player:joe", "burnrate.turn_ended") == {}
