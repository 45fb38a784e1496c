"""Forks and comparisons, through the API: a fork is a copy of its original's first events, byte
for byte, that then records a what-if; compare names where two logs part and how the states
differ; diff compares two steps of one game."""

import pytest

from tests.api.helpers import add, append, create_toy, retract
from tests.api.test_limits import assert_limited, limited_client


def toy_game(client, amounts=(2, 3, 4, 1, 5)):
    """A toy game with no tally (one every 100) in which ann and ben add `amounts` in turn."""
    game_id, token = create_toy(client, tally_every=100)
    players = ["ann", "ben"]
    for index, amount in enumerate(amounts):
        assert append(client, game_id, token, add(players[index % 2], amount)).status_code == 201
    return game_id, token


def events(client, game_id):
    return client.get(f"/api/games/{game_id}/events?limit=1000").json["items"]


def fork(client, game_id, at):
    return client.post(f"/api/games/{game_id}/forks", json={"at": at})


def test_a_fork_copies_events_1_to_n_byte_for_byte_and_remembers_its_origin(client):
    original, _ = toy_game(client)
    response = fork(client, original, 3)
    assert response.status_code == 201, response.json
    forked = response.json["id"]
    assert forked != original and response.json["token"]
    assert set(response.json["seats"]) == {"ann", "ben"}  # new seats, as a new game's
    assert response.headers["Location"] == f"/api/games/{forked}"
    assert response.json["version"] == 3
    assert response.json["state"]["total"] == 2 + 3
    copied = client.get(f"/api/games/{forked}/export").data.splitlines()
    exported = client.get(f"/api/games/{original}/export").data.splitlines()
    assert copied == exported[:3]
    head_hash = events(client, original)[2]["hash"]
    summary = client.get(f"/api/games/{forked}").json
    assert summary["forked_from"] == {"game": original, "seq": 3, "head_hash": head_hash}
    assert client.get(f"/api/games/{original}").json["forked_from"] is None
    assert client.get(f"/api/games/{forked}/verify").json["ok"] is True


def test_a_what_if_on_the_fork_leaves_the_original_alone(client):
    original, token = toy_game(client)
    forked = fork(client, original, 4).json
    what_if = append(client, forked["id"], forked["token"], add("ben", 9))
    assert what_if.status_code == 201, what_if.json
    fork_log, original_log = events(client, forked["id"]), events(client, original)
    assert fork_log[:4] == original_log[:4]
    assert fork_log[4]["hash"] != original_log[4]["hash"]
    assert client.get(f"/api/games/{original}").json["version"] == 6
    # the original's tokens do not write to the fork, nor the fork's to the original
    assert append(client, forked["id"], token, add("ann", 1)).status_code == 403
    assert append(client, original, forked["token"], add("ben", 1)).status_code == 403
    assert append(client, original, forked["seats"]["ben"], add("ben", 1)).status_code == 403
    assert client.get(f"/api/games/{forked['id']}/verify").json["ok"] is True


def test_compare_names_the_first_differing_seq_and_the_patch_between_the_states(client):
    original, _ = toy_game(client)  # seqs 2 to 6: ann 2, ben 3, ann 4, ben 1, ann 5
    forked = fork(client, original, 4).json
    append(client, forked["id"], forked["token"], add("ben", 9))  # had ben added 9, not 1
    compared = client.get(f"/api/games/{original}/compare/{forked['id']}")
    assert compared.status_code == 200, compared.json
    body = compared.json
    assert (body["common"], body["first_difference"], body["at"]) == (4, 5, 5)
    assert body["a"]["event"]["payload"] == {"player": "ben", "amount": 1}
    assert body["b"]["event"]["payload"] == {"player": "ben", "amount": 9}
    assert body["b"]["forked_from"]["game"] == original
    assert body["patch"] == [{"op": "replace", "path": "/total", "value": 2 + 3 + 4 + 9}]
    at_heads = client.get(f"/api/games/{original}/compare/{forked['id']}?at=head").json
    assert (at_heads["a"]["seq"], at_heads["b"]["seq"]) == (6, 5)
    assert sorted(at_heads["patch"], key=lambda op: op["path"]) == [
        {"op": "replace", "path": "/total", "value": 18},  # 15 in the original
        {"op": "replace", "path": "/turn", "value": 0},  # ann's turn in the fork, ben's there
    ]
    same_step = client.get(f"/api/games/{original}/compare/{forked['id']}?at=4").json
    assert same_step["patch"] == [] and same_step["first_difference"] == 5


def test_a_fork_not_yet_written_to_differs_where_the_original_goes_on(client):
    original, _ = toy_game(client)
    forked = fork(client, original, 4).json["id"]
    body = client.get(f"/api/games/{forked}/compare/{original}").json
    assert (body["common"], body["first_difference"]) == (4, 5)
    assert body["a"]["event"] is None and body["b"]["event"]["seq"] == 5
    assert (body["a"]["seq"], body["b"]["seq"]) == (4, 5)  # the fork at its head
    assert {"op": "replace", "path": "/total", "value": 10} in body["patch"]  # ben's 1
    alike = client.get(f"/api/games/{original}/compare/{original}").json
    assert (alike["first_difference"], alike["at"], alike["patch"]) == (None, "head", [])


