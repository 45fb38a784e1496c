"""What a Burn Rate form may offer now (games/choices.py says how a value is judged): the piles
a company may hire from, in the first hire and with HIRE or BAD HIRE (BR-DRAFT-1, BR-VP-2),
the opponents an offensive card may target (BR-PLAY-3), the employees FIRE may name and
POACH may take (BR-CONTRACT-2, BR-VP-2), and the Play cards as printed (FUNDING by the money
it brings, HIRE, BAD HIRE, FIRE, POACH, RELEASE) that may be played now (BR-SETUP-2: a copy
left; BR-PLAY-2 to 4: matching the head of their department, the player's or the target's).

A draft and a FUNDING card are judged by folding a sample (`evolve`); another Play card,
whose sample would need the rest of the action too, by the checks its rule makes of the card,
in the rule's order (the turn and the card limit first, BR-TURN-1, BR-PLAY-1), and its other
choices by the checks the rule makes of them.
"""

from games.choices import Field, player_of, told_apart
from games.plain_data import copied

from . import cards, company, copies, edition, labor_pool, matching, pickers, staffing
from .turn import begin_play


def choices(state: dict, actor: str, event_type: str) -> dict:
    """`{field path: {"rules", "offer", "left_out"}}` for `event_type` recorded by `actor` now;
    empty for a type or actor it does not cover (the form's own fields stay)."""
    player = player_of(actor)
    judged = JUDGED.get(event_type)
    if player is None or judged is None or player not in state["companies"]:
        return {}
    return {path: field.answer() for path, field in judged(state, actor, player).items()}


def pile_words(state: dict, department: str) -> str:
    """`finance: Ben Zhao`, as the form's pile picker says it (pickers.py)."""
    employee = state["labor_pool"][department]
    return f"{department}: {employee['name'] if employee else 'empty'}"


def employee_words(employees: list[dict], employee: dict) -> str:
    """`Kim Lee, HR`, as the form's employee picker says it (pickers.py), two of the same
    name and department in `employees`, the company's, told apart by their order."""
    told = told_apart(
        [f"{e['name']}, {edition.DEPARTMENT_NAMES[e['department']]}" for e in employees]
    )
    return told[next(n for n, e in enumerate(employees) if e["id"] == employee["id"])]


def folds(state: dict, actor: str, event_type: str, payload: dict):
    """The check of a sample action: `evolve` folds it, or raises the rule that refuses it."""
    from . import evolve  # the package's surface, which imports this module

    return lambda: evolve(state, {"type": event_type, "actor": actor, "payload": payload})


def drafted(state: dict, actor: str, player: str) -> dict:
    """The piles whose face-up employee may join the company in the first hire (BR-DRAFT-1,
    BR-VP-2), each judged by folding the pick."""
    field = Field()
    for department in edition.DEPARTMENTS:
        payload = {"player": player, "department": department, "revealed": None}
        field.judge(department, pile_words(state, department),
                    folds(state, actor, "burnrate.employee_drafted", payload))  # fmt: skip
    return {"department": field}


def funded(state: dict, actor: str, player: str) -> dict:
    """FUNDING: each card the edition prints, by its amount and skill numbers, judged by
    playing it: a copy left in the deck (BR-SETUP-2), matching the Finance head (BR-PLAY-2,
    BR-PLAY-4), on the player's turn (BR-TURN-1)."""
    field = Field()
    for variant in edition.KINDS["FUNDING"]["variants"]:
        card = {"amount": variant["amount"], "skill_numbers": variant["skill_numbers"]}
        payload = {"player": player, "card": card}
        field.judge(card, cards.describe("FUNDING", card),
                    folds(state, actor, "burnrate.funding_played", payload))  # fmt: skip
    return {"card": field}


def joins(state: dict, actor: str, player: str, owner: str, department: str | None):
    """The check of a HIRE's or BAD HIRE's pile: the turn, then the face-up employee may join
    `owner`'s company (BR-VP-2); no pile (the card played for no effect) only when nobody may
    join (join_from_pool's checks)."""
    joining = state["companies"][owner]

    def check():
        begin_play(state, {"player": player}, actor, 1)
        legal = labor_pool.legal_departments(state, joining)
        if department is None:
            staffing.check_nobody_may_join(state, owner, legal, None)
            return
        employee = labor_pool.face_up(state, department, "BR-SETUP-1")
        company.check_may_join(joining, owner, employee, legal)

    return check


def piles(state, actor, player, owner, field: Field, when: dict | None = None) -> Field:
    for department in [*edition.DEPARTMENTS, None]:
        words = pile_words(state, department) if department else "None: nobody may join"
        field.judge(department, words, joins(state, actor, player, owner, department), when)
    return field


