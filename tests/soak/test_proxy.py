"""The soak's proxy between a client and Redis: each of its faults, and its end."""

import threading
import time

import pytest
import redis

from tests.soak.proxy import ProxyProcess


@pytest.fixture
def proxy(redis_server):
    proxy = ProxyProcess(("127.0.0.1", redis_server.port))
    proxy.start()
    yield proxy
    proxy.stop()


@pytest.fixture
def client(proxy, redis_server):
    url = f"redis://:{redis_server.password}@127.0.0.1:{proxy.port}/0"
    client = redis.Redis.from_url(url, retry=None)
    yield client
    client.close()


def ping(client) -> tuple[threading.Thread, dict]:
    """A PING sent in a thread of its own, and what came back."""
    answer = {}

    def send():
        start = time.monotonic()
        answer["pong"] = client.ping()
        answer["took"] = time.monotonic() - start

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread, answer


def test_a_reset_ends_every_connection_and_refuses_new_ones_until_it_heals(proxy, client):
    assert client.ping()
    assert proxy.reset() == 1
    with pytest.raises(redis.ConnectionError):
        client.ping()
    with pytest.raises(redis.ConnectionError):
        client.ping()
    proxy.heal()
    assert client.ping()


def test_a_blackhole_holds_what_is_sent_until_it_heals(proxy, client):
    assert client.ping()
    proxy.blackhole()
    thread, answer = ping(client)
    thread.join(0.5)
    assert answer == {}
    proxy.heal()
    thread.join(2)
    assert answer["pong"] and answer["took"] >= 0.5


def test_a_delay_holds_every_chunk_each_way(proxy, client):
    assert client.ping()
    proxy.slow(0.1)
    start = time.monotonic()
    assert client.ping()
    assert time.monotonic() - start >= 0.2
    proxy.heal()
    start = time.monotonic()
    assert client.ping()
    assert time.monotonic() - start < 0.1
