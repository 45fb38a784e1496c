"""Undo to a seq, and redo what the last undo withdrew: both are appends, never deletions.

An undo to N is a batch of retracts, newest first, each naming the latest player action not
yet withdrawn (the retract rule), until every player action after N is withdrawn. A retract
withdraws its target and everything after it, so the worker's events after N go with the
player action that made their phase due; derived events after N caused by N itself (or by
what came before it) are not after any withdrawn action and stay: the game returns to the
state after the seq just before the earliest action withdrawn (`state_at`), which is N, or N
with the phases N made due resolved.

The last undo is the latest batch of retracts in the log (one append: consecutive retracts
with one `recorded_at`; a retract posted alone is an undo of one action). A redo re-applies
the actions it withdrew, oldest first, as new events (new ids, the same type, actor, payload
and occurred_at; a player's action marked `recorded_by: "table"`, as the table's recorder
writes it), on top of the head: each is checked by the rules as an append is, and any
phase due before the next one is resolved first, as the worker would (the same `resolve`,
actor, cause and ids), so the batch lands whole. A phase due after the last one is left to the
worker. The redo's ids are a function of the undo, so redoing it again answers the first redo.

Both are planned from the head they read and written at exactly that version (the recorder's
`record_checked`): of two undos racing, one applies and the other is a version conflict.

An undo sent with an Idempotency-Key takes its retracts' ids from the key
(events/idempotency.py), so the append script finds them as it finds any event id used
before: a retry, at whatever head, answers the undo the key wrote (and withdraws nothing
more), and of two racing with one key one writes and the other answers it. A retried redo
answers the first, keyed or not, as its ids are the undo's; an `expected_version` is checked
only when there is something to write. Either, sent with a key, keeps its request with its
events (`Remembered`): a retry is the same request if it has the same body, and else is
KeyReused; a keyed redo asked again after another undo answers the redo the key wrote.
"""

import itertools
import uuid
from dataclasses import dataclass

from events.envelope import RECORDED_BY_TABLE
from events.idempotency import Keyed, KeyReused, KeyWritten
from events.retract import RETRACT, withdrawn_by
from events.store import IdempotencyConflict, VersionConflict
from games.errors import RuleViolation
from projections.checks import InvalidEvent, Refused
from projections.fold import latest_withdrawable
from projections.recorder import Recorded, Recorder, derived_events
from projections.state import Head

MAX_PHASES_BETWEEN = 100  # as many as one worker job resolves


@dataclass
class Rewound:
    recorded: Recorded
    withdrawn: list[int]  # an undo's targets, newest first; a redo's originals, oldest first
    state_at: int | None = None  # after an undo: the seq whose state the game now has


def undo_targets(newest_first: list[dict], to: int) -> list[int]:
    """The seqs an undo to `to` withdraws, newest first, each the latest player action not yet
    withdrawn once the ones before it in the list are: `newest_first` holds the events after
    `to`. A retract of t withdraws everything from t on, so the next is sought below t."""
    targets: list[int] = []
    remaining = newest_first
    while (target := latest_withdrawable(remaining)) is not None and target > to:
        targets.append(target)
        remaining = [e for e in remaining if e["seq"] < target]
    return targets


def undo(
    recorder: Recorder,
    head: Head,
    to: int,
    reason: str = "",
    expected_version: int | None = None,
    keyed: Keyed | None = None,
) -> Rewound:
    """Withdraw every player action after seq `to` in one batch of retracts, recorded by the
    table's recorder (`admin`, who may withdraw anyone's action); with `keyed`, or answer the
    undo its key wrote before."""
    if keyed is not None:
        earlier = _earlier_undo(recorder, head.game_id, to, reason, expected_version, keyed)
        if earlier is not None:
            return earlier
    if expected_version not in (None, head.version):
        raise VersionConflict(head.version)
    if to > head.version:
        raise InvalidEvent({"to": [f"the game is at version {head.version}"]})
    withdrawn = withdrawn_by(recorder.projector.withdrawals(head.game_id, after=to), to)
    if withdrawn is not None:
        raise Refused(
            "LOG-UNDO",
            f"seq {to} was withdrawn by the retract at seq {withdrawn}: undo to a seq that "
            f"stands, such as {withdrawn}",
            {"to": to, "withdrawn_by": withdrawn},
        )
    after = recorder.store.read_range(head.game_id, to + 1, head.version)
    targets = undo_targets(after[::-1], to)
    if not targets:
        raise Refused(
            "LOG-UNDO",
            f"nothing to undo after seq {to}: no player action after it stands",
            {"to": to, "retractable": latest_withdrawable(after[::-1])},
        )
    retracts = [
        recorder.checks.one(
            {
                "event_id": keyed.event_id(index) if keyed else None,
                "type": RETRACT,
                "actor": "admin",
                "payload": {"seq": target, "reason": reason, "undo": True},
            },
            head,
        )
        for index, target in enumerate(targets)
    ]
    try:
        recorded = recorder.record_checked(head, retracts, keyed)
    except IdempotencyConflict:
        if keyed is None:
            raise
        # the key's undo got in first, planned at another head: answer it, or KeyReused
        return _earlier_undo(recorder, head.game_id, to, reason, expected_version, keyed)
    if keyed is not None and recorded.duplicate:  # the key's undo got in first, at this head
        return _earlier_undo(recorder, head.game_id, to, reason, expected_version, keyed)
    return Rewound(recorded, targets, state_at=min(targets) - 1)


