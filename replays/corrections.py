"""The log as a person reads it after corrections (docs/rules/log.md, "The log as read").

A correction is one entry: the retracts one undo wrote together (consecutive seqs, one
`recorded_at`) are read as one, which says what it withdrew; a withdraw alone is an entry of
its own. The retracts of one undo withdraw one another (each withdraws everything from its
target on), but a correction is never marked withdrawn: only the actions it withdrew are, by
the entry of the correction (its last seq, where the game is corrected). A correction starts
no heading of its own: where the game stood before it is where the log already is, and
where it stands after it is the heading of what comes next.

A redo is one entry too, saying what it restored: the actions it re-applied are known by
their ids, which are a function of the undo they redo (projections/rewind.py,
`redo_event_id`), and the worker's events it resolved between them (in the same write) go in
its entry with them.
"""

from events.retract import RETRACT
from projections.rewind import redo_event_id
from projections.state import Projector
from replays.sentences import recorder, retracted


def gathered(told: list[dict], redone: dict[str, tuple[int, int]] | None = None) -> list[dict]:
    """`told` (replays/steps.py), its corrections each read as one entry with `correction`:
    `{"first", "last", "withdrew"}` (the seqs it spans, and those it withdrew, oldest
    first), and for a redo `"restored"` too (the seqs it re-applied). `redone` says which
    event ids a redo wrote (`redo_ids`)."""
    redone = redone or {}
    read: list[dict] = []
    held: list[dict] = []  # the worker's events in a redo's write, until its next action
    for entry in told:
        event = entry.get("event")
        if event is not None and event.get("event_id") in redone:
            undo, original = redone[event["event_id"]]
            before = read[-1] if read else None
            span = before.get("correction") if before else None
            if span and span.get("undo") == undo and same_time(before["event"], event):
                read[-1] = restoring(entry, span["first"], [*span["restored"], original], undo)
            else:
                read += held
                read.append(restoring(entry, event["seq"], [original], undo))
            held = []
            continue
        span = read[-1].get("correction") if read else None
        if (
            span
            and "undo" in span
            and event
            and event["actor"].startswith("system:")
            and (same_time(read[-1]["event"], event))
        ):
            held.append(entry)
            continue
        read += held
        held = []
        if event is None or event["type"] != RETRACT:
            read.append(entry)
            continue
        before = read[-1] if read else None
        if before and "correction" in before and same_write(before["event"], event):
            span = before["correction"]
            withdrew = sorted([*span["withdrew"], event["payload"]["seq"]])
            read[-1] = corrected(entry, span["first"], withdrew, before["reason"])
        else:
            read.append(corrected(entry, event["seq"], [event["payload"]["seq"]], None))
    read += held
    ends = {seq: e["correction"]["last"] for e in read if "correction" in e
            for seq in range(e["correction"]["first"], e["correction"]["last"] + 1)}  # fmt: skip
    for entry in read:
        by = entry.get("event", {}).get("withdrawn_by")
        if by in ends and not entry.get("correction", {}).get("withdrew"):
            entry["event"] = {**entry["event"], "withdrawn_by": ends[by]}
    return read


def same_time(last: dict, event: dict) -> bool:
    return event["recorded_at"] == last["recorded_at"]


def same_write(last: dict, event: dict) -> bool:
    """Whether retract `event` was written in one append with the retract `last` before it."""
    return event["seq"] == last["seq"] + 1 and same_time(last, event)


def corrected(entry: dict, first: int, withdrew: list[int], reason: str | None) -> dict:
    event = entry["event"]
    reason = event["payload"].get("reason") if reason is None else reason
    if len(withdrew) == 1 and not event["payload"].get("undo"):  # a withdraw
        text = retracted(event)
    else:  # an undo: marked, or several retracts of one write, as only an undo writes them
        why = f": {reason}" if reason else ""
        steps = f"steps {listed(withdrew)}" if len(withdrew) > 1 else f"step {withdrew[0]}"
        who = recorder(event["actor"])
        text = f"{who} undid to step {withdrew[0] - 1}: {steps} withdrawn{why}"
    return {
        **entry,
        "event": {**event, "withdrawn_by": None},
        "text": text,
        "where": None,
        "reason": reason,
        "correction": {"first": first, "last": event["seq"], "withdrew": withdrew},
    }


def restoring(entry: dict, first: int, restored: list[int], undo: int) -> dict:
    """The entry of a redo from seq `first` to `entry`'s, which re-applied `restored`."""
    last = entry["event"]["seq"]
    steps = f"steps {listed(restored)}" if len(restored) > 1 else f"step {restored[0]}"
    into = f"steps {first} to {last}" if first != last else f"step {last}"
    text = f"{recorder('admin')} redid the undo at step {undo}: {steps} restored, as {into}"
    event = {k: v for k, v in entry["event"].items() if k != "recorded_by"}
    return {  # withdrawn, as what it restored, if an undo since withdrew that again
        **entry,
        "event": {**event, "actor": "admin"},  # the entry is the recorder's, whoever's actions
        "text": text,
        "where": None,
        "correction": {
            "first": first,
            "last": last,
            "withdrew": [],
            "restored": restored,
            "undo": undo,
        },  # fmt: skip
    }


def listed(seqs: list[int]) -> str:
    return ", ".join(map(str, seqs[:-1])) + f" and {seqs[-1]}"


def redo_ids(game_id: str, retracts: list[dict]) -> dict[str, tuple[int, int]]:
    """The ids a redo of each undo among `retracts` (oldest first) gives what it re-applies:
    each to the seq of the undo's entry (its last retract) and the seq it re-applies."""
    batches: list[list[dict]] = []
    for retract in retracts:
        if batches and same_write(batches[-1][-1], retract):
            batches[-1].append(retract)
        else:
            batches.append([retract])
    ids = {}
    for batch in batches:
        targets = sorted(r["payload"]["seq"] for r in batch)
        for index, target in enumerate(targets):
            ids[redo_event_id(game_id, batch[0]["seq"], index)] = (batch[-1]["seq"], target)
    return ids


def redone(projector: Projector, game_id: str) -> dict[str, tuple[int, int]]:
    """`redo_ids` of the game's retracts, read a run of consecutive seqs at a time; none
    read when the withdrawals' small index says there is no retract."""
    seqs = sorted(by for _, by in projector.withdrawals(game_id, 0))
    retracts: list[dict] = []
    while seqs:
        run = 1
        while run < len(seqs) and seqs[run] == seqs[0] + run:
            run += 1
        retracts += projector.store.read_range(game_id, seqs[0], seqs[run - 1])
        seqs = seqs[run:]
    return redo_ids(game_id, retracts)
