"""Undo to a seq and redo, through the API on the toy game: every withdrawal is a retract in the
log, the worker's events go with the action that made their phase due, and a redo re-applies
what the last undo withdrew if the rules still allow it."""

import pytest

from events.store import VersionConflict
from projections.rewind import undo
from tests.api.helpers import add, append, create_toy, retract
from tests.conftest import wait_for


def played(client, amounts=(2, 3, 4, 1), **options):
    """A toy game in which ann and ben add `amounts` in turn (seqs 2 on)."""
    game_id, token = create_toy(client, **options)
    for index, amount in enumerate(amounts):
        response = append(client, game_id, token, add(("ann", "ben")[index % 2], amount))
        assert response.status_code == 201, response.json
    return game_id, token


def post(client, game_id, token, what, body=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/games/{game_id}/{what}", json=body or {}, headers=headers)


def state(client, game_id, at=None):
    query = f"?at={at}" if at else ""
    return client.get(f"/api/games/{game_id}/state{query}").json["state"]


def log(client, game_id):
    return client.get(f"/api/games/{game_id}/events?limit=1000").json["items"]


def test_undo_then_redo_returns_to_where_the_game_was(client):
    game_id, token = played(client)  # seqs 2-5: ann 2, ben 3, ann 4, ben 1
    before = state(client, game_id)
    undone = post(client, game_id, token, "undo", {"to": 3, "reason": "we misread the rules"})
    assert undone.status_code == 201, undone.json
    body = undone.json
    assert (body["withdrawn"], body["state_at"], body["version"]) == ([5, 4], 3, 7)
    assert [(e["seq"], e["type"], e["payload"]) for e in body["events"]] == [
        (6, "retract", {"seq": 5, "reason": "we misread the rules", "undo": True}),
        (7, "retract", {"seq": 4, "reason": "we misread the rules", "undo": True}),
    ]
    assert undone.headers["Location"] == f"/api/games/{game_id}/events/6"
    assert state(client, game_id) == state(client, game_id, at=3)
    assert [e["withdrawn_by"] for e in log(client, game_id)[3:5]] == [7, 6]

    redone = post(client, game_id, token, "redo")
    assert redone.status_code == 201, redone.json
    assert redone.json["redone"] == [4, 5]
    copies, originals = redone.json["events"], log(client, game_id)[3:5]
    assert [e["seq"] for e in copies] == [8, 9]
    for copy, original in zip(copies, originals, strict=True):
        assert copy["event_id"] != original["event_id"]
        for field in ("type", "actor", "payload", "occurred_at"):
            assert copy[field] == original[field]
        assert copy["recorded_by"] == "table"  # the table's recorder wrote them again
    assert len(redone.json["receipts"]) == 2
    assert state(client, game_id) == before
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True

    again = post(client, game_id, token, "redo")  # a retry, or a second press: nothing new
    assert again.status_code == 200 and again.json["duplicate"] is True
    assert again.json["events"] == copies
    assert client.get(f"/api/games/{game_id}").json["version"] == 9


def test_a_retract_posted_alone_is_an_undo_of_one_action_for_redo(client):
    game_id, token = played(client)
    append(client, game_id, token, retract(5))
    redone = post(client, game_id, token, "redo")
    assert redone.status_code == 201 and redone.json["redone"] == [5]
    assert state(client, game_id)["total"] == 2 + 3 + 4 + 1


def test_redo_follows_the_last_undo_only(client):
    game_id, token = played(client)
    post(client, game_id, token, "undo", {"to": 4})  # withdraws 5 (retract at 6)
    post(client, game_id, token, "undo", {"to": 3})  # withdraws 4 (retract at 7)
    redone = post(client, game_id, token, "redo")
    assert redone.json["redone"] == [4]
    assert state(client, game_id)["total"] == 2 + 3 + 4


def test_a_redo_the_rules_no_longer_allow_is_refused_with_the_rule(client):
    game_id, token = played(client)
    post(client, game_id, token, "undo", {"to": 3})
    assert append(client, game_id, token, add("ann", 9)).status_code == 201  # ann plays again
    version = client.get(f"/api/games/{game_id}").json["version"]
    refused = post(client, game_id, token, "redo")  # ann's old 4 would come at ben's turn
    assert refused.status_code == 422
    assert refused.content_type == "application/problem+json"
    assert refused.json["rule"] == "TOY-TURN-1"
    assert refused.json["details"] == {"redo_of": 4}
    assert "re-applying seq 4" in refused.json["detail"]
    assert client.get(f"/api/games/{game_id}").json["version"] == version
    [noted] = client.get(f"/api/games/{game_id}/refusals").json["items"]
    assert noted["rule"] == "TOY-TURN-1"


def test_undo_and_redo_need_the_tables_token_and_write_nothing_without(client):
    created = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}).json
    game_id, token = created["id"], created["token"]
    append(client, game_id, token, add("ann", 2))
    other_id, other_token = played(client)
    for what, body in (("undo", {"to": 1}), ("redo", {})):
        assert post(client, game_id, None, what, body).status_code == 401
        assert post(client, game_id, other_token, what, body).status_code == 403
        seat = post(client, game_id, created["seats"]["ann"], what, body)  # ann's own seat
        assert seat.status_code == 403 and "table" in seat.json["detail"]
    assert client.get(f"/api/games/{game_id}").json["version"] == 2


