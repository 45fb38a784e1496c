"""Verification: the whole log audited from scratch (replays/audit.py: the chain re-hashed,
every event checked as an append would, the log refolded), no cache trusted, and then the
cached records compared with the refold. The first seq that does not hold is named."""

import json
from dataclasses import asdict, dataclass

from events.store import CorruptEvent
from projections.fold import retract_pairs
from projections.recorder import Recorder
from projections.state import cached_records, cached_withdrawals
from replays.audit import LogProblem, audit


@dataclass
class Verdict:
    game: str
    ok: bool
    version: int
    checked: int
    first_bad_seq: int | None = None
    problem: str | None = None
    detail: str | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def verify(recorder: Recorder, game_id: str) -> Verdict:
    projector = recorder.projector
    meta = projector.meta(game_id)
    version = meta["version"]
    try:
        log = list(projector.store.iterate(game_id))
    except CorruptEvent as error:
        return Verdict(game_id, False, version, error.seq - 1, error.seq, "hash", error.reason)
    if len(log) != version or (log and log[-1]["hash"] != meta["head_hash"]):
        return Verdict(
            game_id, False, version, len(log), len(log) + 1, "chain",
            f"the log holds {len(log)} events but the game records version {version}",
        )  # fmt: skip
    cached, forged = cached_records(projector, game_id)
    try:
        for envelope, record in audit(recorder, log):
            seq = envelope["seq"]
            if seq in forged:
                return _stale(game_id, version, seq, "was not sealed by this service")
            kept = cached.get(seq)
            if kept is not None and _normalised(kept.as_dict()) != _normalised(record.as_dict()):
                return _stale(game_id, version, seq, "differs from the refold")
    except LogProblem as problem:
        seq = problem.seq
        return Verdict(game_id, False, version, seq - 1, seq, problem.problem, problem.detail)
    expected = retract_pairs(log)
    withdrawals = cached_withdrawals(projector, game_id)
    if withdrawals != expected:
        pairs = zip(expected, withdrawals, strict=False)
        differing = [pair[1] for pair, found in pairs if pair != found]
        seq = differing[0] if differing else (expected[-1][1] if expected else version)
        return _stale(game_id, version, seq, "withdraws what the log's retract does not")
    return Verdict(game_id, True, version, len(log))


def _stale(game_id: str, version: int, seq: int, why: str) -> Verdict:
    return Verdict(
        game_id, False, version, seq, seq, "cache",
        f"the cached state at seq {seq} {why}; drop the caches",
    )  # fmt: skip


def _normalised(value):
    return json.loads(json.dumps(value))
