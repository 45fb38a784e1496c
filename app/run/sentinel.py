"""A Redis that Sentinel keeps, on loopback, from the same binary as EmbeddedRedis
(embedded_redis.py `server_binary`): data servers (a master, its replicas) and a sentinel
(the server run with `--sentinel`), for the tests of the queues' failover
(tests/workers/test_sentinel.py).

Ports are below 22768 (embedded_redis.py `low_port`). One password for all: the data
servers', each replica's to its master, and the sentinel's own.
"""

import subprocess
import time
from pathlib import Path

import redis

from app.run.embedded_redis import (
    DISABLED_COMMANDS,
    EmbeddedRedis,
    die_with_parent,
    low_port,
    server_binary,
)
from projections.queue_redis import SENTINEL_SCHEME

# Sentinel promotes a replica with CONFIG REWRITE in a MULTI beside REPLICAOF NO ONE: a
# disabled CONFIG aborts the whole transaction, so a kept server takes it.
KEPT_DISABLED = tuple(command for command in DISABLED_COMMANDS if command != "CONFIG")


class KeptRedis(EmbeddedRedis):
    """A data server Sentinel keeps: it logs in to its master (the old master too, once a
    failover has made it a replica), and replicates `replica_of`'s port if given."""

    def __init__(self, data_dir: Path, password_file: Path, replica_of: int | None = None):
        super().__init__(data_dir, port=low_port(), password_file=password_file,
                         disabled=KEPT_DISABLED)  # fmt: skip
        self.socket_path = None  # Sentinel names it by its TCP port: so do its clients
        self.replica_of = replica_of

    def config(self) -> str:
        lines = [f"masterauth {self.password}"]
        if self.replica_of:
            lines.append(f"replicaof 127.0.0.1 {self.replica_of}")
        return super().config() + "\n".join(lines) + "\n"


class EmbeddedSentinel:
    """One sentinel watching `master` as `service`, quorum 1, quick to judge it down
    (`down_after` ms) and to promote a replica."""

    def __init__(self, data_dir: Path, master: KeptRedis, service: str = "queues",
                 down_after: int = 500, failover_timeout: int = 60_000):  # fmt: skip
        self.data_dir = Path(data_dir)
        self.master, self.service = master, service
        self.password = master.password
        self.port = low_port()
        self.down_after, self.failover_timeout = down_after, failover_timeout
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The queues' URL through this sentinel (RQ_REDIS_URL)."""
        return f"{SENTINEL_SCHEME}://:{self.password}@127.0.0.1:{self.port}/{self.service}/0"

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, password=self.password, socket_timeout=2)

    def config(self) -> str:
        """Its config file, which it rewrites as it learns (it holds the password: 0600)."""
        name = self.service
        return "\n".join([
            f"port {self.port}", "bind 127.0.0.1", f"dir {self.data_dir.resolve()}",
            "logfile sentinel.log", f"requirepass {self.password}",
            f"sentinel monitor {name} 127.0.0.1 {self.master.port} 1",
            f"sentinel auth-pass {name} {self.password}",
            f"sentinel down-after-milliseconds {name} {self.down_after}",
            f"sentinel failover-timeout {name} {self.failover_timeout}",
        ]) + "\n"  # fmt: skip

    def start(self, replicas: int = 1, timeout: float = 15.0) -> "EmbeddedSentinel":
        """Started, and ready once it knows the master and `replicas` replicas of it."""
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        conf = self.data_dir / "sentinel.conf"
        conf.touch(mode=0o600)
        conf.write_text(self.config())
        self.process = subprocess.Popen(
            [server_binary(), str(conf.resolve()), "--sentinel"],
            stdout=subprocess.DEVNULL, start_new_session=True, umask=0o077,
            preexec_fn=die_with_parent,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        with self.client() as client:
            while True:
                try:
                    if len(client.sentinel_slaves(self.service)) >= replicas:
                        return self
                except redis.ConnectionError:
                    if self.process.poll() is not None:
                        raise RuntimeError(f"the sentinel exited; see {self.data_dir}") from None
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("the sentinel did not find the replicas")
                time.sleep(0.05)

    def master_port(self) -> int | None:
        """The port of the master it names now."""
        with self.client() as client:
            address = client.sentinel_get_master_addr_by_name(self.service)
        return int(address[1]) if address else None

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
