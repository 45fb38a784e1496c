"""Toy tables (tests/toygame): writers racing for real. Each player has two tablets on its seat's
token, each reading the game and, when it awaits that player, adding 1 to 9 at the version it
read (`expected_version` with an event id, or If-Match with an Idempotency-Key): the two race
each other, and the losers are answered 409 or 412. While a tally is due the game awaits the
worker, and a tablet adds now and then all the same (the toy game takes it), racing the
worker. Every few seconds the table's recorder does something else with a key: an undo (and
then a redo, half the time), a dispute on a past seq, a fork, or an export imported as a new
game.
"""

import json
import random
import threading

from tests.soak.client import TimeUp, bearer
from tests.soak.tables import Refused, Table

PLAYERS = ("ann", "ben", "cat")
TABLETS = 2  # a player's
LOOKS = (0.1, 0.3)  # seconds between a tablet's looks at the game
THINKS = (0.2, 0.8)  # seconds a player thinks after adding
IMPATIENT = 0.2  # the share of looks at a game with a tally due that add all the same
OPTIONS = {"goal": 300, "tally_every": 10, "resolve_delay": 0.02}


def play_toy(soak) -> Table:
    rng = random.Random(soak.rng_seed())
    game = Table(soak, "toy", PLAYERS[: rng.choice((2, 3))], **OPTIONS)
    game.won = False
    over = threading.Event()
    tablets = [
        threading.Thread(target=tablet, args=(soak, game, player, over), daemon=True)
        for player in game.created["players"]
        for _ in range(TABLETS)
    ]
    for thread in tablets:
        thread.start()
    try:
        while not over.wait(rng.uniform(2.0, 6.0)):
            soak.check_time()
            extra = rng.choice((undo, undo, dispute, fork, export_imported))
            extra(soak, game, rng)
    except TimeUp:
        pass
    finally:
        over.set()
        for thread in tablets:
            thread.join()
    if not game.won:
        soak.check_time()
        raise Refused("its tablets stopped before it was won")
    return game


def tablet(soak, game, player: str, over: threading.Event) -> None:
    """One tablet of `player`: add when the game awaits that player, until it is won or time
    is up; now and then while a tally is due too, racing the worker (the toy game takes it)."""
    rng = random.Random(soak.rng_seed())
    headers = bearer(game.seats[player])
    try:
        while not over.is_set():
            soak.check_time()
            summary = game.summary()
            if summary["status"] == "finished":
                game.won = True
                over.set()
                return
            version, awaiting = summary["version"], summary["awaiting"] or {}
            mine = f"player:{player}" in awaiting.get("from", [])
            if not mine and summary["pending"] and rng.random() < IMPATIENT:
                state = game.client.get(f"{game.href}/state").json
                version, state = state["version"], state["state"]
                mine = state["players"][state["turn"]] == player and not state["winner"]
            if not mine:
                over.wait(rng.uniform(*LOOKS))
                continue
            body = {
                "type": "toy.added",
                "actor": f"player:{player}",
                "payload": {"player": player, "amount": rng.randint(1, 9)},
            }
            if rng.random() < 0.5:
                body.update(event_id=soak.event_id(), expected_version=version)
                soak.append(game.game_id, f"{game.href}/events", body, headers)
            else:
                keyed = {**headers, "Idempotency-Key": soak.key("add"), "If-Match": f'"{version}"'}
                soak.append(game.game_id, f"{game.href}/events", body, keyed)
            over.wait(rng.uniform(*THINKS))
    except TimeUp:
        pass
    except Exception as error:
        soak.failed(f"toy game {game.game_id}, {player}'s tablet", error)
        over.set()


def undo(soak, game, rng) -> None:
    """The recorder undoes the last few actions, and half the time redoes them."""
    version = game.summary()["version"]
    if version < 3:
        return
    body = {"to": version - rng.randint(1, 4), "reason": "the soak's undo"}
    headers = bearer(game.token, **{"Idempotency-Key": soak.key("undo")})
    answer = soak.append(game.game_id, f"{game.href}/undo", body, headers)
    soak.figures.add("undos", answer.ok)
    if answer.ok and rng.random() < 0.5:
        headers = bearer(game.token, **{"Idempotency-Key": soak.key("redo")})
        soak.figures.add("redos", soak.append(game.game_id, f"{game.href}/redo", {}, headers).ok)


def dispute(soak, game, rng) -> None:
    """A player disputes a past seq from their tablet."""
    version = game.summary()["version"]
    player = rng.choice(game.created["players"])
    body = {"seq": rng.randint(1, version), "author": f"player:{player}", "text": "not so"}
    headers = bearer(game.seats[player], **{"Idempotency-Key": soak.key("dispute")})
    answer = soak.write(f"{game.href}/disputes", body, headers)
    if answer.ok:
        soak.ledger.dispute_opened(game.game_id, answer.json["id"])
        soak.figures.add("disputes")


def fork(soak, game, rng) -> None:
    """Anyone forks the game at a past seq."""
    at = rng.randint(1, game.summary()["version"])
    soak.make_game(
        f"{game.href}/forks", {"at": at}, "toy", "forked", origin=game.game_id, copied=at
    )


def export_imported(soak, game, rng) -> None:
    """The game's export, imported as a new game. Its events are the original's (the lines
    before its dispute entries): a retry's answer says the game as it is now, maybe past a
    phase its worker resolved since (docs/architecture.md, "Idempotency")."""
    log = game.client.get(f"{game.href}/export").json
    copied = sum(1 for line in log.splitlines() if "kind" not in json.loads(line))
    soak.make_game(
        "/api/games/import",
        log.encode(),
        "toy",
        "imported",
        origin=game.game_id,
        copied=copied,
        headers={"Content-Type": "application/x-ndjson"},
    )
