"""Idempotency-Key on every write that takes it (the event append's own retries are in
test_log.py): a retried POST answers the earlier result and writes nothing twice, the same key
with another body is a 409, a key is scoped to the game, the endpoint and the writer's seat,
racing requests with one key write once, and a bad key is a 400 naming the header."""

import threading

from events import keys
from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for

KEY = "7f0e7a52-retry-me"


def played(client, moves=4):
    """A toy game (no tally, no goal) in which ann and ben add 1, 2, ... in turn (seqs 2 on)."""
    created = client.post(
        "/api/games",
        json={"kind": "toy", "players": ["ann", "ben"],
              "options": {"tally_every": 1000, "goal": 1000}},
    ).json  # fmt: skip
    for n in range(moves):
        response = append(
            client, created["id"], created["token"], add(("ann", "ben")[n % 2], n + 1)
        )
        assert response.status_code == 201, response.json
    return created


def post(client, game_id, token, path, body, key=KEY):
    headers = {"Authorization": f"Bearer {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(f"/api/games/{game_id}/{path}", json=body, headers=headers)


def together(app, count, call):
    """`call(client)` from `count` threads at once, each with its own test client; the answers."""
    barrier = threading.Barrier(count)
    answers = [None] * count

    def run(index):
        client = app.test_client()
        barrier.wait()
        answers[index] = call(client)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


OPEN = {"seq": 3, "author": "player:ann", "text": "ben added 2, not 3"}


def test_a_retried_dispute_opening_answers_the_first_and_writes_once(client, redis_client):
    game = played(client)
    first = post(client, game["id"], game["token"], "disputes", OPEN)
    assert first.status_code == 201, first.json
    assert first.json["id"] == 1 and first.json["duplicate"] is False
    again = post(client, game["id"], game["token"], "disputes", OPEN)
    assert again.status_code == 200, again.json
    assert again.json == {**first.json, "duplicate": True}
    assert again.headers["Location"] == first.headers["Location"]
    assert redis_client.xlen(keys.disputes(game["id"])) == 1
    other = post(client, game["id"], game["token"], "disputes", OPEN, key="another-key")
    assert other.status_code == 201 and other.json["id"] == 2


def test_retried_replies_and_resolutions_answer_the_first(client, redis_client):
    game = played(client)
    post(client, game["id"], game["token"], "disputes", OPEN)
    reply = {"author": "player:ben", "text": "it was 3"}
    replied = post(client, game["id"], game["token"], "disputes/1/replies", reply)
    assert replied.status_code == 201
    again = post(client, game["id"], game["token"], "disputes/1/replies", reply)
    assert again.status_code == 200 and again.json["replies"] == replied.json["replies"]
    dismissed = {"outcome": "dismissed", "author": "admin", "text": "the photo shows 3"}
    resolved = post(client, game["id"], game["token"], "disputes/1/resolution", dismissed)
    assert resolved.status_code == 201 and resolved.json["status"] == "dismissed"
    # the dispute is resolved now, yet the retry is the resolution it made, not a 409
    again = post(client, game["id"], game["token"], "disputes/1/resolution", dismissed)
    assert again.status_code == 200, again.json
    assert again.json == {**resolved.json, "duplicate": True}
    assert redis_client.xlen(keys.disputes(game["id"])) == 3


def test_a_retry_answers_the_thread_as_its_write_left_it(client):
    game = played(client)
    first = post(client, game["id"], game["token"], "disputes", OPEN)
    reply = {"author": "player:ben", "text": "it was 3"}
    post(client, game["id"], game["token"], "disputes/1/replies", reply, key="reply-1")
    again = post(client, game["id"], game["token"], "disputes", OPEN)
    assert again.json["replies"] == [] and again.json == {**first.json, "duplicate": True}


def test_a_dispute_key_reused_with_another_body_is_a_409_and_writes_nothing(client, redis_client):
    game = played(client)
    post(client, game["id"], game["token"], "disputes", OPEN)
    changed = post(client, game["id"], game["token"], "disputes", {**OPEN, "seq": 4})
    assert changed.status_code == 409
    assert changed.content_type == "application/problem+json"
    assert changed.json["type"] == "/problems/idempotency-conflict"
    assert changed.json["idempotency_key"] == KEY and changed.json["entry"] == 1
    assert "Idempotency-Key" in changed.json["detail"]
    assert redis_client.xlen(keys.disputes(game["id"])) == 1


def test_a_dispute_key_is_scoped_to_its_game_its_thread_and_its_seat(client, redis_client):
    game, other = played(client), played(client)
    assert post(client, game["id"], game["token"], "disputes", OPEN).status_code == 201
    assert post(client, other["id"], other["token"], "disputes", OPEN).status_code == 201
    assert redis_client.xlen(keys.disputes(other["id"])) == 1
    # ann's seat and ben's seat each pick the key "1": two writers, two disputes
    ann, ben = game["seats"]["ann"], game["seats"]["ben"]
    by_ann = post(client, game["id"], ann, "disputes", OPEN, key="1")
    by_ben = post(client, game["id"], ben, "disputes", {**OPEN, "author": "player:ben"}, key="1")
    assert (by_ann.status_code, by_ben.status_code) == (201, 201)
    assert (by_ann.json["id"], by_ben.json["id"]) == (2, 3)
    # one key on two threads' replies: two replies
    reply = {"author": "admin", "text": "noted"}
    for thread in (1, 2):
        answer = post(client, game["id"], game["token"], f"disputes/{thread}/replies", reply)
        assert answer.status_code == 201, answer.json
    assert redis_client.xlen(keys.disputes(game["id"])) == 5


def test_racing_openings_with_one_key_write_one_dispute(app, client, redis_client):
    game = played(client)
    answers = together(app, 8, lambda c: post(c, game["id"], game["token"], "disputes", OPEN))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * 7 + [201], [a.json for a in answers]
    assert {answer.json["id"] for answer in answers} == {1}
    assert redis_client.xlen(keys.disputes(game["id"])) == 1


def test_a_bad_key_is_a_400_naming_the_header_and_writes_nothing(client, redis_client):
    game = played(client)
    for key, says in (("", "1 to 255"), ("k" * 256, "1 to 255"), ("caf\u00e9", "ASCII")):
        for path, body in (("disputes", OPEN), ("events", add("ann", 1)), ("undo", {"to": 3}),
                           ("redo", {})):  # fmt: skip
            refused = post(client, game["id"], game["token"], path, body, key=key)
            assert refused.status_code == 400, (key, path, refused.json)
            assert refused.json["type"] == "/problems/invalid"
            assert says in refused.json["errors"]["Idempotency-Key"][0], refused.json
            assert refused.json["detail"].startswith("Idempotency-Key: ")
    assert redis_client.exists(keys.disputes(game["id"])) == 0
    assert client.get(f"/api/games/{game['id']}").json["version"] == 5
    assert (
        post(client, game["id"], game["token"], "disputes", OPEN, key="k" * 255).status_code == 201
    )


def test_an_appends_key_never_names_the_workers_event(client, start_worker):
    """An append's key names ids of its own: a counter for a key ("3") once took the id the
    worker derives for the phase it resolves at version 3, and the phase failed for good."""
    start_worker()
    game_id, token = create_toy(client, tally_every=3)
    assert (
        append(client, game_id, token, add("ann", 2), {"Idempotency-Key": "3"}).status_code == 201
    )
    assert append(client, game_id, token, add("ben", 2)).status_code == 201  # 3: a tally is due

    def settled():
        summary = client.get(f"/api/games/{game_id}").json
        return (summary["pending"] is None or summary["failed"]) and summary

    summary = wait_for(settled)
    assert (summary["version"], summary["failed"]) == (4, None)


def test_an_appends_key_never_names_a_redos_event(client):
    """Nor a redo's ids, a function of the undo it redoes: with the key "redo:6", ann's action
    was once answered as the redo of the undo at 6."""
    game = played(client)  # seqs 2-5: ann 1, ben 2, ann 3, ben 4
    assert post(client, game["id"], game["token"], "undo", {"to": 4}, key=None).status_code == 201
    keyed = append(client, game["id"], game["token"], add("ben", 1), {"Idempotency-Key": "redo:6"})
    assert keyed.status_code == 201  # 7: ben plays again instead
    redone = post(client, game["id"], game["token"], "redo", {}, key=None)  # not ben's turn
    assert redone.status_code == 422, redone.json
    assert redone.json["details"] == {"redo_of": 5}


def undo(client, game, body, key=KEY):
    return post(client, game["id"], game["token"], "undo", body, key=key)


def version(client, game):
    return client.get(f"/api/games/{game['id']}").json["version"]


def test_a_retried_undo_after_the_game_moved_on_withdraws_nothing_more(client):
    game = played(client)  # seqs 2-5: ann 1, ben 2, ann 3, ben 4
    undone = undo(client, game, {"to": 3, "reason": "misread"})
    assert undone.status_code == 201, undone.json
    assert (undone.json["withdrawn"], undone.json["version"]) == ([5, 4], 7)
    assert append(client, game["id"], game["token"], add("ann", 9)).status_code == 201
    again = undo(client, game, {"to": 3, "reason": "misread"})  # the answer was lost
    assert again.status_code == 200, again.json
    assert again.json["duplicate"] is True
    assert again.json["events"] == undone.json["events"]
    assert again.json["receipts"] == undone.json["receipts"]
    assert (again.json["withdrawn"], again.json["state_at"]) == ([5, 4], 3)
    assert again.json["version"] == 8 and version(client, game) == 8  # ann's 9 stands
    assert client.get(f"/api/games/{game['id']}/state").json["state"]["total"] == 1 + 2 + 9


def test_a_retried_undo_that_named_its_version_answers_the_first(client):
    game = played(client)
    undone = undo(client, game, {"to": 3, "expected_version": 5})
    assert undone.status_code == 201, undone.json
    again = undo(client, game, {"to": 3, "expected_version": 5})
    assert again.status_code == 200, again.json  # not "nothing to undo", nor "moved on"
    assert again.json["events"] == undone.json["events"]
    assert version(client, game) == 7


def test_an_undo_key_reused_with_its_version_named_or_left_out_is_a_409(client):
    """The same withdrawal at the same head, but another request: one names the version it
    expects and the other does not."""
    for first, other in (({"to": 3, "expected_version": 5}, {"to": 3}),
                         ({"to": 3}, {"to": 3, "expected_version": 5})):  # fmt: skip
        game = played(client)
        assert undo(client, game, first).status_code == 201
        refused = undo(client, game, other)
        assert refused.status_code == 409, (first, other, refused.json)
        assert (refused.json["idempotency_key"], refused.json["seq"]) == (KEY, 6)
        assert undo(client, game, first).status_code == 200
        assert version(client, game) == 7


def test_an_undo_key_reused_for_another_undo_is_a_409_and_writes_nothing(client):
    game = played(client)
    assert undo(client, game, {"to": 4}).status_code == 201  # withdraws 5 (retract at 6)
    for other in ({"to": 3}, {"to": 4, "reason": "another"}, {"to": 4, "expected_version": 4}):
        refused = undo(client, game, other)
        assert refused.status_code == 409, (other, refused.json)
        assert refused.json["type"] == "/problems/idempotency-conflict"
        assert (refused.json["idempotency_key"], refused.json["seq"]) == (KEY, 6)
    assert version(client, game) == 6
    assert undo(client, game, {"to": 3}, key="a-new-key").status_code == 201


def test_racing_undos_with_one_key_withdraw_once(app, client):
    game = played(client)
    answers = together(app, 6, lambda c: undo(c, game, {"to": 3}))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200] * 5 + [201], [a.json for a in answers]
    assert {tuple(answer.json["withdrawn"]) for answer in answers} == {(5, 4)}
    assert version(client, game) == 7


