"""A player's company: employees by department, heads, Vice Presidents, engineers, contractors.

A company is plain data:

    {"funding": 100, "employees": [employee, ...], "contractors": 0,
     "bad_ideas": [bad idea, ...], "hand": 6, "bankrupt": false}

An employee is the card as printed plus the id the engine gave it:
`{"id": "E1", "name", "department", "skill", "salary", "vp", "engineer"}`.
"""

from games.errors import RuleViolation

from . import edition


def new_company(funding: int) -> dict:
    return {
        "funding": funding,
        "employees": [],
        "contractors": 0,
        "bad_ideas": [],
        "hand": 0,
        "bankrupt": False,
    }


def staff(company: dict, department: str) -> list[dict]:
    """The department's managers and VPs: its employees other than engineers."""
    return [e for e in company["employees"] if e["department"] == department and not e["engineer"]]


def head(company: dict, department: str) -> dict | None:
    """The department head (BR-ORG-1, BR-VP-1): the VP if there is one, else the most skilled.

    Engineers never head a department; a department with no head is unstaffed.
    """
    candidates = staff(company, department)
    vps = [e for e in candidates if e["vp"]]
    if vps:
        return vps[0]
    if not candidates:
        return None
    return max(candidates, key=lambda e: e["skill"])


def head_skill(company: dict, department: str) -> int | None:
    """The head's skill level, or None for an unstaffed department (BR-ORG-1)."""
    leader = head(company, department)
    return None if leader is None else leader["skill"]


def vice_president(company: dict, department: str) -> dict | None:
    """The department's Vice President, if any (BR-VP-2 allows one at most)."""
    return next((e for e in staff(company, department) if e["vp"]), None)


def vp_count(company: dict) -> int:
    """How many Vice Presidents the company has, for the purple cards (BR-PLAY-5)."""
    return sum(1 for e in company["employees"] if e["vp"])


def engineer_count(company: dict) -> int:
    """Engineers work on BAD IDEAs (BR-ORG-1); managers and VPs do not."""
    return sum(1 for e in company["employees"] if e["engineer"])


def may_join(company: dict, employee: dict) -> bool:
    """An employee may join unless they are a VP and the department has one (BR-VP-2)."""
    return not (employee["vp"] and vice_president(company, employee["department"]))


def check_may_join(company: dict, owner: str, employee: dict, legal: list[str]) -> None:
    """Refuse a second Vice President in a department, hired, forced or poached (BR-VP-2)."""
    if may_join(company, employee):
        return
    sitting = vice_president(company, employee["department"])
    department = edition.DEPARTMENT_NAMES[employee["department"]]
    alternatives = ", ".join(legal) if legal else "none"
    raise RuleViolation(
        "BR-VP-2",
        f"{owner} already has a Vice President in {department} ({sitting['name']}), so "
        f"{employee['name']}, also a VP, cannot join; legal choices: {alternatives}",
        {"vice_president": sitting["id"], "legal": legal},
    )


def find_employee(company: dict, employee_id: str) -> dict | None:
    return next((e for e in company["employees"] if e["id"] == employee_id), None)


def remove_employee(company: dict, employee_id: str) -> dict:
    employee = find_employee(company, employee_id)
    company["employees"] = [e for e in company["employees"] if e["id"] != employee_id]
    return employee


def roster(company: dict) -> list[str]:
    """`E3 Kim Lee`, ...: the employees a FIRE or POACH may name."""
    return [f"{e['id']} {e['name']}" for e in company["employees"]]


def x_total(company: dict) -> int:
    """Engineers the company's BAD IDEAs need: the sum of their X (BR-CONTRACT-1)."""
    return sum(b["x"] for b in company["bad_ideas"])


def contractors_needed(company: dict) -> int:
    """Contractors make up the engineers the BAD IDEAs lack, no more (BR-CONTRACT-1)."""
    return max(0, x_total(company) - engineer_count(company))


def burn_rate(company: dict, contractor_salary: int) -> dict:
    """Every salary of the company, summed (BR-SALARY-1): employees and contractors."""
    salaries = [
        {"id": e["id"], "name": e["name"], "salary": e["salary"]} for e in company["employees"]
    ]
    employees_total = sum(s["salary"] for s in salaries)
    contractors_total = company["contractors"] * contractor_salary
    terms = [str(s["salary"]) for s in salaries]
    if company["contractors"]:
        terms.append(f"{company['contractors']}x{contractor_salary}")
    total = employees_total + contractors_total
    return {
        "salaries": salaries,
        "employees_total": employees_total,
        "contractors": company["contractors"],
        "contractor_salary": contractor_salary,
        "contractors_total": contractors_total,
        "burn_rate": total,
        "sum": f"{' + '.join(terms) or '0'} = {total}",
    }
