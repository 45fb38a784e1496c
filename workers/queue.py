"""The job queue of automatic phases, on RQ.

One job per (game, seq whose state made a phase due); its id names both, and RQ refuses a
second job with the same id while the first exists. Jobs retry with back-off and have a
timeout. The sweeper re-enqueues the job of any game still pending whose job failed or was
abandoned (started longer ago than its timeout: its worker died), sooner than RQ's own
cleanup of a dead worker's job, which waits a minute past the timeout.
"""

from datetime import UTC, datetime, timedelta

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError, NoSuchJobError
from rq.job import Job, JobStatus

QUEUE_NAME = "phases"
RETRY = Retry(max=5, interval=[1, 2, 5, 10, 30])
RESULT_TTL = 24 * 3600
FINISHED = (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)


def job_id(game_id: str, seq: int) -> str:
    return f"resolve-{game_id}-{seq}"


class PhaseQueue:
    def __init__(self, connection: redis.Redis, job_timeout: int):
        self.connection = connection
        self.job_timeout = job_timeout
        self.queue = Queue(QUEUE_NAME, connection=connection)

    def enqueue(self, game_id: str, seq: int) -> Job:
        """The job resolving the phase due at `seq`: a new one, or the one that exists."""
        try:
            return self._new(game_id, seq)
        except DuplicateJobError:
            return Job.fetch(job_id(game_id, seq), connection=self.connection)

    def revive(self, game_id: str, seq: int) -> Job | None:
        """For the sweeper: a new job unless a live one exists. A job that ended (failed, or
        finished while the game stayed pending) or was abandoned (its worker died) is
        replaced. None if a live job is already there."""
        try:
            return self._new(game_id, seq)
        except DuplicateJobError:
            existing = Job.fetch(job_id(game_id, seq), connection=self.connection)
            if existing.get_status() in FINISHED or abandoned(existing):
                existing.delete()
                return self._new(game_id, seq)
            return None

    def _new(self, game_id: str, seq: int) -> Job:
        return self.queue.enqueue(
            "workers.jobs.resolve_phase",
            game_id,
            seq,
            job_id=job_id(game_id, seq),
            unique=True,
            job_timeout=self.job_timeout,
            retry=RETRY,
            result_ttl=RESULT_TTL,
            failure_ttl=RESULT_TTL,
            description=f"resolve the phase due in game {game_id} at seq {seq}",
        )

    def fetch(self, identifier: str) -> Job | None:
        """The job of that id, or None (RQ refuses ids with other characters than ours)."""
        try:
            return Job.fetch(identifier, connection=self.connection)
        except (NoSuchJobError, ValueError):
            return None

    def depth(self) -> int:
        return self.queue.count


def abandoned(job: Job) -> bool:
    """Started longer ago than its timeout: a live worker would have ended it by now."""
    if job.get_status() != JobStatus.STARTED or job.started_at is None:
        return False
    started = job.started_at if job.started_at.tzinfo else job.started_at.replace(tzinfo=UTC)
    return datetime.now(UTC) - started > timedelta(seconds=job.timeout + 1)