def test_a_retried_redo_answers_the_first_even_when_it_named_its_version(client):
    game = played(client)
    undo(client, game, {"to": 3})
    redone = post(client, game["id"], game["token"], "redo", {"expected_version": 7})
    assert redone.status_code == 201, redone.json
    again = post(client, game["id"], game["token"], "redo", {"expected_version": 7})
    assert again.status_code == 200, again.json
    assert again.json["events"] == redone.json["events"] and again.json["redone"] == [4, 5]
    assert version(client, game) == 9


def test_a_retried_redo_answers_its_whole_batch_with_the_phases_resolved_in_it(
    client, start_worker
):
    """A redo re-derives, inside its batch, the phases due between the actions it re-applies;
    its retry answered only those actions, leaving the derived events and their receipts
    out (found by the soak)."""
    start_worker()
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 6))
    append(client, game_id, token, add("ben", 5))  # seq 3: a tally is due, the worker's at 4
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["version"] == 4)
    append(client, game_id, token, add("ann", 1))
    append(client, game_id, token, add("ben", 1))
    post(client, game_id, token, "undo", {"to": 2})  # retracts of 6, 5 and 3 at 7 to 9
    redone = post(client, game_id, token, "redo", {})
    assert [e["actor"] for e in redone.json["events"]][1] == "system:tally"
    again = post(client, game_id, token, "redo", {})
    assert again.status_code == 200, again.json
    assert [e["seq"] for e in again.json["events"]] == [10, 11, 12, 13]
    assert again.json["events"] == redone.json["events"]
    assert again.json["receipts"] == redone.json["receipts"]
    assert again.json["redone"] == redone.json["redone"] == [3, 5, 6]