def test_bad_undos_are_refused_naming_the_field_or_the_log_rule(client):
    game_id, token = played(client)
    for body, field in [({}, "to"), ({"to": 9}, "to"), ({"to": "3"}, "to"), ({"to": 0}, "to"),
                        ({"to": 3, "reason": "x" * 501}, "reason")]:  # fmt: skip
        response = post(client, game_id, token, "undo", body)
        assert response.status_code == 400, (body, response.json)
        assert field in response.json["errors"], (body, response.json)
    nothing = post(client, game_id, token, "undo", {"to": 5})
    assert nothing.status_code == 422 and nothing.json["code"] == "LOG-UNDO"
    assert "nothing to undo after seq 5" in nothing.json["detail"]
    post(client, game_id, token, "undo", {"to": 3})
    withdrawn = post(client, game_id, token, "undo", {"to": 4})
    assert withdrawn.status_code == 422 and withdrawn.json["details"]["withdrawn_by"] == 7
    assert client.get(f"/api/games/{game_id}").json["version"] == 7
    nothing_to_redo = post(client, *played(client), "redo")
    assert nothing_to_redo.status_code == 422 and nothing_to_redo.json["code"] == "LOG-REDO"


def test_an_undo_planned_from_a_head_the_game_has_left_is_a_version_conflict(client, app):
    game_id, token = played(client)
    stale = post(client, game_id, token, "undo", {"to": 3, "expected_version": 4})
    assert stale.status_code == 409 and stale.json["current_version"] == 5
    recorder = app.extensions["tablelog"].recorder
    head = recorder.projector.head(game_id)
    undo(recorder, head, 3)  # two undos planned from one head: the first applies,
    with pytest.raises(VersionConflict):  # the second is refused at the write
        undo(recorder, head, 2)
    assert [e["type"] for e in log(client, game_id)[5:]] == ["retract", "retract"]


def test_undo_across_a_tally_withdraws_it_with_the_action_that_made_it_due(client, start_worker):
    start_worker()
    game_id, token = create_toy(client)  # a tally each time the total passes a ten
    append(client, game_id, token, add("ann", 6))  # seq 2
    append(client, game_id, token, add("ben", 5))  # seq 3: 11, a tally is due
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["version"] == 4)
    tally = log(client, game_id)[3]
    assert (tally["actor"], tally["caused_by"]) == ("system:tally", 3)
    append(client, game_id, token, add("ann", 1))  # seq 5
    append(client, game_id, token, add("ben", 1))  # seq 6
    before = state(client, game_id)
    kept = client.post(f"/api/games/{game_id}/forks", json={"at": 6}).json

    # to 3: the tally at 4 was caused by 3 itself, so it stays; the game is as after 4
    to_three = post(client, kept["id"], kept["token"], "undo", {"to": 3}).json
    assert (to_three["withdrawn"], to_three["state_at"]) == ([6, 5], 4)
    assert state(client, kept["id"])["tallies"] == 1

    # to 2: ben's 5 is withdrawn and the tally it caused with it; nothing is left due
    undone = post(client, game_id, token, "undo", {"to": 2})
    assert (undone.json["withdrawn"], undone.json["state_at"]) == ([6, 5, 3], 2)
    assert undone.json["pending"] is None
    assert state(client, game_id) == state(client, game_id, at=2)
    assert log(client, game_id)[3]["withdrawn_by"] == 9

    # redo: ben's 5 again, the tally re-derived before ann's 1, as the worker would
    redone = post(client, game_id, token, "redo")
    assert redone.status_code == 201, redone.json
    written = [(e["type"], e["actor"], e["caused_by"]) for e in redone.json["events"]]
    assert written == [
        ("toy.added", "player:ben", None),
        ("toy.tallied", "system:tally", 10),
        ("toy.added", "player:ann", None),
        ("toy.added", "player:ben", None),
    ]
    assert redone.json["events"][1]["payload"] == tally["payload"]
    assert state(client, game_id) == before
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_a_phase_due_after_the_last_action_redone_is_the_workers(client, start_worker):
    start_worker()
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 6))
    append(client, game_id, token, add("ben", 5))  # seq 3, tally at 4
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["version"] == 4)
    post(client, game_id, token, "undo", {"to": 2})  # retract at 5
    redone = post(client, game_id, token, "redo").json
    assert [e["seq"] for e in redone["events"]] == [6]
    assert redone["pending"] == "tally" and redone["job"]["href"]
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["pending"] is None)
    assert state(client, game_id)["tallies"] == 1
