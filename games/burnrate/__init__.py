"""Burn Rate: the rules as pure functions over plain JSON state.

The machinery imports only this surface (see games/__init__.py). The player's own events are
applied by the rule modules (draft, staffing, projects, funding, vp_cards, turn); the end of
each turn is an automatic phase, "turn_end", whose derived events turn_end.py writes, and a
company a purple card leaves below zero goes out in the phase "bankruptcy" (bankruptcy.py).
Actors: `player:<name>` for that player's actions, `admin` for anyone's, `system:<phase>` for
derived events. The game page's board and new-game form are its own: page.py and pages/; what
its chart shows is chart.py (CHART and points; replays/chart.py draws it); what a form may
offer now, each value judged by these rules, is choices.py's `choices`; an event in words is
sentences.py's `describe`, and a step's changes, why a turn's end came out so and where the
game stands are said.py's `changes`, `why` and `where`.
"""

from games.errors import RuleViolation
from games.plain_data import copied

from . import awaiting as waits
from . import bankruptcy, chart, draft, funding, projects, staffing, turn, turn_end, vp_cards
from .choices import choices
from .creation import initial_state
from .event_types import EVENT_TYPES
from .page import board
from .said import changes, where, why
from .sentences import describe

__all__ = [
    "KIND",
    "EVENT_TYPES",
    "initial",
    "evolve",
    "pending",
    "resolve",
    "finished",
    "awaiting",
    "describe",
    "changes",
    "where",
    "why",
    "choices",
    "TITLE",
    "board",
    "chart",
]

KIND = "burnrate"
TITLE = "Burn Rate"

HANDLERS = {
    "burnrate.employee_drafted": draft.employee_drafted,
    "burnrate.hire_played": staffing.hire_played,
    "burnrate.bad_hire_played": staffing.bad_hire_played,
    "burnrate.fire_played": staffing.fire_played,
    "burnrate.poach_played": staffing.poach_played,
    "burnrate.funding_played": funding.funding_played,
    "burnrate.bad_idea_played": projects.bad_idea_played,
    "burnrate.release_played": projects.release_played,
    "burnrate.vp_card_played": vp_cards.vp_card_played,
    "burnrate.cards_discarded": turn.cards_discarded,
    "burnrate.turn_ended": turn.turn_ended,
    **turn_end.HANDLERS,
}


PHASES = {turn_end.PHASE: turn_end, bankruptcy.PHASE: bankruptcy}


def initial(creation_event: dict) -> dict:
    """The state after `burnrate.created`; raises RuleViolation for an impossible setup."""
    return initial_state(creation_event["payload"])


def evolve(state: dict, event: dict) -> dict:
    """The state after one event, or RuleViolation; the input state is never changed."""
    if event["type"] == "burnrate.created":
        raise RuleViolation("BR-SETUP-1", "the game is already set up; it is created once")
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise ValueError(f"{event['type']} is not a Burn Rate event type")
    if finished(state):
        raise RuleViolation(
            "BR-WIN-1", f"the game is over: {state['winner']} won; nothing more is recorded"
        )
    check_not_resolving(state, event)
    new_state = copied(state)
    handler(new_state, copied(event["payload"]), event["actor"])
    return new_state


def check_not_resolving(state: dict, event: dict) -> None:
    """While the worker resolves a phase, the table's actions wait for it (BR-TURN-1).

    Whoever acts, it is not yet anyone's play step: the message says what is being resolved
    rather than whose turn it is. While the table owes the top card of a pile a bankrupt
    company's employees go back to, that comes first (BR-SALARY-2).
    """
    if event["actor"].startswith("system:"):
        return
    phase = pending(state)
    if phase is not None:
        raise RuleViolation(
            "BR-TURN-1",
            f"{PHASES[phase].resolving(state)}; retry once its job has finished",
            {"pending": phase},
        )
    bankruptcy.check_not_waiting(state, event["type"])


def pending(state: dict) -> str | None:
    """The automatic phase now due: "turn_end" once a player ends the play step, "bankruptcy"
    when a purple card left a company below zero during it, else None."""
    for phase, rules in PHASES.items():
        if rules.due(state):
            return phase
    return None


def resolve(state: dict) -> list[dict]:
    """The derived events of the phase now due, each `{"type", "payload"}` with an explanation."""
    phase = pending(state)
    return PHASES[phase].resolve(state) if phase else []


def finished(state: dict) -> bool:
    """True once `burnrate.game_won` is recorded (BR-WIN-1)."""
    return state["phase"] == "over"


def awaiting(state: dict) -> dict:
    """What the game waits for and from whom: `{"from", "types", "what", "rule"}`."""
    return waits.awaiting(state, pending(state))
