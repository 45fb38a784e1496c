"""What the game waits for, and from whom (the game surface's `awaiting`, games/__init__.py):
the drafting player's pick, the play step of the player whose turn it is, the worker's end of
a turn, or nothing once someone has won."""

from . import bankruptcy, edition
from .words import plural

PLAYS = [
    "burnrate.hire_played",
    "burnrate.bad_hire_played",
    "burnrate.fire_played",
    "burnrate.poach_played",
    "burnrate.funding_played",
    "burnrate.bad_idea_played",
    "burnrate.release_played",
    "burnrate.vp_card_played",
]


def awaiting(state: dict, due: str | None) -> dict:
    """`due` is the automatic phase now due (`pending`)."""
    if state["phase"] == "over":
        return _wait([], [], f"the game is over: {state['winner']} won", "BR-WIN-1")
    if due is not None:
        return _wait([f"system:{due}"], [], f"the worker resolves {due.replace('_', ' ')}",
                     "BR-TURN-1")  # fmt: skip
    out = bankruptcy.waiting(state)
    if out is not None:
        piles = ", ".join(sorted(bankruptcy.choices(state, out)))
        what = (f"{out} is below zero and out: the table says which card lands on top of each"
                f" empty pile ({piles}), recording the bankruptcy")  # fmt: skip
        return _wait([f"player:{out}"], ["burnrate.went_bankrupt"], what, "BR-SALARY-2")
    if state["phase"] == "draft":
        player = state["draft"]["player"]
        what = f"{player} hires a face-up employee (the first hire)"
        return _wait([f"player:{player}"], ["burnrate.employee_drafted"], what, "BR-DRAFT-1")
    turn = state["turn"]
    player, played = turn["player"], turn["played"]
    room = edition.MAX_CARDS_PLAYED - played
    types = (PLAYS if room else []) + ([] if played else ["burnrate.cards_discarded"])
    if played:
        what = (
            f"{player} has played {plural(played, 'card')}; {plural(room, 'more card')} may follow"
        )
    else:
        what = f"{player} plays up to {edition.MAX_CARDS_PLAYED} cards, or discards"
    types.append("burnrate.turn_ended")
    return _wait([f"player:{player}"], types, f"{what}, then ends the turn", "BR-PLAY-1")


def _wait(actors: list[str], types: list[str], what: str, rule: str) -> dict:
    return {"from": actors, "types": types, "what": what, "rule": rule}
