"""The many viewers' figure of `make bench` (18): 2,000 live streams open at once on the
service as `make run` starts it, while tables record actions at a steady, modest rate.

18. an append's HTTP latency while GAMES × VIEWERS streams are open (p50, p99; goal p99 <
   100 ms), the time from an append's request until every stream of its game has its event
   (p50, p99 across appends; goal p99 < 1 s), and the append's p99 with the streams open over
   its p99 with none open, both measured in this run, on the same service and games

The service is `python -m app.run.serve` (`make run`) on the benchmark's Redis, started in a
folder of its own: its RQ worker and gunicorn as make run starts them, with make run's
defaults (STREAMS_PER_PROCESS and the rest from the environment, as a user sets them). Only
the creation rate limit is off: the games are created through the API, a hundred in a row.
The streams are raw sockets read by one asyncio loop in this process, so that the client is
not what limits them; every stream has had its first bytes before anything is timed. Beside
the figure: the web processes' threads and memory and Redis's connected clients, with the
streams open.
"""

import asyncio
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

from app.run.embedded_redis import free_port

ROOT = Path(__file__).parents[1]
GAMES, VIEWERS = 100, 20  # 2,000 streams: twenty viewers on each of a hundred games
RATE = 8.0  # appends per second, spread over the games in turn, like tables playing
SECONDS = 20.0  # of appends, with the streams open and again with none
OPENING = 50  # streams opened at once
LATE = 10.0  # seconds after the last append before an event not yet everywhere counts as lost

os.environ.setdefault("TABLELOG_EXTRA_GAMES", "tests.toygame")


