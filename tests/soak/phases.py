"""The phase latency: how long the phases made due by the tables' appends waited for the worker,
read from the logs at the end, and, after each fault, how long from its end until every phase
due then was resolved. A phase still waiting at the ends of several faults counts after the
first of them only, where what kept it waiting began (a horse killed mid-job leaves its phase
to the job's timeout, through whatever faults come next).

A phase was due at version V when an append's answer said one was pending at V (the ledger's
`due`: a retry's answer tells the game as it is then, at the version it names). It was due from
the event at V's `recorded_at`, and resolved at the `recorded_at` of the worker's first event
after V, whatever its cause (a toy tablet may add while a tally is due). A withdrawal (an undo)
before the worker's event leaves it out: it may have withdrawn what made it due. Phases that
come to the same worker's event are one phase, due from the first of them.

Both times are the service's clock, stamped when an event is sealed, just before it is written;
the soak's faults are timed by the same clock (one machine). A write held by an outage and let
through at its end is stamped before the end: a phase its worker resolved so counts as done
before the end rather than just after, and an append held by an outage before it was sealed
makes its phase due after the end. Either way the figure after a fault may be a little less
than the truth, never more.
"""

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from events.retract import RETRACT


@dataclass(frozen=True)
class Phase:
    game: str
    due: float  # when it became due (a POSIX time)
    resolved: float | None  # when the worker's events were stamped; None: never


def stamp(event: dict) -> float:
    return datetime.fromisoformat(event["recorded_at"].replace("Z", "+00:00")).timestamp()


def phases(ledger, logs: dict[str, list[dict]]) -> list[Phase]:
    """Every phase an acknowledged append made due, each once (see above)."""
    found = []
    for game_id, versions in sorted(ledger.due.items()):
        at = {event["seq"]: event for event in logs.get(game_id, [])}
        earliest: dict[int | None, float] = {}  # the worker's event's seq: due from
        for version in sorted(versions):
            if version not in at:
                continue
            resolved = resolution(at, version)
            if resolved is not False:
                earliest.setdefault(resolved, stamp(at[version]))
        found += [
            Phase(game_id, due, None if seq is None else stamp(at[seq]))
            for seq, due in earliest.items()
        ]
    return found


def resolution(at: dict[int, dict], version: int) -> int | None | bool:
    """The seq of the worker's first event after `version`; None if there is none; False if
    a withdrawal comes first."""
    seq = version + 1
    while seq in at:
        event = at[seq]
        if event["type"] == RETRACT:
            return False
        if event["actor"].startswith("system:"):
            return seq
        seq += 1
    return None


def waits(phases: list[Phase]) -> list[float]:
    """Seconds from due to resolved (inf: never)."""
    return [math.inf if p.resolved is None else max(0.0, p.resolved - p.due) for p in phases]


def after(faults: list, phases: list[Phase]) -> dict[str, list[float]]:
    """For each kind of the `faults` (made ones, each with its `ended`), the seconds from a
    fault's end until each phase due then was resolved (inf: never). A phase waiting past
    the end of more than one fault counts after the first only: what kept it waiting began
    then."""
    made = sorted(faults, key=lambda fault: fault.ended)
    seconds = defaultdict(list)
    for phase in phases:
        resolved = math.inf if phase.resolved is None else phase.resolved
        first = next((f for f in made if phase.due <= f.ended < resolved), None)
        if first is not None:
            seconds[first.kind].append(resolved - first.ended)
    return seconds


def rows(faults: list, phases: list[Phase], kinds: tuple) -> list[tuple[str, str]]:
    """The report's rows: every phase's wait, then, for each kind of fault, the seconds from
    its end until each phase due then was resolved."""
    made = [fault for fault in faults if fault.back != "skipped" and fault.kind in kinds]
    seconds = after(made, phases)
    out = [
        ("phases due", f"{len(phases)}, by acknowledged appends; waited {spread(waits(phases))}"),
        ("phase latency", "from a fault's end until each phase due then was resolved (a phase "
                          "after the first fault it waited past):"),
    ]  # fmt: skip
    for kind in kinds:
        count = sum(1 for fault in made if fault.kind == kind)
        if count:
            due = seconds[kind]
            out.append((f"  {kind}", f"{count} faults, {len(due)} phases due: {spread(due)}"))
    return out


def spread(seconds: list[float]) -> str:
    """The median, the 99th percentile and the most of `seconds`, and how many were never."""
    if not seconds:
        return "none"
    done = sorted(s for s in seconds if s != math.inf)
    never = len(seconds) - len(done)
    text = f"p50 {share(done, 0.5)}, p99 {share(done, 0.99)}, max {share(done, 1)}"
    return f"{text}, NEVER {never}" if never else text


def share(done: list[float], q: float) -> str:
    """The value `q` of the way up `done` (sorted), in seconds."""
    if not done:
        return "-"
    return f"{done[min(len(done) - 1, max(0, math.ceil(q * len(done)) - 1))]:.2f} s"
