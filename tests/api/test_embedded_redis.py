"""The embedded Redis is ours alone: a password every client must give, no CONFIG or DEBUG
to reconfigure or crash it, and its data readable by its owner only."""

import stat

import pytest
import redis

from app.embedded_redis import EmbeddedRedis


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
    assert server.url == f"redis://:{password_file.read_text().strip()}@127.0.0.1:{server.port}/0"
    assert mode(password_file) == 0o600
    assert mode(server.data_dir) == 0o700
    written = list(server.data_dir.iterdir())
    assert {"appendonly.aof", "redis.log"} <= {path.name for path in written}
    assert all(mode(path) == 0o600 for path in written)


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
