"""Seats: a token for each player and one for the table's recorder. A player's seat writes
that player's actions only; a retract withdraws only its author's action unless the recorder
writes it; a lost token is replaced by the recorder, the change itself an event."""

import json

from tests.api.helpers import add, append, retract


def create(client, players=("ann", "ben")):
    response = client.post("/api/games", json={"kind": "toy", "players": list(players),
                                               "options": {"tally_every": 100}})  # fmt: skip
    assert response.status_code == 201, response.json
    return response.json


def version(client, game):
    return client.get(f"/api/games/{game['id']}").json["version"]


def test_creation_hands_out_a_token_for_each_player_and_one_for_the_table(client):
    game = create(client)
    tokens = [game["token"], *game["seats"].values()]
    assert sorted(game["seats"]) == ["ann", "ben"] and len(set(tokens)) == 3
    assert all(len(token) >= 40 for token in tokens)
    assert "seats" not in client.get(f"/api/games/{game['id']}").json  # shown once only


def test_a_player_s_seat_records_that_player_s_actions_only(client):
    """ann's token records player:ann; as ben or as the table it is a 403, and nothing is
    written."""
    game = create(client)
    ann = game["seats"]["ann"]
    answer = append(client, game["id"], ann, add("ann", 3))
    assert answer.status_code == 201 and "recorded_by" not in answer.json["events"][0]
    for actor in ("player:ben", "admin"):
        refused = append(client, game["id"], ann, add("ben", 2) | {"actor": actor})
        assert refused.status_code == 403, refused.json
        assert refused.json["detail"] == (
            f"this token is ann's seat: it records player:ann's actions only, not {actor}'s"
        )
    assert version(client, game) == 2


def test_a_player_cannot_slip_a_foreign_action_into_a_batch(client):
    game = create(client)
    body = {"events": [add("ann", 3), add("ben", 2)]}
    assert append(client, game["id"], game["seats"]["ann"], body).status_code == 403
    assert version(client, game) == 1


def test_the_table_records_anyone_s_action_marked_as_recorded_by_the_table(client):
    """The recorder's token writes player:ben; the envelope says so, and the mark is hashed
    with the rest, so it cannot be removed unseen; a client cannot send the mark itself."""
    game = create(client)
    answer = append(client, game["id"], game["token"], add("ann", 3))
    assert answer.json["events"][0]["recorded_by"] == "table"
    forged = append(client, game["id"], game["seats"]["ben"], add("ben", 2) | {"recorded_by": "x"})
    assert forged.status_code == 400 and "recorded_by" in forged.json["errors"]
    own = append(client, game["id"], game["seats"]["ben"], add("ben", 2))
    assert own.status_code == 201 and "recorded_by" not in own.json["events"][0]
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_a_retract_withdraws_only_its_author_s_action_unless_the_table_writes_it(client):
    """ben may not withdraw ann's action (LOG-RETRACT-AUTHOR, nothing written); ann may; the
    table's recorder may withdraw anyone's."""
    game = create(client)
    append(client, game["id"], game["seats"]["ann"], add("ann", 3))
    refused = append(client, game["id"], game["seats"]["ben"], retract(2, actor="player:ben"))
    assert refused.status_code == 422 and refused.json["code"] == "LOG-RETRACT-AUTHOR"
    assert "seq 2 was recorded as player:ann" in refused.json["detail"]
    assert version(client, game) == 2
    own = append(client, game["id"], game["seats"]["ann"], retract(2, actor="player:ann"))
    assert own.status_code == 201
    append(client, game["id"], game["seats"]["ann"], add("ann", 4))
    by_table = append(client, game["id"], game["token"], retract(4, actor="player:ben"))
    assert by_table.status_code == 201 and by_table.json["events"][0]["recorded_by"] == "table"