def _earlier_undo(
    recorder: Recorder, game_id: str, to: int, reason: str, expected_version, keyed: Keyed
) -> Rewound | None:
    """The undo `keyed` wrote before, if it did; KeyReused if it was asked with another body.
    An undo written before its request was kept beside it is another request if it withdrew
    other actions at the head it was written at, for another reason, or was written at
    another version than `expected_version`."""
    first = keyed.event_id(0)
    known = recorder.store.known_event_ids(game_id, [first])
    if not known:
        return None
    start = known[first].seq
    remembered = recorder.store.remembered(game_id, keyed.scope)
    keyed.refuse_another(remembered)
    batch: list[dict] = []
    for envelope in recorder.store.iterate(game_id, after=start - 1, page=16):
        if envelope["event_id"] != keyed.event_id(len(batch)):
            break
        batch.append(envelope)
    targets = [retract["payload"]["seq"] for retract in batch]
    written_at = start - 1
    if remembered is None and (
        undo_targets(recorder.store.read_range(game_id, to + 1, written_at)[::-1], to) != targets
        or any(retract["payload"]["reason"] != reason for retract in batch)
        or expected_version not in (None, written_at)
    ):
        raise KeyReused(keyed.key, seq=start)
    ids = [retract["event_id"] for retract in batch]
    indexed = recorder.store.known_event_ids(game_id, ids)
    answer = recorder.answered_again(game_id, [indexed[i] for i in ids])
    return Rewound(answer, targets, min(targets) - 1)


def last_undo(recorder: Recorder, game_id: str, version: int) -> list[dict]:
    """The retracts of the latest batch holding a retract up to `version`, oldest first; []
    if none."""
    batch: list[dict] = []
    for envelope in recorder.store.iterate_backwards(game_id, version + 1):
        if envelope["type"] != RETRACT:
            if batch:
                break
            continue
        if batch and envelope["recorded_at"] != batch[0]["recorded_at"]:
            break
        batch.insert(0, envelope)
    return batch


