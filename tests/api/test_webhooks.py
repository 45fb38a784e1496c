"""Webhooks through the API, delivered by workers/deliveries.py to a real HTTP server:
registered with a key, signed as Standard Webhooks says, at least once and in order, retried
with back-off, disabled past a limit, every attempt kept and readable, sent again on asking."""

import dataclasses
import threading
import time

import pytest
from standardwebhooks import Webhook as Verifier

from app import create_app
from events import keys
from tests.api.helpers import add, append, create_toy
from tests.receiver import Receiver
from workers.deliveries import Deliverer
from workers.post import Poster


@pytest.fixture
def app(settings):
    hooks = dataclasses.replace(
        settings, webhook_allow_private=True, webhook_timeout=0.5, webhook_retry_base=0.05,
        webhook_retry_max=0.2, webhook_retry_for=60,
    )  # fmt: skip
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": hooks})


@pytest.fixture
def svc(app):
    return app.extensions["tablelog"]


def key(svc, *scopes, name="league"):
    _, token = svc.tool_keys.create(name, scopes or ["webhooks:write"])
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def receiver():
    started = Receiver().start()
    yield started
    started.stop()


def register(client, headers, url, **body):
    made = client.post("/api/webhooks", json={"url": url, **body}, headers=headers)
    assert made.status_code == 201, made.json
    return made.json


def run(svc, webhook_id):
    """What a worker's job does, here."""
    Deliverer(svc).run(webhook_id)


def test_a_webhook_is_sent_each_entry_signed_in_order(client, svc, receiver):
    tool = key(svc)
    made = register(client, tool, receiver.url)
    assert made["secret"].startswith("whsec_") and made["status"] == "enabled"
    assert "secret" not in client.get(made["href"], headers=tool).json
    game, token = create_toy(client)
    append(client, game, token, add("ann", 2))
    run(svc, made["id"])

    got = receiver.taken()
    assert [(r.path, len(r.body) > 0) for r in got] == [("/hooks", True)] * 2
    verifier = Verifier(made["secret"])
    bodies = [verifier.verify(r.body, r.headers) for r in got]
    assert [(b["type"], b["data"]["game"], b["data"]["seq"]) for b in bodies] == [
        ("toy.created", game, 1), ("toy.added", game, 2)]  # fmt: skip
    stored = client.get(f"/api/games/{game}/events/2").json
    assert bodies[1]["data"]["event"] == {k: v for k, v in stored.items() if k != "withdrawn_by"}
    assert got[0].headers["webhook-id"] == f"msg_{made['id']}_{bodies[0]['data']['cursor']}"
    assert got[0].headers["Content-Type"] == "application/json"
    webhook = client.get(made["href"], headers=tool).json
    assert webhook["delivered"] == 2 and webhook["cursor"] == bodies[1]["data"]["cursor"]
    attempts = client.get(made["attempts"], headers=tool).json["items"]
    assert [(a["seq"], a["ok"], a["status"], a["trigger"]) for a in attempts] == [
        (2, True, 204, "delivery"), (1, True, 204, "delivery")]  # fmt: skip


def test_start_now_sends_only_what_comes_after_and_filters_narrow(client, svc, receiver):
    before, before_token = create_toy(client)
    other, other_token = create_toy(client, players=("cy", "di"))
    made = register(client, key(svc), receiver.url, filters={"game": [before]})
    append(client, before, before_token, add("ann", 1))
    append(client, other, other_token, add("cy", 1))
    run(svc, made["id"])
    sent = [Verifier(made["secret"]).verify(r.body, r.headers)["data"] for r in receiver.taken()]
    assert [(d["game"], d["seq"]) for d in sent] == [(before, 2)]


def test_a_failing_tool_is_tried_again_with_the_same_id_and_nothing_after_it_goes_first(
    client, svc, receiver
):
    tool = key(svc)
    game, token = create_toy(client)
    made = register(client, tool, receiver.url, start="start")
    append(client, game, token, add("ann", 1))
    receiver.mode = "fail"
    run(svc, made["id"])
    webhook = client.get(made["href"], headers=tool).json
    assert webhook["failures"] == 1 and webhook["next_attempt_at"] and webhook["delivered"] == 0
    run(svc, made["id"])  # before its back-off: nothing is sent
    assert len(receiver.taken()) == 1
    receiver.mode = "ok"
    time.sleep(0.25)
    run(svc, made["id"])
    got = receiver.taken()
    assert [r.headers["webhook-id"] for r in got][:2] == [got[0].headers["webhook-id"]] * 2
    assert len(got) == 3  # seq 1 twice, then seq 2
    webhook = client.get(made["href"], headers=tool).json
    assert (webhook["failures"], webhook["failing_since"], webhook["delivered"]) == (0, None, 2)
    attempts = client.get(made["attempts"], headers=tool).json["items"]
    assert [(a["status"], a["response"]) for a in attempts][-1] == (500, "the league site is down")


