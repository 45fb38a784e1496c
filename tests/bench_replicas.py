"""`make bench` figures 24 and 25 (#33): the logs on a local Redis Cluster whose masters have
replicas, every process on this one machine.

24. a whole recorded append waiting for one replica (REDIS_WAIT_REPLICAS=1) over the same
    without waiting, three masters with one replica each, medians of alternating rounds
    (goal <= 1.3)
25. a master killed while a writer appends to its game: from the kill to the first append sent
    after it that is acknowledged, three masters with two replicas each and a node timeout of
    1 s; each of three trials on a cluster of its own
"""

import statistics
import tempfile
import time
import uuid
from pathlib import Path

import redis

from app.run.embedded_redis import start_cluster
from projections.services import Services, Settings

ROUNDS, PER_ROUND = 10, 100
NODE_TIMEOUT_MS = 1000


def services(nodes, queue_url: str, replicas: int) -> Services:
    return Services(Settings.from_env(
        redis_url=nodes[0].url.removesuffix("/0"), redis_cluster=True, rq_redis_url=queue_url,
        redis_wait_replicas=replicas,
    ))  # fmt: skip


def append_once(svc: Services, game_id: str, n: int, event_id: str | None = None) -> float:
    from tests.benchmarks import add  # tests.benchmarks imports this module

    event = {**add(["ann", "ben"][n % 2]), **({"event_id": event_id} if event_id else {})}
    start = time.perf_counter()
    svc.recorder.record(game_id, [event])
    return time.perf_counter() - start


def bench_waiting(queue_url: str) -> tuple[float, float]:
    """(median append waiting for one replica, median without), alternating rounds of each on
    the same cluster, each on a game of its own."""
    from tests.benchmarks import endless_game

    with tempfile.TemporaryDirectory() as data:
        nodes = start_cluster(Path(data), replicas=1)
        try:
            plain, waiting = services(nodes, queue_url, 0), services(nodes, queue_url, 1)
            games = {id(svc): endless_game(svc) for svc in (plain, waiting)}
            times = {id(plain): [], id(waiting): []}
            counts = {id(plain): 0, id(waiting): 0}
            for _ in range(ROUNDS):
                for svc in (plain, waiting):
                    for _ in range(PER_ROUND):
                        times[id(svc)].append(append_once(svc, games[id(svc)], counts[id(svc)]))
                        counts[id(svc)] += 1
            return statistics.median(times[id(waiting)]), statistics.median(times[id(plain)])
        finally:
            for node in nodes:
                node.stop()


def failover_once(queue_url: str) -> float:
    from tests.benchmarks import endless_game

    with tempfile.TemporaryDirectory() as data:
        nodes = start_cluster(Path(data), replicas=2, node_timeout_ms=NODE_TIMEOUT_MS)
        try:
            svc = services(nodes, queue_url, 1)
            game_id = endless_game(svc)
            port = svc.redis.get_node_from_key(f"game:{{{game_id}}}:events").port
            master = next(node for node in nodes if node.port == port)
            for n in range(20):
                append_once(svc, game_id, n)
            killed_at = time.perf_counter()
            master.kill()
            event_id = str(uuid.uuid4())  # sent again until answered: written once
            while True:
                try:
                    append_once(svc, game_id, 20, event_id)
                    return time.perf_counter() - killed_at
                except redis.RedisError:  # the store unavailable while a replica takes over
                    if time.perf_counter() - killed_at > 60:
                        raise
                    time.sleep(0.02)
        finally:
            for node in nodes:
                node.stop()


def report(queue_url: str) -> None:
    waiting, plain = bench_waiting(queue_url)
    print(f"24. append waiting for one replica / not waiting, three masters with a replica"
          f" each: {waiting / plain:.2f} ({waiting * 1e3:.2f} / {plain * 1e3:.2f} ms, medians)"
          "   goal <= 1.3")  # fmt: skip
    trials = [failover_once(queue_url) for _ in range(3)]
    print(
        f"25. a master killed under a writer -> its game's next acknowledged append,"
        f" node timeout 1 s, two replicas each: {', '.join(f'{t:.2f}' for t in trials)} s"
    )
