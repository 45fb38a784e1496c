"""Disputes through the API: opened on a seq, replied to, resolved once, each entry chained
in the game's disputes stream; what is refused writes nothing."""

from freezegun import freeze_time

from events import keys
from tests.api.helpers import add, append, create_toy, retract
from tests.replays.test_replay import tamper_stream


def played(client, moves=5):
    game_id, token = create_toy(client, tally_every=1000, goal=1000)
    for n in range(moves):
        assert append(client, game_id, token, add(["ann", "ben"][n % 2], n + 1)).status_code == 201
    return game_id, token


def post(client, game_id, token, path, body):
    headers = {"Authorization": f"Bearer {token}"}
    return client.post(f"/api/games/{game_id}/disputes{path}", json=body, headers=headers)


def opened(client, game_id, token, seq=3, text="ben added 3, not 2"):
    response = post(client, game_id, token, "", {"seq": seq, "author": "player:ann", "text": text})
    assert response.status_code == 201, response.json
    return response.json


def test_a_dispute_is_opened_replied_to_and_upheld_with_its_correction(client):
    game_id, token = played(client)
    with freeze_time("2025-03-01T20:15:00Z"):
        dispute = opened(client, game_id, token)
    assert dispute["id"] == 1 and dispute["seq"] == 3 and dispute["status"] == "open"
    assert dispute["recorded_at"] == "2025-03-01T20:15:00.000000Z"
    reply = post(client, game_id, token, "/1/replies", {"author": "player:ben", "text": "it was 2"})
    assert reply.status_code == 201
    assert reply.headers["Location"] == f"/api/games/{game_id}/disputes/1"
    assert append(client, game_id, token, retract(6, reason="see dispute 1")).status_code == 201
    resolved = post(client, game_id, token, "/1/resolution",
                    {"outcome": "upheld", "correcting_seq": 7, "author": "admin"})  # fmt: skip
    assert resolved.status_code == 201, resolved.json
    thread = client.get(f"/api/games/{game_id}/disputes/1").json
    assert thread["status"] == "upheld"
    assert [r["text"] for r in thread["replies"]] == ["it was 2"]
    assert thread["resolution"] == {
        **thread["resolution"],
        "outcome": "upheld",
        "correcting_seq": 7,
        "author": "admin",
        "entry": 3,
    }
    listed = client.get(f"/api/games/{game_id}/disputes").json
    assert listed["disputes_ok"] is True and listed["chain"]["entries"] == 3
    assert listed["items"] == [{"id": 1, "seq": 3, "status": "upheld", "author": "player:ann",
                                "text": "ben added 3, not 2", "replies": 1,
                                "correcting_seq": 7}]  # fmt: skip


def test_a_resolved_dispute_takes_no_more_replies_or_resolutions(client, redis_client):
    game_id, token = played(client)
    opened(client, game_id, token)
    dismissed = {"outcome": "dismissed", "author": "player:ben", "text": "the photo shows 2"}
    assert post(client, game_id, token, "/1/resolution", dismissed).status_code == 201
    before = redis_client.xlen(keys.disputes(game_id))
    again = post(client, game_id, token, "/1/resolution", dismissed)
    assert again.status_code == 409
    assert again.headers["Content-Type"] == "application/problem+json"
    assert "dismissed" in again.json["detail"] and again.json["errors"] == {
        "dispute": [again.json["detail"]]
    }
    reply = post(client, game_id, token, "/1/replies", {"author": "admin", "text": "but"})
    assert reply.status_code == 409
    assert redis_client.xlen(keys.disputes(game_id)) == before


def test_bad_input_names_the_field_and_writes_nothing(client, redis_client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=4)
    cases = [
        ("", {"seq": 9, "author": "player:ann", "text": "x"}, 422, "seq"),
        ("", {"seq": 2, "author": "player:zoe", "text": "x"}, 400, "author"),
        ("", {"seq": 2, "author": "system:tally", "text": "x"}, 400, "author"),
        ("", {"seq": 2, "author": "admin", "text": ""}, 400, "text"),
        ("", {"seq": "2", "author": "admin", "text": "x"}, 400, "seq"),
        ("/1/resolution", {"outcome": "upheld", "author": "admin"}, 422, "correcting_seq"),
        ("/1/resolution", {"outcome": "upheld", "correcting_seq": 4, "author": "admin"}, 422,
         "correcting_seq"),
        ("/1/resolution", {"outcome": "upheld", "correcting_seq": 60, "author": "admin"}, 422,
         "correcting_seq"),
        ("/1/resolution", {"outcome": "dismissed", "correcting_seq": 5, "author": "admin"}, 422,
         "correcting_seq"),
        ("/1/resolution", {"outcome": "withdrawn", "author": "admin"}, 400, "outcome"),
        ("/2/replies", {"author": "admin", "text": "x"}, 404, "dispute"),
    ]  # fmt: skip
    for path, body, status, field in cases:
        response = post(client, game_id, token, path, body)
        assert response.status_code == status, (body, response.json)
        assert field in response.json["errors"], (body, response.json)
    assert redis_client.xlen(keys.disputes(game_id)) == 1
    assert client.get(f"/api/games/{game_id}/disputes/7").status_code == 404
    assert client.get("/api/games/nope/disputes").status_code == 404


