"""RQ's workers, ridden through a sick store: `work_through(make_worker)` runs one worker after
another until the process is asked to stop.

RQ's `Worker.work` ends on any store error but a dropped connection while it waits for a job:
out of memory (a refused write), a timeout, an error while it registers or runs a job. The
process then exited, `make run` started it again, and six such ends within a minute stopped
the whole service. Here a worker that ends on an error is followed by a new one, after a pause
that grows from PAUSE_FIRST to PAUSE_MOST while the store stays sick. The outage is said once
when it begins and once when it ends; RQ's own lines meanwhile (its error, its retries, each
new worker's start) are left out.

`Steady` is what each worker adds to RQ's: it knows whether it was asked to stop; it reads the
queue again within seconds of Redis coming back (RQ waits up to a minute between tries, and
an idle worker's first read after an 8 s outage came 7 s after Redis was back); and it finds a
dead connection within seconds (RQ's wait for a job is 405 s on one socket, a lost peer's
included).
"""

import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable

import redis
import rq.scheduler
from rq import Worker
from rq.scheduler import run as rq_run_scheduler

from projections.queue_redis import queue_redis

log = logging.getLogger("workers")

PAUSE_FIRST = 0.5
PAUSE_MOST = 2.0
STEADY_AFTER = 30.0  # seconds a worker runs before its end is no longer part of an outage
# RQ's wait for a job is worker_ttl - 15 seconds, its socket's timeout 10 more
WORKER_TTL = 35
HEALTH_CHECK_EVERY = 10  # seconds a connection idles before a command pings first
RQ_RETRYING = "Worker %s: could not connect to Redis instance"
RQ_SCHEDULER_FAILED = "Scheduler [PID"


def queue_connection(url: str) -> redis.Redis:
    """A connection to the queues' Redis for a worker (a plain Redis or the master its
    sentinels name): one gone idle is pinged before use."""
    return queue_redis(url, health_check_interval=HEALTH_CHECK_EVERY)


class Outage:
    """Whether the store is failing the worker now, and since when; said once each way. When
    it is over, `over` is set (the sweeper sweeps soon: a job the outage failed is not left
    to the next sweep a minute later), and the workers it ended are said dead, so the jobs
    they held are seen abandoned: their process lives on, which `worker_alive` counts as
    life."""

    def __init__(self):
        self.since: float | None = None
        self.lock = threading.Lock()
        self.over = threading.Event()
        self.ended_workers: list[Worker] = []

    def ended_by(self, worker: Worker) -> None:
        with self.lock:
            self.ended_workers.append(worker)

    def began(self, error: BaseException) -> None:
        with self.lock:
            if self.since is None:
                self.since = time.monotonic()
                log.warning("the store failed (%s: %s): the worker waits and tries again "
                            "every few seconds", type(error).__name__, error)  # fmt: skip

    def ended(self) -> None:
        if self.since is None:
            return
        with self.lock:
            if self.since is not None:
                log.warning("the store answers again after %.0f s: working",
                            time.monotonic() - self.since)  # fmt: skip
                self.since = None
                for worker in self.ended_workers:
                    with contextlib.suppress(redis.RedisError):
                        worker.register_death()
                self.ended_workers = []
                self.over.set()

    def quiet(self, record: logging.LogRecord) -> bool:
        """A filter of RQ's loggers: a store error it reports begins the outage, said once
        by us; while the store fails, RQ's lines are left out."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, redis.RedisError):
            self.began(error)
            return False
        if isinstance(record.msg, str) and record.msg.startswith(RQ_RETRYING):
            self.began(record.args[1])
            return False
        if record.getMessage().startswith(RQ_SCHEDULER_FAILED) and "redis.exceptions" in str(
            record.args
        ):  # in the scheduler's own process: its worker says the outage
            return False
        return self.since is None


class Steady:
    """Mixed into an RQ worker class (before it): see the module's docstring."""

    max_connection_wait_time = 2.0

    def __init__(self, *args, outage: Outage, **kwargs):
        kwargs.setdefault("worker_ttl", WORKER_TTL)
        super().__init__(*args, **kwargs)
        self.outage = outage
        self.stopping = False

    def request_stop(self, signum, frame):
        self.stopping = True
        super().request_stop(signum, frame)

    def heartbeat(self, timeout=None, pipeline=None):
        super().heartbeat(timeout, pipeline)
        if pipeline is None:  # it wrote to the store (in a pipeline, not yet)
            self.outage.ended()


def run_scheduler(scheduler) -> None:
    """RQ's scheduler process (rq.scheduler.run), ended by a store error without a second
    traceback: RQ's `run` logs one and raises, and multiprocessing prints it again. The
    worker's maintenance starts another."""
    try:
        rq_run_scheduler(scheduler)
    except redis.RedisError:
        os._exit(1)


rq.scheduler.run = run_scheduler


def work_through(outage: Outage, make_worker: Callable[[Outage], Worker], **work) -> None:
    """Run the worker `make_worker` makes, and another each time one ends on an error, until
    one ends because it was asked to (SIGTERM, SIGINT). `work`: Worker.work's arguments."""
    for name in ("rq.worker", "rq.scheduler", "rq.queue", "rq.job"):
        logging.getLogger(name).addFilter(outage.quiet)
    stop_asked = threading.Event()
    pause = PAUSE_FIRST
    while True:
        worker, started = None, time.monotonic()
        try:
            worker = make_worker(outage)  # RQ's worker names itself to Redis as it is made
            worker.work(**work)
        except redis.RedisError as error:  # making it, registering its birth or its death
            outage.began(error)
        else:
            if worker.stopping:
                return
            if outage.since is None:  # RQ logged an error not the store's, and its end
                log.warning("the worker ended on the error above: a new one follows")
        if worker is not None and outage.since is not None:
            outage.ended_by(worker)
        if time.monotonic() - started > STEADY_AFTER:
            pause = PAUSE_FIRST
        # the ended worker's handlers would raise StopRequested here, in no worker's loop
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: stop_asked.set())
        if stop_asked.wait(pause):
            return
        pause = min(PAUSE_MOST, pause * 2)
