"""#33: the logs on a Redis Cluster of three masters, each with replicas, through a master's
death. With REDIS_WAIT_REPLICAS a write is answered only once a replica holds it, so nothing
acknowledged is lost when the master dies and its replica takes over; without it (the
control), what a master acknowledged that its replica had not yet received is gone. Real
redis-server processes: a replica paused with SIGSTOP, a master killed with SIGKILL, the old
master started again on its data, where it rejoins as a replica."""

import os
import signal
import threading
import time

import pytest
import redis

from app import create_app
from app.run.embedded_redis import EmbeddedRedis, start_cluster
from app.run.sentinel import KeptRedis
from events import keys
from projections.services import Settings
from tests.api.helpers import add, append, create_toy, new_id
from tests.conftest import wait_for
from tests.contract.store_contract import event

NODE_TIMEOUT_MS = 1000  # a master silent this long is failed over


def service(nodes, queue, replicas: int):
    settings = Settings.from_env(
        redis_url=nodes[0].url.removesuffix("/0"), redis_cluster=True, rq_redis_url=queue.url,
        redis_wait_replicas=replicas, redis_wait_timeout=0.5,
    )  # fmt: skip
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": settings}).test_client()


def master_of(client, game_id: str, nodes: list[EmbeddedRedis]) -> EmbeddedRedis:
    cluster = client.application.extensions["tablelog"].redis
    port = cluster.get_node_from_key(keys.events(game_id)).port
    return next(node for node in nodes if node.port == port)


def replicas_of(master: EmbeddedRedis, nodes: list[EmbeddedRedis]) -> list[EmbeddedRedis]:
    return [node for node in nodes if node is not master and node.process.poll() is None
            and node.info("replication").get("master_port") == master.port]  # fmt: skip


def rejoined(node: EmbeddedRedis) -> bool:
    """Whether `node` follows a master with its link up."""
    replication = node.info("replication")
    return replication["role"] == "slave" and replication.get("master_link_status") == "up"


def logged(client, game_id: str) -> list[str] | None:
    """The event ids of the game's log; None while the store answers 503."""
    answer = client.get(f"/api/games/{game_id}/events")
    if answer.status_code == 503:
        return None
    return [e["event_id"] for e in answer.json["items"]]


def body(n: int) -> dict:
    return add(["ann", "ben"][n % 2], 1, event_id=new_id())


@pytest.fixture
def cluster(tmp_path):
    nodes = start_cluster(tmp_path, replicas=1, node_timeout_ms=NODE_TIMEOUT_MS)
    yield nodes
    for node in nodes:
        if node.process.poll() is None:
            os.kill(node.process.pid, signal.SIGCONT)
        node.stop()


@pytest.mark.parametrize("replicas", [0, 1], ids=["control-waits-for-none", "waits-for-one"])
def test_what_was_acknowledged_survives_a_master_whose_replica_was_cut_off(
    cluster, redis_server, replicas
):
    """The replica of a game's master paused, appends sent, the master killed, the replica
    resumed and promoted. Waiting for none, the store acknowledged 3,000 appends of 8 KB the
    replica never received (more than the sockets between them hold), and the promotion lost
    them: the loss this setting exists for. Waiting for one, an append and its two retries
    (the retries duplicates, waited for as well) were refused, 503 with Retry-After and
    "recorded": "unknown", and nothing acknowledged was lost; the old master started again
    rejoins as the new master's replica, and the same append sent again is recorded once.
    The game verifies."""
    client = service(cluster, redis_server, replicas)
    store = client.application.extensions["tablelog"].store
    game_id, token = create_toy(client, tally_every=1000)
    master = master_of(client, game_id, cluster)
    [replica] = replicas_of(master, cluster)
    os.kill(replica.process.pid, signal.SIGSTOP)
    acknowledged, sent = [], body(0)
    if replicas == 0:
        for n in range(3000):
            version, head = store.head(game_id)
            store.append(game_id, [event(n, padding="x" * 8192)], version, head)
            acknowledged.append(version + 1)
    else:
        for _ in range(3):  # the first written on the master alone, the others its duplicates
            answer = append(client, game_id, token, sent)
            assert answer.status_code == 503, answer.json
            assert answer.json["type"].endswith("store-unavailable")
            assert answer.headers["Retry-After"] and answer.json["recorded"] == "unknown"
            assert "0 of the 1 replicas it waits for confirmed it" in answer.json["detail"]
    master.kill()
    os.kill(replica.process.pid, signal.SIGCONT)
    wait_for(lambda: replica.role() == "master" and replica.cluster_state() == "ok", timeout=20)
    version = wait_for(lambda: head_of(store, game_id), timeout=10)
    lost = [seq for seq in acknowledged if seq > version]
    if replicas == 0:
        assert lost, "the control lost nothing: the test could not see a loss"
        return
    assert acknowledged == [] and version in (1, 2)  # what it was refused may have got through
    again = master.started_again()
    wait_for(lambda: rejoined(again), timeout=40)
    answer = wait_for(lambda: ok(append(client, game_id, token, sent)), timeout=10)
    assert answer.status_code in (200, 201)
    assert logged(client, game_id)[1:] == [sent["event_id"]]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def head_of(store, game_id: str) -> int | None:
    """The game's version, once its slot's new master answers."""
    try:
        return store.head(game_id)[0]
    except redis.RedisError:
        return None