def test_writing_needs_the_games_token(client, redis_client):
    game_id, token = played(client)
    body = {"seq": 2, "author": "admin", "text": "x"}
    assert client.post(f"/api/games/{game_id}/disputes", json=body).status_code == 401
    assert post(client, game_id, "not-the-token", "", body).status_code == 403
    assert redis_client.exists(keys.disputes(game_id)) == 0


def test_each_replay_step_shows_the_disputes_on_its_seq(client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=3)
    opened(client, game_id, token, seq=3, text="and it was out of turn")
    opened(client, game_id, token, seq=5)
    steps = client.get(f"/api/games/{game_id}/replay?from=2&to=5").json["steps"]
    assert [[d["id"] for d in s["disputes"]] for s in steps] == [[], [1, 2], [], [3]]
    assert steps[1]["disputes"][1] == {"id": 2, "seq": 3, "status": "open",
                                       "author": "player:ann", "text": "and it was out of turn",
                                       "replies": 0, "correcting_seq": None}  # fmt: skip
    assert client.get(f"/api/games/{game_id}/replay/5").json["disputes"][0]["id"] == 3


def tamper(redis_client, game_id, number, change):
    """Rewrite the disputes stream with one entry's bytes changed."""
    tamper_stream(redis_client, keys.disputes(game_id), number, change)


def test_a_changed_entry_is_named_and_nothing_is_written_after_it(client, redis_client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=3)
    opened(client, game_id, token, seq=4, text="four")
    tamper(redis_client, game_id, 2, lambda raw: raw.replace(b'"seq":4', b'"seq":5'))
    listed = client.get(f"/api/games/{game_id}/disputes").json
    assert listed["disputes_ok"] is False
    assert listed["chain"]["first_bad_entry"] == 2
    assert "hash" in listed["chain"]["problem"]
    assert [d["id"] for d in listed["items"]] == [1]
    damaged = client.get(f"/api/games/{game_id}/replay/3")
    assert damaged.status_code == 500 and damaged.json["entry"] == 2
    body = {"seq": 2, "author": "admin", "text": "x"}
    assert post(client, game_id, token, "", body).status_code == 500
    assert redis_client.xlen(keys.disputes(game_id)) == 2


def test_a_rewritten_chain_from_another_game_does_not_hold(client, redis_client):
    game_id, token = played(client)
    other, other_token = played(client)
    opened(client, other, other_token, seq=3)
    [(entry_id, fields)] = redis_client.xrange(keys.disputes(other))
    redis_client.xadd(keys.disputes(game_id), fields, id=entry_id)
    listed = client.get(f"/api/games/{game_id}/disputes").json
    assert listed["disputes_ok"] is False and listed["chain"]["first_bad_entry"] == 1
    assert "prev_hash" in listed["chain"]["problem"]


def test_a_seat_writes_as_its_own_player_and_only_the_table_resolves(client):
    """ann's seat opens and replies as ann, not as ben; she cannot resolve her own dispute:
    the table's recorder does; nothing refused is written."""
    response = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"],
                                               "options": {"tally_every": 1000}})  # fmt: skip
    game = response.json
    append(client, game["id"], game["token"], add("ann", 1))
    ann = game["seats"]["ann"]
    as_ben = post(client, game["id"], ann, "", {"seq": 2, "author": "player:ben", "text": "x"})
    assert as_ben.status_code == 403
    assert post(client, game["id"], ann, "", {"seq": 2, "author": "player:ann",
                                              "text": "it was 2"}).status_code == 201  # fmt: skip
    dismissed = {"outcome": "dismissed", "correcting_seq": None, "author": "player:ann",
                 "text": "never mind"}  # fmt: skip
    assert post(client, game["id"], ann, "/1/resolution", dismissed).status_code == 403
    by_table = post(client, game["id"], game["token"], "/1/resolution", dismissed)
    assert by_table.status_code == 201, by_table.json
    assert client.get(f"/api/games/{game['id']}/disputes").json["items"][0]["status"] == "dismissed"