# The writing POSTs that take no Idempotency-Key, and why (docs/architecture.md, "Idempotency").
NOT_KEYED = {
    "/api/games/{game_id}/receipts/check": "reads only",
    "/api/webhooks/{webhook_id}/enable": "enabling an enabled webhook changes nothing",
    "/api/webhooks/{webhook_id}/attempts/{attempt_id}/again": "each asking sends the entry "
    "again, with its webhook-id, by which the tool knows it has it",
}


def test_every_post_documents_the_key_a_retry_and_a_reused_key_or_is_named_here(client):
    paths = client.get("/api/openapi.json").json["paths"]
    posts = {path: operations["post"] for path, operations in paths.items() if "post" in operations}
    assert set(NOT_KEYED) <= set(posts)
    for path, operation in posts.items():
        headers = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        if path in NOT_KEYED:
            assert "Idempotency-Key" not in headers, path
            continue
        assert headers == ["Idempotency-Key"], path
        assert {"200", "201", "400", "409"} <= set(operation["responses"]), path


# Writes that make a game or a token answer write tokens, which Redis keeps only as digests:
# with a key the tokens are derived from it (and the service's secret), so the key is as
# secret as they are, and longer.
SECRET_KEY = "b1c2d3e4-f5a6-4789-9abc-def012345678"
CREATE = {"kind": "toy", "players": ["ann", "ben"], "options": {"tally_every": 1000}}


