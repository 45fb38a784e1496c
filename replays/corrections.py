"""The log as a person reads it after corrections (docs/rules/log.md, "The log as read").

A correction is one entry: the retracts one undo wrote together (consecutive seqs, one
`recorded_at`) are read as one, which says what it withdrew; a withdraw alone is an entry of
its own. The retracts of one undo withdraw one another (each withdraws everything from its
target on), but a correction is never marked withdrawn: only the actions it withdrew are, by
the entry of the correction (its last seq, where the game is corrected). A correction starts
no heading of its own: where the game stood before it is where the log already is, and
where it stands after it is the heading of what comes next.
"""

from events.retract import RETRACT
from replays.sentences import recorder, retracted


def gathered(told: list[dict]) -> list[dict]:
    """`told` (replays/steps.py), its corrections each read as one entry with `correction`:
    `{"first", "last", "withdrew"}` (the seqs it spans, and those it withdrew, oldest
    first)."""
    read: list[dict] = []
    for entry in told:
        event = entry.get("event")
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
    ends = {seq: e["correction"]["last"] for e in read if "correction" in e
            for seq in range(e["correction"]["first"], e["correction"]["last"] + 1)}  # fmt: skip
    for entry in read:
        by = entry.get("event", {}).get("withdrawn_by")
        if by in ends and "correction" not in entry:
            entry["event"] = {**entry["event"], "withdrawn_by": ends[by]}
    return read


def same_write(last: dict, event: dict) -> bool:
    """Whether retract `event` was written in one append with the retract `last` before it."""
    return event["seq"] == last["seq"] + 1 and event["recorded_at"] == last["recorded_at"]


def corrected(entry: dict, first: int, withdrew: list[int], reason: str | None) -> dict:
    event = entry["event"]
    reason = event["payload"].get("reason") if reason is None else reason
    if len(withdrew) == 1:
        text = retracted(event)
    else:
        listed = ", ".join(map(str, withdrew[:-1])) + f" and {withdrew[-1]}"
        why = f": {reason}" if reason else ""
        text = f"{recorder(event['actor'])} undid to step {withdrew[0] - 1}: steps {listed} withdrawn{why}"  # noqa: E501
    return {
        **entry,
        "event": {**event, "withdrawn_by": None},
        "text": text,
        "where": None,
        "reason": reason,
        "correction": {"first": first, "last": event["seq"], "withdrew": withdrew},
    }
