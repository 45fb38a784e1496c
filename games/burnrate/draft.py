"""The first hire (BR-DRAFT-1, BR-DRAFT-2) and the deal that follows it (BR-DEAL-1)."""

from games.actors import check_actor
from games.errors import RuleViolation

from . import company, edition, labor_pool
from .turn import check_player, left_of, start_turn


def drafting_player(state: dict) -> str:
    """Who hires next: the dealer first, then clockwise, round after round (BR-DRAFT-1)."""
    players = state["players"]
    start = players.index(state["dealer"])
    return players[(start + state["draft"]["picks"]) % len(players)]


def draft_size(state: dict) -> int:
    """Every player hires exactly four (BR-DRAFT-2)."""
    return edition.EMPLOYEES_PER_PLAYER * len(state["players"])


def check_drafting(state: dict, player: str) -> None:
    """The first hire is running and it is this player's pick (BR-DRAFT-1, BR-DRAFT-2)."""
    check_player(state, player, "BR-DRAFT-1")
    if state["phase"] != "draft":
        raise RuleViolation(
            "BR-DRAFT-2",
            f"the first hire is over: every player hired {edition.EMPLOYEES_PER_PLAYER}; "
            "employees now join with HIRE and BAD HIRE cards",
        )
    expected = state["draft"]["player"]
    if player != expected:
        raise RuleViolation(
            "BR-DRAFT-1",
            f"{expected} hires next, not {player}: the dealer ({state['dealer']}) first, then "
            "clockwise",
            {"player": expected},
        )


def employee_drafted(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.employee_drafted`: a face-up employee joins; the next is turned up.

    Departments may stay unstaffed (BR-DRAFT-2), but no second VP in one (BR-VP-2).
    """
    player, department = payload["player"], payload["department"]
    check_actor(actor, player, "BR-TURN-1")
    check_drafting(state, player)
    own = state["companies"][player]
    employee = labor_pool.face_up(state, department, "BR-DRAFT-1")
    company.check_may_join(own, player, employee, labor_pool.legal_departments(state, own))
    labor_pool.take(state, department, payload["revealed"])
    own["employees"].append(employee)
    state["draft"]["picks"] += 1
    if state["draft"]["picks"] == draft_size(state):
        deal(state)
    else:
        state["draft"]["player"] = drafting_player(state)


def deal(state: dict) -> None:
    """Six Play cards to each player; the player left of the dealer starts (BR-DEAL-1)."""
    for name in state["players"]:
        state["companies"][name]["hand"] = edition.HAND_SIZE
    state["deck"] -= edition.HAND_SIZE * len(state["players"])
    state["draft"]["player"] = None
    state["phase"] = "turn"
    start_turn(state, left_of(state, state["dealer"]), 1)
