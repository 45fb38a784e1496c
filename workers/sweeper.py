"""The sweeper: every game left pending gets its job again.

An append that made a phase due enqueues a job, but the process can die between the two, or
a job can fail for good. The sweeper reads each game's meta and enqueues the job of every game
whose phase is still due; jobs still queued or running are left alone, and so are games whose
phase the worker gave up on at their head under the rules of today (projections/failures.py):
another try would fail the same way. After a change of the game's rules it tries once more.
"""

import logging
from dataclasses import dataclass, field

import redis

from projections import failures
from projections.rules import rules_of
from projections.services import Services
from workers.queue import PhaseQueue

log = logging.getLogger(__name__)


@dataclass
class Swept:
    """What one sweep found: games with a phase due, those of them the worker gave up on,
    and the ids of the jobs it enqueued (the other games' jobs were live)."""

    due: int = 0
    given_up: int = 0
    enqueued: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        live = self.due - self.given_up - len(self.enqueued)
        return (f"{self.due} game(s) with a phase due: {len(self.enqueued)} job(s) enqueued, "
                f"{live} queued or running already, {self.given_up} given up")  # fmt: skip


def sweep(svc: Services, queue: PhaseQueue) -> Swept:
    """Enqueue the job of every game whose phase is due, unless its job is live or the
    worker gave its phase up."""
    swept = Swept()
    ids = list(svc.catalog.all_ids())
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for game_id, meta in zip(chunk, svc.catalog.metas(chunk), strict=True):
            if not meta or not meta["pending"]:
                continue
            swept.due += 1
            try:
                if failures.holds(meta, rules_of(svc.games.get(meta["kind"]))):
                    swept.given_up += 1
                    continue
                job = queue.revive(game_id, meta["version"])
            except redis.RedisError:  # the store's, not the game's: the sweep ends
                raise
            except Exception:  # one game's damage must not leave the others unswept
                log.exception("could not sweep game %s", game_id)
                continue
            if job:
                swept.enqueued.append(job.id)
    return swept
