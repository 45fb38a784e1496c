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

import redis
from rq import Worker

from workers.feed import drain_forever
from workers.jobs import process_died, resolve_phase, services, settings_or_exit
from workers.queue import SERIALIZER, PhaseQueue
from workers.sweeper import sweep

log = logging.getLogger("workers")


def sweep_forever(queue: PhaseQueue, every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        try:
            swept = sweep(services(), queue)
        except Exception:  # a failed sweep must not end the sweeps; the next one retries
            log.exception("sweep failed")
            continue
        if swept.enqueued:
            log.info("sweep: %s", swept)


def said_by_the_job(record: logging.LogRecord) -> bool:
    """False for RQ's report of a phase job's error: the job says it itself, once."""
    return getattr(record, "func", None) != f"{resolve_phase.__module__}.resolve_phase"


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(message)s")
    logging.getLogger("rq.worker").addFilter(said_by_the_job)
    settings = settings_or_exit()
    connection = redis.Redis.from_url(settings.queue_url)
    queue = PhaseQueue(connection, settings.phase_job_timeout)
    log.info("sweep at start: %s", sweep(services(), queue))
    stop = threading.Event()
    threading.Thread(
        target=sweep_forever, args=(queue, settings.sweep_every, stop), daemon=True
    ).start()
    if settings.redis_cluster:  # the appends write each slot's outbox: move it into the feed
        threading.Thread(target=drain_forever, args=(services().redis, stop), daemon=True).start()
    try:
        # Maintenance restarts a scheduler that died (Redis went away) and is due every
        # maintenance_interval; RQ's 10 minutes would stall every retry's back-off that long.
        worker = Worker([queue.queue], connection=connection, serializer=SERIALIZER,
                        maintenance_interval=max(1, int(settings.sweep_every)),
                        work_horse_killed_handler=process_died)  # fmt: skip
        worker.work(with_scheduler=True)
    finally:
        stop.set()


if __name__ == "__main__":
    main()
