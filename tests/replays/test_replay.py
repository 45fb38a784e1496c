"""Stepping through history, verifying, exporting and importing a game."""

import json

from events import keys
from tests.api.helpers import add, append, create_toy, retract


def played(client, moves=6, **options):
    game_id, token = create_toy(client, **{"tally_every": 1000, "goal": 1000, **options})
    for n in range(moves):
        response = append(client, game_id, token, add(["ann", "ben"][n % 2], n % 9 + 1))
        assert response.status_code == 201
    return game_id, token


def test_a_step_shows_the_event_the_state_after_and_the_patch(client):
    game_id, _ = played(client)
    step = client.get(f"/api/games/{game_id}/replay/4").json
    assert step["event"]["seq"] == 4 and step["event"]["payload"]["amount"] == 3
    assert step["state"]["total"] == 6
    assert {"op": "replace", "path": "/total", "value": 6} in step["patch"]
    assert step["explanation"] is None
    assert client.get(f"/api/games/{game_id}/replay/1").json["patch"] == []
    assert client.get(f"/api/games/{game_id}/replay/99").status_code == 404


def test_a_range_of_steps_folds_once_and_pages(client):
    game_id, _ = played(client)
    steps = client.get(f"/api/games/{game_id}/replay?from=2&to=5").json["steps"]
    assert [s["event"]["seq"] for s in steps] == [2, 3, 4, 5]
    assert [s["state"]["total"] for s in steps] == [1, 3, 6, 10]
    singles = [client.get(f"/api/games/{game_id}/replay/{n}").json for n in range(2, 6)]
    assert steps == singles
    assert client.get(f"/api/games/{game_id}/replay?from=5&to=2").status_code == 400


def test_each_step_says_its_event_in_words_as_its_game_tells_it(client):
    """`text` is the game's describe() where it has one (Burn Rate), else the machinery's
    generic sentence (the toy game), and a retract's own words."""
    game_id, token = played(client, moves=3)
    assert append(client, game_id, token, retract(4, reason="wrong amount")).status_code == 201
    steps = client.get(f"/api/games/{game_id}/replay?from=3&to=5").json["steps"]
    assert [s["text"] for s in steps] == [
        "ben recorded “added” (amount 2, player ben)",
        "ann recorded “added” (amount 3, player ann)",
        "the table's recorder withdrew step 4: wrong amount",
    ]
    assert steps[1]["event"]["withdrawn_by"] == 5
    assert client.get(f"/api/games/{game_id}/replay/4").json["text"] == steps[1]["text"]

    game = client.post("/api/games", json=BURNRATE).json
    drafted = {"type": "burnrate.employee_drafted", "actor": "player:joe",
               "payload": {"player": "joe", "department": "finance", "revealed": None}}  # fmt: skip
    assert append(client, game["id"], game["token"], drafted).status_code == 201
    step = client.get(f"/api/games/{game['id']}/replay/2").json
    assert step["text"].startswith("joe hired Ben Zhao (finance)"), step["text"]


def test_each_step_says_its_changes_why_and_where_as_its_game_does(client):
    """`changes`, `why` and `where` beside `patch` and `explanation`: a game's own words
    (Burn Rate), else the patch dotted, no reasons and nowhere (the toy game)."""
    game_id, _ = played(client, moves=3)
    step = client.get(f"/api/games/{game_id}/replay/4").json
    assert step["changes"] == ["turn: 0 → 1", "total: 3 → 6"]
    assert step["why"] is None and step["where"] is None

    game = client.post("/api/games", json=BURNRATE).json
    drafted = {"type": "burnrate.employee_drafted", "actor": "player:joe",
               "payload": {"player": "joe", "department": "finance", "revealed": None}}  # fmt: skip
    assert append(client, game["id"], game["token"], drafted).status_code == 201
    step = client.get(f"/api/games/{game['id']}/replay/2").json
    assert step["changes"] == ["next to hire: ruth", "Ben Zhao (finance) joined joe's company",
                               "face up on the finance pile: Ben Zhao → nobody"]  # fmt: skip
    assert step["why"] == [] and step["where"] == "The first hire"
    assert step["patch"] and step["explanation"] is None
    first = client.get(f"/api/games/{game['id']}/replay/1").json
    assert first["changes"] == [] and first["where"] == "The first hire"


PILES = [("sales", "Martin Able", 1), ("development", "Brad Duke", 2), ("hr", "Tony Fuji", 1),
         ("finance", "Ben Zhao", 3)]  # fmt: skip
BURNRATE = {
    "kind": "burnrate",
    "players": ["joe", "ruth"],
    "options": {"dealer": "joe", "labor_pool": {
        department: {"name": name, "department": department, "skill": skill, "salary": skill,
                     "vp": department == "finance", "engineer": False}
        for department, name, skill in PILES
    }},
}  # fmt: skip


def test_verify_passes_a_sound_log_and_survives_dropped_caches(client, redis_client):
    game_id, _ = played(client, moves=25)
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True
    before = client.get(f"/api/games/{game_id}/state?at=17").json
    redis_client.delete(keys.states(game_id), keys.head(game_id))
    assert client.get(f"/api/games/{game_id}/state?at=17").json == before
    assert client.get(f"/api/games/{game_id}/state").json["version"] == 26


