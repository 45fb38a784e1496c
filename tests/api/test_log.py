"""Appending to a game's log and reading it through the HTTP API."""

import pytest

from tests.api.helpers import add, append, create_toy, new_id, retract


@pytest.fixture
def game(client):
    return create_toy(client, tally_every=100)


def log_length(client, game_id):
    return client.get(f"/api/games/{game_id}").json["version"]


def test_append_answers_201_with_the_sealed_event(client, game):
    game_id, token = game
    response = append(client, game_id, token, add("ann", 4))
    assert response.status_code == 201
    assert response.headers["ETag"] == '"2"'
    assert response.headers["Location"] == f"/api/games/{game_id}/events/2"
    [event] = response.json["events"]
    assert event["seq"] == 2 and event["actor"] == "player:ann"
    assert event["prev_hash"] == client.get(f"/api/games/{game_id}/events/1").json["hash"]


def test_no_token_is_401_and_a_wrong_one_403_and_nothing_is_written(client, game):
    game_id, _ = game
    response = client.post(f"/api/games/{game_id}/events", json=add("ann", 1))
    assert response.status_code == 401
    assert response.content_type == "application/problem+json"
    response = append(client, game_id, "not-the-token", add("ann", 1))
    assert response.status_code == 403
    other_id, other_token = create_toy(client)
    assert append(client, game_id, other_token, add("ann", 1)).status_code == 403
    assert log_length(client, game_id) == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "toy.nope", "actor": "player:ann", "payload": {}}, "type"),
        ({"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann"}}, "payload"),
        (add("ann", 10), "payload"),
        ({**add("ann", 1), "actor": "player:zed"}, "actor"),
        ({**add("ann", 1), "actor": "system:tally"}, "actor"),
        ({**add("ann", 1), "actor": "root"}, "actor"),
        ({"type": "toy.tallied", "actor": "admin", "payload": {"total": 1, "explanation": {}}},
         "type"),
        ({**add("ann", 1), "event_id": "not-a-uuid"}, "event_id"),
        ({**add("ann", 1), "occurred_at": "yesterday"}, "occurred_at"),
        ({**add("ann", 1), "surprise": 1}, "surprise"),
        ({"payload": {}}, "type"),
        ({"events": []}, "events"),
        ({"events": [add("ann", 1)], **add("ann", 1)}, "events"),
    ],
)  # fmt: skip
def test_invalid_bodies_are_400_naming_the_field(client, game, body, field):
    game_id, token = game
    response = append(client, game_id, token, body)
    assert response.status_code == 400, response.json
    assert field in response.json["errors"], response.json
    assert field in response.json["detail"]
    assert log_length(client, game_id) == 1


def test_malformed_json_and_oversized_bodies(client, game):
    game_id, token = game
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    response = client.post(f"/api/games/{game_id}/events", data="{nope", headers=headers)
    assert response.status_code == 400 and response.json["status"] == 400
    huge = {**add("ann", 1), "occurred_at": "x" * (2 * 1024 * 1024)}
    response = append(client, game_id, token, huge)
    assert response.status_code == 413
    assert response.content_type == "application/problem+json"


def test_a_rule_refusal_is_422_with_the_rule_id(client, game):
    game_id, token = game
    response = append(client, game_id, token, add("ben", 1))
    assert response.status_code == 422
    assert response.json["rule"] == "TOY-TURN-1"
    assert "ann" in response.json["detail"]
    assert log_length(client, game_id) == 1


def test_expected_version_conflict_is_409_with_the_current_version(client, game):
    game_id, token = game
    append(client, game_id, token, add("ann", 1))
    response = append(client, game_id, token, {**add("ben", 1), "expected_version": 1})
    assert response.status_code == 409
    assert response.json["current_version"] == 2
    assert response.headers["ETag"] == '"2"'
    assert (
        append(client, game_id, token, {**add("ben", 1), "expected_version": 2}).status_code == 201
    )


def test_if_match_makes_the_append_conditional(client, game):
    game_id, token = game
    response = append(client, game_id, token, add("ann", 1), {"If-Match": '"5"'})
    assert response.status_code == 412 and response.json["current_version"] == 1
    response = append(client, game_id, token, add("ann", 1), {"If-Match": "garbage"})
    assert response.status_code == 412
    assert append(client, game_id, token, add("ann", 1), {"If-Match": '"1"'}).status_code == 201
    assert append(client, game_id, token, add("ben", 1), {"If-Match": "*"}).status_code == 201


