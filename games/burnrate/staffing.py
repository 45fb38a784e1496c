"""The blue HR cards, which move employees: HIRE, BAD HIRE, FIRE and POACH.

Each function applies one event to a copy of the state, or raises RuleViolation.
"""

from games.errors import RuleViolation

from . import cards, company, edition, labor_pool, matching
from .turn import begin_play, spend_cards
from .words import plural

CONTRACTOR = "contractor"


def join_from_pool(state: dict, owner: str, department: str, revealed: dict | None) -> None:
    """The face-up employee of a pile joins `owner`'s company; the next card is turned up.

    Nobody joins a department that has a VP if they are a VP too, hired or forced (BR-VP-2).
    """
    joining = state["companies"][owner]
    employee = labor_pool.face_up(state, department, "BR-SETUP-1")
    company.check_may_join(joining, owner, employee, labor_pool.legal_departments(state, joining))
    labor_pool.take(state, department, revealed)
    joining["employees"].append(employee)


def hire_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.hire_played`: HIRE, matched to the player's HR head (BR-PLAY-3)."""
    player, card = payload["player"], payload["card"]
    begin_play(state, payload, actor, 1)
    cards.enter_play_card(state["catalogue"], "HIRE", card)
    matching.check_defensive(state, player, "HIRE", card)
    join_from_pool(state, player, payload["department"], payload["revealed"])
    spend_cards(state, player, 1)


def bad_hire_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.bad_hire_played`: force a face-up employee on an opponent (BR-PLAY-3, BR-VP-2)."""
    player, target, card = payload["player"], payload["target"], payload["card"]
    begin_play(state, payload, actor, 1)
    cards.enter_play_card(state["catalogue"], "BAD_HIRE", card)
    matching.check_offensive(state, player, target, "BAD_HIRE", card)
    join_from_pool(state, target, payload["department"], payload["revealed"])
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
        cards.enter_play_card(state["catalogue"], "FIRE", card)
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
        cards.enter_play_card(state["catalogue"], "POACH", card)
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
