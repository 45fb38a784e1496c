"""The write path's figures of `make bench` (12 to 15, 17): a whole recorded append against a
raw XADD on the same client and fsync, many games written at once by many processes, and
the CPU an append costs.

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
17. the CPU of a whole `Recorder.record` (process time; toy, and the actions of figure 13) /
   the `eventsourcing` library's CPU per event on SQLite, one aggregate saved after each
   event (goal <= 1.0 for the toy); then the same with the Redis server's CPU per append
   added (INFO's used_cpu_user + used_cpu_sys), since SQLite works in the process and Redis
   does not; and the toy's again on a Redis with appendfsync no, where no append waits for
   the disk: the difference is what the wait costs the process that waits

Each pair is measured in one run, interleaved where it can be, so that a shared machine's
noise falls on both sides alike.
"""

import functools
import json
import multiprocessing
import os
import statistics
import tempfile
import time
from contextlib import contextmanager

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


@functools.cache
def tally_class():
    """The aggregate `eventsourcing_tally` saves, made once: the library refuses a second
    class under the same name in one process (figures 14 and 17 both use it)."""
    from eventsourcing.domain import Aggregate, event

    class Tally(Aggregate):
        total: int = 0

        @event("Added")
        def add(self, amount: int) -> None:
            self.total += amount

    return Tally


@contextmanager
def eventsourcing_tally(folder: str):
    """The `eventsourcing` library's application on SQLite in `folder` (its defaults
    otherwise), and `save`, which adds 1 to one aggregate and saves it: one event, one
    save. None if the library is not installed."""
    try:
        from eventsourcing.application import Application
    except ImportError:
        yield None
        return
    app = Application(env={
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": os.path.join(folder, "events.sqlite"),
    })  # fmt: skip
    tally = tally_class()()
    app.save(tally)

    def save():
        tally.add(1)
        app.save(tally)

    try:
        yield save
    finally:
        app.close()


def sqlite_single_writer(seconds=SECONDS) -> float | None:
    """Events/s of the `eventsourcing` library's SQLite recorder, one writer, one aggregate
    saved after each event; None if it is not installed."""
    with tempfile.TemporaryDirectory() as folder, eventsourcing_tally(folder) as save:
        if save is None:
            return None
        done, stop = 0, time.monotonic() + seconds
        while time.monotonic() < stop:
            save()
            done += 1
    return done / seconds


def redis_cpu(svc) -> float:
    """Seconds of CPU the Redis server has used so far, user and system."""
    info = svc.redis.info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


def cpu_per_append_toy(svc, save, rounds=6, count=200) -> tuple[float, float, float]:
    """CPU per whole `Recorder.record` of one toy action, in this process (process time) and
    in the Redis server, and this process's CPU per `save` of eventsourcing
    (`eventsourcing_tally`): `rounds` rounds of `count` appends, then `count` saves."""
    game_id, _, _, _ = svc.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    svc.recorder.record(game_id, [toy_add("ann")])  # warm: the script loaded, the head kept
    ours = server = theirs = 0.0
    for _ in range(rounds):
        server_before, start = redis_cpu(svc), time.process_time()
        for index in range(count):
            svc.recorder.record(game_id, [toy_add(["ben", "ann"][index % 2])])
        ours += time.process_time() - start
        server += redis_cpu(svc) - server_before
        start = time.process_time()
        for _ in range(count):
            save()
        theirs += time.process_time() - start
    appends = rounds * count
    return ours / appends, server / appends, theirs / appends


def cpu_per_append_fcm(svc, games=8) -> tuple[float, float]:
    """CPU per whole `Recorder.record`, in this process and in the Redis server, of the
    working actions of figure 13: a hire and the end of the working of each chain in turn
    order, at turn 10 of five-player FCM games."""
    from tests.benchmarks import fcm_turn_ten

    ours = server = 0.0
    appends = 0
    for _ in range(games):
        game_id = fcm_turn_ten(svc)
        actions = [
            {"type": kind, "actor": "admin", "payload": {"player": player, **more}}
            for player in svc.projector.head(game_id).state["turn_order"]
            for kind, more in (("fcm.recruited", {"cards": ["waitress"]}),
                               ("fcm.working_ended", {}))
        ]  # fmt: skip
        server_before, start = redis_cpu(svc), time.process_time()
        for action in actions:
            svc.recorder.record(game_id, [action])
        ours += time.process_time() - start
        server += redis_cpu(svc) - server_before
        appends += len(actions)
    return ours / appends, server / appends


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


def report(svc, env, bench_http, figures=("12", "13", "14", "15", "17")) -> None:
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
    if "17" in figures:
        with tempfile.TemporaryDirectory() as folder, eventsourcing_tally(folder) as save:
            measured = save and cpu_per_append_toy(svc, save)
        if not measured:
            print("17. CPU per append: not measured, eventsourcing is not installed")
            return
        toy, toy_server, theirs = measured
        fcm, fcm_server = cpu_per_append_fcm(svc)
        print(f"17. CPU per append (process time) / eventsourcing's per event on SQLite: toy "
              f"{toy / theirs:.2f}   goal <= 1.0; FCM at turn 10 {fcm / theirs:.2f} "
              f"({toy * 1e6:.0f}, {fcm * 1e6:.0f} / {theirs * 1e6:.0f} us)")  # fmt: skip
        print(f"    with the Redis server's CPU per append added (used_cpu_user + sys): toy "
              f"{(toy + toy_server) / theirs:.2f}, FCM {(fcm + fcm_server) / theirs:.2f} "
              f"(Redis's: {toy_server * 1e6:.0f}, {fcm_server * 1e6:.0f} us)")  # fmt: skip
        toy, _, theirs = without_fsync(toy_cpu_unsynced)
        print(
            f"    the toy on a Redis with appendfsync no, where an append does not wait for "
            f"the disk: {toy / theirs:.2f} ({toy * 1e6:.0f} / {theirs * 1e6:.0f} us)"
        )


def toy_cpu_unsynced(redis_url: str) -> tuple[float, float, float]:
    """`cpu_per_append_toy` on the Redis at `redis_url`: what the wait for an fsync costs the
    process that waits (it sleeps, and wakes to cold caches) shows against figure 17."""
    from projections.services import Services, Settings

    svc = Services(Settings.from_env(redis_url=redis_url, snapshot_every=100))
    with tempfile.TemporaryDirectory() as folder, eventsourcing_tally(folder) as save:
        return cpu_per_append_toy(svc, save)


def main(figures=("12", "13", "14", "15", "17")):
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

    main(tuple(sys.argv[1:]) or ("12", "13", "14", "15", "17"))