def tamper(redis_client, game_id, seq, change):
    """Rewrite the log with one event's bytes changed, as someone with Redis access could."""
    tamper_stream(redis_client, keys.events(game_id), seq, change)


def tamper_stream(redis_client, stream, seq, change):
    """Rewrite `stream` with the bytes of its entry `seq` changed."""
    entries = redis_client.xrange(stream)
    redis_client.delete(stream)
    for entry_id, fields in entries:
        raw = fields[b"e"]
        if entry_id == f"{seq}-0".encode():
            raw = change(raw)
        redis_client.xadd(stream, {b"e": raw}, id=entry_id)


def test_verify_names_the_seq_of_one_changed_byte(client, redis_client):
    game_id, _ = played(client, moves=8)
    tamper(redis_client, game_id, 5, lambda raw: raw.replace(b'"amount":4', b'"amount":5'))
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert verdict["ok"] is False
    assert verdict["first_bad_seq"] == 5 and verdict["problem"] == "hash"


def test_verify_names_a_byte_that_breaks_the_json(client, redis_client):
    game_id, _ = played(client, moves=8)
    tamper(redis_client, game_id, 3, lambda raw: raw[:-1] + b"!")
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert (verdict["ok"], verdict["first_bad_seq"]) == (False, 3)


def test_verify_names_a_stale_cache(client, redis_client):
    game_id, _ = played(client, moves=12)
    [member] = redis_client.zrangebyscore(keys.states(game_id), 10, 10)
    seal, _, body = member.partition(b" ")
    record = json.loads(body)
    record["state"]["total"] = 999
    redis_client.zrem(keys.states(game_id), member)
    redis_client.zadd(keys.states(game_id), {seal + b" " + json.dumps(record).encode(): 10})
    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert (verdict["first_bad_seq"], verdict["problem"]) == (10, "cache")


def test_export_then_import_gives_the_same_log_under_a_new_id(client):
    game_id, token = played(client, moves=12)
    append(client, game_id, token, retract(13))
    exported = client.get(f"/api/games/{game_id}/export")
    assert exported.content_type == "application/x-ndjson"
    lines = exported.data.splitlines()
    assert len(lines) == 14
    imported = client.post(
        "/api/games/import", data=exported.data, content_type="application/x-ndjson"
    )
    assert imported.status_code == 201, imported.json
    new_id = imported.json["id"]
    assert new_id != game_id and imported.json["token"] != token
    assert client.get(f"/api/games/{new_id}/export").data == exported.data
    assert (
        client.get(f"/api/games/{new_id}/state").json["state"]
        == (client.get(f"/api/games/{game_id}/state").json["state"])
    )
    assert client.get(f"/api/games/{new_id}/verify").json["ok"] is True
    assert client.get(f"/api/games/{new_id}/events/13").json["withdrawn_by"] == 14
    new_token = imported.json["token"]
    assert append(client, new_id, new_token, add("ben", 1)).status_code == 201


def test_import_refuses_a_log_that_does_not_verify(client):
    game_id, _ = played(client, moves=4)
    lines = client.get(f"/api/games/{game_id}/export").data.splitlines()
    altered = lines[2].replace(b'"amount":2', b'"amount":3')
    for body, where in [
        (b"\n".join(lines[:2] + [altered] + lines[3:]), "line 3"),
        (b"\n".join(lines[1:]), "line 1"),
        (b"not json", "line 1"),
        (b"", "body"),
    ]:
        response = client.post("/api/games/import", data=body)
        assert response.status_code == 400, body
        assert where in response.json["errors"]
    assert len(client.get("/api/games").json["items"]) == 1


def test_an_old_schema_version_is_upcast_when_read(client, services):
    """toy.added v1 called the amount `n`; a v1 event written long ago still folds."""
    game_id, _ = create_toy(client, tally_every=100)
    version, head_hash = services.store.head(game_id)
    old = {"event_id": "33333333-3333-4333-8333-333333333333", "type": "toy.added",
           "schema_version": 1, "actor": "player:ann", "payload": {"player": "ann", "n": 7},
           "occurred_at": None, "caused_by": None}  # fmt: skip
    services.store.append(game_id, [old], version, head_hash)
    services.redis.delete(keys.head(game_id))
    assert client.get(f"/api/games/{game_id}/state").json["state"]["total"] == 7
    assert client.get(f"/api/games/{game_id}/events/2").json["schema_version"] == 1
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_a_log_larger_than_an_action_body_imports(client, services):
    """Appends are capped at 1 MiB a body; an import takes a whole log."""
    game_id, _ = played(client, moves=2, goal=10**6, tally_every=10**6)
    for _ in range(40):
        batch = [add(["ann", "ben"][i % 2], 1) for i in range(100)]
        services.recorder.record(game_id, batch)
    exported = client.get(f"/api/games/{game_id}/export").data
    assert len(exported) > 1024 * 1024
    imported = client.post("/api/games/import", data=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["version"] == 4003
    too_big = client.post("/api/games/import", data=b" " * (65 * 1024 * 1024))
    assert too_big.status_code == 413
