"""The soak (`make soak`) run briefly, so that `make test` proves the tool works: four tables
for 24 seconds, a fault every 4 seconds (each of the five kinds once, in the order seed 2026
shuffles them), and a clean result with events acknowledged and faults made."""

from tests.soak.faults import KINDS
from tests.soak.soak import Settings, soak


def test_a_short_soak_loses_nothing_and_verifies_every_game():
    settings = Settings(seconds=24, tables=4, fault_every=4, seed=2026, settle=30, recover=10)
    ok, run, figures = soak(settings)
    report = "\n".join(figures)
    made = [fault for fault in run.faults.done if fault.back in ("itself", "restarted")]
    assert {fault.kind for fault in made} == set(KINDS), report
    assert run.ledger.acknowledged() > 100, report
    assert ok, report
