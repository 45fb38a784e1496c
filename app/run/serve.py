"""`make run`: an embedded Redis (unless REDIS_URL is set), one RQ worker for the phases,
WEBHOOK_WORKERS for the webhooks (workers/webhooks.py) and the API on gunicorn, in one
terminal. Ctrl-C or SIGTERM stops them in order: the web server, then the workers (each
finishes its job), then Redis (it flushes its append-only file). Nothing is lost.
One of them that dies (kill -9, the kernel out of memory) is started again and the log says
so: at once the first QUICK_RESTARTS times within RESTART_WINDOW seconds, then after a pause
that doubles up to LONGEST_PAUSE, for as long as it keeps ending; never stopping the rest, so
a store sick for a while (out of memory, restarting) does not take the API down with it. One
that cannot start at all stops them all, saying why: a child that exits CANNOT_START (a bad
setting; every setting is checked before anything starts, so only one changed since), or an
embedded Redis that does not start again (its log says why).

HOST and PORT choose where the API listens (127.0.0.1:8000); WEB_CONCURRENCY its processes,
WEB_THREADS the threads of each (app/run/web_worker.py: a stalled client holds one thread, not a
process); REDIS_PORT the embedded Redis's port. Each process also has a thread for each
live stream it may hold (STREAMS_PER_PROCESS, app/api/stream.py), so open streams never take the
WEB_THREADS the rest of the API is answered on. The defaults, two processes of 1,500 streams,
hold the 2,000 open pages of `make bench`'s figure 18 with room for an uneven spread (each
stream about 100 KB of a process's memory); more viewers want STREAMS_PER_PROCESS or
WEB_CONCURRENCY raised. The open-files limit is raised as far as the system allows, since a
stream holds two sockets in its process (its client's and Redis's) and a connection of the
embedded Redis, which inherits the limit; too low a limit is said at start.

gunicorn's control socket is this instance's own, var/gunicorn-<PORT>.ctl (`gunicornc -s`
it), not the one per user that every gunicorn on the machine would share. Every setting,
these and the service's, is checked before anything starts: a bad one is named in one
message, and nothing runs.
"""

import contextlib
import math
import os
import resource
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import redis
from environs import validate as valid

from app.run.embedded_redis import EmbeddedRedis, die_with_parent
from projections.services import (
    EMBEDDED_REDIS_DIR,
    Settings,
    SettingsEnv,
    SettingsError,
    check_keys,
)

QUICK_RESTARTS = 5
RESTART_WINDOW = 60.0
LONGEST_PAUSE = 30.0
CANNOT_START = 2  # the exit status of a process refusing its settings (settings_or_exit)

ALLOWED = {
    "HOST": "an address or host name to listen on",
    "PORT": "a port number, 1 to 65535",
    "REDIS_PORT": "a port number, 1 to 65535",
    "WEB_CONCURRENCY": "a whole number of processes, 1 or more",
    "WEB_THREADS": "a whole number of threads per process, 1 or more",
    "WEBHOOK_WORKERS": "a whole number of processes, 1 or more",
}


@dataclass(frozen=True)
class Launch:
    """What `make run` itself is told: where to listen, how many web processes and threads in
    each, which port for the embedded Redis (None: a free one)."""

    host: str = "127.0.0.1"
    port: int = 8000
    web_concurrency: int = 2
    web_threads: int = 8
    redis_port: int | None = None
    # each sends one webhook's entries at a time: a tool that is slow to answer holds one for
    # up to WEBHOOK_TIMEOUT a POST, and the others go on
    webhook_workers: int = 2

    @classmethod
    def from_env(cls) -> "Launch":
        """Its own settings and the service's (Settings), every bad one in one SettingsError,
        and the keys a store other hosts share needs (`check_keys`)."""
        env = SettingsEnv()
        port, at_least_1 = valid.Range(min=1, max=65535), valid.Range(min=1)
        launch = cls(
            host=env.str("HOST", cls.host),
            port=env.int("PORT", cls.port, validate=port),
            web_concurrency=env.int("WEB_CONCURRENCY", cls.web_concurrency, validate=at_least_1),
            web_threads=env.int("WEB_THREADS", cls.web_threads, validate=at_least_1),
            redis_port=env.int("REDIS_PORT", None, validate=port),
            webhook_workers=env.int("WEBHOOK_WORKERS", cls.webhook_workers, validate=at_least_1),
        )
        refused = []
        for check in (lambda: env.check(ALLOWED), lambda: check_keys(Settings.from_env())):
            try:
                check()
            except SettingsError as error:
                refused.append(str(error))
        if refused:
            raise SettingsError("\n".join(refused))
        return launch


def gunicorn_sizes(launch: Launch, settings: Settings) -> dict[str, int]:
    """Each process's threads: WEB_THREADS for the API and one for each stream it may hold;
    its connections: as many more than its threads, for kept-alive ones, as gunicorn's
    default leaves; its time to stop: enough for the streams, which end at their next
    heartbeat."""
    threads = launch.web_threads + settings.streams_per_process
    return {
        "threads": threads,
        "worker_connections": threads + 1000,
        "graceful_timeout": max(30, math.ceil(settings.stream_heartbeat) + 10),
    }


def open_files_needed(launch: Launch, settings: Settings, embedded_redis: bool) -> int:
    """The open-files limit each process `make run` starts needs, at most: a web process two
    sockets for each of its threads (a stream's client's and its Redis connection); the
    embedded Redis, which inherits the same limit, about a connection for each thread of every
    web process; a hundred more for the rest (files, the worker's connections, clients waiting)."""
    threads = gunicorn_sizes(launch, settings)["threads"]
    redis_clients = launch.web_concurrency * threads if embedded_redis else 0
    return max(2 * threads, redis_clients) + 100


