"""`make run`'s launcher for real: embedded Redis, worker and gunicorn from one command;
SIGINT (Ctrl-C) or SIGTERM stops all three cleanly, and a restart on the same data has every
acknowledged event. Clients that stall do not hold the API, gunicorn's own refusals are
problem details, and two instances on one machine keep out of each other's way."""

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gunicorn.ctl.client import ControlClient

from app.run.embedded_redis import free_port, server_binary
from tests.conftest import descendants, wait_for

ROOT = Path(__file__).parents[2]


def call(port, method, path, body=None, token=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, json.dumps(body) if body else None, headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"null")


def healthy(port):
    try:
        status, body = call(port, "GET", "/api/health")
    except OSError:
        return False
    return status == 200 and body["workers"] == 1


def launch(workdir, port, output=subprocess.PIPE):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    env.update(PORT=str(port), WEB_CONCURRENCY="1", PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "app.run.serve"], cwd=workdir, env=env,
                            start_new_session=True, stdout=output,
                            stderr=subprocess.STDOUT)  # fmt: skip


def stop(service):
    service.send_signal(signal.SIGTERM)
    try:
        service.wait(timeout=90)
    except subprocess.TimeoutExpired:
        os.killpg(service.pid, signal.SIGKILL)
        service.wait()


class Served:
    """One `make run` in its own folder, its output in output.log there."""

    def __init__(self, workdir):
        self.workdir, self.port = workdir, free_port()
        with open(workdir / "output.log", "wb") as output:
            self.process = launch(workdir, self.port, output)
        try:
            wait_for(lambda: healthy(self.port), timeout=60, every=0.2)
        except AssertionError:
            stop(self.process)
            raise AssertionError((workdir / "output.log").read_text()) from None

    def gunicorn_pid(self) -> int:
        """The pid its own control socket says its gunicorn has."""
        path = self.workdir / "var" / f"gunicorn-{self.port}.ctl"
        with ControlClient(str(path), timeout=10) as control:
            return control.send_command("show all")["arbiter"]["pid"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One `make run` shared by the tests that only talk to it."""
    served = Served(tmp_path_factory.mktemp("served"))
    yield served
    stop(served.process)


def stalled_connection(port, sent: bytes) -> socket.socket:
    """A client that sends `sent` and then nothing more, keeping the connection open."""
    stalled = socket.create_connection(("127.0.0.1", port), timeout=10)
    stalled.sendall(sent)
    return stalled


def test_stalled_clients_do_not_hold_the_api(served):
    half_sent = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    no_body = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
    stalled = [stalled_connection(served.port, sent) for sent in [half_sent, no_body] * 2]
    try:
        time.sleep(0.5)  # they are read and waited on
        start = time.monotonic()
        status, body = call(served.port, "GET", "/api/health")
        assert status == 200 and body["ok"]
        assert time.monotonic() - start < 5
    finally:
        for connection in stalled:
            connection.close()


@pytest.mark.parametrize(
    "request_bytes, status",
    [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 431),
        (b"GET /api/health HTTP/1.1\r\n" + b"X-Many: 1\r\n" * 200 + b"\r\n", 431),
        (b"NOT A REQUEST LINE\r\n\r\n", 400),
    ],
    ids=["long request line", "long header", "too many headers", "malformed"],
)
def test_gunicorn_refuses_with_problem_details(served, request_bytes, status):
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as connection:
        connection.sendall(request_bytes)
        response = http.client.HTTPResponse(connection)
        response.begin()
        body = response.read()
    assert response.status == status
    assert response.getheader("Content-Type") == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status and problem["title"] and problem["detail"]
    assert problem["type"].startswith("/problems/") and problem["type"] != "/problems/invalid"


def test_two_instances_each_have_their_own_control_socket(served, tmp_path):
    other = Served(tmp_path)
    try:
        ours, theirs = served.gunicorn_pid(), other.gunicorn_pid()
        assert ours in descendants(served.process.pid)
        assert theirs in descendants(other.process.pid)
    finally:
        stop(other.process)
    assert served.gunicorn_pid() == ours  # the other one stopping took nothing of ours


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_run_stops_cleanly_and_loses_nothing(tmp_path, stop_signal):
    port = free_port()
    service = launch(tmp_path, port)
    try:
        wait_for(lambda: healthy(port), timeout=60, every=0.2)
        options = {"tally_every": 100}
        status, game = call(
            port, "POST", "/api/games", {"kind": "toy", "players": ["a", "b"], "options": options}
        )
        assert status == 201
        for n in range(10):
            body = {"type": "toy.added", "actor": "admin",
                    "payload": {"player": ["a", "b"][n % 2], "amount": 1}}  # fmt: skip
            assert call(port, "POST", f"/api/games/{game['id']}/events", body,
                        game["token"])[0] == 201  # fmt: skip
        # Ctrl-C reaches the whole foreground group; SIGTERM only the launcher.
        if stop_signal == signal.SIGINT:
            os.killpg(service.pid, signal.SIGINT)
        else:
            service.send_signal(signal.SIGTERM)
        output = service.communicate(timeout=90)[0].decode()
        assert service.returncode == 0, output
        assert "tablelog: stopped" in output
        assert (tmp_path / "var" / "redis.password").read_text().strip() not in output
    finally:
        if service.poll() is None:
            os.killpg(service.pid, signal.SIGKILL)
    assert not list_processes(tmp_path)
    service = launch(tmp_path, port)
    try:
        wait_for(lambda: healthy(port), timeout=60, every=0.2)
        status, summary = call(port, "GET", f"/api/games/{game['id']}")
        assert status == 200 and summary["version"] == 11
        assert call(port, "GET", f"/api/games/{game['id']}/verify")[1]["ok"] is True
    finally:
        service.send_signal(signal.SIGTERM)
        service.communicate(timeout=90)


def role_of(pid: int) -> str | None:
    """What a process `make run` started is: redis, worker or gunicorn (its master)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return None
    # "redis-server <address>", or the server TABLELOG_REDIS_SERVER names ("valkey-server ...")
    if Path(command[0].decode()).name.startswith(Path(server_binary()).name):
        return "redis"
    roles = {b"workers": "worker", b"gunicorn": "gunicorn"}
    return roles.get(command[2]) if len(command) > 2 else None


def child(service, role: str) -> int | None:
    """The pid of the process of `role` that `make run` runs now, if one runs."""
    for pid in descendants(service.pid):
        parent = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
        if parent == str(service.pid) and role_of(pid) == role:
            return pid
    return None


def added(port, game, player: str, event_id: str) -> bool:
    """One toy action acknowledged; sent again with its id while the service comes back."""
    body = {"type": "toy.added", "actor": "admin", "event_id": event_id,
            "payload": {"player": player, "amount": 1}}  # fmt: skip
    try:
        status, _ = call(port, "POST", f"/api/games/{game['id']}/events", body, game["token"])
    except OSError:
        return False
    return status in (200, 201)


def tallied(port, game) -> bool:
    """The toy game's tally, the worker's phase, is resolved: nothing pending."""
    status, summary = call(port, "GET", f"/api/games/{game['id']}")
    return status == 200 and summary["pending"] is None and summary["version"] == 4


@pytest.mark.parametrize("role", ["worker", "redis", "gunicorn"])
def test_a_process_killed_under_make_run_is_started_again(tmp_path, role):
    """kill -9 of the worker stopped `make run` whole, and of Redis left it answering 503
    until someone restarted it: each of its processes is started again at once, and the
    service goes on with every acknowledged event."""
    served = Served(tmp_path)
    port = served.port
    try:
        options = {"tally_every": 2}
        status, game = call(
            port, "POST", "/api/games", {"kind": "toy", "players": ["a", "b"], "options": options}
        )
        assert status == 201
        killed = child(served.process, role)
        os.kill(killed, signal.SIGKILL)
        wait_for(lambda: child(served.process, role) not in (None, killed), timeout=30)
        wait_for(lambda: healthy(port), timeout=60, every=0.2)
        for n, player in enumerate(["a", "b"]):  # the second makes the tally due
            event_id = f"00000000-0000-4000-8000-00000000000{n}"
            wait_for(lambda: added(port, game, player, event_id), timeout=30, every=0.2)  # noqa: B023
        wait_for(lambda: tallied(port, game), timeout=30, every=0.2)
        assert call(port, "GET", f"/api/games/{game['id']}/verify")[1]["ok"] is True
        assert served.process.poll() is None
    finally:
        stop(served.process)
    output = (tmp_path / "output.log").read_text()
    assert f"(pid {killed}) was killed by SIGKILL; started again" in output, output
    assert served.process.returncode == 0, output


BAD_SETTINGS = [("SNAPSHOT_EVERY", "0"), ("PORT", "http"), ("WEB_CONCURRENCY", "none"),
                ("REDIS_PORT", "99999"), ("WEB_THREADS", "0")]  # fmt: skip


@pytest.mark.parametrize("name, value", BAD_SETTINGS)
def test_a_bad_setting_stops_make_run_before_anything_starts(tmp_path, name, value):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "RQ_REDIS_URL")}
    env.update({"PYTHONPATH": str(ROOT), name: value})
    done = subprocess.run([sys.executable, "-m", "app.run.serve"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode != 0
    assert "Traceback" not in done.stdout + done.stderr
    assert [line.split("=")[0] for line in done.stderr.splitlines()] == [f"tablelog: {name}"]
    assert f"{name}={value!r}" in done.stderr
    assert not (tmp_path / "var").exists()  # no Redis was started


def list_processes(workdir):
    """Processes still running from `workdir` (the redis-server, a worker, gunicorn)."""
    left = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if os.readlink(proc / "cwd") == str(workdir):
                    left.append(proc.name)
            except OSError:
                continue
    return left


def test_a_process_that_keeps_dying_is_started_again_after_growing_pauses(capsys):
    """Issue 31, item 1: a store out of memory for 15 s ended the worker six times within a
    minute, and `make run` stopped everything, the API included, until a person came. Now the
    restarts after the fifth within a minute wait 1 s, 2 s, 4 s..., and the rest runs on."""
    from app.run.serve import QUICK_RESTARTS, Child

    dying = Child("the worker", lambda: subprocess.Popen(["false"], start_new_session=True))
    starts = []
    for _ in range(QUICK_RESTARTS + 2):
        dying.process.wait()
        ended = time.monotonic()
        assert dying.tend()  # it ended: started again, or to be after a pause
        while dying.restart_at is not None:
            time.sleep(0.05)
            assert dying.tend()
        starts.append(time.monotonic() - ended)
    assert all(pause < 0.5 for pause in starts[:QUICK_RESTARTS]), starts
    assert 1.0 <= starts[QUICK_RESTARTS] < 1.5 and 2.0 <= starts[-1] < 2.5, starts
    said = capsys.readouterr().out
    assert said.count("exited 1; started again") == QUICK_RESTARTS + 2
    assert "exited 1, 6 times within 60 s; starting it again in 1 s" in said
    assert "exited 1, 7 times within 60 s; starting it again in 2 s" in said
    dying.process.wait()


def test_a_process_that_cannot_start_stops_everything_saying_why(capsys):
    """A bad setting changed since `make run` checked them: no restart mends it."""
    from app.run.serve import CANNOT_START, Child

    refusing = Child("the worker", lambda: subprocess.Popen(
        ["sh", "-c", f"exit {CANNOT_START}"], start_new_session=True))  # fmt: skip
    refusing.process.wait()
    assert not refusing.tend()
    assert "exited 2: it cannot start (it said why above); stopping everything" in (
        capsys.readouterr().err
    )


def test_the_open_files_make_run_wants_cover_each_web_process_and_the_embedded_redis():
    """A web process holds two sockets a thread (a stream's client's and Redis's); the
    embedded Redis, which inherits the same limit, a connection for each thread of every web
    process: with more than two processes it needs the most."""
    from app.run.serve import Launch, open_files_needed
    from projections.services import Settings

    settings = Settings(streams_per_process=1000)
    two, four = Launch(web_concurrency=2, web_threads=8), Launch(web_concurrency=4, web_threads=8)
    assert open_files_needed(two, settings, embedded_redis=True) == 2 * 1008 + 100
    assert open_files_needed(four, settings, embedded_redis=True) == 4 * 1008 + 100
    assert open_files_needed(four, settings, embedded_redis=False) == 2 * 1008 + 100
