"""games/burnrate/company.py: heads, Vice Presidents, engineers, contractors, burn rate."""

import pytest

from games.burnrate import company
from games.errors import RuleViolation
from tests.games.burnrate.table import employee, engineer


def with_staff(*employees, contractors=0, bad_ideas=()):
    own = company.new_company(100)
    own["employees"] = [{"id": f"E{n}", **e} for n, e in enumerate(employees, 1)]
    own["contractors"] = contractors
    own["bad_ideas"] = [
        {"id": f"B{n}", "name": f"Idea {n}", "x": x, "skill_numbers": [0], "from": "ruth"}
        for n, x in enumerate(bad_ideas, 1)
    ]
    return own


def test_the_most_skilled_employee_heads_the_department():
    """BR-ORG-1."""
    own = with_staff(employee("Low", "sales", 1), employee("High", "sales", 3))
    assert company.head(own, "sales")["name"] == "High"
    assert company.head_skill(own, "sales") == 3


def test_an_unstaffed_department_has_no_head():
    """BR-ORG-1: engineers do not head Development; only engineers means unstaffed."""
    own = with_staff(engineer(), engineer(), employee("Kim", "hr", 2))
    assert company.head(own, "development") is None
    assert company.head_skill(own, "development") is None
    assert company.head_skill(own, "finance") is None
    assert company.engineer_count(own) == 2


def test_a_vice_president_is_always_head():
    """BR-VP-1: even when others in the department are more skilled."""
    own = with_staff(employee("Star", "finance", 3), employee("Boss", "finance", 0, vp=True))
    assert company.head(own, "finance")["name"] == "Boss"
    assert company.head_skill(own, "finance") == 0
    assert company.vp_count(own) == 1


def test_a_second_vice_president_in_a_department_is_refused():
    """BR-VP-2: one VP per department; another VP elsewhere, or a non-VP, may join."""
    own = with_staff(employee("Boss", "finance", 2, vp=True))
    assert company.may_join(own, employee("Other", "finance", 1))
    assert company.may_join(own, employee("Other", "sales", 1, vp=True))
    second = employee("Other", "finance", 3, vp=True)
    assert not company.may_join(own, second)
    with pytest.raises(RuleViolation) as caught:
        company.check_may_join(own, "joe", second, ["sales", "hr"])
    assert caught.value.rule == "BR-VP-2"
    assert "Boss" in caught.value.message and "sales, hr" in caught.value.message


def test_contractors_cover_the_x_total_beyond_the_engineers():
    """BR-CONTRACT-1: the rulebook's two engineers with x1 and x3 need two contractors."""
    own = with_staff(engineer(), engineer(), bad_ideas=(1, 3))
    assert company.x_total(own) == 4
    assert company.contractors_needed(own) == 2
    assert company.contractors_needed(with_staff(engineer(), engineer(), bad_ideas=(1,))) == 0


def test_development_managers_do_not_work_on_bad_ideas():
    """BR-ORG-1: only engineers work on projects."""
    own = with_staff(employee("Manager", "development", 3), bad_ideas=(2,))
    assert company.contractors_needed(own) == 2


def test_contractor_supply_is_endless():
    """BR-CONTRACT-2: as many contractors as the BAD IDEAs need."""
    assert company.contractors_needed(with_staff(bad_ideas=(4, 4, 4, 4, 4))) == 20


def test_burn_rate_sums_every_salary():
    """BR-SALARY-1: employees and contractors."""
    own = with_staff(employee("A", "sales", 1, 3), engineer(salary=1), contractors=2)
    bill = company.burn_rate(own, 3)
    assert bill["burn_rate"] == 10
    assert bill["employees_total"] == 4 and bill["contractors_total"] == 6
    assert bill["sum"] == "3 + 1 + 2x3 = 10"
    assert [s["salary"] for s in bill["salaries"]] == [3, 1]
    assert company.burn_rate(company.new_company(5), 3)["sum"] == "0 = 0"
