"""An import passes every check an append passes, event by event, or is refused with the
line and the reason; nothing is written (how each line is parsed: tests/api/test_malformed.py).
Each log here has its hashes recomputed, so only the
checks on the events themselves can refuse it."""

import json

import pytest

from events.envelope import GENESIS, envelope_hash
from tests.api.helpers import add, append, create_toy, retract
from workers.jobs import resolve_pending
from workers.queue import job_id


def exported(client, services) -> list[dict]:
    """Created, ann 5, ben 5, the tally (seq 4, caused by 3), ann 1, ben 1."""
    game_id, token = create_toy(client, goal=1000, tally_every=10)
    append(client, game_id, token, add("ann", 5))
    append(client, game_id, token, add("ben", 5))
    resolve_pending(services, game_id)
    append(client, game_id, token, add("ann", 1))
    append(client, game_id, token, add("ben", 1))
    body = client.get(f"/api/games/{game_id}/export").data
    return [json.loads(line) for line in body.splitlines()]


def rechained(log: list[dict]) -> bytes:
    """The log with every hash recomputed, as someone forging a log would."""
    prev = GENESIS
    lines = []
    for envelope in log:
        envelope = {**envelope, "prev_hash": prev}
        envelope["hash"] = envelope_hash(envelope)
        prev = envelope["hash"]
        lines.append(json.dumps(envelope))
    return "\n".join(lines).encode()


def changed(log, at, **fields):
    return [({**e, **fields} if e["seq"] == at else e) for e in log]


def copied(envelope):
    """An envelope to forge another from: a player's action, without the recorder's mark."""
    return {k: v for k, v in envelope.items() if k != "recorded_by"}


def derived_by_admin(log):
    tally = {**copied(log[1]), "seq": 4, "event_id": "55555555-5555-4555-8555-555555555555",
             "type": "toy.tallied", "schema_version": 1, "actor": "admin", "caused_by": None,
             "payload": {"total": 10, "explanation": {}}}  # fmt: skip
    return [*log[:3], tally]


def retract_of_an_older_action(log):
    withdraw = {**copied(log[1]), "seq": len(log) + 1,
                "event_id": "66666666-6666-4666-8666-666666666666", "type": "retract",
                "schema_version": 1, "actor": "admin",
                "payload": {"seq": 2, "reason": ""}}  # fmt: skip
    return [*log, withdraw]


CASES = {
    "a derived event written by admin": (derived_by_admin, 4, "derived"),
    "a retract of an older action": (retract_of_an_older_action, 7, "LOG-RETRACT"),
    "a repeated event_id": (lambda log: changed(log, 3, event_id=log[1]["event_id"]), 3, "seq 2"),
    "a null event_id": (lambda log: changed(log, 3, event_id=None), 3, "event_id"),
    "an event_id with a space": (lambda log: changed(log, 3, event_id="a b"), 3, "event_id"),
    "seq true": (lambda log: changed(log, 1, seq=True), 1, "seq"),
    "an unparseable recorded_at": (
        lambda log: changed(log, 2, recorded_at="2026-13-45T99:00Z"),
        2,
        "recorded_at",
    ),
    "a caused_by that is not a seq": (lambda log: changed(log, 4, caused_by="zzz"), 4, "caused_by"),
    "a caused_by on a player's event": (lambda log: changed(log, 2, caused_by=1), 2, "caused_by"),
    "a type that is not a string": (lambda log: changed(log, 2, type=5), 2, "type"),
    "a schema_version that is a string": (
        lambda log: changed(log, 2, schema_version="1"),
        2,
        "schema_version",
    ),
    "an actor not of the creation": (
        lambda log: changed(log, 2, actor="player:mallory"),
        2,
        "mallory",
    ),
    "a second creation": (
        lambda log: changed(
            log, 3, type="toy.created", schema_version=1, payload=log[0]["payload"]
        ),
        3,
        "created once",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_an_import_is_refused_at_the_event_an_append_would_refuse(client, services, case):
    log = exported(client, services)
    assert log[3]["type"] == "toy.tallied" and len(log) == 6
    forge, seq, reason = CASES[case]
    response = client.post("/api/games/import", data=rechained(forge(log)))
    assert response.status_code == 400, response.json
    assert list(response.json["errors"]) == [f"line {seq}"]
    assert reason in str(response.json["errors"][f"line {seq}"])
    assert len(client.get("/api/games").json["items"]) == 1  # only the exported game


def test_a_sound_log_with_its_tally_and_a_retract_imports_whole(client, services):
    log = exported(client, services)
    imported = client.post("/api/games/import", data=rechained(log))
    assert imported.status_code == 201, imported.json
    new_id, token = imported.json["id"], imported.json["token"]
    assert append(client, new_id, token, retract(6)).status_code == 201
    assert client.get(f"/api/games/{new_id}/state").json["state"]["total"] == 11
    assert client.get(f"/api/games/{new_id}/verify").json["ok"] is True


def test_an_import_with_an_action_after_the_game_ended_is_refused_there(client):
    """LOG-FINISHED holds for an imported log as for an append: ann reached the goal at seq 2,
    so ben's action at seq 3 could not have been recorded."""
    game_id, token = create_toy(client, goal=5, tally_every=100)
    append(client, game_id, token, add("ann", 5))
    exported = client.get(f"/api/games/{game_id}/export").data
    log = [json.loads(line) for line in exported.splitlines()]
    after = {**copied(log[1]), "seq": 3, "event_id": "77777777-7777-4777-8777-777777777777",
             "actor": "player:ben", "payload": {"player": "ben", "amount": 1}}  # fmt: skip
    response = client.post("/api/games/import", data=rechained([*log, after]))
    assert response.status_code == 400, response.json
    assert list(response.json["errors"]) == ["line 3"]
    assert "LOG-FINISHED" in str(response.json["errors"]["line 3"])


def test_an_imported_log_with_a_phase_due_at_its_head_has_its_job(app, client):
    """A fork or a creation whose head has a phase due enqueues its job; an import did not,
    so the phase waited for the worker's sweep, a minute (found by the soak)."""
    game_id, token = create_toy(client, goal=1000, tally_every=10)
    append(client, game_id, token, add("ann", 5))
    append(client, game_id, token, add("ben", 5))  # a tally is due; no worker runs
    imported = client.post(
        "/api/games/import", data=client.get(f"/api/games/{game_id}/export").data
    )
    assert imported.status_code == 201, imported.json
    assert imported.json["pending"] == "tally"
    assert app.extensions["tablelog.queue"].fetch(job_id(imported.json["id"], 3)) is not None
