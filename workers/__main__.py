"""`python -m workers`: one RQ worker for the automatic phases, sweeping at start and then
every SWEEP_EVERY seconds (default 60) for games left pending. A bad setting stops it at
start with one line that names it.

Production runs as many of these as it needs, on as many machines (`rq worker phases` works
too, without the sweeps; then run `flask --app app sweep` on a schedule). The scheduler it
starts runs the retries' back-offs; its maintenance, every SWEEP_EVERY seconds too, restarts
a scheduler that died.
"""

import logging
import threading
import time

import redis
from rq import Worker

from workers.feed import drain_forever
from workers.jobs import process_died, resolve_phase, services, settings_or_exit
from workers.queue import SERIALIZER, PhaseQueue, release_dead_scheduler_lock
from workers.steady import Outage, Steady, queue_connection, work_through
from workers.sweeper import sweep

log = logging.getLogger("workers")
AFTER_OUTAGE = 2.0


def sweep_forever(queue: PhaseQueue, every: float, outage: Outage) -> None:
    """A sweep every `every` seconds, and soon after the store is well again: once the worker
    has had AFTER_OUTAGE seconds to take what waits in the queue, which the sweep would
    otherwise see taken off the queue and not yet started, and replace."""
    while True:
        if outage.over.wait(every):
            outage.over.clear()
            time.sleep(AFTER_OUTAGE)
        try:
            swept = sweep(services(), queue)
        except redis.RedisError as error:  # said once, as the worker's own
            outage.began(error)
            continue
        except Exception:  # a failed sweep must not end the sweeps; the next one retries
            log.exception("sweep failed")
            continue
        if swept.enqueued:
            log.info("sweep: %s", swept)


def said_by_the_job(record: logging.LogRecord) -> bool:
    """False for RQ's report of a phase job's error: the job says it itself, once."""
    return getattr(record, "func", None) != f"{resolve_phase.__module__}.resolve_phase"


class PhaseWorker(Steady, Worker):
    """RQ's worker, steady through a sick store (workers/steady.py)."""


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(message)s")
    logging.getLogger("rq.worker").addFilter(said_by_the_job)
    settings = settings_or_exit()
    connection = queue_connection(settings.queue_url)
    queue = PhaseQueue(connection, settings.phase_job_timeout)
    try:
        log.info("sweep at start: %s", sweep(services(), queue))
    except redis.RedisError as error:  # the sweeps every SWEEP_EVERY seconds try again
        log.warning("sweep at start: %s", error)
    stop, outage = threading.Event(), Outage()
    threading.Thread(
        target=sweep_forever, args=(queue, settings.sweep_every, outage), daemon=True
    ).start()
    if settings.redis_cluster:  # the appends write each slot's outbox: move it into the feed
        threading.Thread(target=drain_forever, args=(services().redis, stop), daemon=True).start()

    def worker(outage: Outage) -> PhaseWorker:
        if release_dead_scheduler_lock(queue.queue):
            log.info("released the scheduler lock of a scheduler that is gone")
        # Maintenance restarts a scheduler that died (Redis went away) and is due every
        # maintenance_interval; RQ's 10 minutes would stall every retry's back-off that long.
        return PhaseWorker([queue.queue], connection=connection, serializer=SERIALIZER,
                           maintenance_interval=max(1, int(settings.sweep_every)),
                           work_horse_killed_handler=process_died, outage=outage)  # fmt: skip

    try:
        work_through(outage, worker, with_scheduler=True)
    finally:
        stop.set()


if __name__ == "__main__":
    main()
