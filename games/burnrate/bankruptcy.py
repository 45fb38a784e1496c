"""Going out: below zero a company is out of the game at once (BR-SALARY-2).

An account goes below zero in one of two ways: the salaries at the end of its own turn
(turn_end.py), or a purple card's `funding_changes` during anyone's play step (vp_cards.py).
Either way the company goes out here, by one `burnrate.went_bankrupt` per company, written by
the worker: at the end of a turn as a step of the phase "turn_end", during a play step as the
phase "bankruptcy". Its Play cards go to the discard pile, its employees to the bottom of their
labor-pool piles. When no company is below zero any more the play step goes on, unless the
player whose turn it is went out or one company is left: then the turn passes or the game is
won (turn_end.py, step "next").
"""

import copy

from games.errors import RuleViolation

from . import labor_pool
from .words import plural

PHASE = "bankruptcy"


def going(state: dict) -> list[str]:
    """Companies in the game whose account is below zero: the player whose turn it is first,
    then clockwise. Zero is not below zero."""
    if state["phase"] != "turn":
        return []
    players, companies = state["players"], state["companies"]
    start = players.index(state["turn"]["player"])
    in_turn_order = players[start:] + players[:start]
    return [
        p for p in in_turn_order if not companies[p]["bankrupt"] and companies[p]["funding"] < 0
    ]


def due(state: dict) -> bool:
    """A company went below zero during a play step (a purple card): the phase "bankruptcy"."""
    return state["phase"] == "turn" and state["turn"]["step"] == "play" and bool(going(state))


def resolving(state: dict) -> str:
    """What the worker is doing, for an action sent meanwhile (BR-TURN-1)."""
    out = going(state)
    return f"{', '.join(out)} went below zero and {'is' if len(out) == 1 else 'are'} going out"


def bankruptcy_event(state: dict) -> dict:
    """The next company below zero goes out: what goes where, and why (BR-SALARY-2)."""
    player = going(state)[0]
    own = state["companies"][player]
    explanation = {
        "rule": "BR-SALARY-2",
        "turn": state["turn"]["number"],
        "cause": "salaries" if state["turn"]["step"] == "bankruptcy" else "purple card",
        "funding": own["funding"],
        "hand_to_discard": own["hand"],
        "bad_ideas_to_discard": [{"id": b["id"], "name": b["name"]} for b in own["bad_ideas"]],
        "employees_to_labor_pool": [
            {"id": e["id"], "name": e["name"], "department": e["department"]}
            for e in own["employees"]
        ],
        "contractors_returned": own["contractors"],
    }
    return {
        "type": "burnrate.went_bankrupt",
        "payload": {"player": player, "explanation": explanation},
    }


def check_going(state: dict, player: str) -> None:
    """Only a company below zero goes out, one at a time in turn order (BR-SALARY-2)."""
    step = state["turn"]["step"] if state["phase"] == "turn" else state["phase"]
    if step not in ("play", "bankruptcy"):
        raise RuleViolation(
            "BR-TURN-1",
            f"the turn is at its {step} step; a company goes out at the bankruptcy step of a "
            "turn's end, or during a play step",
        )
    out = going(state)
    if player not in out:
        funding = state["companies"][player]["funding"] if player in state["companies"] else None
        raise RuleViolation(
            "BR-SALARY-2",
            f"{player} is not below zero (funding {funding}) and stays in the game; "
            f"below zero: {', '.join(out) or 'nobody'}",
            {"going": out},
        )
    if player != out[0]:
        raise RuleViolation(
            "BR-SALARY-2",
            f"{out[0]} goes out before {player}: companies below zero go out in turn order, "
            f"from {state['turn']['player']}",
            {"going": out},
        )


def went_bankrupt(state: dict, payload: dict, actor: str) -> None:
    """Out of the game: Play cards to the discard pile, employees to the pool (BR-SALARY-2)."""
    player = payload["player"]
    check_going(state, player)
    own = state["companies"][player]
    own["bankrupt"] = True
    state["discard"] += own["hand"] + len(own["bad_ideas"])
    own["hand"], own["bad_ideas"], own["contractors"] = 0, [], 0
    for employee in own["employees"]:
        labor_pool.return_to_bottom(state, employee)
    own["employees"] = []
    state["bankrupt"].append(player)
    if going(state):
        return
    turn, companies = state["turn"], state["companies"]
    left = [p for p in state["players"] if not companies[p]["bankrupt"]]
    if turn["step"] == "bankruptcy" or companies[turn["player"]]["bankrupt"] or len(left) == 1:
        turn["step"] = "next"


def check_a_company_stays(state: dict, changes: dict) -> None:
    """Money moved by a card cannot put every company out: the last one left wins (BR-WIN-1)."""
    companies = state["companies"]
    left = [p for p in state["players"] if not companies[p]["bankrupt"]]
    after = {p: companies[p]["funding"] + changes.get(p, 0) for p in left}
    if all(funding < 0 for funding in after.values()):
        raise RuleViolation(
            "BR-WIN-1",
            f"these funding_changes leave all {plural(len(left), 'company', 'companies')} in "
            f"the game ({', '.join(left)}) below zero, and the rules name a winner only when "
            "one company is left",
            {"funding_after": after},
        )


def resolve(state: dict) -> list[dict]:
    """Every company below zero after a play goes out, in turn order; [] when none is."""
    events = []
    while due(state):
        event = bankruptcy_event(state)
        state = copy.deepcopy(state)
        went_bankrupt(state, copy.deepcopy(event["payload"]), f"system:{PHASE}")
        events.append(event)
    return events
