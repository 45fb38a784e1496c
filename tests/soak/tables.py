"""Burn Rate and Food Chain Magnate tables, played through the HTTP API by the scenarios'
strategies (tests/games/burnrate/test_whole_game.py, tests/scenarios/fcm_strategy.py), each
action sent by two tablets racing.

`Table` has the interface the strategies drive (`record`, `state`, `settle`, `client`,
`href`), as tests/scenarios/recording.py does for the test client, but every write is raced:

- "twins": the player's tablet (its seat's token) and the table's recorder's tablet send the
  same action at once, each with an event id of its own and the version both read (one as
  `expected_version`, the other as If-Match): one is written, the other answers 409 or 412;
- "retry": one tablet sends the action twice at once with one event id, as a client that
  thinks its first request lost: both answer the one event.

Either way the strategy goes on from the state read back. A version moved by the worker in
between is read again and the action sent again.
"""

import random
import threading

from tests.games.burnrate import test_whole_game as whole_game
from tests.games.burnrate.table import Table as PureBurnRateTable
from tests.games.fcm.table import layout_for
from tests.scenarios.fcm_strategy import TWO

RACE_AGAIN = 5  # an action sent again after the version moved under both tablets


class Refused(Exception):
    """The service refused what the strategy decided: the table cannot go on with this game."""


class Table:
    def __init__(self, soak, kind: str, players, **options):
        self.soak, self.kind, self.client = soak, kind, soak.api
        self.rng = random.Random(soak.rng_seed())
        soak.playing(self)
        body = {"kind": kind, "players": list(players), "options": options}
        answer = soak.make_game("/api/games", body, kind, "created")
        self.created = answer
        self.game_id, self.token, self.seats = answer["id"], answer["token"], answer["seats"]
        self.href = f"/api/games/{self.game_id}"
        self.version = self.seen = answer["version"]

    @property
    def state(self):
        answer = self.client.get(f"{self.href}/state").json
        self.version = answer["version"]
        return answer["state"]

    def summary(self) -> dict:
        return self.client.get(self.href).json

    def token_of(self, actor: str) -> str:
        return self.seats.get(actor.removeprefix("player:"), self.token)

    def record(self, name, actor=None, **payload):
        """Send an action as two racing tablets; the state after it."""
        if "." not in name:
            name = f"{self.kind}.{name}"
        player = payload.get("player")
        actor = actor or (f"player:{player}" if isinstance(player, str) else "admin")
        event = {"type": name, "actor": actor, "payload": payload}
        for _ in range(RACE_AGAIN):
            self.soak.check_time()
            answers = self.race(event, self.version)
            if any(a.ok for a in answers):
                return self.state
            if any(a.status_code not in (409, 412) for a in answers):
                break
            self.soak.figures.add("actions sent again after the worker moved the version")
            self.state  # noqa: B018 (reads the version the worker moved to)
        problems = [(a.status_code, a.json) for a in answers]
        raise Refused(f"{name} {payload} at version {self.version}: {problems}")

    def race(self, event: dict, version: int) -> list:
        """Two posts of one action at once, "twins" or "retry" (above); their answers."""
        path = f"{self.href}/events"
        if self.rng.random() < 0.5:
            first = self.soak.event_id()
            posts = [
                (
                    dict(event, event_id=first, expected_version=version),
                    {"Authorization": f"Bearer {self.token_of(event['actor'])}"},
                ),
                (
                    dict(event, event_id=self.soak.event_id()),
                    {"Authorization": f"Bearer {self.token}", "If-Match": f'"{version}"'},
                ),
            ]
        else:
            body = dict(event, event_id=self.soak.event_id(), expected_version=version)
            headers = {"Authorization": f"Bearer {self.token_of(event['actor'])}"}
            posts = [(body, headers), (body, headers)]
        answers = [None, None]

        alone = posts[0][0]["event_id"] != posts[1][0]["event_id"]

        def send(i):
            answers[i] = self.soak.append(self.game_id, path, *posts[i], alone=alone)

        threads = [threading.Thread(target=send, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if not alone:
            self.soak.same_event(self.game_id, answers)
        elif all(answer.ok for answer in answers):
            self.soak.ledger.conflicts.append(
                f"game {self.game_id}: both tablets' {event['type']} written at version {version}"
            )
        return answers

    def settle(self):
        """Wait until no phase is due; the worker's events since the last look."""
        summary = self.soak.settled(self.game_id)
        derived = [
            {"type": e["type"], "payload": e["payload"]}
            for e in self.events(after=self.seen)
            if e["actor"].startswith("system:")
        ]
        self.seen = self.version = summary["version"]
        return derived

    def events(self, after=0):
        return self.client.pages(f"{self.href}/events?after={after}&limit=500")


class BurnRateTable(Table, PureBurnRateTable):
    """The Burn Rate rules tests' table (`company`, `end_turn`, ...) over the API."""

    def __init__(self, soak, players, labor_pool, dealer=None, **options):
        Table.__init__(
            self, soak, "burnrate", players, dealer=dealer, labor_pool=labor_pool, **options
        )
        self.derived = []

    def settle(self):
        derived = Table.settle(self)
        self.derived.extend(derived)
        return derived


def play_burnrate(soak) -> Table:
    """The three-player game of the Burn Rate rules tests, to its winner."""

    def table(players, labor_pool, dealer=None, **options):
        return BurnRateTable(soak, players, labor_pool, dealer, **options)

    plays = {"ann": whole_game.ann_plays, "bob": whole_game.bob_plays, "cat": whole_game.cat_plays}
    game = whole_game.new_game(table)
    while not (state := game.state)["winner"]:
        plays[state["turn"]["player"]](game, state["turn"]["number"])
    return game


def play_fcm(soak) -> Table:
    """The two-player game of the FCM scenarios, to the bank's second break."""
    players = list(TWO.products)
    game = Table(soak, "fcm", players, layout=layout_for(len(players)), turn_order=players)
    TWO.play(game)
    return game
