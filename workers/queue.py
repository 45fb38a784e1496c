"""The job queue of automatic phases, on RQ, with JSON-serialised jobs.

At most one job of a game waits in the queue: a job resolves whatever is due at the head when
it runs, so an append that finds the game's latest job still waiting (`phases:job:<game>`)
enqueues no other, however many moves a table makes while a phase waits. A job that has
started may have read the head before the append, so then a new one is queued behind it: one
waiting and one running at most, bar two appends racing past the same started job. A job's
id names the game and the seq whose append enqueued it; RQ refuses a second job with the
same id while the first exists. Jobs retry with back-off and have a
timeout; a job's meta says how many attempts it may make (`attempts_allowed`), so that the
one giving the phase up (workers/jobs.py) can say which it was. Jobs are JSON, never pickles:
whoever can write to the queue's Redis cannot make a worker run code.

The sweeper replaces the job of a game still pending unless that job is live: waiting in the
queue, running on a worker that is alive and within its timeout, or waiting out a retry's
back-off that is not overdue. Anything else (failed, finished, taken off the queue by a worker
that died before starting it, started by a worker that is gone, a retry whose scheduler died)
is dead, and RQ's own cleanup of it takes minutes.
"""

import os
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

import redis
from rq import Queue, Retry, Worker
from rq.exceptions import (
    DeserializationError,
    DuplicateJobError,
    InvalidJobOperation,
    NoSuchJobError,
)
from rq.job import Job, JobStatus
from rq.registry import ScheduledJobRegistry
from rq.scheduler import SCHEDULER_KEY_TEMPLATE, RQScheduler
from rq.scripts import release_lock
from rq.serializers import JSONSerializer
from rq.utils import utcparse

from events import keys

QUEUE_NAME = "phases"
RETRY = Retry(max=5, interval=[1, 2, 5, 10, 30])
RESULT_TTL = 24 * 3600
SCHEDULE_GRACE = timedelta(seconds=5)  # a retry this far past its time has no scheduler
SERIALIZER = JSONSerializer
DELIVERIES = "webhooks"
DELIVERY_JOB_TIMEOUT = 900  # a webhook's catch-up after a long outage, a POST at a time


def job_id(game_id: str, seq: int) -> str:
    return f"resolve-{game_id}-{seq}"


class PhaseQueue:
    def __init__(self, connection: redis.Redis, job_timeout: int, retry: Retry = RETRY):
        self.connection = connection
        self.job_timeout = job_timeout
        self.retry = retry
        self.queue = Queue(QUEUE_NAME, connection=connection, serializer=SERIALIZER)

    def enqueue(self, game_id: str, seq: int) -> str:
        """The id of the job that will resolve the phase due at `seq`: the game's latest if
        it has not started yet, else a new one's."""
        waiting = self.waiting(game_id)
        if waiting is not None:
            return waiting
        try:
            return self._new(game_id, seq).id
        except DuplicateJobError:  # the same append's job (a retry): it read the head after
            return job_id(game_id, seq)

    def waiting(self, game_id: str) -> str | None:
        """The id of the game's latest job if it will read the head later than now: in the
        queue's list, or waiting out a retry's back-off that is not overdue. (One a worker
        has taken off the list and not yet started reads it later too, but is not counted.)"""
        latest = self.connection.get(keys.phase_job(game_id))
        if latest is None:
            return None
        latest = latest.decode()
        with self.connection.pipeline(transaction=False) as pipe:
            pipe.hget(Job.key_for(latest), "status")
            pipe.lpos(self.queue.key, latest)
            status, position = pipe.execute()
        if status == JobStatus.QUEUED.value.encode() and position is not None:
            return latest
        if status == JobStatus.SCHEDULED.value.encode():
            job = self.fetch(latest)
            return latest if job is not None and self.is_live(job) else None
        return None

    def revive(self, game_id: str, seq: int) -> Job | None:
        """For the sweeper: a new job unless the game's latest is live (None then)."""
        latest = self.connection.get(keys.phase_job(game_id))
        job = self.fetch(latest.decode()) if latest else None
        if job is not None and self.is_live(job):
            return None
        try:
            return self._new(game_id, seq)
        except DuplicateJobError:
            existing = self.fetch(job_id(game_id, seq))
            if existing is not None and self.is_live(existing):
                return None
            if existing is not None:
                existing.delete()
            else:  # a job hash RQ cannot read: nothing live can come of it
                self.connection.delete(Job.key_for(job_id(game_id, seq)))
            # a worker that died holding it leaves its id on RQ's intermediate list, whose
            # cleanup would fail the new job of the same id a minute later
            self.connection.lrem(self.queue.intermediate_queue_key, 0, job_id(game_id, seq))
            try:
                return self._new(game_id, seq)
            except DuplicateJobError:  # a worker taking it saved it again: it runs
                return None

    def is_live(self, job: Job) -> bool:
        return is_live(job, self.queue)

    def _new(self, game_id: str, seq: int) -> Job:
        """A new job, made the game's latest."""
        job = self._enqueue(game_id, seq)
        self.connection.set(keys.phase_job(game_id), job.id, ex=RESULT_TTL)
        return job

    def _enqueue(self, game_id: str, seq: int) -> Job:
        return self.queue.enqueue(
            "workers.jobs.resolve_phase",
            game_id,
            seq,
            job_id=job_id(game_id, seq),
            unique=True,
            job_timeout=self.job_timeout,
            retry=self.retry,
            meta={"attempts_allowed": self.retry.max + 1},
            result_ttl=RESULT_TTL,
            failure_ttl=RESULT_TTL,
            description=f"resolve the phase due in game {game_id} at seq {seq}",
        )

    def fetch(self, identifier: str) -> Job | None:
        return fetch(self.connection, identifier)

    def depth(self) -> int:
        return self.queue.count

    def live_workers(self) -> int:
        return live_workers(self.queue)