@pytest.mark.parametrize(
    "mode, said",
    [("slow", "no answer within 0.5 s"), ("close", "RemoteDisconnected"),
     ("redirect", "answered 302 to http://127.0.0.1:9/elsewhere: a redirect is not followed")],
)  # fmt: skip
def test_what_a_tool_did_wrong_is_kept_with_the_attempt(client, svc, receiver, mode, said):
    tool = key(svc)
    made = register(client, tool, receiver.url, start="start")
    create_toy(client)
    receiver.mode, receiver.delay = mode, 1.0
    run(svc, made["id"])
    [attempt] = client.get(made["attempts"], headers=tool).json["items"]
    assert said in attempt["error"] and attempt["ok"] is False
    assert client.get(made["href"], headers=tool).json["delivered"] == 0


def test_a_webhook_failing_past_the_limit_is_disabled_and_enabled_goes_on(
    app, client, svc, receiver
):
    tool = key(svc)
    made = register(client, tool, receiver.url, start="start")
    create_toy(client)
    receiver.mode = "fail"
    short = Deliverer(svc)
    short.settings = dataclasses.replace(svc.settings, webhook_retry_for=0.1)
    short.run(made["id"])
    time.sleep(0.3)
    short.run(made["id"])
    webhook = client.get(made["href"], headers=tool).json
    assert webhook["status"] == "disabled"
    assert webhook["disabled_reason"].startswith("every delivery since ")
    assert webhook["disabled_reason"].endswith("(2 attempts); the last answered 500")
    assert webhook["failures"] == 2  # as many as the reason says
    receiver.mode = "ok"
    run(svc, made["id"])
    assert len(receiver.taken()) == 2  # nothing more while disabled
    enabled = client.post(f"{made['href']}/enable", headers=tool)
    assert enabled.status_code == 200 and enabled.json["status"] == "enabled"
    run(svc, made["id"])
    assert client.get(made["href"], headers=tool).json["delivered"] == 1


def test_send_again_repeats_an_attempt_with_its_id(client, svc, receiver):
    tool = key(svc)
    made = register(client, tool, receiver.url, start="start")
    create_toy(client)
    run(svc, made["id"])
    [attempt] = client.get(made["attempts"], headers=tool).json["items"]
    queued = client.post(f"{made['attempts']}/{attempt['id']}/again", headers=tool)
    assert queued.status_code == 202, queued.json
    Deliverer(svc).again(made["id"], attempt["id"])  # what the worker's job does
    first, second = receiver.taken()
    assert first.headers["webhook-id"] == second.headers["webhook-id"]
    newest = client.get(made["attempts"], headers=tool).json["items"][0]
    assert (newest["trigger"], newest["message"]) == ("again", attempt["message"])
    assert client.post(f"{made['attempts']}/1-1/again", headers=tool).status_code == 404


def test_a_revoked_key_stops_its_webhooks(client, svc, receiver):
    tool = key(svc)
    made = register(client, tool, receiver.url, start="start")
    svc.tool_keys.revoke("league")
    create_toy(client)
    run(svc, made["id"])
    assert receiver.taken() == []
    webhook = svc.webhooks.get(made["id"])
    assert webhook.status == "disabled" and "was revoked at" in webhook.disabled_reason


def test_a_key_sees_and_changes_only_its_own_webhooks(client, svc, receiver):
    mine, theirs = key(svc, name="mine"), key(svc, name="theirs")
    made = register(client, mine, receiver.url)
    assert client.get(made["href"], headers=theirs).status_code == 404
    assert client.delete(made["href"], headers=theirs).status_code == 404
    assert client.get("/api/webhooks", headers=theirs).json["items"] == []
    assert [w["id"] for w in client.get("/api/webhooks", headers=mine).json["items"]] == [
        made["id"]]  # fmt: skip
    reader = key(svc, "webhooks:read", name="reader")
    assert client.get("/api/webhooks", headers=reader).status_code == 200
    assert client.post("/api/webhooks", json={"url": receiver.url},
                       headers=reader).status_code == 403  # fmt: skip
    assert client.delete(made["href"], headers=mine).status_code == 204
    assert client.get(made["href"], headers=mine).status_code == 404


@pytest.mark.parametrize(
    "body, field",
    [({"url": "ftp://example.org/x"}, "url"), ({"url": "http://"}, "url"),
     ({"url": "https://1.1.1.1/x", "start": "yesterday"}, "start"),
     ({"url": "https://1.1.1.1/x", "filters": {"kind": ["chess"]}}, "filters"),
     ({}, "url")],
)  # fmt: skip
def test_a_bad_webhook_is_a_400_naming_its_field(client, svc, body, field):
    refused = client.post("/api/webhooks", json=body, headers=key(svc))
    assert refused.status_code == 400 and field in refused.json["errors"], refused.json
    assert svc.webhooks.all() == []


