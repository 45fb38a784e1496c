"""Creating, listing and reading games through the HTTP API."""

from freezegun import freeze_time

from tests.api.helpers import add, append, create_toy


def test_create_answers_201_with_id_token_location_and_etag(client):
    with freeze_time("2026-03-01T12:00:00Z"):
        response = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]})
    assert response.status_code == 201
    body = response.json
    assert response.headers["Location"] == f"/api/games/{body['id']}"
    assert response.headers["ETag"] == '"1"'
    assert body["token"] and body["version"] == 1 and body["status"] == "active"
    assert body["created_at"] == "2026-03-01T12:00:00.000000Z"
    first = client.get(f"/api/games/{body['id']}/events/1").json
    assert first["type"] == "toy.created" and first["recorded_at"] == body["created_at"]
    rules = first["payload"].pop("rules")  # the rules it is recorded under: tests/replays
    assert set(rules) == {"version", "digest"}
    assert first["payload"] == {
        "players": ["ann", "ben"],
        "options": {"goal": 30, "tally_every": 10, "resolve_delay": 0.0},
    }


def test_create_refuses_an_unknown_kind_and_bad_players_naming_the_field(client):
    response = client.post("/api/games", json={"kind": "chess", "players": ["a", "b"]})
    assert response.status_code == 400
    assert response.content_type == "application/problem+json"
    assert "kind" in response.json["errors"]
    response = client.post("/api/games", json={"kind": "toy", "players": ["a", "a"]})
    assert response.status_code == 400 and "players" in response.json["errors"]
    response = client.post("/api/games", json={"kind": "toy", "players": ["a"]})
    assert response.status_code == 400 and "payload" in response.json["errors"]
    assert client.get("/api/games").json["items"] == []


def test_summary_shows_version_status_and_pending_phase(client):
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    append(client, game_id, token, add("ben", 2))
    summary = client.get(f"/api/games/{game_id}")
    assert summary.headers["ETag"] == '"3"'
    assert summary.json["pending"] == "tally"
    assert summary.json["players"] == ["ann", "ben"]
    assert client.get("/api/games/01ZZZZZZZZZZZZZZZZZZZZZZZZ").status_code == 404


def test_the_game_says_what_it_waits_for_and_from_whom_at_the_head_and_at_any_step(client):
    """The summary, GET next (at the head or `at`), and every replay step name the seats that
    owe an action, what they may record, and the rule; a tally due is the worker's."""
    game_id, token = create_toy(client)
    assert client.get(f"/api/games/{game_id}").json["awaiting"] == {
        "from": ["player:ann"], "types": ["toy.added"], "what": "ann adds", "rule": "TOY-TURN-1",
    }  # fmt: skip
    append(client, game_id, token, add("ann", 9))
    append(client, game_id, token, add("ben", 2))
    assert client.get(f"/api/games/{game_id}").json["awaiting"]["from"] == ["system:tally"]
    listed = client.get("/api/games?kind=toy").json["items"]
    assert next(g for g in listed if g["id"] == game_id)["awaiting"]["from"] == ["system:tally"]
    now = client.get(f"/api/games/{game_id}/next")
    assert now.headers["ETag"] == '"3"'
    assert (now.json["version"], now.json["from"]) == (3, ["system:tally"])
    then = client.get(f"/api/games/{game_id}/next?at=2").json
    assert (then["version"], then["from"], then["what"]) == (2, ["player:ben"], "ben adds")
    assert client.get(f"/api/games/{game_id}/next?at=4").status_code == 400
    steps = client.get(f"/api/games/{game_id}/replay?from=1&to=3").json["steps"]
    assert [s["awaiting"]["from"] for s in steps] == [
        ["player:ann"], ["player:ben"], ["system:tally"]
    ]  # fmt: skip


def test_list_filters_by_kind_and_status_and_pages(client):
    ids = [create_toy(client)[0] for _ in range(5)]
    page = client.get("/api/games?limit=2").json
    assert [g["id"] for g in page["items"]] == ids[:2]
    second = client.get(page["next"]).json
    assert [g["id"] for g in second["items"]] == ids[2:4]
    last = client.get(second["next"]).json
    assert [g["id"] for g in last["items"]] == ids[4:] and last["next"] is None
    assert len(client.get("/api/games?kind=toy&status=active").json["items"]) == 5
    assert client.get("/api/games?kind=nope").json["items"] == []
    assert client.get("/api/games?status=paused").status_code == 400
    assert client.get("/api/games?limit=0").status_code == 400