def fetch(connection: redis.Redis, identifier: str) -> Job | None:
    """The job of that id, or None (RQ refuses ids with other characters than ours)."""
    try:
        return Job.fetch(identifier, connection=connection, serializer=SERIALIZER)
    except (NoSuchJobError, DeserializationError, ValueError):
        return None


def live_workers(queue: Queue) -> int:
    """The workers serving the queue that may be running (`worker_alive`): not one a kill -9
    left registered until its key lapses."""
    workers = Worker.all(queue=queue)
    return sum(worker_alive(worker.name, queue.connection) for worker in workers)


def is_live(job: Job, queue: Queue) -> bool:
    """Whether the job may still run: waiting in the queue's list, started by a worker that is
    alive and within its timeout, or a retry whose back-off is not overdue. A job gone since
    it was fetched (ended, its result not kept) is not."""
    try:
        status = job.get_status()
    except InvalidJobOperation:
        return False
    if status == JobStatus.QUEUED:
        return queue.connection.lpos(queue.key, job.id) is not None
    if status == JobStatus.STARTED:
        return _worker_alive(job, queue.connection) and not abandoned(job)
    if status == JobStatus.SCHEDULED:
        try:
            due = ScheduledJobRegistry(queue=queue).get_scheduled_time(job.id)
        except NoSuchJobError:
            return False
        return datetime.now(UTC) - _utc(due) < SCHEDULE_GRACE
    return False


