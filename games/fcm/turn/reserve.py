"""The bank reserve cards, chosen in secret at setup and revealed when the bank first breaks.

A player's choice is recorded sealed (FCM-SETUP-9, games/sealed.py): the log holds only a
commitment to the text of the card's value (100, 200 or 300). For example "200:" followed by
the nonce "8f14e45fceea167a5a36dedd4bea2543" commits to the $200 card. The reveal gives
money and nonce; it is accepted only if they hash to the commitment (FCM-BANK-2).
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.bank import reserve_revealed
from games.fcm.turn.sequence import begin_next, begins
from games.sealed import reveal, seal


def reserve_commitment(money: int, nonce: str) -> str:
    """The commitment to the reserve card worth `money`, salted with `nonce`."""
    return seal(money, nonce)


def check_reveal(sealed: str, money: int, nonce: str) -> None:
    """Refuse a reveal that does not open the commitment (FCM-SETUP-9)."""
    reveal(sealed, money, nonce, "FCM-SETUP-9", "reserve card")


@begins("setup_reserve")
def begin_reserve(state: dict) -> None:
    """Once the starting restaurants are placed, each player chooses a reserve card
    (FCM-SETUP-9); the introductory game has none, so its first turn begins at once."""
    if state["options"]["introductory"]:
        begin_next(state, after="setup_reserve")
        return
    state["phase"] = "setup_reserve"


def seal_reserve_card(state: dict, event: dict) -> None:
    """A player puts a reserve card face down by the bank, once, after the starting
    restaurants (FCM-SETUP-9). When every chain has chosen, the first turn begins."""
    player = event["payload"]["player"]
    check_actor(event["actor"], player, "FCM-SETUP-9", state["players"])
    if state["options"]["introductory"]:
        raise RuleViolation("FCM-SETUP-9", "the introductory game is played without reserve cards")
    if state["phase"] != "setup_reserve":
        raise RuleViolation(
            "FCM-SETUP-9", "reserve cards are chosen once setup has placed the starting restaurants"
        )
    reserve = state["chains"][player]["reserve"]
    if reserve["commitment"] is not None:
        raise RuleViolation("FCM-SETUP-9", f"{player} has already chosen a reserve card")
    reserve["commitment"] = event["payload"]["commitment"]
    if all(chain["reserve"]["commitment"] for chain in state["chains"].values()):
        begin_next(state, after="setup_reserve")


def reveal_reserve_card(state: dict, event: dict) -> None:
    """A player turns their reserve card face up after the bank first broke; the card must be
    the one sealed at setup (FCM-BANK-2, FCM-SETUP-9)."""
    payload = event["payload"]
    player = payload["player"]
    check_actor(event["actor"], player, "FCM-BANK-2", state["players"])
    if state["bank"]["breaks"] < 1:
        raise RuleViolation("FCM-BANK-2", "reserve cards are revealed when the bank first breaks")
    reserve = state["chains"][player]["reserve"]
    if reserve["revealed"] is not None:
        raise RuleViolation("FCM-BANK-2", f"{player}'s reserve card is already face up")
    if reserve["commitment"] is None:
        raise RuleViolation("FCM-SETUP-9", f"{player} never chose a reserve card")
    check_reveal(reserve["commitment"], payload["money"], payload["nonce"])
    reserve["revealed"] = payload["money"]
    reserve_revealed(state)
