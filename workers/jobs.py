"""The RQ job that resolves a game's automatic phase.

It reads the head, asks the game what is pending, lets the game resolve it and appends the
derived events with the version it read as the expected version. If another event landed in
between, it reads again; if nothing is pending any more, it writes nothing. Derived event ids
are a function of (game, version, index), so even a lost reply cannot write an event twice.
A phase that makes the next one due (a turn's end, then the next) is resolved in the same job.

A job that fails gives the phase up where trying again cannot help, and says so once:

- when the game's own code fails on the head's state (its `pending` or `resolve` raises, or
  its `evolve` refuses the events `resolve` derived; anything but the errors below), at once:
  the same state under the same rules fails the same way every time, so RQ does not retry it;
- when Redis fails, the job times out or its process dies (TRANSIENT, or `process_died`),
  on its last attempt, after RQ's retries with their back-offs (workers/queue.py).

Giving up keeps the failure beside the game (projections/failures.py), where the summary,
`next`, the game page and `verify` name it and the sweeper leaves it, and logs it: one line
and the error's traceback, the first time that failure is kept. A failed attempt RQ retries
logs nothing of ours (RQ says it retries), and RQ's own report of a phase job's error is left
out of `python -m workers`'s log (workers/__main__.py), so a failure is said once.
"""

import logging
import os
import signal
import sys

import redis
from rq import get_current_job
from rq.job import Job
from rq.timeouts import JobTimeoutException

from events.store import VersionConflict
from games import UnknownGame
from projections import failures
from projections.recorder import derived_events
from projections.rules import rules_of
from projections.services import Services, Settings, SettingsError, check_keys
from projections.state import Head
from workers.queue import RETRY

log = logging.getLogger(__name__)

MAX_PHASES_PER_JOB = 100
# What fails apart from the game's own code, and may not fail again: RQ retries these.
TRANSIENT = (redis.RedisError, OSError, JobTimeoutException)

_services: Services | None = None


def settings_or_exit() -> Settings:
    """This process's settings; a bad one, or a key missing that other hosts share, is said,
    a line each, and the process ends (2)."""
    try:
        settings = Settings.from_env()
        check_keys(settings)
        return settings
    except SettingsError as error:
        print("\n".join(f"tablelog: {line}" for line in str(error).splitlines()),
              file=sys.stderr)  # fmt: skip
        sys.exit(2)


def services() -> Services:
    global _services
    if _services is None:
        _services = Services(Settings.from_env())
    return _services


class PhaseFailed(Exception):
    """Resolving `phase` in `game_id` at the head `head` raised `error` (its cause). `phase` is
    None if the game had not named it yet, `head` None if it could not be read."""

    def __init__(self, game_id: str, head: Head | None, phase: str | None, error: Exception):
        seq = head.version if head else None
        super().__init__(f"game {game_id}, {phase or 'the phase due'} at seq {seq}: "
                         f"{type(error).__name__}: {error}")  # fmt: skip
        self.game_id, self.phase, self.error = game_id, phase, error
        self.seq, self.kind = seq, head.kind if head else None


def resolve_phase(game_id: str, seq: int) -> dict:
    """The job: resolve what is pending in `game_id` (enqueued when seq made it due)."""
    return run(services(), game_id, get_current_job())


def run(svc: Services, game_id: str, job: Job | None = None) -> dict:
    """`resolve_pending`, giving the phase up where it fails for good (`job` is the RQ job
    running it, None for a call outside RQ: one attempt)."""
    try:
        return resolve_pending(svc, game_id)
    except PhaseFailed as failed:
        if isinstance(failed.error, TRANSIENT) and job is not None and job.should_retry:
            raise  # RQ tries again after its back-off
        attempts = attempt(job)
        if job is not None:
            job.retries_left = 0  # RQ reads it when the job fails: no retry
        give_up(svc, failed, attempts)
        raise


