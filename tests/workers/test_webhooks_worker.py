"""The webhooks' worker (`python -m workers.webhooks`) as it runs: its dispatcher hears the
feed and its jobs send each entry to a real HTTP server, which is stopped for a while, or
slow when the worker is killed mid-delivery: nothing acknowledged goes unsent, and a repeat
carries the same webhook-id."""

import dataclasses
import threading

import pytest
from rq.exceptions import InvalidJobOperation
from standardwebhooks import Webhook as Verifier

from app import create_app
from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for
from tests.receiver import Receiver
from workers import webhooks
from workers.steady import Outage

WORKER_ENV = {"WEBHOOK_ALLOW_PRIVATE": "1", "WEBHOOK_RETRY_BASE": "0.2",
              "WEBHOOK_RETRY_MAX": "1", "WEBHOOK_TIMEOUT": "5"}  # fmt: skip


@pytest.fixture
def app(settings):
    hooks = dataclasses.replace(settings, webhook_allow_private=True)
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": hooks})


@pytest.fixture
def receiver():
    started = Receiver().start()
    yield started
    started.stop()


@pytest.fixture
def webhook(app, client, receiver):
    """A webhook of every entry from now on, to the receiver: (its answer, the key's headers)."""
    _, token = app.extensions["tablelog"].tool_keys.create("league", ["webhooks:write"])
    headers = {"Authorization": f"Bearer {token}"}
    made = client.post("/api/webhooks", json={"url": receiver.url}, headers=headers)
    assert made.status_code == 201, made.json
    return made.json, headers


def sent(receiver: Receiver, secret: str) -> list[tuple[str, str, int]]:
    """(webhook-id, game, seq) of each POST received, each checked against its signature."""
    verifier = Verifier(secret)
    found = []
    for received in receiver.taken():
        data = verifier.verify(received.body, received.headers)["data"]
        found.append((received.headers["webhook-id"], data["game"], data["seq"]))
    return found


def play(client, moves: int) -> tuple[str, list[int]]:
    game, token = create_toy(client, goal=1000, tally_every=1000)
    seqs = [1]
    for move in range(moves):
        answer = append(client, game, token, add(("ann", "ben")[move % 2], 1))
        seqs.append(answer.json["events"][0]["seq"])
    return game, seqs


def test_each_entry_reaches_the_tool_as_it_is_acknowledged(client, webhook, receiver,
                                                           start_worker):  # fmt: skip
    made, _ = webhook
    start_worker(module="workers.webhooks", **WORKER_ENV)
    wait_for(lambda: client.get("/api/health").json["webhook_workers"] == 1, timeout=15)
    game, seqs = play(client, 3)
    wait_for(lambda: len(receiver.taken()) == 4, timeout=15)
    assert [(g, s) for _, g, s in sent(receiver, made["secret"])] == [(game, s) for s in seqs]


def test_a_tool_down_for_a_while_gets_everything_once_it_is_back(client, webhook, receiver,
                                                                 start_worker):  # fmt: skip
    made, headers = webhook
    start_worker(module="workers.webhooks", **WORKER_ENV)
    receiver.stop()
    game, seqs = play(client, 4)
    wait_for(lambda: client.get(made["href"], headers=headers).json["failures"] >= 2, timeout=15)
    receiver.start()
    wait_for(lambda: {(g, s) for _, g, s in sent(receiver, made["secret"])}
             == {(game, s) for s in seqs}, timeout=20)  # fmt: skip
    got = sent(receiver, made["secret"])
    assert [s for _, _, s in got] == seqs  # in order, each once: the failures never arrived
    attempts = client.get(made["attempts"], headers=headers).json["items"]
    failed = [a for a in attempts if not a["ok"]]
    assert failed and all("ConnectionRefusedError" in a["error"] for a in failed)
    assert {a["message"] for a in failed} == {got[0][0]}  # tried again with its webhook-id


def test_the_worker_killed_mid_delivery_sends_it_again_with_the_same_id(
    client, webhook, receiver, start_worker
):
    made, _ = webhook
    worker = start_worker(module="workers.webhooks", **WORKER_ENV)
    receiver.mode, receiver.delay = "slow", 2.0
    game, seqs = play(client, 2)
    wait_for(lambda: receiver.taken(), timeout=15)
    worker.kill()  # while the POST of seq 1 waits for its answer
    receiver.mode = "ok"
    start_worker(module="workers.webhooks", **WORKER_ENV)
    wait_for(lambda: {s for _, _, s in sent(receiver, made["secret"])} == set(seqs), timeout=30)
    got = sent(receiver, made["secret"])
    ids = {}
    for message, _, seq in got:
        assert ids.setdefault(seq, message) == message  # a repeat has the first one's id
    assert [s for _, _, s in got].count(1) == 2  # the slow answer's entry, sent again


def test_the_dispatcher_starts_again_after_an_error_that_is_not_redis(app, monkeypatch):
    """Found by the soak: a deliver job that ended (its key deleted, result_ttl 0) between
    the enqueue's DuplicateJobError and the look at its status raised RQ's
    InvalidJobOperation in the dispatcher of both webhooks' workers; each dispatcher's thread
    ended, the workers went on with nobody to enqueue their jobs, and no entry was sent again."""
    turns = []

    def run(self, stop):
        turns.append(len(turns) + 1)
        if len(turns) == 1:
            raise InvalidJobOperation("Failed to retrieve status for job: deliver-wh_1")
        stop.set()

    monkeypatch.setattr(webhooks.Dispatcher, "run", run)
    monkeypatch.setattr(webhooks, "services", lambda: app.extensions["tablelog"])
    stop = threading.Event()
    thread = threading.Thread(target=webhooks.dispatch_forever, args=(None, stop, Outage()),
                              daemon=True)  # fmt: skip
    thread.start()
    thread.join(timeout=10)
    assert turns == [1, 2] and not thread.is_alive()
