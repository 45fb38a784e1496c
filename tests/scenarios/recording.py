"""A game of any kind recorded through the HTTP API, as a table's tablet records it.

Scenario tests of every game drive the service through this one class rather than each
writing its own posts, waits and replays:

    table = RecordingTable(client, "rps", ["ann", "ben"], rounds=3)
    table.record("throw_sealed", player="ann", commitment=...)   # 201, answers the state
    table.refused("throw_revealed", "RPS-REVEAL-1", player="ann", ...)  # 422 naming the rule
    table.settle()                                   # the worker's events, once none is due
    table.verify()

`name` is an event type with or without the kind ("throw_sealed", "rps.throw_sealed"). The
actor is `player:<payload's player>` unless given (`actor="admin"`), and every post carries
the table recorder's token. `state` is read back from the service each time, as the pure
tables of the games' tests keep it, so one scenario can drive both.
"""

from tests.conftest import wait_for


class RecordingTable:
    def __init__(self, client, kind, players, **options):
        self.client, self.kind = client, kind
        answer = client.post(
            "/api/games", json={"kind": kind, "players": list(players), "options": options}
        )
        assert answer.status_code == 201, answer.json
        self.created = answer.json
        self.game_id, self.token = answer.json["id"], answer.json["token"]
        self.seats = answer.json["seats"]
        self.href = f"/api/games/{self.game_id}"
        self.seen = answer.json["version"]

    @property
    def state(self):
        return self.client.get(f"{self.href}/state").json["state"]

    def summary(self) -> dict:
        return self.client.get(self.href).json

    def post(self, name, actor, payload):
        """The raw answer to one event posted with the table's token."""
        if "." not in name:
            name = f"{self.kind}.{name}"
        player = payload.get("player")
        actor = actor or (f"player:{player}" if isinstance(player, str) else "admin")
        body = {"type": name, "actor": actor, "payload": payload}
        headers = {"Authorization": f"Bearer {self.token}"}
        return self.client.post(f"{self.href}/events", json=body, headers=headers)

    def record(self, name, actor=None, **payload):
        """Record an action (201, else the assertion says why); the state after it."""
        answer = self.post(name, actor, payload)
        assert answer.status_code == 201, (name, payload, answer.json)
        return self.state

    def refused(self, name, rule, actor=None, **payload):
        """Expect a 422 naming `rule` (a game's rule id, or the log's own code) and nothing
        written; the problem document."""
        version = self.summary()["version"]
        answer = self.post(name, actor, payload)
        assert answer.status_code == 422, answer.json
        assert rule in (answer.json.get("rule"), answer.json.get("code")), answer.json
        assert self.summary()["version"] == version
        return answer.json

    def settle(self, timeout=30.0):
        """Wait until the worker has resolved every phase due; the events it appended since
        the last look, each `{"type", "payload"}`."""
        summary = wait_for(lambda: (s := self.summary())["pending"] is None and s, timeout)
        derived = [{"type": e["type"], "payload": e["payload"]}
                   for e in self.events(after=self.seen)
                   if e["actor"].startswith("system:")]  # fmt: skip
        self.seen = summary["version"]
        return derived

    def events(self, after=0):
        """The log after seq `after`, page after page."""
        found = []
        while page := self.client.get(f"{self.href}/events?after={after}&limit=500").json["items"]:
            found += page
            after = page[-1]["seq"]
        return found

    def steps(self, to=None):
        """Every step of the replay from 1 (to `to`, else the head), page after page."""
        found, url = [], f"{self.href}/replay?from=1" + (f"&to={to}" if to else "")
        while url:
            answer = self.client.get(url).json
            found += answer["steps"]
            url = answer["next"]
        return found

    def verify(self) -> dict:
        """GET .../verify, which must hold; its answer."""
        verdict = self.client.get(f"{self.href}/verify").json
        assert verdict["ok"] is True, verdict
        return verdict
