"""Bankruptcy through the API (games/fcm/bankruptcy.py, FCM-DINNER-5): the table's choice at
creation, checked by the schema; a chain gone bankrupt under the designer's ruling is waited on
by nobody, and an action recorded for it is refused as a problem naming the rule."""

from tests.api.helpers import append
from tests.games.fcm.table import layout_for
from tests.games.fcm.test_bankruptcy import two_houses
from workers.jobs import resolve_pending


def test_a_reading_that_is_neither_is_refused_naming_the_field(client):
    body = {"kind": "fcm", "players": ["ann", "bob"],
            "options": {"layout": layout_for(2), "turn_order": ["ann", "bob"],
                        "bankruptcy": "sometimes"}}  # fmt: skip
    refused = client.post("/api/games", json=body)
    assert refused.status_code in (400, 422), refused.json
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert "bankruptcy" in str(refused.json["errors"]), refused.json
    assert client.get("/api/games").json["items"] == []


def test_an_action_for_a_bankrupt_chain_is_refused_naming_the_rule(client, services):
    """FCM-DINNER-5: ann goes bankrupt at house 2; payday waits for bob only, and ann's firing
    is refused, saying she is bankrupt; nothing is written."""
    position = two_houses().state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": position}}
    created = client.post("/api/games", json=body).json
    resolve_pending(services, created["id"])
    waiting = client.get(f"/api/games/{created['id']}/next").json
    assert waiting["from"] == ["player:bob"], waiting
    version = client.get(f"/api/games/{created['id']}").json["version"]
    fired = {"type": "fcm.fired", "actor": "player:ann", "payload": {"player": "ann", "cards": []}}
    refused = append(client, created["id"], created["seats"]["ann"], fired)
    assert refused.status_code == 422 and refused.json["rule"] == "FCM-DINNER-5", refused.json
    assert "ann is bankrupt" in refused.json["detail"]
    assert "the chains still playing: bob" in refused.json["detail"]  # what may be recorded
    assert client.get(f"/api/games/{created['id']}").json["version"] == version