def create(client, body=CREATE, key=SECRET_KEY):
    return client.post("/api/games", json=body, headers={"Idempotency-Key": key})


def game_ids(client):
    return [game["id"] for game in client.get("/api/games?limit=100").json["items"]]


def test_a_retried_creation_answers_the_same_game_and_tokens(client):
    first, retried = create(client), create(client)
    assert (first.status_code, retried.status_code) == (201, 200)
    assert retried.json["duplicate"] is True and first.json["duplicate"] is False
    for name in ("id", "token", "seats", "state"):
        assert retried.json[name] == first.json[name], name
    assert game_ids(client) == [first.json["id"]]
    seat = retried.json["seats"]["ann"]  # the retry's tokens open the game's seats
    assert append(client, first.json["id"], seat, add("ann", 2)).status_code == 201
    assert create(client, key="another-key-of-16-chars").json["id"] != first.json["id"]


def test_a_retried_creation_of_a_drawn_map_draws_it_once(client):
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {}}
    first, retried = create(client, body), create(client, body)
    assert retried.status_code == 200 and retried.json["state"] == first.json["state"]


def test_a_creation_key_reused_with_another_body_is_a_409_and_writes_nothing(client):
    first = create(client)
    other = create(client, {**CREATE, "players": ["ann", "cy"]})
    assert other.status_code == 409 and other.json["type"].endswith("/idempotency-conflict")
    assert other.json["idempotency_key"] == SECRET_KEY and other.json["game"] == first.json["id"]
    assert game_ids(client) == [first.json["id"]]


def test_racing_creations_with_one_key_make_one_game(app, client):
    answers = together(app, 6, create)
    assert sorted(a.status_code for a in answers) == [200] * 5 + [201]
    assert len({(a.json["id"], a.json["token"]) for a in answers}) == 1
    assert len(game_ids(client)) == 1