def test_the_table_replaces_a_lost_token_and_the_change_is_an_event(client):
    """ann's tablet is lost: the recorder gets her a new token; the old one stops at once;
    the log holds the new token's digest, never the token; the game's state is unchanged."""
    game = create(client)
    old = game["seats"]["ann"]
    append(client, game["id"], old, add("ann", 3))
    before = client.get(f"/api/games/{game['id']}/state").json["state"]
    assert client.post(f"/api/games/{game['id']}/seats/ann/token",
                       headers={"Authorization": f"Bearer {old}"}).status_code == 403  # fmt: skip
    answer = client.post(
        f"/api/games/{game['id']}/seats/ann/token",
        headers={"Authorization": f"Bearer {game['token']}"},
    )
    assert answer.status_code == 201, answer.json
    new = answer.json["token"]
    assert (answer.json["seat"], answer.json["seq"]) == ("ann", 3) and new != old
    assert (
        append(client, game["id"], old, add("ben", 1) | {"actor": "player:ann"}).status_code == 403
    )
    assert append(client, game["id"], game["seats"]["ben"], add("ben", 1)).status_code == 201
    assert append(client, game["id"], new, add("ann", 1)).status_code == 201
    event = client.get(f"/api/games/{game['id']}/events/3").json
    assert event["type"] == "seat_replaced" and event["actor"] == "admin"
    assert event["payload"]["seat"] == "ann" and new not in json.dumps(event)
    step = client.get(f"/api/games/{game['id']}/replay/3").json
    assert step["state"] == before and step["patch"] == []
    assert client.get(f"/api/games/{game['id']}/verify").json["ok"] is True


def test_the_table_s_own_token_can_be_replaced_and_a_seat_must_exist(client):
    game = create(client)
    table = {"Authorization": f"Bearer {game['token']}"}
    unknown = client.post(f"/api/games/{game['id']}/seats/zed/token", headers=table)
    assert unknown.status_code == 400 and "zed" in json.dumps(unknown.json["errors"])
    answer = client.post(f"/api/games/{game['id']}/seats/table/token", headers=table)
    assert answer.status_code == 201
    assert append(client, game["id"], game["token"], add("ann", 1)).status_code == 403
    assert append(client, game["id"], answer.json["token"], add("ann", 1)).status_code == 201


def test_a_seat_replacement_is_not_recorded_through_the_log(client):
    """Posting seat_replaced as an event would change no token: it is refused."""
    game = create(client)
    body = {"type": "seat_replaced", "actor": "admin",
            "payload": {"seat": "ann", "token_sha256": "0" * 64}}  # fmt: skip
    refused = append(client, game["id"], game["token"], body)
    assert refused.status_code == 400 and "seats/{seat}/token" in json.dumps(refused.json)


def test_an_import_refuses_a_retract_of_another_player_s_action(client):
    """LOG-RETRACT-AUTHOR holds for a log brought in from elsewhere, too."""
    from events.envelope import GENESIS, envelope_hash

    game = create(client)
    append(client, game["id"], game["seats"]["ann"], add("ann", 3))
    log = [json.loads(line) for line in client.get(f"/api/games/{game['id']}/export").data.split()]
    log.append({**log[1], "seq": 3, "event_id": "77777777-7777-4777-8777-777777777777",
                "type": "retract", "schema_version": 1, "actor": "player:ben",
                "payload": {"seq": 2, "reason": ""}})  # fmt: skip
    prev = GENESIS
    for envelope in log:
        envelope["prev_hash"] = prev
        envelope["hash"] = prev = envelope_hash(envelope)
    body = "\n".join(json.dumps(e) for e in log).encode()
    refused = client.post("/api/games/import", data=body)
    assert refused.status_code == 400 and "LOG-RETRACT-AUTHOR" in json.dumps(refused.json)


def test_a_token_replaced_by_another_process_is_judged_at_the_stored_head(client, app, services):
    """This process appends at the head it wrote last, without reading it. When another
    process replaced ann's token since, that kept head still names the old one: the new token
    is let in and the old one refused all the same, after one read of the stored head."""
    game = create(client)
    old = game["seats"]["ann"]
    assert append(client, game["id"], old, add("ann", 3)).status_code == 201  # the head kept
    services.recorder.replace_seat(game["id"], "ann", "ann's new token")  # another process
    refused = append(client, game["id"], old, add("ben", 1) | {"actor": "player:ann"})
    assert refused.status_code == 403, refused.json
    assert append(client, game["id"], game["seats"]["ben"], add("ben", 1)).status_code == 201
    services.recorder.replace_seat(game["id"], "ann", "ann's newest token")
    answer = append(client, game["id"], "ann's newest token", add("ann", 2))
    assert answer.status_code == 201, answer.json
    assert client.get(f"/api/games/{game['id']}/state").json["state"]["total"] == 6
