"""games/burnrate/labor_pool.py: the four piles and their face-up cards."""

import pytest

from games.burnrate import creation, labor_pool
from games.errors import RuleViolation
from tests.games.burnrate.table import employee, three_players

POOL = {d: employee(f"{d} top", d, 1) for d in ("sales", "development", "hr", "finance")}


def new_state():
    options = {"dealer": None, "labor_pool": POOL, "play_deck_size": 102, "contractor_salary": 3}
    return creation.initial_state({"players": ["joe", "ruth"], "options": options})


def test_each_pile_shows_one_card_of_its_department_with_an_id():
    """BR-SETUP-1."""
    state = new_state()
    assert [e["id"] for e in state["labor_pool"].values()] == ["E1", "E2", "E3", "E4"]
    assert labor_pool.offer(state)[0] == "sales: sales top"


def test_a_card_turned_up_on_another_departments_pile_is_refused():
    """BR-SETUP-1: piles are sorted by department."""
    state = new_state()
    with pytest.raises(RuleViolation) as caught:
        labor_pool.turn_up(state, "sales", employee("Kim", "hr", 2))
    assert caught.value.rule == "BR-SETUP-1"


def test_taking_turns_up_the_next_card():
    """BR-DRAFT-1: the next card of that pile is flipped."""
    state = new_state()
    taken = labor_pool.take(state, "hr", employee("Next", "hr", 2))
    assert taken["name"] == "hr top"
    assert state["labor_pool"]["hr"] == {"id": "E5", **employee("Next", "hr", 2)}


def test_an_empty_pile_offers_nobody():
    """BR-SETUP-1: only face-up cards can be taken."""
    state = new_state()
    labor_pool.take(state, "hr", None)
    with pytest.raises(RuleViolation) as caught:
        labor_pool.face_up(state, "hr", "BR-DRAFT-1")
    assert caught.value.rule == "BR-DRAFT-1"
    assert "hr: " not in " ".join(caught.value.details["face_up"])


def test_employees_return_to_the_bottom_of_their_pile():
    """BR-PLAY-6: under the face-up card; an empty pile shows the returned card."""
    state = new_state()
    fired = {"id": "E9", **employee("Fired", "hr", 2)}
    labor_pool.return_to_bottom(state, fired)
    assert state["labor_pool"]["hr"]["name"] == "hr top"
    labor_pool.take(state, "hr", None)
    labor_pool.return_to_bottom(state, fired)
    assert state["labor_pool"]["hr"] == fired


def test_an_employee_in_a_company_cannot_be_turned_up_again():
    """BR-SETUP-1: a named card in a company is not in any pile to be turned up."""
    table = three_players()
    ruths = employee("Ruth Sales Head", "sales", 2)
    violation = table.refused("hire_played", "BR-SETUP-1", player="joe",
                              card={"skill_numbers": [0, 1, 2, 3]}, department="sales",
                              revealed=ruths)  # fmt: skip
    assert "in ruth's company" in violation.message
    assert "null if the pile is empty" in violation.message


def test_the_card_taken_is_not_turned_up_after_itself():
    """BR-SETUP-1: the card under the one taken is another card."""
    table = three_players()
    taken = table.state["labor_pool"]["hr"]
    printed = {k: v for k, v in taken.items() if k != "id"}
    table.refused("hire_played", "BR-SETUP-1", player="joe", card={"skill_numbers": [1, 2, 3]},
                  department="hr", revealed=printed)  # fmt: skip


def test_a_fired_employee_under_a_pile_can_come_up_again():
    """BR-SETUP-1, BR-PLAY-6: fired to the bottom of the pile, turned up later as printed."""
    table = three_players()
    sales = table.employee_id("joe", "Joe Sales Head")
    table.record("fire_played", player="joe", cards=[{"skill_numbers": [1, 2, 3]}], employee=sales)
    again = employee("Joe Sales Head", "sales", 1)
    table.record("hire_played", player="joe", card={"skill_numbers": [0, 1, 2, 3]},
                 department="sales", revealed=again)  # fmt: skip
    assert table.state["labor_pool"]["sales"]["name"] == "Joe Sales Head"