def test_a_retry_with_the_same_event_id_returns_the_earlier_result(client, game):
    game_id, token = game
    body = add("ann", 3, event_id=new_id())
    first = append(client, game_id, token, body)
    append(client, game_id, token, add("ben", 1))
    again = append(client, game_id, token, body)
    assert again.status_code == 200 and again.json["duplicate"] is True
    assert again.json["events"] == first.json["events"]
    changed = append(client, game_id, token, {**body, "payload": {"player": "ann", "amount": 4}})
    assert changed.status_code == 409 and changed.json["seq"] == 2
    assert log_length(client, game_id) == 3


def test_idempotency_key_header_makes_a_retry_safe(client, game):
    game_id, token = game
    key = {"Idempotency-Key": "table-7-click-1"}
    first = append(client, game_id, token, add("ann", 3), key)
    again = append(client, game_id, token, add("ann", 3), key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert log_length(client, game_id) == 2


def test_a_batch_lands_together_or_not_at_all(client, game):
    game_id, token = game
    refused = append(client, game_id, token, {"events": [add("ann", 1), add("ann", 1)]})
    assert refused.status_code == 422 and log_length(client, game_id) == 1
    invalid = append(client, game_id, token, {"events": [add("ann", 1), add("ben", 99)]})
    assert invalid.status_code == 400 and "events" in invalid.json["errors"]
    landed = append(client, game_id, token, {"events": [add("ann", 1), add("ben", 2)]})
    assert landed.status_code == 201
    assert [e["seq"] for e in landed.json["events"]] == [2, 3]


def test_the_log_pages_with_after_and_limit(client, game):
    game_id, token = game
    for n in range(6):
        append(client, game_id, token, add(["ann", "ben"][n % 2], 1))
    page = client.get(f"/api/games/{game_id}/events?after=2&limit=3").json
    assert [e["seq"] for e in page["items"]] == [3, 4, 5]
    rest = client.get(page["next"]).json
    assert [e["seq"] for e in rest["items"]] == [6, 7] and rest["next"] is None
    assert client.get(f"/api/games/{game_id}/events/9").status_code == 404
    assert client.get(f"/api/games/{game_id}/events/-1").status_code == 404
    assert client.get(f"/api/games/{game_id}/events?limit=5000").status_code == 400


def test_retract_withdraws_the_latest_action_and_keeps_it_in_the_log(client, game):
    game_id, token = game
    append(client, game_id, token, add("ann", 4))
    append(client, game_id, token, add("ben", 5))
    wrong = append(client, game_id, token, retract(2))
    assert wrong.status_code == 422 and wrong.json["details"]["retractable"] == 3
    response = append(client, game_id, token, retract(3, "player:ben", "misheard"))
    assert response.status_code == 201
    state = client.get(f"/api/games/{game_id}/state").json
    assert state["version"] == 4 and state["state"]["total"] == 4
    assert client.get(f"/api/games/{game_id}/events/3").json["withdrawn_by"] == 4
    # the next retract withdraws the action before
    append(client, game_id, token, retract(2))
    assert client.get(f"/api/games/{game_id}/state").json["state"]["total"] == 0
    assert client.get(f"/api/games/{game_id}/state?at=3").json["state"]["total"] == 9
    nothing = append(client, game_id, token, retract(2))
    assert nothing.status_code == 422 and nothing.json["details"]["retractable"] is None
    assert append(client, game_id, token, add("ann", 2)).status_code == 201
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_no_input_yields_a_500(client, game):
    """Among them, what schemathesis found: ids RQ refuses, seqs beyond a stream id."""
    game_id, token = game
    bodies = [None, [], "text", 7, {"events": "x"}, {"events": [None]}, {"type": 5, "actor": 5},
              {"type": "retract", "actor": "admin", "payload": {"seq": "x"}},
              {"type": "toy.added", "actor": "player:ann", "payload": []}]  # fmt: skip
    for body in bodies:
        response = append(client, game_id, token, body)
        assert 400 <= response.status_code < 500, (body, response.json)
    paths = ["/api/games/x/state", "/api/games/x/events/1", "/api/games/x/replay/1",
             "/api/games/x/verify", "/api/games/x/export", "/api/jobs/x", "/api/games/x",
             f"/api/games/{game_id}/replay?from=0", f"/api/games/{game_id}/replay/0",
             "/api/jobs/l%C2%82", f"/api/games/{game_id}/events?after=1195659472211167412224",
             f"/api/games/{game_id}/events/18332363113656879768607391744",
             f"/api/games/{game_id}/refusals?after=99999999999999999999999",
             f"/api/games/{game_id}/state?at=99999999999999999999"]  # fmt: skip
    for path in paths:
        assert 400 <= client.get(path).status_code < 500, path
