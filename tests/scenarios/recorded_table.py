"""A Burn Rate table recorded through the HTTP API, with a real worker ending the turns.

It has the interface of the pure `Table` of the rules tests, so the same scenarios drive
both: `record` posts an action, `refused` expects a 422 with the rule id, `settle` waits for
the worker to resolve the turn's end and returns the derived events it appended.
"""

from tests.conftest import wait_for
from tests.games.burnrate.table import Table


class RecordedTable(Table):
    client = None  # set by the fixture that makes these tables

    def __init__(self, players, labor_pool, dealer=None, **options):
        options = {"dealer": dealer, "labor_pool": labor_pool, **options}
        response = self.client.post(
            "/api/games", json={"kind": "burnrate", "players": players, "options": options}
        )
        assert response.status_code == 201, response.json
        self.game_id, self.token = response.json["id"], response.json["token"]
        self.href = f"/api/games/{self.game_id}"
        self.seen = 1
        self.derived = []

    @property
    def state(self):
        return self.client.get(f"{self.href}/state").json["state"]

    def post(self, name, actor, payload):
        actor = actor or f"player:{payload['player']}"
        body = {"type": f"burnrate.{name}", "actor": actor, "payload": payload}
        headers = {"Authorization": f"Bearer {self.token}"}
        return self.client.post(f"{self.href}/events", json=body, headers=headers)

    def record(self, name, actor=None, **payload):
        response = self.post(name, actor, payload)
        assert response.status_code == 201, response.json
        return self.state

    def refused(self, name, rule, actor=None, **payload):
        version = self.client.get(self.href).json["version"]
        response = self.post(name, actor, payload)
        assert response.status_code == 422, response.json
        assert response.json["rule"] == rule, response.json
        assert self.client.get(self.href).json["version"] == version
        return response.json

    def settle(self):
        """Wait for the worker; the derived events it appended since the last look."""
        summary = wait_for(lambda: (s := self.client.get(self.href).json)["pending"] is None and s)
        log = self.client.get(f"{self.href}/events?after={self.seen}&limit=1000").json["items"]
        self.seen = summary["version"]
        derived = [{"type": e["type"], "payload": e["payload"]} for e in log
                   if e["actor"].startswith("system:")]  # fmt: skip
        self.derived.extend(derived)
        return derived