def ok(answer):
    return answer if answer.status_code in (200, 201) else None


def test_a_master_killed_under_racing_writers_loses_nothing_acknowledged(tmp_path, redis_server):
    """Three masters with two replicas each, every write waiting for one: four writers append
    to their games, each sending an append again (the same event id) until it is answered; the
    master of the first game is killed mid-way. One of its replicas takes over, the other
    follows it, and appends to that game are answered again within seconds (the time is
    printed); started again, the old master rejoins as a replica. Every acknowledged event is
    in its game's log, and every game verifies."""
    nodes = start_cluster(tmp_path, replicas=2, node_timeout_ms=NODE_TIMEOUT_MS)
    try:
        client = service(nodes, redis_server, replicas=1)
        games = [create_toy(client, tally_every=10**6, goal=10**6) for _ in range(4)]
        master = master_of(client, games[0][0], nodes)
        acknowledged = {game_id: [] for game_id, _ in games}
        times = {game_id: [] for game_id, _ in games}
        stop = threading.Event()

        def write(game_id, token):
            writer, n = client.application.test_client(), 0
            sent = body(n)
            while not stop.is_set():
                sending = time.monotonic()
                answer = append(writer, game_id, token, sent)
                if answer.status_code in (200, 201):
                    acknowledged[game_id].append(sent["event_id"])
                    times[game_id].append(sending)
                    n += 1
                    sent = body(n)
                else:
                    assert answer.status_code == 503, answer.json
                    time.sleep(0.05)

        writers = [threading.Thread(target=write, args=game) for game in games]
        for writer in writers:
            writer.start()
        time.sleep(2)
        killed_at = time.monotonic()
        master.kill()
        wait_for(lambda: [t for t in times[games[0][0]] if t > killed_at], timeout=20)
        time.sleep(1)
        stop.set()
        for writer in writers:
            writer.join(timeout=30)
        back = min(t for t in times[games[0][0]] if t > killed_at) - killed_at
        print(
            f"\nfrom the master's kill to the first append sent to its game after it and"
            f" acknowledged: {back:.2f} s"
        )
        again = master.started_again()
        wait_for(lambda: rejoined(again), timeout=40)
        for game_id, _ in games:
            assert acknowledged[game_id], game_id
            store = client.application.extensions["tablelog"].store
            in_log = {envelope["event_id"] for envelope in store.iterate(game_id)}
            assert [e for e in acknowledged[game_id] if e not in in_log] == []
            assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True
    finally:
        for node in nodes:
            node.stop()


def test_retries_answered_from_what_was_written_wait_for_the_replicas_too(cluster, redis_server):
    """With every replica up and each write waiting for one, what a retry is answered from
    rather than writing waits too, and is answered as before: a keyed creation sent again
    (the key's game id, then the game), an append sent again (a duplicate), a dispute sent
    again with its Idempotency-Key."""
    client = service(cluster, redis_server, replicas=1)
    create = {"kind": "toy", "players": ["ann", "ben"], "options": {"goal": 99}}
    keyed = {"Idempotency-Key": new_id()}
    made = [client.post("/api/games", json=create, headers=keyed) for _ in range(2)]
    assert [m.status_code for m in made] == [201, 200] and made[0].json["id"] == made[1].json["id"]
    game_id, token = made[0].json["id"], made[0].json["token"]
    sent = body(0)
    answers = [append(client, game_id, token, sent) for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 200] and answers[1].json["duplicate"]
    auth = {"Authorization": f"Bearer {token}", "Idempotency-Key": new_id()}
    opened = {"seq": 2, "author": "admin", "text": "it was 2"}
    disputed = [client.post(f"/api/games/{game_id}/disputes", json=opened, headers=auth)
                for _ in range(2)]  # fmt: skip
    assert [d.status_code for d in disputed] == [201, 200]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_one_redis_with_a_replica_waits_for_it_too(tmp_path, redis_server):
    """Not a cluster: REDIS_URL names a master with a replica. An append is acknowledged once
    the replica holds it; with the replica paused, it is refused 503, recorded unknown; with
    the replica back, the same append sent again is answered, written once."""
    password = tmp_path / "password"
    master = KeptRedis(tmp_path / "master", password).start()
    replica = KeptRedis(tmp_path / "replica", password, replica_of=master.port).start()
    try:
        wait_for(replica.link_up, timeout=10)
        settings = Settings.from_env(redis_url=master.url, rq_redis_url=redis_server.url,
                                     redis_wait_replicas=1, redis_wait_timeout=0.5)  # fmt: skip
        client = create_app({"TESTING": True, "TABLELOG_SETTINGS": settings}).test_client()
        game_id, token = create_toy(client, tally_every=1000)
        assert append(client, game_id, token, body(0)).status_code == 201
        os.kill(replica.process.pid, signal.SIGSTOP)
        sent = body(1)
        refused = append(client, game_id, token, sent)
        assert refused.status_code == 503 and refused.json["recorded"] == "unknown"
        os.kill(replica.process.pid, signal.SIGCONT)
        answer = wait_for(lambda: ok(append(client, game_id, token, sent)), timeout=10)
        assert answer.json["duplicate"] is True  # the master had it: now the replica has too
        assert len(logged(client, game_id)) == 3
    finally:
        os.kill(replica.process.pid, signal.SIGCONT)
        replica.stop()
        master.stop()