def start_service(env: dict, workdir: Path, port: int) -> subprocess.Popen:
    """`make run` on `env`'s Redis, in `workdir`, answering on `port` once it is healthy."""
    service_env = {**env, "PORT": str(port), "PYTHONPATH": str(ROOT), "RATE_LIMIT_CREATE": ""}
    service = subprocess.Popen(
        [sys.executable, "-m", "app.run.serve"], cwd=workdir, env=service_env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, _ = asyncio.run(request(port, "GET", "/api/health"))
            if status == 200:
                return service
        except OSError:
            pass
        time.sleep(0.2)
    stop_service(service)
    raise RuntimeError("the service did not start")


def stop_service(service: subprocess.Popen) -> None:
    service.terminate()
    try:
        service.wait(timeout=90)
    except subprocess.TimeoutExpired:
        service.kill()
        service.wait()


async def read_answer(reader) -> tuple[int, dict]:
    """One HTTP/1.1 answer with a Content-Length: (status, JSON body)."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)\r\ncontent-length: *(\d+)", head).group(1))
    body = await reader.readexactly(length)
    return status, json.loads(body or b"null")


def request_bytes(method: str, path: str, body=None, token=None) -> bytes:
    data = json.dumps(body).encode() if body is not None else b""
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return (f"{method} {path} HTTP/1.1\r\nHost: bench\r\n{auth}Content-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n").encode() + data  # fmt: skip


async def request(port: int, method: str, path: str, body=None, token=None):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request_bytes(method, path, body, token))
        return await read_answer(reader)
    finally:
        writer.close()


class Game:
    """A toy game the benchmark appends to as its table's recorder: ann and ben in turn."""

    def __init__(self, answer: dict):
        self.id, self.token, self.version = answer["id"], answer["token"], 1

    def next_action(self) -> dict:
        player = ["ben", "ann"][self.version % 2]  # ann first, at version 1
        return {"type": "toy.added", "actor": "admin", "payload": {"player": player, "amount": 1}}


async def create_games(port: int) -> list[Game]:
    body = {"kind": "toy", "players": ["ann", "ben"],
            "options": {"goal": 10**9, "tally_every": 10**9}}  # fmt: skip
    games = []
    for _ in range(GAMES):
        status, answer = await request(port, "POST", "/api/games", body)
        if status != 201:
            raise RuntimeError(f"creating a game answered {status}: {answer}")
        games.append(Game(answer))
    return games


class Viewer:
    """One open stream of a game, as a raw socket: the time each event's message arrived."""

    ID = re.compile(rb"(?:^|\n)id: (\d+)\n")

    def __init__(self, game: Game):
        self.game = game
        self.arrived: dict[int, float] = {}
        self.reader = self.writer = None

    async def open(self, port: int) -> None:
        """Connected, asked, answered 200 and given the stream's first message."""
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(f"GET /api/games/{self.game.id}/stream HTTP/1.1\r\nHost: bench\r\n"
                          "Accept: text/event-stream\r\n\r\n".encode())  # fmt: skip
        head = await self.reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise RuntimeError(f"a stream was refused: {head.splitlines()[0].decode()}")
        await self.reader.readuntil(b"\n\n")  # the opening `retry:` and comment

    async def read(self) -> None:
        """Every message until the server ends the stream or the task is cancelled."""
        buffered = b""
        while data := await self.reader.read(65536):
            now = time.monotonic()
            buffered += data
            done = buffered.rfind(b"\n\n") + 2
            for seq in self.ID.findall(buffered, 0, done):
                self.arrived[int(seq)] = now
            buffered = buffered[done:]

    def close(self) -> None:
        if self.writer:
            self.writer.close()


class Appender:
    """Appends at RATE per second for SECONDS, the games in turn, each on a kept-alive
    connection of a small pool, as a page's browser keeps one: (game, seq, started, took) of
    each."""

    KEPT = 1.0  # seconds a connection is used again after; gunicorn closes it after 2

    def __init__(self, port: int, games: list[Game]):
        self.port, self.games = port, games
        self.idle: list = []  # (reader, writer, when last answered), the latest last
        self.done: list[tuple[Game, int, float, float]] = []

    async def connection(self):
        while self.idle:
            reader, writer, used = self.idle.pop()
            if time.monotonic() - used < self.KEPT:
                return reader, writer
            writer.close()
        return await asyncio.open_connection("127.0.0.1", self.port)

    async def append(self, game: Game) -> None:
        reader, writer = await self.connection()
        path = f"/api/games/{game.id}/events"
        started = time.monotonic()
        writer.write(request_bytes("POST", path, game.next_action(), game.token))
        status, answer = await read_answer(reader)
        took = time.monotonic() - started
        self.idle.append((reader, writer, time.monotonic()))
        if status != 201:
            raise RuntimeError(f"an append answered {status}: {answer}")
        game.version = answer["events"][-1]["seq"]
        self.done.append((game, game.version, started, took))

    async def run(self) -> None:
        start, count = time.monotonic(), round(RATE * SECONDS)
        appending = []
        for index in range(count):
            await asyncio.sleep(max(0.0, start + index / RATE - time.monotonic()))
            game = self.games[index % len(self.games)]
            appending.append(asyncio.create_task(self.append(game)))
        await asyncio.gather(*appending)
        self.close()

    def close(self) -> None:
        for _, writer, _ in self.idle:
            writer.close()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def web_workers(service_pid: int) -> list[int]:
    """gunicorn's workers under `make run` (the children of its master)."""

    def children(pid):
        return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
                for child in (task / "children").read_text().split()]  # fmt: skip

    [master] = [pid for pid in children(service_pid)
                if b"gunicorn" in Path(f"/proc/{pid}/cmdline").read_bytes()]  # fmt: skip
    return children(master)


def threads_and_rss(pids: list[int]) -> tuple[list[int], float]:
    """Each one's threads, and their resident memory (MB) added up."""
    threads, rss = [], 0
    for pid in pids:
        status = Path(f"/proc/{pid}/status").read_text()
        threads.append(int(re.search(r"Threads:\s+(\d+)", status).group(1)))
        rss += int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
    return threads, rss / 1024


