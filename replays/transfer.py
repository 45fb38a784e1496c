"""Export and import: a game's log as JSON Lines, one canonical envelope a line.

An import is verified before anything is written: every line an envelope, the chain whole,
the first event a game's creation, every event of a known type with a valid payload, the whole
log folding without a refusal. It becomes a new game with a new id and a new write token;
hashes and times are kept, so the imported log verifies exactly as the exported one did.
"""

import json

from marshmallow import ValidationError

from events.envelope import GENESIS, canonical, chain_break
from events.registry import UnknownEventType
from events.retract import RETRACT
from games.errors import RuleViolation
from projections.recorder import InvalidEvent, Recorder


def export_lines(recorder: Recorder, game_id: str):
    """The log as JSON Lines, read a page at a time."""
    recorder.projector.meta(game_id)  # a missing game is a 404 before the first line
    for envelope in recorder.store.iterate(game_id):
        yield canonical(envelope) + b"\n"


def parse_lines(body: bytes) -> list[dict]:
    log = []
    for number, line in enumerate(body.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            envelope = json.loads(line)
        except ValueError:
            raise InvalidEvent({f"line {number}": ["not JSON"]}) from None
        if not isinstance(envelope, dict):
            raise InvalidEvent({f"line {number}": ["not a JSON object"]})
        log.append(envelope)
    if not log:
        raise InvalidEvent({"body": ["no events: one envelope per line is expected"]})
    return log


def import_log(recorder: Recorder, body: bytes, token: str) -> tuple[str, dict]:
    """A new game holding the log in `body`. Returns its id and its head state."""
    log = parse_lines(body)
    broken = chain_break(log, GENESIS)
    if broken:
        raise InvalidEvent({f"seq {broken[0]}": [broken[1]]})
    if not log[0]["type"].endswith(".created"):
        raise InvalidEvent({"seq 1": ["the first event must be a game's creation"]})
    kind = log[0]["type"].removesuffix(".created")
    recorder.games.get(kind)
    for envelope in log:
        _check_payload(recorder, envelope)
    states, retracts = _fold(recorder, kind, log)
    game_id = recorder.write_new_game(kind, log, states, retracts, token)
    return game_id, states[-1][1]


def _fold(recorder: Recorder, kind: str, log: list[dict]):
    """[(seq, state)] for the snapshot seqs and the last one, and the retracts, all in memory."""
    projector = recorder.projector
    every = projector.snapshot_every
    kept: dict[int, object] = {0: None}
    retracts: list[list[int]] = []

    def fold(state, events):
        for envelope in events:
            if envelope["type"] == RETRACT:
                target = envelope["payload"]["seq"]
                if not 2 <= target < envelope["seq"]:
                    raise RuleViolation("LOG-RETRACT", f"retract names seq {target}")
                base = max(s for s in kept if s < target)
                state = fold(kept[base], log[base : target - 1])
            else:
                state = projector.advance("", kind, state, envelope, cached=False)
            if envelope["seq"] % every == 0:
                kept[envelope["seq"]] = state
        return state

    try:
        for envelope in log:
            if envelope["type"] == RETRACT:
                retracts.append([envelope["payload"]["seq"], envelope["seq"]])
        state = fold(None, log)
    except RuleViolation as error:
        raise InvalidEvent({"log": [f"does not fold: {error}"]}) from None
    return [(s, v) for s, v in kept.items() if s] + [(log[-1]["seq"], state)], retracts


def _check_payload(recorder: Recorder, envelope: dict) -> None:
    where = f"seq {envelope['seq']}"
    try:
        current = recorder.event_types.upcast(envelope)
        recorder.event_types.load_payload(current["type"], current["payload"])
    except UnknownEventType:
        raise InvalidEvent({where: [f"unknown event type {envelope['type']!r}"]}) from None
    except ValidationError as error:
        raise InvalidEvent({where: {"payload": error.messages}}) from None