def resolve_pending(svc: Services, game_id: str) -> dict:
    """Every phase due, one after the other; PhaseFailed if one cannot be resolved."""
    resolved = []
    for _ in range(MAX_PHASES_PER_JOB):
        head = phase = None
        try:
            head = svc.projector.head(game_id)
            game = svc.games.get(head.kind)
            phase = game.pending(head.state)
            if phase is None:
                return {"game": game_id, "resolved": resolved}
            derived = derived_events(game_id, head.version, phase, game.resolve(head.state))
            if not derived:
                raise RuntimeError(f"{head.kind} named phase {phase!r} but resolved no events")
            recorded = svc.recorder.record(
                game_id, derived, expected_version=head.version, system=True
            )
        except VersionConflict:
            continue  # a newer event landed: look again at the new head
        except Exception as error:
            raise PhaseFailed(game_id, head, phase, error) from error
        resolved.append({"phase": phase, "seqs": [e["seq"] for e in recorded.envelopes]})
    error = RuntimeError(f"still pending after {MAX_PHASES_PER_JOB} phases")
    raise PhaseFailed(game_id, head, phase, error)


def give_up(svc: Services, failed: PhaseFailed, attempts: int) -> None:
    """Keep the failure beside the game and log it, if it is not kept already."""
    if failed.seq is None:  # the game could not be read: nothing to keep it beside
        log.error("game %s: gave up after %d attempt(s): %s", failed.game_id, attempts,
                  failed, exc_info=failed.error)  # fmt: skip
        return
    record = failures.failure(failed.phase, failed.seq, failed.error, attempts,
                              today(svc, failed.kind))  # fmt: skip
    unkept = ""
    try:
        kept = svc.failures.keep(failed.game_id, record)
    except redis.RedisError as error:  # said all the same; the sweep meets it again
        kept, unkept = True, f" (the failure could not be kept: {error})"
    if kept:
        log.error("game %s: gave up on %s at seq %d after %d attempt(s): %s; a correction "
                  "lets it try again%s", failed.game_id, failed.phase or "the phase due",
                  failed.seq, attempts, record["error"], unkept, exc_info=failed.error)  # fmt: skip


def process_died(job: Job, retpid: int, ret_val: int, rusage) -> None:
    """RQ's hook in the worker when the process running a job died (killed, out of memory,
    or cut off by the worker past its timeout): on the job's last attempt, the phase now due is
    given up as any other failure is. Earlier attempts RQ retries."""
    if job.func_name != resolve_phase.__module__ + ".resolve_phase" or job.should_retry:
        return
    game_id = job.args[0]
    svc = services()
    try:
        head = svc.projector.head(game_id)
        phase = svc.games.get(head.kind).pending(head.state)
    except Exception:  # the next job, or the sweep, meets it again
        log.exception("game %s: the job's process died, and the game could not be read", game_id)
        return
    if phase is not None:
        error = ProcessDied(f"the process resolving it ended by {ending(ret_val)}")
        give_up(svc, PhaseFailed(game_id, head, phase, error), attempt(job))


class ProcessDied(Exception):
    """The process running a phase job ended without a word: killed, or out of memory."""


def ending(status: int) -> str:
    """How a process ended, from its wait status: `SIGKILL`, `exit status 1`."""
    if os.WIFSIGNALED(status):
        return signal.Signals(os.WTERMSIG(status)).name
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def attempt(job: Job | None) -> int:
    """Which attempt of `job` this is, from 1; 1 outside RQ."""
    if job is None:
        return 1
    allowed = job.meta.get("attempts_allowed", RETRY.max + 1)
    return allowed - (job.retries_left or 0)


def today(svc: Services, kind: str | None) -> dict | None:
    """The rules a game of `kind` is played under today (None for a kind not loaded)."""
    try:
        return rules_of(svc.games.get(kind)) if kind else None
    except UnknownGame:
        return None