def test_private_addresses_are_refused_unless_the_setting_allows_them(settings, receiver):
    app = create_app({"TESTING": True, "TABLELOG_SETTINGS": settings})  # the default: refused
    svc, client = app.extensions["tablelog"], app.test_client()
    private = (
        receiver.url,
        "http://localhost:8000/x",
        "http://10.1.2.3/x",
        "http://169.254.169.254/latest",
        "http://[::1]/x",
        "http://[::ffff:127.0.0.1]/x",
    )
    for url in private:
        refused = client.post("/api/webhooks", json={"url": url}, headers=key(svc, name=url[7:20]))
        assert refused.status_code == 400, url
        assert "public addresses only" in str(refused.json["errors"]), url
    with Poster(receiver.url, 1.0, allow_private=False) as poster:
        answer = poster.post(b"{}", {})
    assert answer.status is None and "loopback" in answer.error
    assert receiver.taken() == []


def test_before_the_least_attempt_id_there_is_none(client, svc, receiver):
    """Found by the fuzzer: Redis refuses a range before 0-0, which answered 503."""
    tool = key(svc)
    made = register(client, tool, receiver.url, start="start")
    create_toy(client)
    run(svc, made["id"])
    listed = client.get(f"{made['attempts']}?before=0-0", headers=tool)
    assert listed.status_code == 200 and listed.json["items"] == []


def test_one_job_sends_its_entries_on_one_connection_while_the_tool_keeps_it(client, svc, receiver):
    made = register(client, key(svc), receiver.url, start="start")
    game, token = create_toy(client, goal=1000)
    for turn in range(4):
        append(client, game, token, add(("ann", "ben")[turn % 2], 1))
    run(svc, made["id"])
    assert len(receiver.taken()) == 5 and receiver.connections == 1


def test_a_registration_sent_again_with_its_key_answers_the_webhook_it_made(client, svc, receiver):
    """A tool that lost the answer asks again: the same webhook and secret, none made twice."""
    tool = key(svc)
    body = {"url": receiver.url, "description": "standings"}
    keyed = {**tool, "Idempotency-Key": "c0ffee00-0000-4000-8000-000000000001"}
    first = client.post("/api/webhooks", json=body, headers=keyed)
    again = client.post("/api/webhooks", json=body, headers=keyed)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["duplicate"] is True
    assert (again.json["id"], again.json["secret"]) == (first.json["id"], first.json["secret"])
    other = client.post("/api/webhooks", json={**body, "description": "scores"}, headers=keyed)
    assert other.status_code == 409 and other.json["webhook"] == first.json["id"]
    assert len(client.get("/api/webhooks", headers=tool).json["items"]) == 1
    theirs = key(svc, name="theirs")  # the same key from another tool is its own request
    assert client.post("/api/webhooks", json=body,
                       headers={**theirs, "Idempotency-Key": keyed["Idempotency-Key"]}
                       ).status_code == 201  # fmt: skip


def test_two_runs_at_once_send_each_entry_once(client, svc, receiver):
    """Found by the soak (306 entries sent twice): a job replaced while a worker was taking
    it ran beside its replacement. A run holds its webhook; another run at once ends."""
    made = register(client, key(svc), receiver.url, start="start")
    game, token = create_toy(client, goal=1000)
    for turn in range(3):
        append(client, game, token, add(("ann", "ben")[turn % 2], 1))
    receiver.mode, receiver.delay = "slow", 0.1
    runs = [threading.Thread(target=run, args=(svc, made["id"])) for _ in range(3)]
    for thread in runs:
        thread.start()
    for thread in runs:
        thread.join()
    ids = [r.headers["webhook-id"] for r in receiver.taken()]
    assert len(ids) == len(set(ids)) == 4
    assert svc.redis.exists(keys.webhook_sending(made["id"])) == 0  # let go


def test_a_webhook_deleted_while_it_is_sent_leaves_nothing_behind(client, svc, receiver):
    made = register(client, key(svc), receiver.url, start="start")
    create_toy(client)
    webhook = svc.webhooks.get(made["id"])
    holding = svc.webhooks.hold(webhook.id, 10)
    svc.webhooks.delete(webhook.id)  # while a run holds it
    attempt = {"cursor": webhook.cursor, "ok": True}
    assert svc.webhooks.settle(webhook, (holding, 10), [attempt], "1-1", 1) is False
    assert svc.redis.exists(keys.webhook_state(webhook.id), keys.webhook_attempts(webhook.id)) == 0


def test_a_webhook_registered_while_the_queue_is_unreachable_is_answered_as_made(settings):
    """Its record is written before its job is asked for: a 503 then would say nothing was
    made, and a tool asking again without a key would make a second one. The dispatcher's
    sweep sends it its entries."""
    from app.run.embedded_redis import free_port

    no_queue = dataclasses.replace(settings, webhook_allow_private=True,
                                   rq_redis_url=f"redis://127.0.0.1:{free_port()}/0")  # fmt: skip
    app = create_app({"TESTING": True, "TABLELOG_SETTINGS": no_queue})
    svc, client = app.extensions["tablelog"], app.test_client()
    made = client.post("/api/webhooks", json={"url": "http://127.0.0.1:9/"}, headers=key(svc))
    assert made.status_code == 201, made.json
    assert [w.id for w in svc.webhooks.all()] == [made.json["id"]]
