"""Export and import: a game's log as JSON Lines, one canonical envelope a line.

An import is audited before anything is written (replays/audit.py): every line an envelope,
the chain whole, every event one an append would have accepted, the whole log folding. It
becomes a new game with a new id and a new write token; hashes and times are kept, so the
imported log verifies exactly as the exported one did.
"""

import json

from events.envelope import canonical
from projections.recorder import InvalidEvent, Recorder
from replays.audit import LogProblem, audit


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
        except RecursionError:
            raise InvalidEvent({f"line {number}": ["JSON nested too deep"]}) from None
        except ValueError as error:
            raise InvalidEvent({f"line {number}": [f"not JSON: {error}"]}) from None
        if not isinstance(envelope, dict):
            raise InvalidEvent({f"line {number}": ["not a JSON object"]})
        log.append(envelope)
    if not log:
        raise InvalidEvent({"body": ["no events: one envelope per line is expected"]})
    return log


def import_log(recorder: Recorder, body: bytes, token: str) -> tuple[str, dict]:
    """A new game holding the log in `body`. Returns its id and its head state."""
    log = parse_lines(body)
    kept = []
    try:
        for envelope, record in audit(recorder, log):
            if recorder.projector.is_kept(envelope):
                kept.append(record)
    except LogProblem as problem:
        raise InvalidEvent({f"seq {problem.seq}": [problem.detail]}) from None
    kind = log[0]["type"].removesuffix(".created")
    game_id = recorder.write_new_game(kind, log, [*kept, record], token)
    return game_id, record.state
