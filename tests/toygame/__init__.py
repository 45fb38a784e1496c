"""A small game that proves the machinery, for tests only.

Players take turns adding 1 to 9 to a shared total. Each time the total passes a multiple of
`tally_every`, a tally is due: an automatic phase the worker resolves with a `toy.tallied`
event. Whoever brings the total to `goal` wins. `toy.added` is at schema version 2: version 1
called the amount `n`, and its upcaster renames it.

Two options break the tally on purpose, to prove what the worker does with a phase it cannot
resolve (workers/jobs.py): at a total in `tally_raises_at`, `resolve` raises TypeError; at one
in `tally_refused_at`, it derives a second tally, which `evolve` refuses (TOY-TALLY-1).
"""

import time

from marshmallow import Schema, fields, validate

from events.registry import EventType
from games.actors import check_actor
from games.errors import RuleViolation
from games.plain_data import copied

KIND = "toy"


class Options(Schema):
    goal = fields.Integer(load_default=30, validate=validate.Range(min=1))
    tally_every = fields.Integer(load_default=10, validate=validate.Range(min=1))
    resolve_delay = fields.Float(load_default=0.0, validate=validate.Range(min=0, max=30))
    # kept only when given, so that every other toy game's creation stays as it was
    tally_raises_at = fields.List(fields.Integer())
    tally_refused_at = fields.List(fields.Integer())


class Created(Schema):
    players = fields.List(fields.String(), required=True, validate=validate.Length(min=2, max=4))
    options = fields.Nested(Options, load_default=dict)


class Added(Schema):
    player = fields.String(required=True)
    amount = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=9))


class Tallied(Schema):
    total = fields.Integer(required=True)
    explanation = fields.Dict(required=True)


EVENT_TYPES = [
    EventType("toy.created", Created, description="A toy game.", example={"players": ["a", "b"]}),
    EventType(
        "toy.added",
        Added,
        version=2,
        upcasters={1: lambda p: {"player": p["player"], "amount": p["n"]}},
        description="A player adds to the total.",
        example={"player": "a", "amount": 3},
    ),
    EventType(
        "toy.tallied",
        Tallied,
        derived=True,
        description="The worker tallies the total.",
        example={"total": 10, "explanation": {}},
    ),
]


def initial(creation_event):
    payload = creation_event["payload"]
    return {
        "players": payload["players"],
        "options": payload["options"],
        "turn": 0,
        "total": 0,
        "tallied": 0,
        "tallies": 0,
        "winner": None,
    }


def evolve(state, event):
    state = copied(state)
    payload = event["payload"]
    if event["type"] == "toy.added":
        expected = state["players"][state["turn"]]
        if payload["player"] != expected:
            raise RuleViolation("TOY-TURN-1", f"it is {expected}'s turn, not {payload['player']}'s")
        check_actor(event["actor"], expected, "TOY-TURN-1")
        state["total"] += payload["amount"]
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        if state["total"] >= state["options"]["goal"]:
            state["winner"] = expected
    elif event["type"] == "toy.tallied":
        if pending(state) != "tally":
            raise RuleViolation("TOY-TALLY-1", "no tally is due")
        state["tallied"] = payload["total"]
        state["tallies"] += 1
    else:
        raise RuleViolation("TOY-EVENT-1", f"{event['type']} does not apply here")
    return state


def pending(state):
    every = state["options"]["tally_every"]
    return "tally" if state["total"] // every > state["tallied"] // every else None


def resolve(state):
    time.sleep(state["options"]["resolve_delay"])  # lets a test kill a worker mid-job
    options, total = state["options"], state["total"]
    if total in options.get("tally_raises_at", []):
        raise TypeError(f"cannot tally a total of {total} (tally_raises_at)")
    explanation = {"total": total, "previous": state["tallied"], "every": options["tally_every"]}
    tally = {"type": "toy.tallied", "payload": {"total": total, "explanation": explanation}}
    return [tally, tally] if total in options.get("tally_refused_at", []) else [tally]


def finished(state):
    return state["winner"] is not None and pending(state) is None


def awaiting(state):
    if finished(state):
        return {"from": [], "types": [], "what": f"{state['winner']} won", "rule": "TOY-END-1"}
    if pending(state):
        return {"from": ["system:tally"], "types": [], "what": "a tally", "rule": "TOY-TALLY-1"}
    player = state["players"][state["turn"]]
    return {"from": [f"player:{player}"], "types": ["toy.added"], "what": f"{player} adds",
            "rule": "TOY-TURN-1"}  # fmt: skip
