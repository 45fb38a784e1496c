"""The phase latency read from a log: when each phase was due, when the worker resolved it, and
what waited past a fault's end."""

import math
from types import SimpleNamespace

import pytest

from events.retract import RETRACT
from tests.soak.phases import Phase, after, phases, spread

T0 = 1_800_000_000.0


def event(seq: int, second: float, actor: str = "player:ann", kind: str = "toy.added") -> dict:
    stamp = f"2027-01-15T08:00:{second:09.6f}Z"
    return {"seq": seq, "event_id": f"e{seq}", "actor": actor, "type": kind, "recorded_at": stamp}


LOG = [
    event(1, 0.0, "admin", "toy.created"),
    event(2, 1.0),  # a tally due
    event(3, 1.5),  # added while it was due
    event(4, 3.0, "system:tally", "toy.tallied"),
    event(5, 4.0),  # due, then withdrawn before the worker came
    event(6, 4.5, "admin", RETRACT),
    event(7, 5.0),  # due, never resolved
]


def test_each_phase_is_due_from_its_first_append_until_the_workers_next_event():
    ledger = SimpleNamespace(due={"g": {2, 3, 5, 7}})
    found = phases(ledger, {"g": LOG})
    start = found[0].due - 1.0
    assert [(p.due - start, p.resolved and p.resolved - start) for p in found] == [
        (1.0, 3.0),
        (5.0, None),
    ]


def test_after_a_fault_count_the_phases_due_at_its_end_and_not_already_waiting():
    due = [Phase("g", T0 + 1, T0 + 3), Phase("g", T0 + 4, T0 + 4.5), Phase("g", T0 + 5, None)]
    faults = [fault("pause", T0 + 2), fault("oom", T0 + 3.5), fault("oom", T0 + 4.2),
              fault("reset", T0 + 6), fault("delay", T0 + 7)]  # fmt: skip
    assert after(faults, due) == {"pause": pytest.approx([1.0]), "oom": pytest.approx([0.3]),
                                  "reset": [math.inf]}  # fmt: skip


def fault(kind: str, ended: float) -> SimpleNamespace:
    return SimpleNamespace(kind=kind, ended=ended)


def test_the_spread_says_the_median_the_99th_percentile_the_most_and_the_never():
    assert spread([]) == "none"
    assert spread([0.1, 0.2, 0.3, math.inf]) == "p50 0.20 s, p99 0.30 s, max 0.30 s, NEVER 1"
