"""Figure 16 of `make bench`: a long game's pages against a short one's, as a user at the table
feels them.

16. A five-player Food Chain Magnate game played from its creation (tests/games/fcm/
   recorded_play.py: a seeded random game, every automatic phase resolved by the worker's
   code), forked at event 1,000 and at event 10, so that both are the same game at those
   heads: the game page at its head and the transcript's first page, each seen once before
   (its caches made). And while the game is played, the log's new entry as a page following
   it live fetches it (`/games/<id>/log?after=N`), the first to ask for it, after each of the
   player's actions from event 1,000 on and from event 10 on. Medians through the Flask app
   in this process (goal for each: at 1,000 / at 10 <= 1.5). Then the transcript once the
   head has moved, when its check of the whole log is made again (replays/checked.py). Then
   the same of the toy game, whose state does not grow as FCM's board and chart do: what is
   left of the ratio is the log's length alone.

`python -m tests.bench_pages` runs it alone, on a Redis of its own.
"""

import os
import statistics
import tempfile
import time

from events import keys
from replays.forks import fork
from tests.games.fcm.recorded_play import recorded_walk

SEED = 3  # a new game of five players (random_play: seed % 4 == 3)
TURN = 30  # the turn it is played to: past its 1,000th event
LONG, SHORT = 1000, 10
SAMPLES = 40


def paired_ms(get, paths: tuple[str, str], before=lambda path: None) -> tuple[float, float]:
    """The median times in ms of GET of each of two paths, asked in turn SAMPLES times so that
    the machine's noise falls on both alike; `before(path)` is called ahead of each, untimed,
    and each is asked once first, untimed, so that its caches are made."""
    times: dict[str, list[float]] = {path: [] for path in paths}
    for round_ in range(SAMPLES + 1):
        for path in paths:
            before(path)
            start = time.perf_counter()
            response = get(path)
            elapsed = time.perf_counter() - start
            assert response.status_code == 200, path
            if round_:
                times[path].append(elapsed)
    long, short = (statistics.median(times[path]) * 1e3 for path in paths)
    return long, short


def pages_of(svc, client, long_id: str, short_id: str) -> dict[str, tuple[float, float]]:
    """{figure: (ms at LONG, ms at SHORT)}: the game page and the transcript of the two
    forks; the transcript also when its check is made again, as once the head has moved."""

    def unchecked(path):
        svc.redis.delete(keys.verdict(path.split("/")[2]))

    both = (long_id, short_id)
    return {
        "page": paired_ms(client.get, tuple(f"/games/{g}" for g in both)),
        "transcript": paired_ms(client.get, tuple(f"/games/{g}/transcript" for g in both)),
        "checked": paired_ms(client.get, tuple(f"/games/{g}/transcript" for g in both), unchecked),
    }


def played_live(svc, client, play) -> tuple[str, dict[int, float]]:
    """The game `play(svc)` records, a page following it live: after each action recorded
    whose seq is in one of the windows of SAMPLES seqs from LONG and from SHORT, the log's
    new entry fetched as js/game.js fetches it, the first to ask for it. (The game's id,
    {start: median ms}.)"""
    live = {LONG: [], SHORT: []}
    record = svc.recorder.record

    def recorded(game_id, events, *args, **kwargs):
        done = record(game_id, events, *args, **kwargs)
        for start, times in live.items():
            if start <= done.version < start + SAMPLES:
                before = time.perf_counter()
                response = client.get(f"/games/{game_id}/log?after={done.version - 1}")
                times.append(time.perf_counter() - before)
                assert response.status_code == 200 and f'data-seq="{done.version}"' in response.text
        return done

    svc.recorder.record = recorded
    try:
        game_id = play(svc)
    finally:
        del svc.recorder.record
    return game_id, {start: statistics.median(times) * 1e3 for start, times in live.items()}


def fcm_played(svc) -> str:
    return recorded_walk(svc, SEED, TURN)[0]


def toy_played(svc) -> str:
    """A toy game (its state the same size at any length) of LONG + SAMPLES events."""
    game_id, _, _, _ = svc.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    for n in range(LONG + SAMPLES):
        added = {"player": ["ann", "ben"][n % 2], "amount": 1}
        svc.recorder.record(game_id, [{"type": "toy.added", "actor": "admin", "payload": added}])
    return game_id


def bench_pages(svc, client, play) -> tuple[dict, int]:
    """({figure: (ms at LONG, ms at SHORT)}, the played game's event count)."""
    game_id, live = played_live(svc, client, play)
    played = svc.projector.meta(game_id)["version"]
    assert played >= LONG + SAMPLES, f"{play.__name__} has only {played} events"
    forks = [fork(svc.recorder, game_id, at, "t", lambda p: f"t-{p}")[0] for at in (LONG, SHORT)]
    return {**pages_of(svc, client, *forks), "live": (live[LONG], live[SHORT])}, played


def ratios(found: dict) -> str:
    said = {"page": "the game page", "transcript": "the transcript",
            "live": "the log's next entry, live"}  # fmt: skip
    return ", ".join(
        f"{words} {found[name][0] / found[name][1]:.2f} ({found[name][0]:.1f} / "
        f"{found[name][1]:.1f} ms)"
        for name, words in said.items()
    )


def report(svc) -> None:
    from app import create_app

    client = create_app({"TESTING": True, "TABLELOG_SETTINGS": svc.settings}).test_client()
    found, played = bench_pages(svc, client, fcm_played)
    print(f"16. FCM, five players, at event {LONG:,} / at event {SHORT} (one game of "
          f"{played:,} events), medians: {ratios(found)}   goal <= 1.5 each")  # fmt: skip
    long, short = found["checked"]
    print(f"    the transcript when the head has moved, its whole check made again: "
          f"{long / short:.1f} ({long:.0f} / {short:.1f} ms)")  # fmt: skip
    found, _ = bench_pages(svc, client, toy_played)
    print(f"    the toy game, whose state is the same size at any length: {ratios(found)}")


def main():
    """Figure 16 alone, on a Redis of its own: `python -m tests.bench_pages`."""
    from pathlib import Path

    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Services, Settings

    os.environ.setdefault("TABLELOG_EXTRA_GAMES", "tests.toygame")
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data)).start()
        try:
            report(Services(Settings.from_env(redis_url=server.url)))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
