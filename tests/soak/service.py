"""The service under soak: `python -m app.run.serve`, as `make run` starts it, in a folder of its
own (its `var/`: Redis's data, the keys, gunicorn's control socket), on free ports, with the
toy game loaded, and webhooks allowed to the soak's tool on loopback, tried again after
WEBHOOK_RETRY_BASE (0.5 s) doubling to WEBHOOK_RETRY_MAX (5 s), not the hour a tool on the
internet is given: the soak's tool is down for seconds, not hours. What it prints goes to
`service.log` there.

With SOAK_CLUSTER, its logs are on a Redis Cluster of the soak's (tests/soak/cluster.py),
reached directly, every write waiting for a replica, and its queues alone on the soak's own
Redis. Its Redis is the soak's own (tests/soak/own_redis.py says why), in `var/redis` where
`make run`'s would be, and the service reaches it by REDIS_URL through the soak's TCP proxy
(tests/soak/proxy.py), so that the network between them can fail. The soak starts Redis and
the proxy before the service, and stops Redis after it, as `make run` does its embedded one;
the proxy lasts the whole run, as a network does.

Its processes are found under its pid in /proc, each by the part it plays: `worker` (`python
-m workers`, the phases' worker), `horse` (the worker's child running a job, leader of a
process group of its own), `webhooks` (the WEBHOOK_WORKERS webhooks' workers, `python -m
workers.webhooks`, which run their jobs in their own process), `gunicorn` (the master) and
`web` (its workers); and `redis`, the soak's redis-server.
Every process ever seen is remembered with its start time, so at the end the soak can end what
a kill -9 left behind (an orphaned work horse or scheduler) by pid, and never another's.
"""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from app.run.embedded_redis import free_port
from app.run.keys import make as make_keys
from tests.soak.cluster import LogsCluster
from tests.soak.own_redis import OwnRedis
from tests.soak.proxy import ProxyProcess

ROOT = Path(__file__).resolve().parents[2]
# Set for a developer's own service or for the test session: the soak's service has its own.
NOT_PASSED = (
    "REDIS_URL",
    "RQ_REDIS_URL",
    "REDIS_CLUSTER",
    "SECRET_KEY_FILE",
    "RECEIPT_KEY_DIR",
    "HOST",
    "PORT",
    "REDIS_PORT",
    "WEBHOOK_WORKERS",
    "WEBHOOK_ALLOW_PRIVATE",
    "WEBHOOK_RETRY_BASE",
    "WEBHOOK_RETRY_MAX",
    "WEBHOOK_RETRY_FOR",
)
WEB_CONCURRENCY = 2
WEBHOOK_WORKERS = 2
WEBHOOK_RETRY_BASE, WEBHOOK_RETRY_MAX = 0.5, 5.0


