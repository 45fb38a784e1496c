"""Going out: below zero a company is out of the game at once (BR-SALARY-2).

An account goes below zero in one of two ways: the salaries at the end of its own turn
(turn_end.py), or a purple card's `funding_changes` during anyone's play step (vp_cards.py).
Either way the company goes out here, by one `burnrate.went_bankrupt` per company, written by
the worker: at the end of a turn as a step of the phase "turn_end", during a play step as the
phase "bankruptcy". Its Play cards go to the discard pile, its employees to the bottom of their
labor-pool piles: when two or more different cards go back to an empty pile, the table says
which lands on top, so the worker waits and the table records `went_bankrupt` itself, with
`returned_on_top`. When no company is below zero any more the play step goes on, unless the
player whose turn it is went out or one company is left: then the turn passes or the game is
won (turn_end.py, step "next").
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.plain_data import copied

from . import cards, labor_pool
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


def piles(state: dict, player: str) -> dict[str, list[dict]]:
    """The player's employees by the labor-pool pile they go back to, in company order."""
    by_pile: dict[str, list[dict]] = {}
    for employee in state["companies"][player]["employees"]:
        by_pile.setdefault(employee["department"], []).append(employee)
    return by_pile


def choices(state: dict, player: str) -> dict[str, list[str]]:
    """The empty piles that get two or more different cards of the player's back: which lands
    on top, face up, is the table's to say. Cards printed alike (two plain engineers) land
    either way, so they leave nothing to say."""
    needed = {}
    for department, employees in piles(state, player).items():
        printed = {tuple(e[k] for k in ("name", *cards.EMPLOYEE_PRINT)) for e in employees}
        if state["labor_pool"][department] is None and len(printed) > 1:
            needed[department] = [e["id"] for e in employees]
    return needed


def waiting(state: dict) -> str | None:
    """The company going out next, when the table must first say which of its employees lands
    on top of an empty pile: the worker cannot, so nothing is pending until it does."""
    if state["phase"] != "turn" or state["turn"]["step"] not in ("play", "bankruptcy"):
        return None
    out = going(state)
    return out[0] if out and choices(state, out[0]) else None


def due(state: dict) -> bool:
    """A company went below zero during a play step (a purple card): the phase "bankruptcy"."""
    return (
        state["phase"] == "turn"
        and state["turn"]["step"] == "play"
        and bool(going(state))
        and waiting(state) is None
    )


def _choice_words(state: dict, player: str, needed: dict[str, list[str]]) -> str:
    names = {e["id"]: e["name"] for e in state["companies"][player]["employees"]}
    return "; ".join(
        f"the empty {department} pile: {' or '.join(f'{i} {names[i]}' for i in ids)}"
        for department, ids in needed.items()
    )


def check_not_waiting(state: dict, event_type: str) -> None:
    """While the table owes the top card of a pile, only that bankruptcy is recorded."""
    player = waiting(state)
    if player is None or event_type == "burnrate.went_bankrupt":
        return
    needed = choices(state, player)
    raise RuleViolation(
        "BR-SALARY-2",
        f"{player} is below zero and out, and before anything else the table records "
        f"burnrate.went_bankrupt for {player} with returned_on_top, saying which card lands on "
        f"top of {_choice_words(state, player, needed)}",
        {"player": player, "needed": needed},
    )


def on_top(state: dict, player: str, given: dict | None, actor: str) -> dict[str, str]:
    """Which card lands face up on each empty pile, as `returned_on_top` says: required where
    the table has a choice, allowed where one card goes back, checked always (BR-SALARY-2).

    The worker's events before the field existed carry none: their first listed employee
    went on top, as the engine then did.
    """
    needed = choices(state, player)
    if given is None:
        if needed and not actor.startswith("system:"):
            raise RuleViolation(
                "BR-SALARY-2",
                f"say which card lands on top of {_choice_words(state, player, needed)}: "
                'returned_on_top {"<pile>": "<employee id>"}',
                {"needed": needed},
            )
        return {}
    empty = {
        department: [e["id"] for e in employees]
        for department, employees in piles(state, player).items()
        if state["labor_pool"][department] is None
    }
    for department, employee_id in given.items():
        if department not in empty:
            showing = state["labor_pool"][department]
            why = (
                f"shows {showing['name']}, and cards go back under it"
                if showing
                else f"gets none of {player}'s employees"
            )
            raise RuleViolation(
                "BR-SALARY-2",
                f"returned_on_top names the {department} pile, but it {why}; name only the "
                f"empty piles {player}'s employees go back to: {', '.join(empty) or 'none'}",
                {"empty": empty},
            )
        if employee_id not in empty[department]:
            raise RuleViolation(
                "BR-SALARY-2",
                f"{employee_id} is not one of {player}'s employees going back to the "
                f"{department} pile: {', '.join(empty[department])}",
                {"empty": empty},
            )
    missing = {d: ids for d, ids in needed.items() if d not in given}
    if missing:
        raise RuleViolation(
            "BR-SALARY-2",
            f"say also which card lands on top of {_choice_words(state, player, missing)}",
            {"needed": missing},
        )
    return given


def return_order(state: dict, player: str, top: dict[str, str]) -> list[dict]:
    """The player's employees in the order they go back: those named on top first."""
    employees = state["companies"][player]["employees"]
    return sorted(employees, key=lambda e: e["id"] not in top.values())


def returning(state: dict, player: str, top: dict[str, str]) -> list[dict]:
    """The player's employees in the order they go back, each saying if it lands face up."""
    showing = {d for d, employee in state["labor_pool"].items() if employee is not None}
    result = []
    for employee in return_order(state, player, top):
        result.append({**employee, "face_up": employee["department"] not in showing})
        showing.add(employee["department"])
    return result


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
            {k: e[k] for k in ("id", "name", "department", "face_up")}
            for e in returning(state, player, {})
        ],
        "contractors_returned": own["contractors"],
    }
    payload = {"player": player, "returned_on_top": None, "explanation": explanation}
    return {"type": "burnrate.went_bankrupt", "payload": payload}


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
    """Out of the game: Play cards to the discard pile, employees to the pool (BR-SALARY-2).

    Written by the worker, or by the table (the player or admin) when it must say which card
    lands on top of an empty pile. `returned_on_top` is absent from events stored before it.
    """
    player = payload["player"]
    if not actor.startswith("system:"):
        check_actor(actor, player, "BR-TURN-1")
    check_going(state, player)
    top = on_top(state, player, payload.get("returned_on_top"), actor)
    own = state["companies"][player]
    own["bankrupt"] = True
    state["discard"] += own["hand"] + len(own["bad_ideas"])
    own["hand"], own["bad_ideas"], own["contractors"] = 0, [], 0
    for employee in return_order(state, player, top):
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
        state = copied(state)
        went_bankrupt(state, copied(event["payload"]), f"system:{PHASE}")
        events.append(event)
    return events