def redo_event_id(game_id: str, undo_seq: int, index: int) -> str:
    """The id of the index-th action a redo of the undo at `undo_seq` re-applies."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"tablelog:{game_id}:redo:{undo_seq}:{index}"))


def redone_by(recorder: Recorder, game_id: str, version: int) -> tuple[list[int], list[str]]:
    """What a redo at `version` re-applies (the seqs of the last undo's targets, oldest
    first) and the ids it gives them; nothing if there is no undo to redo."""
    retracts = last_undo(recorder, game_id, version)
    if not retracts:
        return [], []
    targets = sorted(r["payload"]["seq"] for r in retracts)
    return targets, [redo_event_id(game_id, retracts[0]["seq"], i) for i in range(len(targets))]


def redo(
    recorder: Recorder,
    head: Head,
    expected_version: int | None = None,
    keyed: Keyed | None = None,
) -> Rewound:
    """Re-apply what the last undo withdrew, on top of the head, or answer the redo that did;
    RuleViolation if the rules no longer allow one of them (`redo_of` in its details names
    the original seq). With `keyed`, or answer the redo its key wrote before."""
    if keyed is not None:
        earlier = _keyed_redo(recorder, head.game_id, keyed)
        if earlier is not None:
            return earlier
    targets, ids = redone_by(recorder, head.game_id, head.version)
    if not targets:
        raise Refused("LOG-REDO", "nothing to redo: no retract in the log", {})
    earlier = _earlier_redo(recorder, head.game_id, ids)
    if earlier is not None:
        return Rewound(earlier, targets)
    if expected_version not in (None, head.version):
        raise VersionConflict(head.version)
    originals = [recorder.store.read_one(head.game_id, seq) for seq in targets]
    batch = _replayed(recorder, head, originals, ids)
    try:
        return Rewound(recorder.record_checked(head, batch, keyed), targets)
    except KeyWritten:  # the key's redo got in first, of another undo
        return _keyed_redo(recorder, head.game_id, keyed)


def _keyed_redo(recorder: Recorder, game_id: str, keyed: Keyed) -> Rewound | None:
    """The redo `keyed` wrote before, if it did, whatever was undone since; KeyReused if it
    was asked with another body."""
    remembered = recorder.store.remembered(game_id, keyed.scope)
    if remembered is None:
        return None
    keyed.refuse_another(remembered)
    targets, ids = redone_by(recorder, game_id, remembered.seq - 1)
    return Rewound(_earlier_redo(recorder, game_id, ids), targets)


def _replayed(recorder: Recorder, head: Head, originals: list[dict], ids: list[str]):
    """The batch re-applying `originals` after the head, the phases between them resolved."""
    projector, game = recorder.projector, recorder.games.get(head.kind)
    state, version, batch = head.state, head.version, []

    def add(checked: dict):
        nonlocal state, version
        version += 1
        state = projector.evolve(head.kind, state, {**checked, "seq": version})
        batch.append(checked)

    for original, event_id in zip(originals, ids, strict=True):
        for _ in range(MAX_PHASES_BETWEEN):
            phase = game.pending(state)
            if phase is None:
                break
            for event in derived_events(head.game_id, version, phase, game.resolve(state)):
                add(recorder.checks.one(event, head, system=True))
        upcast = recorder.event_types.upcast(original)
        body = {name: upcast[name] for name in ("type", "actor", "payload", "occurred_at")}
        if body["actor"].startswith("player:"):  # the table's recorder writes it again
            body["recorded_by"] = RECORDED_BY_TABLE
        copy = recorder.checks.one({**body, "event_id": event_id}, head)
        try:
            add(copy)
        except RuleViolation as refusal:
            refusal.details = {**refusal.details, "redo_of": original["seq"]}
            refusal.message = f"re-applying seq {original['seq']}: {refusal.message}"
            recorder.note_refusal(head, [*batch, copy], refusal)
            raise
    return batch


def _earlier_redo(recorder: Recorder, game_id: str, ids: list[str]) -> Recorded | None:
    """The result of the redo that already re-applied these actions, if there was one: its
    whole batch, the phases it resolved between them included (`_replayed`). The batch ends
    with the last action; it begins with the events before the first that were written with
    it, one append having one `recorded_at`."""
    known = recorder.store.known_event_ids(game_id, ids)
    if not known:
        return None
    if len(known) != len(ids):
        missing = next(i for i in ids if i not in known)
        raise IdempotencyConflict(missing, next(iter(known.values())).seq)
    first, last = known[ids[0]].seq, known[ids[-1]].seq
    [opening] = recorder.store.read_range(game_id, first, first)
    before = itertools.takewhile(lambda e: e["recorded_at"] == opening["recorded_at"],
                                 recorder.store.iterate_backwards(game_id, first))  # fmt: skip
    batch = recorder.store.read_range(game_id, first - sum(1 for _ in before), last)
    indexed = recorder.store.known_event_ids(game_id, [e["event_id"] for e in batch])
    return recorder.answered_again(game_id, [indexed[e["event_id"]] for e in batch])


@dataclass(frozen=True)
class Corrections:
    """What may be corrected with the game at its head, seen from step `at`: the seq a retract
    may name now (at the head only: a retract acts on the head), the seqs an undo to `at`
    would withdraw (newest first; none at the head, or where `at` is withdrawn), and what a
    redo would re-apply (the last undo's targets, oldest first; none once redone)."""

    retractable: int | None
    undo: list[int]
    redo: list[int]


def corrections(recorder: Recorder, game_id: str, version: int, at: int) -> Corrections:
    """What may be corrected with the game at `version`, its head (read from the log alone:
    no state is needed), seen from step `at`."""
    store = recorder.store
    retractable = undo = None
    if at == version:
        retractable = latest_withdrawable(store.iterate_backwards(game_id, version + 1))
    elif withdrawn_by(recorder.projector.withdrawals(game_id, after=at), at) is None:
        undo = undo_targets(store.read_range(game_id, at + 1, version)[::-1], at)
    # a log with no retract (the withdrawals' small index says so) is not walked for one
    withdrawn = recorder.projector.withdrawals(game_id, 0)
    retracts = last_undo(recorder, game_id, version) if withdrawn else []
    redo = (
        sorted(r["payload"]["seq"] for r in retracts)
        if offers_redo(store, game_id, version, retracts)
        else []
    )
    if redo and store.known_event_ids(game_id, [redo_event_id(game_id, retracts[0]["seq"], 0)]):
        redo = []
    return Corrections(retractable, undo or [], redo)


def offers_redo(store, game_id: str, version: int, retracts: list[dict]) -> bool:
    """Whether the page offers to redo the last batch of `retracts`: an undo's, which the
    table's recorder writes and marks (`undo`; a withdraw, a player's or the recorder's, is
    not one), redone before play goes on, so nothing but the worker's events came after it
    (docs/rules/log.md, LOG-REDO). An undo written before undos were marked is not offered."""
    undone = all(r["actor"] == "admin" and r["payload"].get("undo") for r in retracts)
    if not retracts or not undone:
        return False
    since = store.read_range(game_id, retracts[-1]["seq"] + 1, version)
    return all(envelope["actor"].startswith("system:") for envelope in since)
