"""Sealed rock-paper-scissors, the worked example of docs/adding-a-game.md.

Two players each seal a throw, then reveal it; once both are known the worker scores the
round. The first to win `wins` rounds wins. Loaded by TABLELOG_EXTRA_GAMES=tests.rps.
"""

import copy

from marshmallow import Schema, fields, validate

from events.registry import EventType
from games.actors import check_actor
from games.errors import RuleViolation
from games.sealed import COMMITMENT, check_all_sealed, reveal, seal

KIND = "rps"
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
NONCE = "8f14e45fceea167a5a36dedd4bea2543"  # for the examples only


class Options(Schema):
    wins = fields.Integer(load_default=2, validate=validate.Range(min=1, max=10))


class Created(Schema):
    players = fields.List(fields.String(), required=True, validate=validate.Length(equal=2))
    # not load_default=dict: that gives {} without Options' own defaults
    options = fields.Nested(Options, load_default=lambda: Options().load({}))


class ThrowSealed(Schema):
    player = fields.String(required=True)
    commitment = fields.String(required=True, validate=validate.Regexp(COMMITMENT))


class ThrowRevealed(Schema):
    player = fields.String(required=True)
    throw = fields.String(required=True, validate=validate.OneOf(list(BEATS)))
    nonce = fields.String(required=True, validate=validate.Length(min=16, max=128))


class RoundScored(Schema):
    round = fields.Integer(required=True)
    winner = fields.String(required=True, allow_none=True)  # null: a tie
    explanation = fields.Dict(required=True)


EVENT_TYPES = [
    EventType(
        "rps.created",
        Created,
        description="A match between two players: the first to win `wins` rounds wins.",
        example={"players": ["ann", "ben"], "options": {"wins": 2}},
    ),
    EventType(
        "rps.throw_sealed",
        ThrowSealed,
        description="A player's throw, face down: the commitment to it (games/sealed.py).",
        example={"player": "ann", "commitment": seal("rock", NONCE)},
    ),
    EventType(
        "rps.throw_revealed",
        ThrowRevealed,
        secret_fields=("throw", "nonce"),
        description="A sealed throw turned face up, once both are sealed.",
        example={"player": "ann", "throw": "rock", "nonce": NONCE},
    ),
    EventType(
        "rps.round_scored",
        RoundScored,
        derived=True,
        description="The worker scores the round once both throws are known.",
        example={"round": 1, "winner": "ann", "explanation": {"rule": "RPS-SCORE-1"}},
    ),
]


def initial(creation_event):
    """The state after `rps.created`: round 1, nothing sealed, no score."""
    payload = creation_event["payload"]
    players = payload["players"]
    return {
        "players": players,
        "wins": payload["options"]["wins"],
        "round": 1,
        "sealed": {name: None for name in players},
        "thrown": {name: None for name in players},
        "score": {name: 0 for name in players},
        "winner": None,
    }


def evolve(state, event):
    """The state after `event`, or RuleViolation; `state` itself is never changed."""
    state = copy.deepcopy(state)
    HANDLERS[event["type"]](state, event["payload"], event["actor"])
    return state


def throw_sealed(state, payload, actor):
    """RPS-SEAL-1: each player seals one throw a round, their own."""
    player = payload["player"]
    check_actor(actor, player, "RPS-SEAL-1", state["players"])
    if state["sealed"][player] is not None:
        raise RuleViolation("RPS-SEAL-1", f"{player} has sealed a throw this round already")
    state["sealed"][player] = payload["commitment"]


def throw_revealed(state, payload, actor):
    """RPS-REVEAL-1: throws are revealed once both are sealed, each opening its seal."""
    player = payload["player"]
    check_actor(actor, player, "RPS-REVEAL-1", state["players"])
    if state["thrown"][player] is not None:
        raise RuleViolation("RPS-REVEAL-1", f"{player} has revealed this round's throw already")
    waiting = [name for name in state["players"] if state["sealed"][name] is None]
    check_all_sealed(waiting, "RPS-REVEAL-1", "throws are revealed once both are sealed")
    sealed = state["sealed"][player]
    throw = reveal(sealed, payload["throw"], payload["nonce"], "RPS-REVEAL-1", "throw")
    state["thrown"][player] = throw


def round_scored(state, payload, actor):
    """RPS-SCORE-1: the worker's event. It is checked like any other: the round must be due
    and the winner the one the throws say."""
    if pending(state) != "score":
        raise RuleViolation("RPS-SCORE-1", "no round is due: a throw is not revealed yet")
    winner = round_winner(state)
    if (payload["round"], payload["winner"]) != (state["round"], winner):
        raise RuleViolation("RPS-SCORE-1", f"round {state['round']} was won by {winner}")
    if winner is not None:
        state["score"][winner] += 1
        if state["score"][winner] == state["wins"]:
            state["winner"] = winner
    state["round"] += 1
    state["sealed"] = {name: None for name in state["players"]}
    state["thrown"] = {name: None for name in state["players"]}


HANDLERS = {
    "rps.throw_sealed": throw_sealed,
    "rps.throw_revealed": throw_revealed,
    "rps.round_scored": round_scored,
}


def round_winner(state):
    """Who won this round's throws: rock beats scissors, paper rock, scissors paper."""
    first, second = state["players"]
    if BEATS[state["thrown"][first]] == state["thrown"][second]:
        return first
    if BEATS[state["thrown"][second]] == state["thrown"][first]:
        return second
    return None


def pending(state):
    """ "score" once both throws are known; `rps.round_scored` clears them, so it goes back
    to None and the worker stops."""
    known = all(state["thrown"].values())
    return "score" if known and state["winner"] is None else None


def resolve(state):
    """The derived events of the phase due, each with its explanation."""
    winner = round_winner(state)
    explanation = {"rule": "RPS-SCORE-1", "throws": state["thrown"], "winner": winner}
    payload = {"round": state["round"], "winner": winner, "explanation": explanation}
    return [{"type": "rps.round_scored", "payload": payload}]


def finished(state):
    return state["winner"] is not None


def awaiting(state):
    """Whose move it is, and what they may record."""
    if finished(state):
        best, other = sorted(state["score"].values(), reverse=True)
        what = f"{state['winner']} won, {best} to {other}"
        return {"from": [], "types": [], "what": what, "rule": "RPS-SCORE-1"}
    if pending(state):
        return {"from": ["system:score"], "types": ["rps.round_scored"],
                "what": f"round {state['round']} is scored", "rule": "RPS-SCORE-1"}  # fmt: skip
    for field, kind, rule in (("sealed", "rps.throw_sealed", "RPS-SEAL-1"),
                              ("thrown", "rps.throw_revealed", "RPS-REVEAL-1")):  # fmt: skip
        owing = [name for name in state["players"] if state[field][name] is None]
        if owing:
            what = f"round {state['round']}: {', '.join(owing)} to record {kind}"
            return {"from": [f"player:{name}" for name in owing], "types": [kind],
                    "what": what, "rule": rule}  # fmt: skip
    raise AssertionError("unreachable: both thrown is pending")
