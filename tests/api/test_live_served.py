"""Many live streams on the real service (`make run`: gunicorn with app/run/web_worker.py): while
200 streams are open in one web process, the rest of the API still answers, every stream
receives the event appended meanwhile, a stream past the process's budget is refused, and
streams whose clients have gone give back their threads and Redis connections.

Timings are printed (`pytest -s`), not asserted: the machine is shared."""

import http.client
import json
import re
import selectors
import signal
import socket
import time
from pathlib import Path

import pytest
import redis

from tests.api.test_serve import Served, call, stop
from tests.conftest import descendants, wait_for

STREAMS = 200
HEARTBEAT = 1


class Streams:
    """`count` raw HTTP/1.1 connections, each asking for the stream and then only reading;
    everything each one receives is kept, read by one selector loop."""

    def __init__(self, port: int, path: str, count: int):
        self.selector = selectors.DefaultSelector()
        self.received: dict[socket.socket, bytearray] = {}
        for _ in range(count):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n"
                               "Accept: text/event-stream\r\n\r\n".encode())  # fmt: skip
            connection.setblocking(False)
            self.selector.register(connection, selectors.EVENT_READ)
            self.received[connection] = bytearray()

    def pump(self, timeout: float = 0.1) -> None:
        for key, _ in self.selector.select(timeout):
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            if not data:
                self.selector.unregister(key.fileobj)
            self.received[key.fileobj] += data

    def all_have(self, marker: bytes, timeout: float = 60) -> None:
        def every_stream_has_it():
            self.pump()
            return all(marker in data for data in self.received.values())

        every_stream_has_it.__doc__ = f"every stream received {marker!r}"
        wait_for(every_stream_has_it, timeout=timeout, every=0)

    def close(self) -> None:
        """Gone, as a closed laptop or a lost phone goes: no goodbye but the TCP close."""
        for connection in self.received:
            connection.close()
        self.selector.close()


def timed(what, call_it):
    start = time.monotonic()
    answer = call_it()
    print(f"  {what}: {1000 * (time.monotonic() - start):.0f} ms")
    return answer


def embedded_redis(served) -> redis.Redis:
    log = (served.workdir / "output.log").read_text()
    port = re.search(r"embedded Redis on 127\.0\.0\.1:(\d+)", log).group(1)
    password = (served.workdir / "var" / "redis.password").read_text().strip()
    return redis.Redis(port=int(port), password=password)


def web_process(served) -> dict:
    """Threads and resident memory of the gunicorn worker (the arbiter's one child)."""
    [pid] = descendants(served.gunicorn_pid())
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    return {"threads": int(fields["Threads"]), "rss": fields["VmRSS"].strip()}


@pytest.fixture
def served(tmp_path, monkeypatch):
    monkeypatch.setenv("STREAMS_PER_PROCESS", str(STREAMS))
    monkeypatch.setenv("STREAM_HEARTBEAT", str(HEARTBEAT))
    monkeypatch.setenv("WEB_THREADS", "4")
    served = Served(tmp_path)
    yield served
    stop(served.process)


def test_the_api_answers_while_200_streams_are_open_and_each_gets_the_event(served):
    port = served.port
    status, game = call(port, "POST", "/api/games", {"kind": "toy", "players": ["a", "b"]})
    assert status == 201
    game_id, token = game["id"], game["token"]
    path = f"/api/games/{game_id}/stream"
    client = embedded_redis(served)
    blocked_before = client.info("clients")["blocked_clients"]  # the RQ worker's wait
    print(f"\nno stream open: gunicorn worker {web_process(served)}")
    start = time.monotonic()
    streams = Streams(port, path, STREAMS)
    try:
        streams.all_have(b"retry: ")
        print(f"{STREAMS} streams open in {time.monotonic() - start:.1f} s; "
              f"gunicorn worker {web_process(served)}")  # fmt: skip
        print(f"  Redis: {client.info('clients')}")
        one_more = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        one_more.request("GET", path)
        refused = one_more.getresponse()
        assert refused.status == 503 and refused.getheader("Retry-After")
        assert json.loads(refused.read())["status"] == 503

        added = {"type": "toy.added", "actor": "player:a", "payload": {"player": "a", "amount": 2}}
        print("  while they are open:")
        health = timed("GET /api/health", lambda: call(port, "GET", "/api/health"))
        assert health[0] == 200
        posted = time.monotonic()
        appended = timed("POST an event", lambda: call(port, "POST", f"/api/games/{game_id}/events",
                                                       added, token))  # fmt: skip
        assert appended[0] == 201
        summary = timed("GET the game", lambda: call(port, "GET", f"/api/games/{game_id}"))
        assert summary[0] == 200 and summary[1]["version"] == 2
        events = timed("GET its events", lambda: call(port, "GET", f"/api/games/{game_id}/events"))
        assert events[0] == 200 and len(events[1]["items"]) == 2

        streams.all_have(b"id: 2\nevent: event\n")
        print(f"  event 2 was in all {STREAMS} streams {time.monotonic() - posted:.2f} s after "
              "it was posted")  # fmt: skip
    finally:
        streams.close()

    def streams_let_go():
        return client.info("clients")["blocked_clients"] == blocked_before

    start = time.monotonic()
    wait_for(streams_let_go, timeout=30, every=0.2)
    print(f"  clients gone: no stream blocked in Redis {time.monotonic() - start:.1f} s later; "
          f"Redis {client.info('clients')}")  # fmt: skip
    again = Streams(port, f"{path}?after=1", STREAMS)  # every place was given back
    try:
        again.all_have(b"id: 2\nevent: event\n")
    finally:
        again.close()


def test_open_streams_end_cleanly_when_the_service_stops(served):
    """Each stream ends at its next heartbeat, its chunked body closed properly, so the
    client reconnects elsewhere; none holds the shutdown for gunicorn's graceful timeout."""
    status, game = call(served.port, "POST", "/api/games", {"kind": "toy", "players": ["a", "b"]})
    streams = Streams(served.port, f"/api/games/{game['id']}/stream", 20)
    try:
        streams.all_have(b"retry: ")
        start = time.monotonic()
        served.process.send_signal(signal.SIGTERM)
        streams.all_have(b"\r\n0\r\n\r\n", timeout=20)  # the last chunk: the body is complete
        print(f"\n  20 streams ended {time.monotonic() - start:.1f} s after SIGTERM")
        served.process.wait(timeout=60)
        print(f"  the service stopped {time.monotonic() - start:.1f} s after SIGTERM")
    finally:
        streams.close()
    assert served.process.returncode == 0
