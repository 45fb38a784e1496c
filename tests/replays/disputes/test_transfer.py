"""An exported game carries its disputes after its events; an import restores them with
their chain checked, and an export made before disputes existed still imports."""

import json

from events import keys
from tests.api.helpers import append, retract
from tests.replays.disputes.test_threads import opened, played, post


def exported(client, game_id) -> list[dict]:
    response = client.get(f"/api/games/{game_id}/export")
    assert response.status_code == 200
    return [json.loads(line) for line in response.data.decode().splitlines()]


def imported(client, lines: list[dict]):
    body = "\n".join(json.dumps(line) for line in lines) + "\n"
    return client.post("/api/games/import", data=body, content_type="application/x-ndjson")


def disputed(client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=3)
    post(client, game_id, token, "/1/replies", {"author": "player:ben", "text": "no"})
    assert append(client, game_id, token, retract(6)).status_code == 201
    body = {"outcome": "upheld", "correcting_seq": 7, "author": "admin", "text": "retracted"}
    assert post(client, game_id, token, "/1/resolution", body).status_code == 201
    opened(client, game_id, token, seq=5, text="still open")
    return game_id, token


def test_the_disputes_follow_the_events_and_come_back_on_import(client):
    game_id, _ = disputed(client)
    lines = exported(client, game_id)
    assert ["kind" in line for line in lines] == [False] * 7 + [True] * 4
    assert [line["kind"] for line in lines[7:]] == [
        "dispute.opened", "dispute.replied", "dispute.resolved", "dispute.opened"
    ]  # fmt: skip
    answer = imported(client, lines)
    assert answer.status_code == 201, answer.json
    new_id = answer.json["id"]
    assert exported(client, new_id) == lines
    listed = client.get(f"/api/games/{new_id}/disputes").json
    assert listed["disputes_ok"] is True
    assert [(d["id"], d["status"]) for d in listed["items"]] == [(1, "upheld"), (2, "open")]
    assert client.get(f"/api/games/{new_id}/verify").json["ok"] is True


def test_an_export_without_disputes_imports_as_before(client, redis_client):
    game_id, _ = played(client)
    answer = imported(client, exported(client, game_id))
    assert answer.status_code == 201
    assert redis_client.exists(keys.disputes(answer.json["id"])) == 0


def test_a_dispute_line_that_does_not_hold_refuses_the_import_naming_its_line(client):
    game_id, _ = disputed(client)
    lines = exported(client, game_id)
    changed = [*lines[:8], {**lines[8], "text": "I never said that"}, *lines[9:]]
    answer = imported(client, changed)
    assert answer.status_code == 400
    assert "hash" in answer.json["errors"]["line 9"][0]
    out_of_place = [*lines[:7], lines[8], lines[7], *lines[9:]]
    assert "line 8" in imported(client, out_of_place).json["errors"]
    event_after = [*lines[:7], lines[7], lines[6]]
    assert "line 9" in imported(client, event_after).json["errors"]
    games = client.get("/api/games").json["items"]
    assert [g["id"] for g in games] == [game_id]


def test_disputes_cannot_be_moved_onto_another_log(client):
    game_id, _ = disputed(client)
    other, _ = played(client)
    events = exported(client, other)
    answer = imported(client, events + exported(client, game_id)[7:])
    assert answer.status_code == 400
    assert "prev_hash" in answer.json["errors"][f"line {len(events) + 1}"][0]