def raise_open_files_limit() -> int:
    """The soft limit on open files raised to the hard one, for this process and all it
    starts (redis-server sizes its maxclients by it); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 1 << 20 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


class Child:
    """One process `make run` keeps running: `start` starts it, leading a process group of
    its own, and answers its Popen."""

    def __init__(self, name: str, start: Callable[[], subprocess.Popen]):
        self.name, self.start = name, start
        self.process = start()
        self.ends: deque[float] = deque()
        self.restart_at: float | None = None  # when it is started again, once it has ended
        self.how_it_ended = ""

    def exited(self) -> bool:
        return self.process.poll() is not None

    def end_group(self) -> None:
        """Kill what it started, once it has ended: a killed worker's scheduler holds the
        worker's blocked read of the queue (an inherited socket), which Redis would hand the
        next job to, and old gunicorn workers hold the port. (A work horse leads a group of
        its own: it finishes its job.)"""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def tend(self) -> bool:
        """Start it again if it has ended and its pause is over; False, starting nothing, if
        it cannot start at all: then everything stops."""
        if self.restart_at is None:
            return not self.exited() or self._ended()
        if time.monotonic() < self.restart_at:
            return True
        return self._start_again()

    def _ended(self) -> bool:
        """Say how it ended, and when it starts again (at once, or after a pause)."""
        self.end_group()
        code, pid, now = self.process.returncode, self.process.pid, time.monotonic()
        how = f"was killed by {signal.Signals(-code).name}" if code < 0 else f"exited {code}"
        if code == CANNOT_START:
            print(f"tablelog: {self.name} (pid {pid}) {how}: it cannot start (it said why "
                  "above); stopping everything", file=sys.stderr, flush=True)  # fmt: skip
            return False
        while self.ends and now - self.ends[0] > RESTART_WINDOW:
            self.ends.popleft()
        self.ends.append(now)
        beyond = len(self.ends) - QUICK_RESTARTS
        pause = 0.0 if beyond <= 0 else min(LONGEST_PAUSE, 2.0 ** (beyond - 1))
        self.restart_at = now + pause
        self.how_it_ended = f"{self.name} (pid {pid}) {how}"
        if pause:
            print(f"tablelog: {self.how_it_ended}, {len(self.ends)} times within "
                  f"{RESTART_WINDOW:.0f} s; starting it again in {pause:.0f} s",
                  flush=True)  # fmt: skip
            return True
        return self._start_again()

    def _start_again(self) -> bool:
        self.restart_at = None
        try:
            self.process = self.start()
        except (OSError, RuntimeError, redis.RedisError) as error:  # Redis's log says why
            print(f"tablelog: {self.how_it_ended}, and did not start again: {error}; stopping "
                  "everything", file=sys.stderr, flush=True)  # fmt: skip
            return False
        print(f"tablelog: {self.how_it_ended}; started again (pid {self.process.pid})",
              flush=True)  # fmt: skip
        return True

    def stop(self) -> None:
        if self.restart_at is None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.end_group()


def main() -> int:
    die_with_parent()
    try:
        launch = Launch.from_env()
    except SettingsError as error:
        print("\n".join(f"tablelog: {line}" for line in str(error).splitlines()),
              file=sys.stderr)  # fmt: skip
        return 2
    settings = Settings.from_env()
    gunicorn = gunicorn_sizes(launch, settings)
    env = dict(os.environ)
    needed = open_files_needed(launch, settings, embedded_redis=not env.get("REDIS_URL"))
    open_files = raise_open_files_limit()
    if open_files < needed:
        print(f"tablelog: open files are limited to {open_files}, too few for "
              f"{launch.web_concurrency} processes of {gunicorn['threads']} threads' streams "
              f"(they need {needed}): raise `ulimit -n`", file=sys.stderr, flush=True)  # fmt: skip
    children = []  # in the order they start; they stop in the reverse
    if not env.get("REDIS_URL"):
        redis_server = EmbeddedRedis(EMBEDDED_REDIS_DIR, port=launch.redis_port)
        children.append(Child("Redis", lambda: redis_server.start().process))
        env["REDIS_URL"] = redis_server.url
        print(f"tablelog: embedded Redis on 127.0.0.1:{redis_server.port}, data in var/redis, "
              f"password in {redis_server.password_file}", flush=True)  # fmt: skip
    host, port = launch.host, launch.port

    def started(command: list[str]) -> Callable[[], subprocess.Popen]:
        return lambda: subprocess.Popen(
            command, env=env, start_new_session=True, preexec_fn=die_with_parent
        )

    children.append(Child("the worker", started([sys.executable, "-m", "workers"])))
    for number in range(1, launch.webhook_workers + 1):
        children.append(Child(f"webhooks' worker {number}",
                              started([sys.executable, "-m", "workers.webhooks"])))  # fmt: skip
    children.append(Child("gunicorn", started([
        sys.executable, "-m", "gunicorn",
        "--workers", str(launch.web_concurrency),
        "--worker-class", "app.run.web_worker.ThreadWorker",
        "--threads", str(gunicorn["threads"]),
        "--worker-connections", str(gunicorn["worker_connections"]),
        "--graceful-timeout", str(gunicorn["graceful_timeout"]),
        "--bind", f"{host}:{port}",
        "--control-socket", f"var/gunicorn-{port}.ctl",
        "--access-logfile", "-",
        "app:create_app()",
    ])))  # fmt: skip
    print(f"tablelog: open http://{host}:{port}/ (the API: /api, its docs: /api/docs)", flush=True)

    stopping = False

    def stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    failed = False
    while not stopping and not failed:
        time.sleep(0.2)
        for child in children:
            if not stopping and not child.tend():
                failed = True
                break
    for child in reversed(children):
        child.stop()
    print("tablelog: stopped", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
