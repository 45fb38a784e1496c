"""Figure 23 of `make bench`: a fresh game's phase while other games' moves go on past theirs.

WRITERS threads append to as many toy games, a tally due every fifth move and the moves going
on while it is due (the toy takes them; Burn Rate and FCM refuse them, a game added later may
not), RATE appends a second in all for SECONDS, each append enqueuing its job as the API does,
with one `python -m workers` resolving them. Meanwhile, every PROBE_EVERY seconds, a fresh
game's append makes a tally due: the time from that append's answer to its tally readable,
p50 and p99 (goal p99 < 2 s), beside the same with no writers; and the queue's greatest depth.
Before a game had one job at most waiting (workers/queue.py), the writers' games queued a job
per move, and a fresh game's phase waited behind all of them.

`python -m tests.bench_phases` runs it alone, on a Redis of its own.
"""

import statistics
import subprocess
import sys
import threading
import time

from projections.services import Services
from workers.queue import PhaseQueue

WRITERS = 8
RATE = 94.0
SECONDS = 30.0
PROBE_EVERY = 0.25
TALLY_EVERY = 5
GOAL = 2.0


def toy(svc: Services, tally_every: int) -> str:
    options = {"goal": 10**9, "tally_every": tally_every}
    return svc.recorder.create("toy", ["ann", "ben"], options, "t")[0]


def move(svc: Services, queue: PhaseQueue, game_id: str, number: int, amount: int = 1):
    """The game's move `number` (from 0; the players take turns), its job enqueued if a phase
    is due, as the API does; the recorded append."""
    player = ["ann", "ben"][number % 2]
    event = {"type": "toy.added", "actor": f"player:{player}",
             "payload": {"player": player, "amount": amount}}  # fmt: skip
    recorded = svc.recorder.record(game_id, [event])
    if recorded.pending:
        queue.enqueue(game_id, recorded.version)
    return recorded


def write(svc: Services, queue: PhaseQueue, game_id: str, every: float, stop: threading.Event):
    """Moves on one game every `every` seconds until `stop`, whatever is pending."""
    due, number = time.monotonic(), 0
    while not stop.is_set():
        move(svc, queue, game_id, number)
        due, number = due + every, number + 1
        time.sleep(max(0.0, due - time.monotonic()))


def probe(svc: Services, queue: PhaseQueue, until: float) -> list[float]:
    """Every PROBE_EVERY seconds until `until`, a fresh game whose one move makes a tally due:
    the seconds from its answer to the tally readable."""
    waits = []
    while time.monotonic() < until:
        game_id = toy(svc, tally_every=1)
        recorded = move(svc, queue, game_id, 0)
        answered = time.perf_counter()
        while svc.projector.meta(game_id)["version"] <= recorded.version:
            time.sleep(0.002)
        waits.append(time.perf_counter() - answered)
        time.sleep(PROBE_EVERY)
    return waits


def deepest(queue: PhaseQueue, stop: threading.Event, found: list[int]) -> None:
    while not stop.wait(0.1):
        found.append(queue.depth())


def bench_phases_under_load(svc: Services, env: dict, seconds: float = SECONDS) -> dict:
    worker = subprocess.Popen([sys.executable, "-m", "workers"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    queue = PhaseQueue(svc.redis, svc.settings.phase_job_timeout)
    try:
        probe(svc, queue, time.monotonic() + 2.0)  # the worker warms
        quiet = probe(svc, queue, time.monotonic() + seconds / 3)
        stop, depths = threading.Event(), [0]
        games = [toy(svc, TALLY_EVERY) for _ in range(WRITERS)]
        threads = [threading.Thread(target=write, args=(svc, queue, game, WRITERS / RATE, stop))
                   for game in games]  # fmt: skip
        threads.append(threading.Thread(target=deepest, args=(queue, stop, depths)))
        for thread in threads:
            thread.start()
        try:
            loaded = probe(svc, queue, time.monotonic() + seconds)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        events = sum(svc.projector.meta(game)["version"] for game in games)
        return {"quiet": quiet, "loaded": loaded, "depth": max(depths), "events": events}
    finally:
        worker.terminate()
        worker.wait()


def p99(waits: list[float]) -> float:
    return sorted(waits)[max(0, int(len(waits) * 0.99) - 1)]


def report(svc: Services, env: dict) -> None:
    found = bench_phases_under_load(svc, env)
    quiet, loaded = found["quiet"], found["loaded"]
    print(f"23. a fresh game's phase, {WRITERS} games' moves going on past theirs at "
          f"{RATE:.0f}/s ({found['events']} events in {SECONDS:.0f} s): append -> resolved p50 "
          f"{statistics.median(loaded) * 1e3:.0f} ms, p99 {p99(loaded) * 1e3:.0f} ms over "
          f"{len(loaded)} games   goal p99 < {GOAL * 1e3:.0f} ms; with no moves going on p50 "
          f"{statistics.median(quiet) * 1e3:.0f} ms, p99 {p99(quiet) * 1e3:.0f} ms; the "
          f"queue at most {found['depth']} jobs deep")  # fmt: skip


def main():
    import os
    import tempfile
    from pathlib import Path

    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Settings

    os.environ.setdefault("TABLELOG_EXTRA_GAMES", "tests.toygame")
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        try:
            svc = Services(Settings.from_env(redis_url=server.url, snapshot_every=100))
            report(svc, {**os.environ, "REDIS_URL": server.url})
        finally:
            server.stop()


if __name__ == "__main__":
    main()
