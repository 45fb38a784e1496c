"""The soak (`make soak`) run briefly, so that `make test` proves the tool works: four tables
for 48 seconds, a fault every 3 seconds, outages of 1 to 2 seconds (twelve faults, each kind
once, in the order seed 2067 shuffles them, the kill of all of it last, so its restart delays
none and no fault follows it), and a clean result with events acknowledged, faults made,
every event delivered to the tool's webhook, and the phase latency after each kind of fault in
the figures. Then the same on a Redis Cluster whose masters have replicas, every write
waiting for one, a master of the logs killed among the faults (#33)."""

from tests.soak.faults import CLUSTER_KINDS, KINDS
from tests.soak.soak import Settings, soak


def test_a_short_soak_loses_nothing_and_verifies_every_game():
    settings = Settings(seconds=48, tables=4, fault_every=3, seed=2067, settle=30, recover=10,
                        outage=(1.0, 2.0), faults=len(KINDS))  # fmt: skip
    ok, run, figures = soak(settings)
    report = "\n".join(figures)
    made = [f for f in run.faults.done if f.back in ("itself", "restarted", "tool")]
    assert {fault.kind for fault in made} == set(KINDS), report
    assert run.ledger.acknowledged() > 100, report
    assert "phase latency" in report, report
    assert ok, report


def test_a_short_soak_with_the_logs_on_a_cluster_loses_nothing_when_a_master_dies():
    settings = Settings(seconds=52, tables=4, fault_every=3, seed=2067, settle=30, recover=10,
                        outage=(1.0, 2.0), faults=len(CLUSTER_KINDS), cluster=True)  # fmt: skip
    ok, run, figures = soak(settings)
    report = "\n".join(figures)
    made = [f for f in run.faults.done if f.back in ("itself", "restarted", "tool")]
    assert {fault.kind for fault in made} == set(CLUSTER_KINDS), report
    assert run.ledger.acknowledged() > 100, report
    assert ok, report
