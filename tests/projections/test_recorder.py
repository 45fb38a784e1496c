"""The write path's own checks, through the API: what a batch may hold, and what a refusal
inside a batch says."""

from tests.api.helpers import add, append, create_toy, new_id


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