def test_finishing_a_game_moves_it_in_the_status_filter(client):
    game_id, token = create_toy(client, goal=5, tally_every=100)
    assert append(client, game_id, token, add("ann", 5)).json["status"] == "finished"
    finished = client.get("/api/games?status=finished&kind=toy").json["items"]
    assert [g["id"] for g in finished] == [game_id]
    assert client.get("/api/games?status=active").json["items"] == []


def test_state_at_any_seq_and_at_the_head(client):
    game_id, token = create_toy(client, tally_every=100)
    for n, player in enumerate(["ann", "ben", "ann", "ben"], start=1):
        append(client, game_id, token, add(player, n))
    head = client.get(f"/api/games/{game_id}/state")
    assert head.json["version"] == 5 and head.json["state"]["total"] == 10
    assert head.headers["ETag"] == '"5"'
    assert client.get(f"/api/games/{game_id}/state?at=3").json["state"]["total"] == 3
    assert client.get(f"/api/games/{game_id}/state?at=9").status_code == 400
    assert client.get(f"/api/games/{game_id}/state?at=x").status_code == 400


def test_a_poller_holding_the_current_version_gets_304(client):
    game_id, token = create_toy(client)
    etag = client.get(f"/api/games/{game_id}").headers["ETag"]
    assert client.get(f"/api/games/{game_id}", headers={"If-None-Match": etag}).status_code == 304
    unchanged = client.get(f"/api/games/{game_id}/state", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == etag
    append(client, game_id, token, add("ann", 1))
    changed = client.get(f"/api/games/{game_id}/state", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2"'


def test_a_status_list_skips_a_game_left_there_after_it_moved(client, services):
    """A writer that dies between a game's write and its move between the status lists (or a
    keyed creation's retry listing it again) leaves its id in the old list: it is not shown
    there."""
    game_id, token = create_toy(client, goal=5, tally_every=100)
    assert append(client, game_id, token, add("ann", 5)).json["status"] == "finished"
    services.recorder.catalog.add(game_id, "toy", "active")  # the id left behind
    assert client.get("/api/games?status=active").json["items"] == []
    assert client.get("/api/games?status=active&kind=toy").json["items"] == []
    assert [g["id"] for g in client.get("/api/games?status=finished").json["items"]] == [game_id]


def test_a_games_forks_are_listed_by_forked_from_newest_first_a_page_at_a_time(client):
    """A fork of a fork is its own origin's, not the first game's; games made otherwise
    (a creation, an import of the original's log) are none of its forks."""
    original, token = create_toy(client, tally_every=100)
    for n, player in enumerate(["ann", "ben", "ann"], start=1):
        assert append(client, original, token, add(player, n)).status_code == 201
    forks = [client.post(f"/api/games/{original}/forks", json={"at": at}).json["id"]
             for at in (2, 3, 4)]  # fmt: skip
    client.post(f"/api/games/{forks[0]}/forks", json={"at": 2})
    create_toy(client)
    client.post("/api/games/import", data=client.get(f"/api/games/{original}/export").data)
    page = client.get(f"/api/games?forked_from={original}&order=newest&limit=2").json
    assert [(g["id"], g["forked_from"]["seq"]) for g in page["items"]] == [
        (forks[2], 4), (forks[1], 3)
    ]  # fmt: skip
    assert f"forked_from={original}" in page["next"]
    [last] = client.get(page["next"]).json["items"]
    assert last["id"] == forks[0] and client.get(page["next"]).json["next"] is None
    assert client.get(f"/api/games?forked_from={forks[2]}").json["items"] == []
    assert client.get("/api/games?forked_from=01NOSUCHGAME").json["items"] == []
    narrowed = client.get(f"/api/games?forked_from={original}&kind=burnrate").json["items"]
    assert narrowed == []


def test_a_forked_from_that_cannot_be_a_game_id_is_refused_naming_it(client):
    refused = client.get("/api/games?forked_from=a:b")
    assert refused.status_code == 400 and refused.content_type == "application/problem+json"
    assert list(refused.json["errors"]) == ["forked_from"]
