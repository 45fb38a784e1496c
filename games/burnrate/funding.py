"""FUNDING, the green Finance card: money into the bank account."""

from . import copies, matching
from .turn import begin_play, spend_cards


def funding_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.funding_played`: the printed amount, matched to the Finance head (BR-PLAY-3)."""
    player, card = payload["player"], payload["card"]
    own = begin_play(state, payload, actor, 1)
    copies.play(state, "FUNDING", [card])
    matching.check_defensive(state, player, "FUNDING", card)
    own["funding"] += card["amount"]
    spend_cards(state, player, 1)
