"""The tools' figures of `make bench` (20 to 22): what the feed and webhooks cost the service.

20. a whole `Recorder.record` of one toy action with the feed and 100 webhooks registered,
   their worker delivering to a real receiver / the same without either (goal <= 1.15):
   wall-time medians (perf_counter), as figures 1 and 12, of appends paced at RATE per second
   in alternating blocks. "Without the feed" is the append script less its feed lines
   (`without_feed`): the note is written by the script itself, so no setting turns it off,
   and a store whose script writes none is the append as it was before the feed. "Without
   webhooks": the worker is stopped (SIGSTOP) for those blocks; a registered webhook with no
   worker running costs an append nothing, as nothing reads it. Beside it, the feed's note
   alone: the two scripts paired append by append, with no worker.
21. a feed page of 1,000 entries (20 games of 50 events appended interleaved) / one game's
   log of 1,000 read, medians of rounds: store-level (`Feed.page` / `store.read`), and through
   HTTP on gunicorn (GET /api/feed?limit=1000 with a key / GET .../events?limit=1000)
   (goal <= 1.5)
22. 100 webhooks on the service as `make run` starts it, with `python -m workers.webhooks`
   beside it, appends through the API at RATE per second for SECONDS: the time from an
   append's answer to the receiver's receipt of its POST, for each webhook (p50, p99;
   goal p99 < 2 s), and how many arrived of how many were due

The receiver is tests/receiver.py in a process of its own, so that its threads never hold
the GIL of the process that times; one server, each webhook with its own path.
"""

import asyncio
import itertools
import json
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app.run.embedded_redis import free_port
from app.run.serve import Launch
from events.store import _script_source
from replays.feed import Feed, Filters
from tests import bench_viewers as viewers

HOOKS = 100
RATE = 8.0  # appends per second, as figure 18's tables
SECONDS = 20.0
LATE = 30.0  # seconds after the last append before a POST not yet arrived counts as lost
ROOT = Path(__file__).parents[1]


# the lines of events/append.lua that write the feed's note: the kind read for it, the XADDs
# and a cluster's announcement of its outbox
FEED_FROM = "local kind = redis.call('HGET', KEYS[3], 'kind')"
FEED_TO = "redis.call('PUBLISH', 'feed:outbox', KEYS[7])\nend\n"


def without_feed(source: str) -> str:
    """append.lua without its feed lines; the rest, byte for byte. Refuses a script that has
    changed so that the lines are no longer found, or that still names the feed."""
    start, end = source.index(FEED_FROM), source.index(FEED_TO) + len(FEED_TO)
    stripped = source[:start] + source[end:]
    if "KEYS[7]" in stripped or "XADD', KEYS[7]" not in source[start:end]:
        raise RuntimeError("events/append.lua's feed lines moved: without_feed needs mending")
    return stripped


def _receive(port: int, pipe) -> None:
    """A process holding a Receiver on `port`: "taken" answers (path, arrived, game, seq) of
    each POST so far; "stop" ends it."""
    from tests.receiver import Receiver

    receiver = Receiver(port).start()
    pipe.send("ready")
    while (asked := pipe.recv()) != "stop":
        assert asked == "taken"
        found = []
        for received in receiver.taken():
            data = json.loads(received.body)["data"]
            found.append((received.path, received.at, data["game"], data.get("seq")))
        pipe.send(found)
    receiver.stop()


class RemoteReceiver:
    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/hooks"
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=_receive, args=(self.port, theirs), daemon=True)

    def __enter__(self) -> "RemoteReceiver":
        self.process.start()
        assert self.pipe.recv() == "ready"
        return self

    def taken(self) -> list[tuple[str, float, str, int | None]]:
        self.pipe.send("taken")
        return self.pipe.recv()

    def __exit__(self, *exc) -> None:
        self.pipe.send("stop")
        self.process.join(5)


