"""The order of the game's phases (FCM-TURN-1): the one table every phase reads to begin the
next, so that no phase imports another.

Setup comes once: the starting restaurants, then the reserve cards. Then every turn runs the
seven phases of TURN_PHASES in order, and after cleanup the next turn's restructuring. Each
phase's module registers how the phase begins (`@begins("working")` on `begin_working`), and
a phase that is over begins the one after it here: `begin_next(state, after="working")`. A
phase with nothing to do passes on the same way as it begins: the introductory game's reserve
cards (it has none) to the first turn, its payday (it has none) to the campaigns, a marketing
phase with no campaign to cleanup.

The table is filled as the phase modules are imported; importing `games.fcm` imports them
all (its rules.py takes a handler from each).
"""

from collections.abc import Callable

SETUP_PHASES = ("setup_restaurants", "setup_reserve")
# FCM-TURN-1: the phases of a turn, in their order
TURN_PHASES = (
    "restructuring",
    "order_of_business",
    "working",
    "dinnertime",
    "payday",
    "marketing",
    "cleanup",
)
PHASES = (*SETUP_PHASES, *TURN_PHASES)

# phase -> the function that begins it, registered by the phase's module with @begins. A game
# is created in its first phase (turn/setup.py, `new_game`), so that one has none.
BEGINS: dict[str, Callable[[dict], None]] = {}


def begins(phase: str) -> Callable:
    """Register the decorated function as the one that begins `phase`."""
    if phase not in PHASES:
        raise ValueError(f"{phase!r} is not a phase of the game: {', '.join(PHASES)}")

    def register(begin: Callable[[dict], None]) -> Callable[[dict], None]:
        known = BEGINS.get(phase)
        if known is not None and known.__qualname__ != begin.__qualname__:
            raise ValueError(f"{phase} begins with {known.__qualname__} already")
        BEGINS[phase] = begin
        return begin

    return register


def next_phase(phase: str) -> str:
    """The phase after `phase`: the next of setup, then of the turn; after cleanup the next
    turn's restructuring."""
    if phase == TURN_PHASES[-1]:
        return TURN_PHASES[0]
    return PHASES[PHASES.index(phase) + 1]


def begin_next(state: dict, after: str) -> None:
    """`after` is over: the phase that follows it begins, on `state`."""
    BEGINS[next_phase(after)](state)
