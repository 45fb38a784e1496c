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


def import_log(recorder: Recorder, lines: list[tuple[int, dict]], token: str, new_token=None):
    """A new game holding the envelopes of `lines` ([(line number, envelope)]), refused at
    the first line that does not hold; `token` is the table's recorder's, and each player's
    seat gets one from `new_token()`. Returns its id, its head state and the seats' tokens."""
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
    seats = {player: new_token() for player in record.players} if new_token else {}
    game_id = recorder.write_new_game(kind, log, [*kept, record], token, seats)
    return game_id, record.state, seats