def start_webhooks_worker(env: dict, cwd=None) -> subprocess.Popen:
    """`python -m workers.webhooks`, loopback allowed, once its RQ worker has registered."""
    import redis
    from rq import Worker

    from workers.queue import DeliveryQueue

    worker = subprocess.Popen(
        [sys.executable, "-m", "workers.webhooks"], cwd=cwd,
        env={**env, "WEBHOOK_ALLOW_PRIVATE": "1", "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    queue = DeliveryQueue(redis.Redis.from_url(env["REDIS_URL"])).queue
    deadline = time.monotonic() + 30
    while not any(w.pid == worker.pid for w in Worker.all(queue=queue)):
        if time.monotonic() > deadline:
            worker.kill()
            raise RuntimeError("the webhooks' worker did not start")
        time.sleep(0.1)
    return worker


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGCONT)
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def paced(record, seconds: float, rate: float = RATE) -> list[float]:
    """Wall time of each `record(i)`, called `rate` times a second for `seconds`."""
    durations, start = [], time.monotonic()
    for index in range(round(seconds * rate)):
        time.sleep(max(0.0, start + index / rate - time.monotonic()))
        began = time.perf_counter()
        record(index)
        durations.append(time.perf_counter() - began)
    return durations


def toy_recorder(svc):
    """A new toy game: (its id, `record(i)`, which appends ann's and ben's actions in turn)."""
    game_id, _, _, _ = svc.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    turns = itertools.count()

    def record(_index=None):
        player = ["ann", "ben"][next(turns) % 2]
        action = {"type": "toy.added", "actor": "admin", "payload": {"player": player, "amount": 1}}
        svc.recorder.record(game_id, [action])

    return game_id, record


def bench_append_with_hooks(svc, env, rounds=4, seconds=6.0) -> dict:
    from projections.services import Services

    plain = Services(svc.settings)  # its own store, whose script writes no note
    plain.store._append = plain.redis.register_script(without_feed(_script_source()))
    (_, before), (_, after) = toy_recorder(plain), toy_recorder(svc)
    feed = Feed(svc.redis)
    notes = svc.redis.xlen("{feed}")
    pair_before, pair_after = [], []
    for index in range(400):  # the note alone, no worker: paired append by append
        began = time.perf_counter()
        before(index)
        middle = time.perf_counter()
        after(index)
        pair_before.append(middle - began)
        pair_after.append(time.perf_counter() - middle)
    if svc.redis.xlen("{feed}") != notes + 400:
        raise RuntimeError("the script without the feed wrote notes")
    key, _ = svc.tool_keys.create(f"bench-{time.time_ns()}", ["webhooks:write"], "")
    with RemoteReceiver() as receiver:
        head = feed.head()
        hooks = [svc.webhooks.create(key.id, f"{receiver.url}/{i}", "bench", {}, head)[0]
                 for i in range(HOOKS)]  # fmt: skip
        worker = start_webhooks_worker(env)
        try:
            after(0)  # warm: the worker's first jobs
            deadline = time.monotonic() + 30
            while len(receiver.taken()) < HOOKS and time.monotonic() < deadline:
                time.sleep(0.1)
            without, with_hooks, due = [], [], 0
            for _ in range(rounds):
                worker.send_signal(signal.SIGSTOP)
                without += paced(before, seconds)
                worker.send_signal(signal.SIGCONT)
                with_hooks += paced(after, seconds)
                due += round(seconds * RATE) * HOOKS
            arrived = len(receiver.taken()) - HOOKS
        finally:
            stop(worker)
        for hook in hooks:
            svc.webhooks.delete(hook.id)
    return {"without": without, "with": with_hooks, "pair": (pair_before, pair_after),
            "arrived": arrived, "due": due}  # fmt: skip


def p(values: list[float], percent: float) -> float:
    return viewers.percentile(values, percent)


def report_append(svc, env) -> None:
    got = bench_append_with_hooks(svc, env)
    ms = 1e3
    without, with_hooks = statistics.median(got["without"]), statistics.median(got["with"])
    print(f"20. append with the feed and {HOOKS} webhooks (their worker delivering) / without "
          f"either, {RATE:.0f}/s in alternating blocks: {with_hooks / without:.2f} "
          f"({with_hooks * ms:.2f} / {without * ms:.2f} ms, wall-time medians; p95 "
          f"{p(got['with'], 95) * ms:.2f} / {p(got['without'], 95) * ms:.2f} ms)"
          "   goal <= 1.15")  # fmt: skip
    before, after = (statistics.median(side) for side in got["pair"])
    print(f"    the feed's note alone, no worker, paired appends: {after / before:.2f} "
          f"({after * ms:.2f} / {before * ms:.2f} ms); POSTs the worker made during the "
          f"blocks with it: {got['arrived']:,} of {got['due']:,} due")  # fmt: skip


def bench_feed_page(svc, games=20, each=50, rounds=15) -> dict:
    """Medians of `rounds`: a feed page of 1,000 after the cursor before `games` games of
    `each` events appended interleaved, and one game's log of 1,000 read."""
    feed = Feed(svc.redis)
    cursor = feed.head()
    records = [toy_recorder(svc)[1] for _ in range(games)]
    for _ in range(each - 1):  # with its creation, each game's 50
        for record in records:
            record()
    game_id, one = toy_recorder(svc)
    for _ in range(999):
        one()
    page_times, read_times = [], []
    for _ in range(rounds):
        began = time.perf_counter()
        page = feed.page(cursor, 1000, Filters())
        middle = time.perf_counter()
        log = svc.store.read(game_id, 0, 1000)
        read_times.append(time.perf_counter() - middle)
        page_times.append(middle - began)
        assert len(page.entries) == 1000 and len(log) == 1000
    assert len({e["game"] for e in page.entries}) == games
    return {"page": page_times, "read": read_times, "cursor": cursor, "game": game_id}


def http_feed_page(svc, env, got, rounds=15) -> tuple[list[float], list[float]]:
    """The same two through HTTP, on gunicorn as figure 4 serves, one connection kept."""
    import http.client

    from tests.benchmarks import serve

    _, token = svc.tool_keys.create(f"bench-{time.time_ns()}", ["feed:read"], "")
    port = free_port()
    server = serve("app:create_app()", port, env)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        key = {"Authorization": f"Bearer {token}"}
        asks = [(f"/api/feed?after={got['cursor']}&limit=1000", key),
                (f"/api/games/{got['game']}/events?limit=1000", {})]  # fmt: skip
        times = ([], [])
        for round_ in range(rounds + 2):  # the first two warm both processes
            for (path, headers), kept in zip(asks, times, strict=True):
                began = time.perf_counter()
                connection.request("GET", path, headers=headers)
                answer = connection.getresponse()
                body = answer.read()
                took = time.perf_counter() - began
                assert answer.status == 200, (answer.status, body[:200])
                if round_ >= 2:
                    kept.append(took)
        return times
    finally:
        server.terminate()
        server.wait()


def report_feed_page(svc, env) -> None:
    got = bench_feed_page(svc)
    page, read = statistics.median(got["page"]), statistics.median(got["read"])
    http_page, http_read = (statistics.median(t) for t in http_feed_page(svc, env, got))
    ms = 1e3
    print(f"21. a feed page of 1,000 (20 games interleaved) / one game's log of 1,000: "
          f"{page / read:.2f} ({page * ms:.1f} / {read * ms:.1f} ms, medians)   goal <= 1.5; "
          f"GET over HTTP (gunicorn): {http_page / http_read:.2f} ({http_page * ms:.1f} / "
          f"{http_read * ms:.1f} ms)")  # fmt: skip


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rq_worker_counts(redis_url: str, pid: int) -> tuple[int, float]:
    """(jobs the webhooks' RQ worker ran, seconds it spent in them), as RQ counts them."""
    import redis
    from rq import Worker

    from workers.queue import DeliveryQueue

    queue = DeliveryQueue(redis.Redis.from_url(redis_url)).queue
    [worker] = [w for w in Worker.all(queue=queue) if w.pid == pid]
    return worker.successful_job_count + worker.failed_job_count, worker.total_working_time


async def register(port: int, token: str, url: str) -> list[str]:
    """HOOKS webhooks of every entry from now on, each at its own path: their ids."""
    made = []
    for index in range(HOOKS):
        status, answer = await viewers.request(port, "POST", "/api/webhooks",
                                               {"url": f"{url}/{index}"}, token)  # fmt: skip
        if status != 201:
            raise RuntimeError(f"registering a webhook answered {status}: {answer}")
        made.append(answer["id"])
    return made


async def append_once(port: int, game) -> None:
    appender = viewers.Appender(port, [game])
    await appender.append(game)
    appender.close()


def bench_delivery(svc, env) -> dict:
    """Figure 22 on the service as make run starts it (figure 18's), the worker beside it."""
    _, token = svc.tool_keys.create(f"bench-{time.time_ns()}", ["webhooks:write"], "")
    port = free_port()
    service_env = {**env, "WEBHOOK_ALLOW_PRIVATE": "1"}
    with tempfile.TemporaryDirectory() as workdir, RemoteReceiver() as receiver:
        service = viewers.start_service(service_env, Path(workdir), port)
        workers = []
        try:
            games = asyncio.run(viewers.create_games(port))
            hooks = asyncio.run(register(port, token, receiver.url))
            # in the service's folder: its secret signs, as make run's would; as many as
            # make run starts
            workers = [start_webhooks_worker(service_env, cwd=workdir)
                       for _ in range(Launch.webhook_workers)]  # fmt: skip
            asyncio.run(append_once(port, games[0]))  # a first delivery to every webhook
            deadline = time.monotonic() + 30
            while len(receiver.taken()) < HOOKS and time.monotonic() < deadline:
                time.sleep(0.1)
            warmed = len(receiver.taken())
            cpu = sum(cpu_seconds(w.pid) for w in workers)
            jobs, in_jobs = counted(env["REDIS_URL"], workers)
            began = time.monotonic()
            live = viewers.Appender(port, games)
            asyncio.run(live.run())
            acked = {(g.id, seq): started + took for g, seq, started, took in live.done}
            due = len(acked) * HOOKS
            last = max(acked.values())
            while time.monotonic() < last + LATE:
                taken = receiver.taken()
                if len({(path, game, seq) for path, _, game, seq in taken
                        if (game, seq) in acked}) >= due:  # fmt: skip
                    break
                time.sleep(0.5)
            ended = time.monotonic()
            cpu = sum(cpu_seconds(w.pid) for w in workers) - cpu
            counts = counted(env["REDIS_URL"], workers)
            jobs, in_jobs = counts[0] - jobs, counts[1] - in_jobs
        finally:
            for worker in workers:
                stop(worker)
            viewers.stop_service(service)
    first: dict[tuple, float] = {}
    for path, arrived, game, seq in taken[warmed:]:
        if (game, seq) in acked:
            sent = (path, game, seq)
            first[sent] = min(first.get(sent, arrived), arrived)
    latencies = [arrived - acked[game, seq] for (_, game, seq), arrived in first.items()]
    return {"latencies": latencies, "delivered": len(first), "due": due, "hooks": len(hooks),
            "posts": len(taken) - warmed, "cpu": cpu, "jobs": jobs, "in_jobs": in_jobs,
            "seconds": ended - began, "appends": len(acked)}  # fmt: skip


def counted(url: str, workers) -> tuple[int, float]:
    """The jobs the workers ran and the seconds they spent in them, all told."""
    counts = [rq_worker_counts(url, w.pid) for w in workers]
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def report_delivery(svc, env) -> None:
    got = bench_delivery(svc, env)
    latencies = got["latencies"] or [float("nan")]
    print(f"22. {got['hooks']} webhooks, {RATE:.0f} appends/s for {SECONDS:.0f} s: append's "
          f"answer -> the receiver has its POST p50 {statistics.median(latencies):.2f} s, p99 "
          f"{p(latencies, 99):.2f} s   goal p99 < 2 s ({got['delivered']:,} of {got['due']:,} "
          f"delivered within {LATE:.0f} s of the last append)")  # fmt: skip
    jobs = max(got["jobs"], 1)
    print(f"    the {Launch.webhook_workers} webhooks' workers meanwhile: {got['cpu']:.1f} s "
          f"CPU in {got['seconds']:.0f} s, "
          f"{got['jobs']:,} jobs ({got['in_jobs'] / jobs * 1e3:.1f} ms in each, "
          f"{got['cpu'] / jobs * 1e3:.1f} ms of the process's CPU a job), {got['posts']:,} "
          f"POSTs")  # fmt: skip


def report(svc, env, figures=("20", "21", "22")) -> None:
    if "20" in figures:
        report_append(svc, env)
    if "21" in figures:
        report_feed_page(svc, env)
    if "22" in figures:
        report_delivery(svc, env)


def main(figures=("20", "21", "22")) -> None:
    """Alone, on a Redis of its own: `python -m tests.bench_tools [20 21 22]`."""
    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Services, Settings

    viewers.raise_open_files()
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        env = {**os.environ, "REDIS_URL": server.url}
        try:
            svc = Services(Settings.from_env(redis_url=server.url, snapshot_every=100))
            report(svc, env, figures)
        finally:
            server.stop()


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or ("20", "21", "22"))
