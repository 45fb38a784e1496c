"""Export and import: a game's log as JSON Lines, one canonical envelope a line, then its
disputes, one canonical dispute entry a line.

A dispute entry has a `kind` field (`dispute.opened`...), which no envelope has, and every
dispute line comes after the last event, so an export made before disputes existed is an
export with no dispute lines and imports as it always did.

An import is audited before anything is written (replays/audit.py): every line an envelope,
the chain whole, every event one an append would have accepted, the whole log folding; then
the disputes chain whole from the log's genesis, every entry one the API would have taken
(disputes/threads.py). It becomes a new game with a new id and a new write token; hashes and
times are kept, so the imported log verifies exactly as the exported one did.
"""

from events.envelope import canonical
from events.idempotency import Keyed
from projections.checks import InvalidEvent
from projections.recorder import Recorder
from projections.rules import NAME
from replays.audit import LogProblem, audited_records
from replays.disputes.entries import genesis
from replays.disputes.stream import DisputeStream
from replays.disputes.threads import LogFacts
from replays.disputes.threads import audit as audit_disputes
from replays.forks import copy_name


def export_lines(recorder: Recorder, game_id: str):
    """The log as JSON Lines, read a page at a time, then the disputes."""
    recorder.projector.meta(game_id)  # a missing game is a 404 before the first line
    for envelope in recorder.store.iterate(game_id):
        yield canonical(envelope) + b"\n"
    for entry in DisputeStream(recorder.store.redis).read(game_id):
        yield canonical(entry) + b"\n"


def import_log(
    recorder: Recorder,
    lines: list[tuple[int, dict]],
    token: str,
    seat_token=None,
    keyed: Keyed | None = None,
    name: str | None = None,
):
    """A new game holding the envelopes of `lines` ([(line number, envelope)]), and the
    dispute entries after them, refused at the first line that does not hold; `token` is the
    table's recorder's, and each player's seat gets `seat_token(player)`. `keyed`: sent with
    an Idempotency-Key, whose retry finds the game the first made (and writes its disputes,
    if the first died before); `name`, its name (replays/forks.py, copy_name). Returns its
    id, its head state, the seats' tokens and whether it was made before."""
    lines, dispute_lines = split_disputes(lines)
    log = [envelope for _, envelope in lines]
    named = None if name is None else copy_name(recorder, {}, name, "")
    try:
        records = audited_records(recorder, log)
    except LogProblem as problem:
        line = lines[min(problem.seq, len(lines)) - 1][0]
        raise InvalidEvent({f"line {line}": problem.errors or [problem.detail]}) from None
    entries = checked_disputes(log, dispute_lines)
    kind = log[0]["type"].removesuffix(".created")
    head = records[-1]
    seats = {player: seat_token(player) for player in head.players} if seat_token else {}
    more_meta = {NAME: named or copy_name(recorder, log[0], None, ", imported")}
    game_id, made_before = recorder.write_new_game(
        kind, log, records, token, seats, more_meta, keyed=keyed
    )
    disputes = DisputeStream(recorder.store.redis, recorder.store.replicas)
    if entries and not (made_before and disputes.raw(game_id)):
        disputes.append(game_id, entries, 0, entries[0]["prev_hash"])
    return game_id, head.state, seats, made_before


def split_disputes(lines: list[tuple[int, dict]]):
    """(event lines, dispute lines): the disputes are the lines from the first with a `kind`
    on, every one of them a dispute entry."""
    first = next((i for i, (_, line) in enumerate(lines) if "kind" in line), len(lines))
    events, disputes = lines[:first], lines[first:]
    after = "an event after the disputes: every event comes before the first dispute entry"
    for number, line in disputes:
        if "kind" not in line:
            raise InvalidEvent({f"line {number}": [after]})
    if not events:
        raise InvalidEvent({"body": ["no events: one envelope per line is expected"]})
    return events, disputes


def checked_disputes(log: list[dict], lines: list[tuple[int, dict]]) -> list[dict]:
    """The dispute entries of `lines`, their chain whole from the log's disputes genesis and
    each entry one the API would have taken against `log`; InvalidEvent names the line."""
    entries = [entry for _, entry in lines]
    facts = LogFacts(len(log), log[0]["payload"]["players"])
    broken = audit_disputes(entries, genesis(log[0]["hash"]), facts)
    if broken:
        number, reason = broken
        line = lines[min(number, len(lines)) - 1][0]
        raise InvalidEvent({f"line {line}": [f"dispute entry {number}: {reason}"]})
    return entries
