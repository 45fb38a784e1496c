"""The blue HR cards, which move employees: HIRE, BAD HIRE, FIRE and POACH.

Each function applies one event to a copy of the state, or raises RuleViolation.
"""

from games.errors import RuleViolation

from . import company, copies, edition, labor_pool, matching
from .turn import begin_play, spend_cards
from .words import plural

CONTRACTOR = "contractor"


def join_from_pool(state: dict, payload: dict, owner: str, kind_id: str) -> None:
    """The face-up employee of `department`'s pile joins `owner`'s company, and `revealed` is
    turned up there; `state["turn"]["hires"]` says who joined.

    Hiring is compulsory while a face-up employee may join, and nobody joins a department that
    has a VP if they are a VP too, hired or forced (BR-VP-2). When nobody may join, the card is
    played for no effect: `department` and `revealed` are null and nobody is hired.
    """
    joining = state["companies"][owner]
    legal = labor_pool.legal_departments(state, joining)
    department, revealed = payload["department"], payload["revealed"]
    hire = {"by": payload["player"], "to": owner, "employee": None}
    if department is None:
        check_nobody_may_join(state, owner, legal, revealed)
        state["turn"]["hires"].append(hire)
        return
    if not legal:
        refuse_for_no_effect(state, owner, department, kind_id)
    employee = labor_pool.face_up(state, department, "BR-SETUP-1")
    company.check_may_join(joining, owner, employee, legal)
    labor_pool.take(state, department, revealed)
    joining["employees"].append(employee)
    state["turn"]["hires"].append({**hire, "employee": employee["id"]})


def check_nobody_may_join(state: dict, owner: str, legal: list, revealed: dict | None) -> None:
    """A card played for no effect: only when no face-up employee may join (BR-VP-2), and then
    nothing is taken, so nothing is turned up (BR-SETUP-1)."""
    if legal:
        offer = [f"{d}: {state['labor_pool'][d]['name']}" for d in legal]
        raise RuleViolation(
            "BR-VP-2",
            f"hiring is compulsory while a face-up employee may join {owner}'s company; "
            f"name the pile taken from: {', '.join(offer)}",
            {"legal": legal},
        )
    if revealed is not None:
        raise RuleViolation(
            "BR-SETUP-1",
            f"nobody was hired, so no card was taken and none turned up; {revealed['name']} "
            "cannot be revealed: record revealed null",
            {"legal": legal},
        )


def refuse_for_no_effect(state: dict, owner: str, department: str, kind_id: str) -> None:
    """A pile was named but nobody may join: the card is played for no effect (BR-VP-2)."""
    employee = state["labor_pool"][department]
    if employee is None:
        rule, why = "BR-SETUP-1", f"the {department} pile is empty"
    else:
        sitting = company.vice_president(state["companies"][owner], department)
        rule, why = (
            "BR-VP-2",
            (
                f"{employee['name']} is a Vice President and {owner} has one in "
                f"{edition.DEPARTMENT_NAMES[department]} ({sitting['name']})"
            ),
        )
    raise RuleViolation(
        rule,
        f"{why}, and no other face-up employee may join {owner}'s company either, so the "
        f"{edition.KINDS[kind_id]['name']} is played for no effect: record it with department "
        "null and revealed null",
        {"legal": []},
    )


def hire_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.hire_played`: HIRE, matched to the player's HR head (BR-PLAY-3)."""
    player, card = payload["player"], payload["card"]
    begin_play(state, payload, actor, 1)
    copies.play(state, "HIRE", [card])
    matching.check_defensive(state, player, "HIRE", card)
    join_from_pool(state, payload, player, "HIRE")
    spend_cards(state, player, 1)


def bad_hire_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.bad_hire_played`: force a face-up employee on an opponent (BR-PLAY-3, BR-VP-2)."""
    player, target, card = payload["player"], payload["target"], payload["card"]
    begin_play(state, payload, actor, 1)
    copies.play(state, "BAD_HIRE", [card])
    matching.check_offensive(state, player, target, "BAD_HIRE", card)
    join_from_pool(state, payload, target, "BAD_HIRE")
    spend_cards(state, player, 1)


def named_employee(state: dict, owner: str, employee_id: str, rule: str) -> dict:
    """The employee a FIRE or POACH names; contractors cannot be named (BR-CONTRACT-2)."""
    owned = state["companies"][owner]
    if employee_id == CONTRACTOR:
        raise RuleViolation(
            "BR-CONTRACT-2",
            "contractors cannot be fired or poached; they leave when the BAD IDEAs they work "
            "on are RELEASEd or engineers take their place, at the end of the turn",
            {"employees": company.roster(owned)},
        )
    employee = company.find_employee(owned, employee_id)
    if employee is None:
        raise RuleViolation(
            rule,
            f"{owner} has no employee {employee_id}; {owner}'s employees: "
            f"{', '.join(company.roster(owned)) or 'none'}",
            {"employees": company.roster(owned)},
        )
    return employee


def check_cards_for(employee: dict, kind_id: str, count: int) -> None:
    """One card fires or poaches an employee; a Vice President takes two together (BR-VP-3)."""
    needed = edition.KINDS[kind_id]["cards_for_vp"] if employee["vp"] else 1
    if count != needed:
        name = edition.KINDS[kind_id]["name"]
        what = "a Vice President" if employee["vp"] else "an employee who is not a VP"
        raise RuleViolation(
            "BR-VP-3",
            f"{employee['name']} is {what}: {plural(needed, f'{name} card')}"
            f"{' played together' if needed > 1 else ''}, not {count}",
            {"needed": needed},
        )


def fire_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.fire_played`: FIRE one of the player's own employees (BR-PLAY-6, BR-VP-3).

    Each card matches the player's HR head; the employee goes to the bottom of their pile.
    """
    player, played = payload["player"], payload["cards"]
    begin_play(state, payload, actor, len(played))
    for card in played:
        copies.play(state, "FIRE", [card])
    employee = named_employee(state, player, payload["employee"], "BR-PLAY-6")
    check_cards_for(employee, "FIRE", len(played))
    for card in played:
        matching.check_defensive(state, player, "FIRE", card)
    company.remove_employee(state["companies"][player], employee["id"])
    labor_pool.return_to_bottom(state, employee)
    spend_cards(state, player, len(played))


def poach_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.poach_played`: take an opponent's employee (BR-PLAY-3, BR-VP-2, BR-VP-3).

    Each card matches the target's HR head.
    """
    player, target, played = payload["player"], payload["target"], payload["cards"]
    begin_play(state, payload, actor, len(played))
    for card in played:
        copies.play(state, "POACH", [card])
    matching.check_target(state, player, target)
    employee = named_employee(state, target, payload["employee"], "BR-PLAY-3")
    check_cards_for(employee, "POACH", len(played))
    for card in played:
        matching.check_offensive(state, player, target, "POACH", card)
    own = state["companies"][player]
    legal = [
        f"{e['id']} {e['name']}"
        for e in state["companies"][target]["employees"]
        if company.may_join(own, e)
    ]
    company.check_may_join(own, player, employee, legal)
    company.remove_employee(state["companies"][target], employee["id"])
    own["employees"].append(employee)
    spend_cards(state, player, len(played))