def test_a_retried_fork_answers_the_same_fork(client):
    game = played(client)

    def fork():
        return post(client, game["id"], "", "forks", {"at": 3}, key=SECRET_KEY)

    first, retried = fork(), fork()
    assert (first.status_code, retried.status_code) == (201, 200)
    assert (retried.json["id"], retried.json["seats"]) == (first.json["id"], first.json["seats"])
    assert sorted(game_ids(client)) == sorted([game["id"], first.json["id"]])
    elsewhere = post(client, game["id"], "", "forks", {"at": 2}, key=SECRET_KEY)
    assert elsewhere.status_code == 409


def test_a_retried_import_answers_the_same_game(client):
    game = played(client)
    exported = client.get(f"/api/games/{game['id']}/export").data

    def imported():
        headers = {"Idempotency-Key": SECRET_KEY, "Content-Type": "application/jsonl"}
        return client.post("/api/games/import", data=exported, headers=headers)

    first, retried = imported(), imported()
    assert (first.status_code, retried.status_code) == (201, 200), first.json
    assert (retried.json["id"], retried.json["token"]) == (first.json["id"], first.json["token"])
    assert len(game_ids(client)) == 2


def test_an_import_key_reused_with_another_log_is_a_409_and_imports_nothing(client):
    game, other = played(client), played(client, moves=2)
    headers = {"Idempotency-Key": SECRET_KEY, "Content-Type": "application/jsonl"}
    first = client.post("/api/games/import", headers=headers,
                        data=client.get(f"/api/games/{game['id']}/export").data)  # fmt: skip
    assert first.status_code == 201, first.json
    refused = client.post("/api/games/import", headers=headers,
                          data=client.get(f"/api/games/{other['id']}/export").data)  # fmt: skip
    assert refused.status_code == 409 and refused.json["game"] == first.json["id"]
    assert len(game_ids(client)) == 3


def test_a_retried_seat_token_answers_the_same_token_and_replaces_once(client):
    game = played(client, moves=0)

    def replaced():
        return post(client, game["id"], game["token"], "seats/ann/token", None, key=SECRET_KEY)

    first, retried = replaced(), replaced()
    assert (first.status_code, retried.status_code) == (201, 200)
    assert retried.json["token"] == first.json["token"] and retried.json["seq"] == 2
    log = client.get(f"/api/games/{game['id']}/events").json["items"]
    assert [e["type"] for e in log].count("seat_replaced") == 1
    assert append(client, game["id"], first.json["token"], add("ann", 1)).status_code == 201


def test_a_key_that_yields_tokens_is_long_enough_to_keep_them_secret(client, redis_client):
    short = create(client, key="0123456789abcde")  # 15 characters
    assert short.status_code == 400 and "Idempotency-Key" in short.json["errors"]
    assert game_ids(client) == []


def redo(client, game, body, key=KEY):
    return post(client, game["id"], game["token"], "redo", body, key=key)


def test_a_redo_key_reused_with_another_body_is_a_409_and_writes_nothing(client):
    """One with `expected_version` and one without are two requests: the key's second is
    refused, whichever came first, and so is another version."""
    for first, others in (
        ({}, ({"expected_version": 7}, {"expected_version": 8})),
        ({"expected_version": 7}, ({}, {"expected_version": 8})),
    ):
        game = played(client)
        undo(client, game, {"to": 3}, key=None)  # withdraws 5 and 4 (retracts at 6, 7)
        redone = redo(client, game, first)
        assert redone.status_code == 201, redone.json
        for other in others:
            refused = redo(client, game, other)
            assert refused.status_code == 409, (first, other, refused.json)
            assert refused.json["type"] == "/problems/idempotency-conflict"
            assert (refused.json["idempotency_key"], refused.json["seq"]) == (KEY, 8)
        again = redo(client, game, first)
        assert again.status_code == 200 and again.json["events"] == redone.json["events"]
        assert version(client, game) == 9


def test_a_retried_redo_with_its_key_answers_its_redo_after_another_undo(client):
    """The key names the redo it wrote: asked again after the game was undone once more, it
    answers that redo rather than redo the new undo."""
    game = played(client)  # seqs 2-5: ann 1, ben 2, ann 3, ben 4
    undo(client, game, {"to": 3}, key=None)  # retracts of 5 and 4 at 6, 7
    redone = redo(client, game, {})  # 8, 9
    assert redone.status_code == 201 and redone.json["redone"] == [4, 5]
    assert undo(client, game, {"to": 8}, key=None).status_code == 201  # retract of 9 at 10
    again = redo(client, game, {})  # the answer was lost
    assert again.status_code == 200, again.json
    assert again.json["duplicate"] is True and again.json["events"] == redone.json["events"]
    assert again.json["receipts"] == redone.json["receipts"]
    assert again.json["redone"] == [4, 5]
    assert version(client, game) == 10


