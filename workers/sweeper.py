"""The sweeper: every game left pending gets its job again.

An append that made a phase due enqueues a job, but the process can die between the two, or
a job can fail for good. The sweeper reads each game's meta and enqueues the job of every game
whose phase is still due; jobs still queued or running are left alone, and so are games whose
phase the worker gave up on at their head under the rules of today (projections/failures.py):
another try would fail the same way. After a change of the game's rules it tries once more.
"""

import logging

from projections import failures
from projections.rules import rules_of
from projections.services import Services
from workers.queue import PhaseQueue

log = logging.getLogger(__name__)


def sweep(svc: Services, queue: PhaseQueue) -> list[str]:
    """The ids of the jobs enqueued; games whose job is queued or running are left alone, and
    those the worker gave up on."""
    enqueued = []
    ids = list(svc.catalog.all_ids())
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for game_id, meta in zip(chunk, svc.catalog.metas(chunk), strict=True):
            if not meta or not meta["pending"]:
                continue
            try:
                if failures.holds(meta, rules_of(svc.games.get(meta["kind"]))):
                    continue
                job = queue.revive(game_id, meta["version"])
            except Exception:  # one game's damage must not leave the others unswept
                log.exception("could not sweep game %s", game_id)
                continue
            if job:
                enqueued.append(job.id)
    return enqueued
