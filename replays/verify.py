"""Verification: the whole log audited from scratch (replays/audit.py: the chain re-hashed,
each event as it is read, every event checked as an append would, the log refolded), no
cache trusted, and then the cached records compared with the refold. The first seq that does
not hold is named.

Alongside the refold, every automatic phase is resolved again by today's rules from the state
before it (replays/recompute.py), and the rules the game was recorded under (its creation
event's `rules`, projections/rules.py) are compared with today's. `ok` says whether the log
and the caches hold. A derived event today's rules would not write makes it false when the
game was recorded under today's rules: the worker would not have written it, so it was changed
or the worker has a bug. When the game was recorded under other rules, or before rules were
kept, the rules may simply have changed since: `recompute` says where today's would have
decided differently, and `ok` stays true.

A log that holds is still not `ok` while the worker has given up on the phase due at its head
(projections/failures.py): the game cannot go on as recorded. `problem` is then `phase`, with
`failed` naming the phase and its error; the log itself holds to its last event."""

import json
from dataclasses import asdict, dataclass, field

from events.store import CorruptEvent
from projections.fold import retract_pairs
from projections.recorder import Recorder
from projections.rules import described, recorded_rules, rules_of
from projections.state import cached_records, cached_withdrawals
from replays.audit import LogProblem, audit
from replays.recompute import Difference, Recompute

# Problems that leave every event of the log holding: a cache to drop, a phase given up on.
HOLDING = ("cache", "phase")


@dataclass
class Verdict:
    """`recompute`: {"ok", "derived", "through"} and, at a difference, {"seq", "phase",
    "recorded", "today", "patch", "detail"}; "ok" is null where the audit stopped first.
    `rules`: {"recorded", "today", "same"}, all null when the log could not be read."""

    game: str
    ok: bool
    version: int
    checked: int
    first_bad_seq: int | None = None
    problem: str | None = None
    detail: str | None = None
    recompute: dict = field(default_factory=lambda: {"ok": None, "derived": 0, "through": 0})
    rules: dict = field(default_factory=lambda: {"recorded": None, "today": None, "same": None})
    failed: dict | None = None  # the phase the worker gave up on at the head

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
    kind = meta["kind"]
    game = recorder.games.get(kind)
    recorded, today = recorded_rules(log[0]), rules_of(game)
    rules = {"recorded": recorded, "today": today, "same": recorded == today}
    recompute = Recompute(game, recorder.event_types)
    found = _first_problem(recorder, game_id, log, recompute, rules["same"])
    answer = recompute.as_dict()
    if recompute.difference:
        answer["detail"] = _decided_otherwise(recompute.difference, rules, kind)
    failed = meta["failed"]
    if found is None and failed is None:
        return Verdict(game_id, True, version, len(log), recompute=answer, rules=rules)
    if found is None:
        return Verdict(game_id, False, version, len(log), failed["seq"], "phase",
                       _given_up(failed), answer, rules, failed)  # fmt: skip
    checked, seq, problem, detail = found
    if problem == "recompute":
        detail = answer["detail"]
    else:
        answer["ok"] = None  # the recompute stopped where the audit did
    return Verdict(game_id, False, version, checked, seq, problem, detail, answer, rules, failed)


def _first_problem(recorder: Recorder, game_id: str, log: list[dict], recompute: Recompute,
                   same_rules: bool) -> tuple[int, int, str, str] | None:  # fmt: skip
    """(events checked, seq, problem, detail) of the first seq that does not hold, or None.
    A recompute difference is one only under the rules the game was recorded under."""
    projector = recorder.projector
    cached, forged = cached_records(projector, game_id)
    before = None

    def read_later(envelope: dict) -> bool:  # asked as the event after it is about to be folded
        seq = envelope["seq"]
        return seq < len(log) and recompute.reads_before(log[seq])

    try:
        for envelope, record in audit(recorder, log, read_later, hashed=True):
            seq = envelope["seq"]
            if seq in forged:
                return seq, seq, "cache", _stale(seq, "was not sealed by this service")
            kept = cached.get(seq)
            if kept is not None and _normalised(kept.as_dict()) != _normalised(record.as_dict()):
                return seq, seq, "cache", _stale(seq, "differs from the refold")
            difference = recompute.step(envelope, before)
            if difference and same_rules:
                return difference.seq - 1, difference.seq, "recompute", difference.detail
            before = record.state
    except LogProblem as problem:
        return problem.seq - 1, problem.seq, problem.problem, problem.detail
    expected = retract_pairs(log)
    withdrawals = cached_withdrawals(projector, game_id)
    if withdrawals != expected:
        pairs = zip(expected, withdrawals, strict=False)
        differing = [pair[1] for pair, found in pairs if pair != found]
        seq = differing[0] if differing else (expected[-1][1] if expected else len(log))
        return seq, seq, "cache", _stale(seq, "withdraws what the log's retract does not")
    difference = recompute.end(len(log))
    if difference and same_rules:
        return len(log), difference.seq, "recompute", difference.detail
    return None


def _decided_otherwise(difference: Difference, rules: dict, kind: str) -> str:
    """The difference in plain words, with the rules it was found under."""
    if rules["same"]:
        return (f"the worker's events are not what the rules the game was recorded under "
                f"({described(rules['today'], kind)}) decide: {difference.detail}")  # fmt: skip
    return (f"recorded under {described(rules['recorded'], kind)}; today's rules "
            f"({described(rules['today'], kind)}) would have decided differently at "
            f"{difference.detail}")  # fmt: skip


def _given_up(failed: dict) -> str:
    phase = failed["phase"] or "the phase due"
    return (f"the log holds, but the worker gave up on {phase} at seq {failed['seq']} after "
            f"{failed['attempts']} attempt(s), at {failed['at']}: {failed['error']}; it tries "
            "again once a correction moves the game on")  # fmt: skip


def _stale(seq: int, why: str) -> str:
    return f"the cached state at seq {seq} {why}; drop the caches"


def _normalised(value):
    return json.loads(json.dumps(value))
