"""The write path's figures of `make bench` (12 to 15): a whole recorded append against a raw
XADD on the same client and fsync, and many games written at once by many processes.

12. a whole `Recorder.record` of one toy action / one raw XADD, medians of paired samples
   (goal >= 0.8 as a rate: XADD's median over the append's)
13. the same for an action at turn 10 of a five-player FCM game (goal >= 0.6)
14. eight processes appending to eight games / one process to one game, appends/s (goal >= 3),
   and the same eight over the `eventsourcing` library's SQLite single writer (goal >= 2);
   then both again with appendfsync no, where only the CPU limits them
15. HTTP appends across eight games / a bare Flask XADD endpoint (goal >= 0.5): figure 4 with
   eight clients, each on its own game (sync workers, a new connection per request: a game's
   appends reach either process, and find the head it kept stale about half the time); then
   both served as `make run` serves (gthread) to clients that keep their connection, where
   each game stays with one process, but the eight connections may all land on one of them

Each pair is measured in one run, interleaved where it can be, so that a shared machine's
noise falls on both sides alike.
"""

import json
import multiprocessing
import os
import statistics
import tempfile
import time

SECONDS = 4.0


def toy_add(player: str) -> dict:
    return {"type": "toy.added", "actor": "admin", "payload": {"player": player, "amount": 1}}


def paired(svc, record, payload: bytes, count: int) -> tuple[float, float]:
    """Medians of `count` raw XADDs of `payload` and of `count` calls of `record`, each XADD
    timed just before the append it is paired with."""
    raw, ours = [], []
    for index in range(count):
        start = time.perf_counter()
        svc.redis.xadd("bench:{raw}:events", {"e": payload})
        middle = time.perf_counter()
        record(index)
        raw.append(middle - start)
        ours.append(time.perf_counter() - middle)
    return statistics.median(ours), statistics.median(raw)


def bench_recorded_toy(svc, count=600) -> tuple[float, float]:
    """(median recorded append, median raw XADD) on a toy game."""
    game_id, _, _, _ = svc.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    payload = json.dumps(toy_add("ann")).encode()

    def record(index):
        svc.recorder.record(game_id, [toy_add(["ann", "ben"][index % 2])])

    return paired(svc, record, payload, count)


def bench_recorded_fcm(svc, games=8) -> tuple[float, float]:
    """(median recorded append, median raw XADD) for the working actions (a hire, the end of
    a chain's working) of every chain at turn 10 of five-player FCM games."""
    from tests.benchmarks import FCM_PLAYERS, fcm_turn_ten

    ours, raw = [], []
    for _ in range(games):
        game_id = fcm_turn_ten(svc)
        for _player in FCM_PLAYERS:
            player = svc.projector.head(game_id).state["working"]["player"]
            for kind, more in (("fcm.recruited", {"cards": ["waitress"]}),
                               ("fcm.working_ended", {})):  # fmt: skip
                action = {"type": kind, "actor": "admin", "payload": {"player": player, **more}}
                start = time.perf_counter()
                svc.redis.xadd("bench:{raw}:events", {"e": json.dumps(action).encode()})
                middle = time.perf_counter()
                svc.recorder.record(game_id, [action])
                raw.append(middle - start)
                ours.append(time.perf_counter() - middle)
    return statistics.median(ours), statistics.median(raw)


def _writer(redis_url, ready, go, results, seconds):
    """One process: a toy game of its own, appended to for `seconds` after `go`."""
    os.environ.setdefault("TABLELOG_EXTRA_GAMES", "tests.toygame")
    from projections.services import Services, Settings

    svc = Services(Settings.from_env(redis_url=redis_url, snapshot_every=100))
    game_id, _, _, _ = svc.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    svc.recorder.record(game_id, [toy_add("ann")])  # warm: the script loaded, the head read
    ready.release()
    go.wait()
    done, stop = 0, time.monotonic() + seconds
    while time.monotonic() < stop:
        svc.recorder.record(game_id, [toy_add(["ben", "ann"][done % 2])])
        done += 1
    results.put(done)


