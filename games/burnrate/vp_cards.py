"""The four purple Vice President cards (BR-PLAY-5).

Their names and effects are not in any source the project could read, so the recorder enters
the printed name, the number of VPs it needs and the effect the table applied (as text). Money
the effect moved is entered as `funding_changes`; nothing else of the state is changed. A
company the card leaves below zero is out at once: the worker records it (bankruptcy.py).
"""

from games.errors import RuleViolation

from . import bankruptcy, copies, matching
from .turn import begin_play, spend_cards


def check_funding_changes(state: dict, changes: dict) -> None:
    """Money moves only between players still in the game (BR-PLAY-5)."""
    active = [p for p in state["players"] if not state["companies"][p]["bankrupt"]]
    unknown = sorted(set(changes) - set(active))
    if unknown:
        raise RuleViolation(
            "BR-PLAY-5",
            f"funding_changes names {', '.join(unknown)}, not a player still in the game; "
            f"players in the game: {', '.join(active)}",
            {"players": active},
        )


def vp_card_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.vp_card_played`: a purple card, played with enough VPs (BR-PLAY-5)."""
    player, card = payload["player"], payload["card"]
    begin_play(state, payload, actor, 1)
    copies.play(state, "VP_PURPLE", [card])
    matching.check_vp_requirement(state, player, card)
    check_funding_changes(state, payload["funding_changes"])
    bankruptcy.check_a_company_stays(state, payload["funding_changes"])
    for name, amount in payload["funding_changes"].items():
        state["companies"][name]["funding"] += amount
    spend_cards(state, player, 1)