class DeliveryQueue:
    """The webhooks' jobs, on a queue of their own (a slow endpoint never holds a phase up):
    at most one `deliver` job a webhook is queued or running (`deliver-<webhook id>`); one
    that is neither (finished, failed, its worker dead) is replaced. Sending an attempt again
    is a job of its own, one per request."""

    def __init__(self, connection: redis.Redis, job_timeout: int = DELIVERY_JOB_TIMEOUT):
        self.connection = connection
        self.job_timeout = job_timeout
        self.queue = Queue(DELIVERIES, connection=connection, serializer=SERIALIZER)

    def deliver(self, webhook_id: str) -> bool:
        """A job sending the webhook what it has not been sent; False if one is live."""
        job_id = f"deliver-{webhook_id}"
        try:
            self._deliver(webhook_id, job_id)
            return True
        except DuplicateJobError:
            existing = self.fetch(job_id)
            if existing is not None and is_live(existing, self.queue):
                return False
            self.connection.delete(Job.key_for(job_id))
            self.connection.lrem(self.queue.intermediate_queue_key, 0, job_id)
            try:
                self._deliver(webhook_id, job_id)
            except DuplicateJobError:  # the other webhooks' worker replaced it first
                return False
            return True

    def _deliver(self, webhook_id: str, job_id: str) -> Job:
        return self.queue.enqueue(
            "workers.deliveries.deliver", webhook_id, job_id=job_id, unique=True,
            job_timeout=self.job_timeout, result_ttl=0, failure_ttl=RESULT_TTL,
            description=f"deliver what webhook {webhook_id} has not been sent",
        )  # fmt: skip

    def send_again(self, webhook_id: str, attempt_id: str) -> Job:
        return self.queue.enqueue(
            "workers.deliveries.send_again", webhook_id, attempt_id,
            job_timeout=self.job_timeout, result_ttl=RESULT_TTL, failure_ttl=RESULT_TTL,
            description=f"send webhook {webhook_id} attempt {attempt_id}'s entry again",
        )  # fmt: skip

    def fetch(self, identifier: str) -> Job | None:
        return fetch(self.connection, identifier)

    def live_workers(self) -> int:
        return live_workers(self.queue)


def release_dead_scheduler_lock(queue: Queue) -> bool:
    """Release the queue's scheduler lock if the scheduler holding it ran on this machine and
    is gone: a kill -9 of all of `make run` left it held for RQ's 61 s, and no retry's back-off
    ended meanwhile. True if it was released. (A scheduler elsewhere is known dead by its
    lock's lapse.)"""
    lock = RQScheduler.get_locking_key(queue.name)
    holder = queue.connection.get(lock)
    if holder is None:
        return False
    hostname, pid, created = queue.connection.hmget(
        SCHEDULER_KEY_TEMPLATE % holder.decode(), "hostname", "pid", "created_at"
    )
    if hostname is None or hostname.decode() != socket.gethostname() or not int(pid or 0):
        return False  # elsewhere, or not yet started
    if _process_since(int(pid), utcparse(created.decode())):
        return False
    return bool(release_lock(queue.connection, lock, holder.decode()))


def abandoned(job: Job) -> bool:
    """Started longer ago than its timeout: a live worker would have ended it by now."""
    if job.get_status() != JobStatus.STARTED or job.started_at is None:
        return False
    return datetime.now(UTC) - _utc(job.started_at) > timedelta(seconds=job.timeout + 1)


def _worker_alive(job: Job, connection: redis.Redis) -> bool:
    """The worker that started the job may still be at it (`worker_alive`)."""
    if not job.worker_name:
        return True  # an older job that did not say: the timeout decides
    return worker_alive(job.worker_name, connection)


def worker_alive(name: str, connection: redis.Redis) -> bool:
    """The worker `name` may still be running: it is registered (its key lapses minutes after
    its last heartbeat), has not said its death, and, if it ran on this machine, its process
    is still the one that registered. A worker killed with its machine elsewhere is known
    dead by its key's lapse, or its job's timeout."""
    key = Worker.redis_worker_namespace_prefix + name
    hostname, pid, birth, death = connection.hmget(key, "hostname", "pid", "birth", "death")
    if hostname is None or death is not None:
        return False
    if hostname.decode() != socket.gethostname() or pid is None or birth is None:
        return True
    return _process_since(int(pid), utcparse(birth.decode()))


def _process_since(pid: int, birth: datetime) -> bool:
    """A process `pid` runs on this machine and started by `birth` (a pid reused after a
    restart, as a container's are, belongs to a process that started later)."""
    try:
        boot = next(int(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime "))  # fmt: skip
    except (OSError, StopIteration):  # no /proc here: whether the pid runs is all we know
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    fields = stat.rsplit(")", 1)[1].split()  # after the name's parenthesis: field 3 on
    if fields[0] in ("Z", "X"):  # a zombie: killed, its parent gone before it reaped it
        return False
    started = boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")
    return started <= _utc(birth).timestamp() + 1  # boot time is in whole seconds


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