def plays(state: dict, actor: str, player: str, kind_id: str, card: dict, target=None):
    """The checks a Play card's rule makes of the card itself, in its order, on a copy of the
    state: the turn and the card limit (BR-TURN-1, BR-PLAY-1), a copy left in the deck
    (BR-SETUP-2), and a match for the player's head of its department, or the target's
    (BR-PLAY-2 to 4)."""

    def check():
        trial = copied(state)
        begin_play(trial, {"player": player}, actor, 1)
        copies.play(trial, kind_id, [card])
        if target is None:
            matching.check_defensive(trial, player, kind_id, card)
        else:
            matching.check_offensive(trial, player, target, kind_id, card)

    return check


def printed(state, actor, player, kind_id: str, targets_: list | None = None) -> Field:
    """The cards of `kind_id` as the form offers them printed (pickers.py), each judged by
    `plays`; an offensive card's once for each target offered."""
    field = Field()
    for choice in pickers.printed(kind_id)["choices"]:
        card, label = choice["value"], choice["label"]
        if targets_ is None:
            field.judge(card, label, plays(state, actor, player, kind_id, card))
        for target in targets_ or []:
            check = plays(state, actor, player, kind_id, card, target)
            field.judge(card, label, check, {"target": target})
    return field


def hired(state: dict, actor: str, player: str) -> dict:
    """HIRE: a card that matches the player's HR head, and a pile whose face-up employee may
    join the player's company (BR-VP-2)."""
    return {
        "card": printed(state, actor, player, "HIRE"),
        "department": piles(state, actor, player, player, Field()),
    }


def targets(state: dict, actor: str, player: str) -> tuple[Field, list[str]]:
    """The opponents still in the game an offensive card may target (BR-PLAY-3)."""
    field = Field()

    def check(target):
        return lambda: (begin_play(state, {"player": player}, actor, 1),
                        matching.check_target(state, player, target))  # fmt: skip

    judged = [t for t in state["players"] if field.judge(t, t, check(t))]
    return field, judged


def bad_hired(state: dict, actor: str, player: str) -> dict:
    """BAD HIRE: an opponent (BR-PLAY-3), and a pile whose employee may join theirs (BR-VP-2)."""
    target_field, offered = targets(state, actor, player)
    department_field = Field()
    for target in offered:
        piles(state, actor, player, target, department_field, {"target": target})
    card_field = printed(state, actor, player, "BAD_HIRE", offered)
    return {"target": target_field, "card": card_field, "department": department_field}


def fired(state: dict, actor: str, player: str) -> dict:
    """FIRE: one of the player's own employees (BR-PLAY-6); never a contractor
    (BR-CONTRACT-2)."""
    field = Field()
    for employee in state["companies"][player]["employees"]:
        words = employee_words(state["companies"][player]["employees"], employee)
        field.judge(employee["id"], words, lambda e=employee: (
            begin_play(state, {"player": player}, actor, 1),
            staffing.named_employee(state, player, e["id"], "BR-PLAY-6"),
        ))  # fmt: skip
    return {"cards.*": printed(state, actor, player, "FIRE"), "employee": field}


def poached(state: dict, actor: str, player: str) -> dict:
    """POACH: an opponent (BR-PLAY-3), and one of their employees who may join the player's
    company (BR-CONTRACT-2, BR-VP-2)."""
    target_field, offered = targets(state, actor, player)
    employee_field = Field()
    own = state["companies"][player]
    for target in offered:
        for employee in state["companies"][target]["employees"]:
            legal = [e["id"] for e in state["companies"][target]["employees"]
                     if company.may_join(own, e)]  # fmt: skip

            def check(e=employee, target=target, legal=legal):
                staffing.named_employee(state, target, e["id"], "BR-PLAY-3")
                company.check_may_join(own, player, e, legal)

            words = employee_words(state["companies"][target]["employees"], employee)
            employee_field.judge(employee["id"], words, check, {"target": target})
    cards_field = printed(state, actor, player, "POACH", offered)
    return {"target": target_field, "cards.*": cards_field, "employee": employee_field}


def released(state: dict, actor: str, player: str) -> dict:
    """RELEASE: a card that matches the player's Development head (BR-PLAY-2, BR-PLAY-4)."""
    return {"card": printed(state, actor, player, "RELEASE")}


def bad_idea(state: dict, actor: str, player: str) -> dict:
    """BAD IDEA: an opponent still in the game (BR-PLAY-3)."""
    return {"target": targets(state, actor, player)[0]}


JUDGED = {
    "burnrate.employee_drafted": drafted,
    "burnrate.funding_played": funded,
    "burnrate.hire_played": hired,
    "burnrate.bad_hire_played": bad_hired,
    "burnrate.fire_played": fired,
    "burnrate.poach_played": poached,
    "burnrate.bad_idea_played": bad_idea,
    "burnrate.release_played": released,
}