def appends_per_second(redis_url: str, processes: int, seconds=SECONDS) -> float:
    """Appends/s of `processes` processes, each appending to its own game as fast as it can."""
    context = multiprocessing.get_context("spawn")
    ready, go, results = context.Semaphore(0), context.Event(), context.Queue()
    workers = [
        context.Process(target=_writer, args=(redis_url, ready, go, results, seconds))
        for _ in range(processes)
    ]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.acquire()
    go.set()
    total = sum(results.get() for _ in workers)
    for worker in workers:
        worker.join()
    return total / seconds


def sqlite_single_writer(seconds=SECONDS) -> float | None:
    """Events/s of the `eventsourcing` library's SQLite recorder, one writer, one aggregate
    saved after each event (its defaults otherwise); None if it is not installed."""
    try:
        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate, event
    except ImportError:
        return None

    class Tally(Aggregate):
        total: int = 0

        @event("Added")
        def add(self, amount: int) -> None:
            self.total += amount

    with tempfile.TemporaryDirectory() as folder:
        app = Application(env={
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": os.path.join(folder, "events.sqlite"),
        })  # fmt: skip
        tally = Tally()
        app.save(tally)
        done, stop = 0, time.monotonic() + seconds
        while time.monotonic() < stop:
            tally.add(1)
            app.save(tally)
            done += 1
        app.close()
    return done / seconds


def without_fsync(measure):
    """`measure(redis_url)` on a Redis of its own with appendfsync no."""
    from pathlib import Path

    from app.run.embedded_redis import EmbeddedRedis

    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data), appendfsync="no").start()
        try:
            return measure(server.url)
        finally:
            server.stop()


def report(svc, env, bench_http, figures=("12", "13", "14", "15")) -> None:
    if "12" in figures:
        ours, raw = bench_recorded_toy(svc)
        print(f"12. a whole recorded append (toy) / a raw XADD, as rates: {raw / ours:.2f} "
              f"({ours * 1e3:.2f} / {raw * 1e3:.2f} ms, medians)   goal >= 0.8")  # fmt: skip
    if "13" in figures:
        ours, raw = bench_recorded_fcm(svc)
        print(f"13. a whole recorded append (FCM, turn 10, five players) / a raw XADD, as "
              f"rates: {raw / ours:.2f} ({ours * 1e3:.2f} / {raw * 1e3:.2f} ms, medians)"
              "   goal >= 0.6")  # fmt: skip
    if "14" in figures:
        url = env["REDIS_URL"]
        one = appends_per_second(url, 1)
        eight = appends_per_second(url, 8)
        sqlite = sqlite_single_writer()
        versus = (f"{eight / sqlite:.2f} ({eight:.0f} / {sqlite:.0f})" if sqlite
                  else "not measured: eventsourcing is not installed")  # fmt: skip
        print(f"14. eight processes on eight games / one on one, appends/s: {eight / one:.2f}"
              f" ({eight:.0f} / {one:.0f})   goal >= 3; / eventsourcing's SQLite single "
              f"writer: {versus}   goal >= 2")  # fmt: skip
        one, eight = without_fsync(lambda url: (appends_per_second(url, 1),
                                                appends_per_second(url, 8)))  # fmt: skip
        print(f"    the same with appendfsync no, where the machine's cores are the limit: "
              f"{eight / one:.2f} ({eight:.0f} / {one:.0f})")  # fmt: skip
    if "15" in figures:
        ours, bare = bench_http(svc, env, threads=8)
        print(f"15. HTTP appends/s across eight games / bare Flask XADD/s (gunicorn, 2 "
              f"processes, 8 clients): {ours / bare:.2f} ({ours:.0f} / {bare:.0f})"
              "   goal >= 0.5")  # fmt: skip
        ours, bare = bench_http(svc, env, threads=8, as_run=True)
        print(f"    the same served as make run serves, to clients keeping their connection: "
              f"{ours / bare:.2f} ({ours:.0f} / {bare:.0f})")  # fmt: skip


def main(figures=("12", "13", "14", "15")):
    """Only these figures, on a Redis of their own: `python -m tests.bench_write_path 12 13`."""
    from pathlib import Path

    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Services, Settings
    from tests.benchmarks import bench_http

    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        env = {**os.environ, "REDIS_URL": server.url}
        try:
            svc = Services(Settings.from_env(redis_url=server.url, snapshot_every=100))
            report(svc, env, bench_http, figures)
        finally:
            server.stop()


if __name__ == "__main__":
    import sys

    main(tuple(sys.argv[1:]) or ("12", "13", "14", "15"))
