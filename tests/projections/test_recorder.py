"""The write path's own checks, through the API: what a batch may hold, and what a refusal
inside a batch says."""

from tests.api.helpers import add, append, create_toy, new_id, retract


def test_a_batch_that_repeats_an_event_id_is_refused_and_nothing_written(client):
    game_id, token = create_toy(client)
    same = new_id()
    body = {"events": [add("ann", 1, event_id=same), add("ben", 2, event_id=same)]}
    refused = append(client, game_id, token, body)
    assert refused.status_code == 400
    assert refused.json["errors"] == {
        "events": {"1": {"event_id": [f"{same} is used by event 0 of this batch"]}}
    }
    assert client.get(f"/api/games/{game_id}").json["version"] == 1
    # the same batch with distinct ids goes through, and its retry answers the earlier result
    body = {"events": [add("ann", 1, event_id=same), add("ben", 2, event_id=new_id())]}
    assert append(client, game_id, token, body).status_code == 201
    assert append(client, game_id, token, body).status_code == 200


def test_an_event_of_another_kind_of_game_is_refused_as_a_field(client):
    """An fcm.* event in a toy game answered 500 when the toy's rules met a type they never
    expected; it is the wrong type for this game, and says so."""
    game_id, token = create_toy(client)
    body = {"type": "burnrate.hire_played", "actor": "player:ann", "payload": {}}
    refused = append(client, game_id, token, body)
    assert refused.status_code == 400
    assert "belongs to another kind of game" in refused.json["errors"]["type"][0]
    assert client.get(f"/api/games/{game_id}").json["version"] == 1


def test_a_type_without_its_game_prefix_is_named_with_it(client):
    game_id, token = create_toy(client)
    refused = append(client, game_id, token, {"type": "added", "actor": "player:ann"})
    assert refused.status_code == 400
    assert refused.json["errors"]["type"] == ["unknown event type 'added': did you mean toy.added?"]
    unknown = append(client, game_id, token, {"type": "toy.bogus", "actor": "player:ann"})
    assert (
        "a toy game records retract and toy.added, toy.created, toy.tallied"
        in (unknown.json["errors"]["type"][0])
    )


def test_a_refusal_inside_a_batch_names_the_event_it_refused(client):
    game_id, token = create_toy(client)
    refused = append(client, game_id, token, {"events": [add("ann", 1), add("ann", 2)]})
    assert refused.status_code == 422
    assert refused.json["details"]["event"] == 1
    assert refused.json["detail"].startswith("event 1 of the batch: ")


def test_a_second_creation_is_refused_as_a_field(client):
    """fcm.created appended to an FCM game answered 500 from the rules; a game is created
    once, by its first event."""
    game_id, token = create_toy(client)
    body = {"type": "toy.created", "actor": "admin", "payload": {"players": ["ann", "ben"]}}
    refused = append(client, game_id, token, body)
    assert refused.status_code == 400
    assert refused.json["errors"]["type"] == ["a game is created once, by its first event"]


def test_a_finished_game_takes_no_more_actions_but_a_retract_and_a_seat_s_new_token(client):
    """LOG-FINISHED: the machinery, not each game, closes a finished log. A correction still
    goes in (a retract), and so does a lost tablet's new token; the retract reopens the game."""
    game_id, token = create_toy(client, goal=5, tally_every=100)
    assert append(client, game_id, token, add("ann", 5)).status_code == 201
    summary = client.get(f"/api/games/{game_id}").json
    assert summary["status"] == "finished"

    refused = append(client, game_id, token, add("ben", 1))
    assert refused.status_code == 422, refused.json
    assert refused.json["code"] == "LOG-FINISHED"
    assert refused.json["rule_href"] == "/api/rules/LOG-FINISHED"
    assert refused.json["type"] == "/problems/log-finished"
    assert refused.json["details"] == {"awaiting": summary["awaiting"]}
    assert client.get(f"/api/games/{game_id}").json["version"] == 2
    audit = client.get(f"/api/games/{game_id}/refusals").json["items"]
    assert audit[-1]["code"] == "LOG-FINISHED"

    table = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/games/{game_id}/seats/ben/token", headers=table).status_code == 201
    assert append(client, game_id, token, retract(2, reason="ann added 4")).status_code == 201
    assert client.get(f"/api/games/{game_id}").json["status"] == "active"
    assert append(client, game_id, token, add("ann", 4)).status_code == 201
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True
