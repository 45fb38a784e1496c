"""Figure 19 of `make bench`: verifying a five-player Food Chain Magnate game played from its
creation to turn 10 (tests/games/fcm/recorded_play.py: a seeded random game, every automatic
phase resolved by the worker's code), per event of its log.

19. `verify` (replays/verify.py: the chain re-hashed, every event checked as an append
   would, the refold, the caches compared, the recompute check) and the recompute check alone
   (replays/recompute.py: every automatic phase resolved again and compared, given the states
   the refold made), ms per event, medians of a few runs (goal < 0.2 ms per event each); and
   each over a plain refold of the same log (read, then folded by the projector with no
   check), measured in the same rounds, so the machine's noise shows.

`python -m tests.bench_verify` runs it alone, on a Redis of its own.
"""

import collections
import statistics
import tempfile
import time

from projections.fold import walk
from replays.recompute import Recompute
from replays.verify import verify
from tests.games.fcm.recorded_play import recorded_walk

SEED = 3  # a new game of five players (random_play: seed % 4 == 3), original edition
TURN = 10
ROUNDS = 15
GOAL_MS = 0.2


def plain_refold(svc, game_id: str):
    """(event, state after it) for each event of the log, read and folded with no check."""
    log = list(svc.store.iterate(game_id))
    return walk(lambda state, e: svc.projector.evolve("fcm", state, e), None, log)


def recompute_check(svc, log: list[dict], states: list) -> Recompute:
    """The recompute check over `log`, given the state after each of its events."""
    recompute = Recompute(svc.games.get("fcm"), svc.event_types)
    for envelope, before in zip(log, [None, *states], strict=False):
        recompute.step(envelope, before)
    recompute.end(len(log))
    return recompute


def timed(call, *args) -> float:
    start = time.perf_counter()
    call(*args)
    return time.perf_counter() - start


def bench_verify(svc, rounds=ROUNDS) -> dict:
    """Seconds per event of verify, the recompute check and a plain refold (medians of
    `rounds` rounds, each timing the three in turn), with the game's event count, the
    worker's events among them and the turn reached. The states the recompute check is given
    are made for it in each round and dropped after it, so that no other timing carries them
    (a collection of the oldest objects walks every one alive)."""
    game_id, walked = recorded_walk(svc, SEED, TURN)
    log = list(svc.store.iterate(game_id))
    verdict = verify(svc.recorder, game_id)
    assert verdict.ok and verdict.recompute["ok"], verdict
    times = {"verify": [], "recompute": [], "refold": []}
    for _ in range(rounds):
        times["refold"].append(timed(lambda: collections.deque(plain_refold(svc, game_id), 0)))
        times["verify"].append(timed(verify, svc.recorder, game_id))
        states = [state for _, state in plain_refold(svc, game_id)]
        times["recompute"].append(timed(recompute_check, svc, log, states))
        del states
    per_event = {name: statistics.median(runs) / len(log) for name, runs in times.items()}
    return {**per_event, "events": len(log), "derived": verdict.recompute["derived"],
            "turn": walked.turns}  # fmt: skip


def report(svc) -> None:
    found = bench_verify(svc)
    verify_ms, recompute_ms, refold_ms = (found[name] * 1e3 for name in
                                          ("verify", "recompute", "refold"))  # fmt: skip
    print(f"19. FCM, five players, turn {found['turn']} ({found['events']} events, "
          f"{found['derived']} the worker's): verify {verify_ms:.3f} ms per event, the "
          f"recompute check {recompute_ms:.3f} ms per event (medians)   goal < {GOAL_MS} ms "
          f"each; over a plain refold ({refold_ms:.3f} ms per event): "
          f"{verify_ms / refold_ms:.2f} and {recompute_ms / refold_ms:.2f}")  # fmt: skip


def main():
    """Figure 19 alone, on a Redis of its own: `python -m tests.bench_verify`."""
    from pathlib import Path

    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Services, Settings

    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        try:
            report(Services(Settings.from_env(redis_url=server.url, snapshot_every=100)))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