async def measure(port: int, service_pid: int, redis_url: str) -> dict:
    games = await create_games(port)
    warm = Appender(port, games)  # each game's head read once, as a table's first action does
    for game in games:
        await warm.append(game)
    warm.close()
    quiet = Appender(port, games)
    await quiet.run()
    before = threads_and_rss(web_workers(service_pid))
    viewers = [Viewer(game) for _ in range(VIEWERS) for game in games]
    for first in range(0, len(viewers), OPENING):
        await asyncio.gather(*(viewer.open(port) for viewer in viewers[first : first + OPENING]))
    reading = [asyncio.create_task(viewer.read()) for viewer in viewers]
    threads, rss = threads_and_rss(web_workers(service_pid))
    clients = redis.Redis.from_url(redis_url).info("clients")["connected_clients"]
    live = Appender(port, games)
    await live.run()
    by_game = {}
    for viewer in viewers:
        by_game.setdefault(viewer.game.id, []).append(viewer)
    last = max(started for _, _, started, _ in live.done)
    while time.monotonic() < last + LATE and not all(
        seq in viewer.arrived for game, seq, _, _ in live.done for viewer in by_game[game.id]
    ):
        await asyncio.sleep(0.2)
    for task in reading:
        task.cancel()
    for viewer in viewers:
        viewer.close()
    reached, lost = [], 0
    for game, seq, started, _ in live.done:
        times = [viewer.arrived.get(seq) for viewer in by_game[game.id]]
        if None in times:
            lost += 1
        else:
            reached.append(max(times) - started)
    return {
        "quiet": [took for *_, took in quiet.done], "live": [took for *_, took in live.done],
        "reached": reached, "lost": lost, "threads": threads, "rss": rss, "before": before,
        "clients": clients,
    }  # fmt: skip


def raise_open_files() -> None:
    """This process holds every stream's socket: the soft limit raised to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def report(env) -> None:
    raise_open_files()
    port = free_port()
    with tempfile.TemporaryDirectory() as workdir:
        service = start_service(env, Path(workdir), port)
        try:
            got = asyncio.run(measure(port, service.pid, env["REDIS_URL"]))
        finally:
            stop_service(service)
    live, quiet, reached = got["live"], got["quiet"], got["reached"]
    ms = 1e3
    print(f"18. {GAMES * VIEWERS:,} live streams ({GAMES} games × {VIEWERS} viewers), "
          f"{RATE:.0f} appends/s for {SECONDS:.0f} s: append p50 "
          f"{statistics.median(live) * ms:.0f} ms, p99 {percentile(live, 99) * ms:.0f} ms"
          f"   goal p99 < 100 ms; every stream of its game reached p50 "
          f"{statistics.median(reached) * ms:.0f} ms, p99 {percentile(reached, 99) * ms:.0f} ms"
          f"   goal p99 < 1 s ({got['lost']} of {len(live)} appends not everywhere within "
          f"{LATE:.0f} s); append p99 streams open / none open: "
          f"{percentile(live, 99) / percentile(quiet, 99):.2f} "
          f"({percentile(live, 99) * ms:.0f} / {percentile(quiet, 99) * ms:.0f} ms)")  # fmt: skip
    threads = " + ".join(str(count) for count in got["threads"])
    print(f"    with the streams open, the web processes: {threads} threads, {got['rss']:.0f} MB "
          f"resident (none open: {sum(got['before'][0])} threads, {got['before'][1]:.0f} MB); "
          f"Redis's connected clients: {got['clients']}")  # fmt: skip


def main() -> None:
    """Alone, on a Redis of its own: `python -m tests.bench_viewers`."""
    from app.run.embedded_redis import EmbeddedRedis

    raise_open_files()  # before Redis starts: it sizes its maxclients by it
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        try:
            report({**os.environ, "REDIS_URL": server.url})
        finally:
            server.stop()


if __name__ == "__main__":
    main()