def test_an_append_key_reused_with_another_expected_version_is_a_409(client):
    """The key's events are the same, but the request is not: it named another version, or
    none."""
    for first, others in (({"expected_version": 1}, ({}, {"expected_version": 2})),
                          ({}, ({"expected_version": 1},))):  # fmt: skip
        game = played(client, moves=0)
        written = append(client, game["id"], game["token"], {**add("ann", 1), **first},
                         {"Idempotency-Key": KEY})  # fmt: skip
        assert written.status_code == 201, written.json
        for other in others:
            refused = append(client, game["id"], game["token"], {**add("ann", 1), **other},
                             {"Idempotency-Key": KEY})  # fmt: skip
            assert refused.status_code == 409, (first, other, refused.json)
            assert refused.json["type"] == "/problems/idempotency-conflict"
            assert (refused.json["idempotency_key"], refused.json["seq"]) == (KEY, 2)
        again = append(client, game["id"], game["token"], {**add("ann", 1), **first},
                       {"Idempotency-Key": KEY})  # fmt: skip
        assert again.status_code == 200 and again.json["events"] == written.json["events"]
        assert version(client, game) == 2


def replace(client, game_id, seat, token, key=SECRET_KEY):
    headers = {"Idempotency-Key": key} if key else {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.post(f"/api/games/{game_id}/seats/{seat}/token", headers=headers)


def test_the_recorder_replacing_its_own_token_is_answered_again_with_the_old_one(client):
    """The recorder replaced its own token and lost the answer: the token it sent no longer
    opens a seat, yet with the same key it is answered the new token again, and can go on."""
    game = played(client, moves=2)
    old = game["token"]
    first = replace(client, game["id"], "table", old)
    assert first.status_code == 201, first.json
    again = replace(client, game["id"], "table", old)  # the answer was lost
    assert again.status_code == 200, again.json
    assert again.json == {**first.json, "duplicate": True}
    assert version(client, game) == 4
    new = {**game, "token": again.json["token"]}
    assert undo(client, new, {"to": 2}, key=None).status_code == 201
    assert append(client, game["id"], old, add("ann", 1)).status_code == 403


def test_only_the_holder_of_the_replaced_token_is_answered_the_new_one(client):
    """Another seat's token, no token, the old token with another key or without one, or the
    old token of a seat the key's write did not send from: each refused as before."""
    game = played(client, moves=0)
    old, ann = game["token"], game["seats"]["ann"]
    first = replace(client, game["id"], "table", old)
    assert first.status_code == 201, first.json
    refusals = ((ann, SECRET_KEY, 403), (None, SECRET_KEY, 401),
                (old, "another-key-of-16-chars", 403), (old, None, 403))  # fmt: skip
    for token, key, status in refusals:
        refused = replace(client, game["id"], "table", token, key)
        assert refused.status_code == status, (token, key, refused.json)
        assert first.json["token"] not in refused.get_data(as_text=True)
    assert replace(client, game["id"], "ann", old).status_code == 403  # another scope
    # the recorder replaced ann's token: ann's old token never learns her new one
    by_table = replace(client, game["id"], "ann", first.json["token"], "ann-s-key-of-16-chars")
    assert by_table.status_code == 201
    refused = replace(client, game["id"], "ann", ann, "ann-s-key-of-16-chars")
    assert refused.status_code == 403
    assert by_table.json["token"] not in refused.get_data(as_text=True)
    assert version(client, game) == 3


def test_an_undo_written_before_its_request_was_kept_is_judged_by_what_it_withdrew(
    client, redis_client
):
    game = played(client)
    assert undo(client, game, {"to": 3, "expected_version": 5}).status_code == 201
    redis_client.delete(keys.keyed_writes(game["id"]))  # as an undo written before it was
    assert undo(client, game, {"to": 3}).status_code == 200
    refused = undo(client, game, {"to": 4})
    assert refused.status_code == 409 and refused.json["seq"] == 6
