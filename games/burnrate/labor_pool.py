"""The labor pool: four department piles, each showing its top employee face up (BR-SETUP-1).

The face-down cards are unknown until the table turns them up, so the state holds only the
face-up card of each pile: `state["labor_pool"] = {"sales": employee | None, ...}`, None when
the pile is empty. Each card turned up gets the next employee id (E1, E2, ...).
"""

from games.errors import RuleViolation

from . import cards, company, edition


def new_labor_pool() -> dict:
    return {department: None for department in edition.DEPARTMENTS}


def turn_up(state: dict, department: str, printed: dict | None) -> None:
    """Turn up `printed` on `department`'s pile, or nothing when the pile ran out (BR-SETUP-1).

    The card must belong to that pile's department and exist as printed.
    """
    if printed is None:
        state["labor_pool"][department] = None
        return
    if printed["department"] != department:
        raise RuleViolation(
            "BR-SETUP-1",
            f"{printed['name']} is a {printed['department']} employee and cannot be turned up "
            f"on the {department} pile; enter the card that was turned up there, or null "
            f"if the pile is empty",
            {"pile": department, "employee": printed},
        )
    cards.enter_employee(state["catalogue"], printed)
    check_not_in_play(state, department, printed)
    employee = {"id": f"E{state['next_id']['employee']}", **printed}
    state["next_id"]["employee"] += 1
    state["labor_pool"][department] = employee


def check_not_in_play(state: dict, department: str, printed: dict) -> None:
    """A named employee is one card: while it is in a company, or face up (the card being taken
    included), it is in no pile to be turned up (BR-SETUP-1). Engineers are not told apart."""
    if printed["engineer"]:
        return
    name = printed["name"]
    where = [
        f"in {owner}'s company ({e['id']})"
        for owner, own in state["companies"].items()
        for e in own["employees"]
        if e["name"] == name
    ]
    where += [
        f"the card being taken from the {pile} pile ({e['id']})"
        if pile == department
        else f"face up on the {pile} pile ({e['id']})"
        for pile, e in state["labor_pool"].items()
        if e is not None and e["name"] == name
    ]
    if where:
        raise RuleViolation(
            "BR-SETUP-1",
            f"{name} is {where[0]}, so it cannot be the card turned up on the {department} "
            f"pile: enter the card that was turned up there, or null if the pile is empty",
            {"employee": printed, "in_play": where[0]},
        )


def face_up(state: dict, department: str, rule: str) -> dict:
    """The face-up employee of a pile; an empty pile offers nobody (`rule` names why)."""
    employee = state["labor_pool"][department]
    if employee is None:
        raise RuleViolation(
            rule,
            f"the {department} pile is empty; face-up employees: "
            f"{', '.join(offer(state)) or 'none'}",
            {"face_up": offer(state)},
        )
    return employee


def offer(state: dict) -> list[str]:
    """`hr: Tony Fuji`, ...: the employees that can be taken now."""
    return [f"{d}: {e['name']}" for d, e in state["labor_pool"].items() if e is not None]


def legal_departments(state: dict, joining: dict) -> list[str]:
    """The piles whose face-up employee may join the company `joining` (BR-VP-2)."""
    return [
        department
        for department, employee in state["labor_pool"].items()
        if employee is not None and company.may_join(joining, employee)
    ]


def take(state: dict, department: str, revealed: dict | None) -> dict:
    """Take the face-up employee of a pile and turn up the next card (BR-DRAFT-1)."""
    employee = state["labor_pool"][department]
    turn_up(state, department, revealed)
    return employee


def return_to_bottom(state: dict, employee: dict) -> None:
    """An employee leaving a company goes to the bottom of their pile (BR-PLAY-6, BR-SALARY-2).

    A pile that had run out is that one card now, and it is face up.
    """
    if state["labor_pool"][employee["department"]] is None:
        state["labor_pool"][employee["department"]] = employee
