"""Export and import: a game's log as JSON Lines, one canonical envelope a line.

An import is audited before anything is written (replays/audit.py): every line an envelope,
the chain whole, every event one an append would have accepted, the whole log folding. It
becomes a new game with a new id and a new write token; hashes and times are kept, so the
imported log verifies exactly as the exported one did.
"""

from events.envelope import canonical
from projections.recorder import InvalidEvent, Recorder
from replays.audit import LogProblem, audit


def export_lines(recorder: Recorder, game_id: str):
    """The log as JSON Lines, read a page at a time."""
    recorder.projector.meta(game_id)  # a missing game is a 404 before the first line
    for envelope in recorder.store.iterate(game_id):
        yield canonical(envelope) + b"\n"


def import_log(recorder: Recorder, lines: list[tuple[int, dict]], token: str):
    """A new game holding the envelopes of `lines` ([(line number, envelope)]), refused at
    the first line that does not hold. Returns its id and its head state."""
    log = [envelope for _, envelope in lines]
    kept = []
    try:
        for envelope, record in audit(recorder, log):
            if recorder.projector.is_kept(envelope):
                kept.append(record)
    except LogProblem as problem:
        line = lines[min(problem.seq, len(lines)) - 1][0]
        raise InvalidEvent({f"line {line}": problem.errors or [problem.detail]}) from None
    kind = log[0]["type"].removesuffix(".created")
    game_id = recorder.write_new_game(kind, log, [*kept, record], token)
    return game_id, record.state