def processes() -> dict[int, tuple[int, int, str, list[str]]]:
    """Every process still running: pid -> (parent pid, process group, start time, command
    line)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry.name}/stat").read_text()
            argv = Path(f"/proc/{entry.name}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] == "Z":  # ended, waiting for its parent to read its status
            continue
        command = [part.decode(errors="replace") for part in argv if part]
        found[int(entry.name)] = (int(fields[1]), int(fields[2]), fields[19], command)
    return found


class Service:
    def __init__(self, workdir: Path, api_port: int | None = None, cluster: bool = False):
        self.workdir = workdir
        self.cluster = LogsCluster(workdir / "cluster") if cluster else None
        self.port = api_port or free_port()
        self.redis = OwnRedis(workdir / "var" / "redis")
        self.proxy = ProxyProcess(("127.0.0.1", self.redis.port))
        self.api = None  # set by the soak: the client that asks whether it answers
        self.process: subprocess.Popen | None = None
        self.seen: dict[int, str] = {}  # pid: start time, of every process of the service
        self.starts = 0

    def environment(self) -> dict:
        env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED}
        path = env.get("PYTHONPATH")
        env.update(
            PORT=str(self.port),
            REDIS_URL=self.redis_url,
            WEB_CONCURRENCY=str(WEB_CONCURRENCY),
            WEBHOOK_WORKERS=str(WEBHOOK_WORKERS),
            WEBHOOK_ALLOW_PRIVATE="1",
            WEBHOOK_RETRY_BASE=str(WEBHOOK_RETRY_BASE),
            WEBHOOK_RETRY_MAX=str(WEBHOOK_RETRY_MAX),
            TABLELOG_EXTRA_GAMES="tests.toygame",
            PYTHONPATH=f"{ROOT}{os.pathsep}{path}" if path else str(ROOT),
        )
        if self.cluster:
            env.update(REDIS_URL=self.cluster.url, REDIS_CLUSTER="1", RQ_REDIS_URL=self.redis_url,
                       REDIS_WAIT_REPLICAS="1")  # fmt: skip
        return env

    @property
    def redis_url(self) -> str:
        """The soak's Redis, through the proxy."""
        return f"redis://:{self.redis.password}@127.0.0.1:{self.proxy.port}/0"

    def start(self) -> None:
        """The proxy if it is not running yet, Redis if it is not, then the service. Call it
        from the soak's main thread: Redis gets SIGTERM when the thread that started it ends
        (EmbeddedRedis's PR_SET_PDEATHSIG)."""
        if self.proxy.process is None:
            self.proxy.start()
        if not self.redis.running():
            self.redis.start()
        if self.cluster and not self.cluster.running():
            self.cluster.start()
            # a shared store's service makes no keys at its start: made once, as `make keys`
            var = self.workdir / "var"
            make_keys(str(var / "secret.key"), str(var / "receipt-keys"))
        self.starts += 1
        with open(self.workdir / "service.log", "ab") as log:
            log.write(f"--- the soak starts the service ({self.starts}) ---\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app.run.serve"],
                cwd=self.workdir,
                env=self.environment(),
                start_new_session=True,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def exited(self) -> bool:
        return self.process is None or self.process.poll() is not None

    def roles(self) -> dict[str, list[int]]:
        """The pids of each part of the service now running."""
        found = {"redis": [], "worker": [], "horse": [], "webhooks": [], "gunicorn": [], "web": []}
        if self.redis.running():
            found["redis"].append(self.redis.pid)
        if self.exited():
            return found
        table = processes()
        children: dict[int, list[int]] = {}
        for pid, (parent, _, _, _) in table.items():
            children.setdefault(parent, []).append(pid)

        def under(pid):
            for child in children.get(pid, []):
                yield child
                yield from under(child)

        for pid in under(self.process.pid):
            parent, group, started, command = table[pid]
            self.seen.setdefault(pid, started)
            text = " ".join(command)
            if parent == self.process.pid and "-m workers.webhooks" in text:
                found["webhooks"].append(pid)
            elif parent == self.process.pid and "-m workers" in text:
                found["worker"].append(pid)
            elif parent == self.process.pid and "gunicorn" in text:
                found["gunicorn"].append(pid)
            elif parent in found["gunicorn"]:
                found["web"].append(pid)
            elif group == pid and any(pid in under(w) for w in found["worker"]):
                found["horse"].append(pid)
        return found

    def answers(self) -> bool:
        """The health check says Redis and the queue are reachable (one try, no retry)."""
        try:
            answer = self.api.once("GET", "/api/health", timeout=5)
        except OSError:
            return False
        except Exception:  # noqa: BLE001 (a half-started gunicorn may say anything)
            return False
        return answer.status_code == 200 and answer.json.get("ok") is True

    def up(self, killed=()) -> bool:
        """Whole again: every part running, none of `killed` among them, every web process and
        webhooks' worker there, and the API answering its health check."""
        roles = self.roles()
        whole = all(roles[part] for part in ("redis", "worker", "gunicorn"))
        whole = whole and len(roles["web"]) == WEB_CONCURRENCY
        whole = whole and len(roles["webhooks"]) == WEBHOOK_WORKERS
        running = {pid for pids in roles.values() for pid in pids}
        return whole and not running & set(killed) and self.answers()

    def wait_up(self, timeout: float, killed=()) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.exited():
                return False
            if self.up(killed):
                return True
            time.sleep(0.2)
        return False

    def kill(self, pids) -> None:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def kill_everything(self) -> list[int]:
        """kill -9 of every process of the service at once, itself first, Redis with it."""
        roles = self.roles()
        pids = [self.process.pid, *(pid for part in roles.values() for pid in part)]
        self.kill(pids)
        self.process.wait(timeout=10)
        self.redis.kill()  # its pid is among them: this waits for it
        return pids

    def stop(self, timeout: float = 90.0) -> None:
        """SIGTERM, as Ctrl-C of `make run`, kill -9 of all of it past `timeout`; then Redis
        stopped, as `make run` stops its own last."""
        if not self.exited():
            self.roles()  # remember who is running, to end them if the stop does not
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill_everything()
        self.redis.stop()

    def close(self) -> None:
        """At the end of the run: the service and Redis stopped, the proxy, and the cluster."""
        self.stop()
        self.proxy.stop()
        if self.cluster:
            self.cluster.stop()

    def leftovers(self) -> list[tuple[int, str]]:
        """Processes of the service still running once it stopped (a kill -9 left them):
        (pid, command line). The soak ends them."""
        table = processes()
        return [
            (pid, " ".join(table[pid][3]))
            for pid, started in self.seen.items()
            if pid in table and table[pid][2] == started
        ]