def test_a_fork_of_a_fork_keeps_every_hash_back_to_the_first_game(client):
    original, _ = toy_game(client)
    first = fork(client, original, 4).json
    append(client, first["id"], first["token"], add("ben", 7))
    second = fork(client, first["id"], 5).json
    assert second["forked_from"]["game"] == first["id"]
    root_log, second_log = events(client, original), events(client, second["id"])
    assert [e["hash"] for e in second_log[:4]] == [e["hash"] for e in root_log[:4]]
    assert second_log[4] == events(client, first["id"])[4]
    body = client.get(f"/api/games/{original}/compare/{second['id']}").json
    assert body["first_difference"] == 5
    assert client.get(f"/api/games/{second['id']}/verify").json["ok"] is True


def test_forking_a_step_with_a_phase_due_leaves_the_phase_to_the_worker(client):
    game_id, token = create_toy(client)  # a tally every 10
    for player, amount in (("ann", 6), ("ben", 5)):
        append(client, game_id, token, add(player, amount))
    forked = fork(client, game_id, 3)
    assert forked.status_code == 201
    assert forked.json["pending"] == "tally"


@pytest.mark.parametrize(
    ("body", "field"),
    [({"at": 7}, "at"), ({}, "at"), ({"at": 0}, "at"), ({"at": "2"}, "at"), ({"at": 2.5}, "at")],
)
def test_a_fork_past_the_head_or_of_nothing_is_refused_naming_at(client, body, field):
    game_id, _ = toy_game(client)
    before = client.get("/api/games").json["items"]
    response = client.post(f"/api/games/{game_id}/forks", json=body)
    assert response.status_code == 400, response.json
    assert response.content_type == "application/problem+json"
    assert field in response.json["errors"]
    assert client.get("/api/games").json["items"] == before


def test_forking_or_comparing_a_game_that_does_not_exist_is_404(client):
    game_id, _ = toy_game(client)
    assert client.post("/api/games/NOPE/forks", json={"at": 1}).status_code == 404
    assert client.get(f"/api/games/{game_id}/compare/NOPE").status_code == 404


def test_games_of_two_kinds_do_not_compare(client):
    toy, _ = toy_game(client)
    created = client.post("/api/games", json={"kind": "fcm", "players": ["ann", "ben"]})
    assert created.status_code == 201, created.json
    response = client.get(f"/api/games/{toy}/compare/{created.json['id']}")
    assert response.status_code == 422
    assert response.json["code"] == "LOG-COMPARE"
    assert client.get(f"/api/games/{toy}/compare/{toy}?at=9").status_code == 400
    assert client.get(f"/api/games/{toy}/compare/{toy}?at=x").json["errors"] == {
        "at": ["a seq from 1, or head"]
    }


def test_diff_gives_the_patch_between_two_steps_of_one_game(client):
    game_id, _ = toy_game(client)
    body = client.get(f"/api/games/{game_id}/diff?from=2&to=4").json
    assert body["from"] == 2 and body["to"] == 4
    assert {"op": "replace", "path": "/total", "value": 9} in body["patch"]
    to_head = client.get(f"/api/games/{game_id}/diff?from=5").json
    assert to_head["to"] == 6
    back = client.get(f"/api/games/{game_id}/diff?from=4&to=2").json
    assert {"op": "replace", "path": "/total", "value": 2} in back["patch"]
    late = client.get(f"/api/games/{game_id}/diff?from=1&to=9")
    assert late.status_code == 400 and "to" in late.json["errors"]
    assert client.get(f"/api/games/{game_id}/diff").json["errors"] == {
        "from": ["This field is required."]
    }


def test_a_fork_of_a_log_with_retracts_keeps_what_they_withdrew(client):
    game_id, token = toy_game(client, amounts=(2, 3, 4))
    assert append(client, game_id, token, retract(4, reason="ann said 5")).status_code == 201
    append(client, game_id, token, add("ann", 5))
    for at in (5, 6):
        forked = fork(client, game_id, at).json
        assert client.get(f"/api/games/{forked['id']}/verify").json["ok"] is True
        log = events(client, forked["id"])
        assert log[3]["withdrawn_by"] == 5
        assert forked["state"]["total"] == 2 + 3 + (5 if at == 6 else 0)


def test_forks_are_limited_as_creations_are(settings):
    client = limited_client(settings, rate_limit_create="2/minute")
    game_id, _ = toy_game(client)
    assert fork(client, game_id, 2).status_code == 201
    assert fork(client, game_id, 3).status_code == 201
    refused = fork(client, game_id, 4)
    assert_limited(refused)
    assert "forks" in refused.json["detail"]
