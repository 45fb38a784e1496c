"""Whose turn it is and the play step: play up to four cards, or discard up to four (BR-PLAY-1).

`state["turn"]` is `{"number", "player", "played", "discarded", "step", "hires"}`; `hires` says
what each HIRE and BAD HIRE of the turn did: `{"by", "to", "employee": id, or None when nobody
could join}`. `step` is "play"
while the player acts; ending the play step (`burnrate.turn_ended`, or a discard) moves it to
"contractors", and the worker's derived events walk it through "salaries", "bankruptcy" (only
when the account went below zero), "draw" and "next" (BR-TURN-1).
"""

from games.actors import check_actor
from games.errors import RuleViolation

from . import edition
from .words import plural


def start_turn(state: dict, player: str, number: int) -> None:
    state["turn"] = {
        "number": number,
        "player": player,
        "played": 0,
        "discarded": None,
        "step": "play",
        "hires": [],
    }


def left_of(state: dict, player: str) -> str:
    """The next player still in the game to the left: play passes left (BR-DRAW-1).

    Seating order is clockwise, so the left neighbour is the next name in `players`.
    """
    players = state["players"]
    start = players.index(player)
    for offset in range(1, len(players) + 1):
        candidate = players[(start + offset) % len(players)]
        if not state["companies"][candidate]["bankrupt"]:
            return candidate
    return player


def check_player(state: dict, player: str, rule: str = "BR-TURN-1") -> None:
    """The name is one of the game's players."""
    if player not in state["companies"]:
        raise RuleViolation(
            rule,
            f"{player} is not a player of this game; players: {', '.join(state['players'])}",
            {"players": state["players"]},
        )


def check_players_turn(state: dict, player: str) -> None:
    """Only the player whose turn it is acts, and only in the play step (BR-TURN-1)."""
    check_player(state, player)
    if state["phase"] == "draft":
        raise RuleViolation(
            "BR-DRAFT-2",
            f"the first hire is not over: {state['draft']['player']} hires next; Play cards "
            f"are dealt once every player has {plural(edition.EMPLOYEES_PER_PLAYER, 'employee')}",
        )
    turn = state["turn"]
    if turn["player"] != player:
        raise RuleViolation(
            "BR-TURN-1",
            f"it is {turn['player']}'s turn, not {player}'s; play passes to the left",
            {"turn": turn["player"]},
        )
    if turn["step"] != "play":
        raise RuleViolation(
            "BR-TURN-1",
            f"{player} has ended the play step; the end of the turn is being resolved "
            f"(next: {turn['step']})",
            {"step": turn["step"]},
        )


def check_card_limit(state: dict, player: str, count: int) -> None:
    """Up to four cards a turn, from the hand (BR-PLAY-1)."""
    played = state["turn"]["played"]
    most = edition.MAX_CARDS_PLAYED
    if played + count > most:
        room = plural(most - played, "more card") if played < most else "no more cards"
        raise RuleViolation(
            "BR-PLAY-1",
            f"{player} has played {played} of at most {plural(most, 'card')} this turn, so "
            f"{count} more is too many: {room} may be played before burnrate.turn_ended",
            {"played": played, "max": most},
        )
    hand = state["companies"][player]["hand"]
    if count > hand:
        raise RuleViolation(
            "BR-PLAY-1", f"{player} holds {plural(hand, 'card')}, not {count}", {"hand": hand}
        )


def begin_play(state: dict, payload: dict, actor: str, count: int) -> dict:
    """The checks before any Play card; returns the player's company (BR-TURN-1, BR-PLAY-1)."""
    player = payload["player"]
    check_actor(actor, player, "BR-TURN-1")
    check_players_turn(state, player)
    check_card_limit(state, player, count)
    return state["companies"][player]


def spend_cards(state: dict, player: str, count: int, to_discard: int | None = None) -> None:
    """The cards leave the hand; played cards go to the discard pile (BR-PLAY-6)."""
    state["companies"][player]["hand"] -= count
    state["turn"]["played"] += count
    state["discard"] += count if to_discard is None else to_discard


def turn_ended(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.turn_ended`: the player is done playing; the end of the turn is due."""
    check_actor(actor, payload["player"], "BR-TURN-1")
    check_players_turn(state, payload["player"])
    state["turn"]["step"] = "contractors"


def cards_discarded(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.cards_discarded`: no card played, up to four discarded (BR-PLAY-1).

    Discarding ends the play step; salaries are still paid (BR-SALARY-1).
    """
    player, count = payload["player"], payload["count"]
    check_actor(actor, player, "BR-TURN-1")
    check_players_turn(state, player)
    if state["turn"]["played"]:
        raise RuleViolation(
            "BR-PLAY-1",
            f"{player} played {plural(state['turn']['played'], 'card')} this turn and cannot also "
            "discard; record burnrate.turn_ended",
        )
    most = min(edition.MAX_CARDS_DISCARDED, state["companies"][player]["hand"])
    if not 0 <= count <= most:
        raise RuleViolation(
            "BR-PLAY-1",
            f"{player} may discard up to {plural(most, 'card')}, not {count}",
            {"max": most},
        )
    state["companies"][player]["hand"] -= count
    state["discard"] += count
    state["turn"]["discarded"] = count
    state["turn"]["step"] = "contractors"
