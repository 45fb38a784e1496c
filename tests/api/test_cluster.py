"""The whole service with its logs on a three-node Redis Cluster and its queue on the plain
Redis (RQ does not run on a cluster): a game recorded, resolved, replayed and verified."""

import dataclasses

import pytest

from app import create_app
from tests.api.helpers import add, append, create_toy, retract
from tests.conftest import wait_for
from workers.jobs import PhaseFailed, run


def test_a_game_on_redis_cluster(cluster_client, start_worker):
    client, settings = cluster_client
    start_worker(
        REDIS_URL=settings.redis_url, REDIS_CLUSTER="1", RQ_REDIS_URL=settings.rq_redis_url
    )
    games = [create_toy(client) for _ in range(4)]
    for game_id, token in games:
        for n in range(6):
            assert append(client, game_id, token, add(["ann", "ben"][n % 2], 2)).status_code == 201
    game_id, token = games[0]
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["pending"] is None)
    log = client.get(f"/api/games/{game_id}/events").json["items"]
    assert [e["type"] for e in log].count("toy.tallied") == 1
    assert append(client, game_id, token, retract(log[-1]["seq"])).status_code == 422
    assert client.get(f"/api/games/{game_id}/replay?from=1").json["steps"][-1]["state"]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True
    assert len(client.get("/api/games?kind=toy").json["items"]) == 4


def test_a_phase_given_up_on_the_cluster_is_kept_once_and_read_with_the_meta(cluster_client):
    client, _ = cluster_client
    game_id, token = create_toy(client, tally_raises_at=[11])
    append(client, game_id, token, add("ann", 6))
    append(client, game_id, token, add("ben", 5))
    svc = client.application.extensions["tablelog"]
    for _ in range(2):  # the second failure at the same head is the one kept
        with pytest.raises(PhaseFailed):
            run(svc, game_id)
    failed = client.get(f"/api/games/{game_id}").json["failed"]
    assert failed["seq"] == 3 and failed["error"].startswith("TypeError")
    assert client.get("/api/games?kind=toy").json["items"][0]["failed"] == failed
    assert client.get(f"/api/games/{game_id}/verify").json["problem"] == "phase"


def test_rate_limits_count_on_the_cluster(cluster_client):
    _, settings = cluster_client
    limited = dataclasses.replace(settings, rate_limit_create="1/minute")
    client = create_app({"TESTING": True, "TABLELOG_SETTINGS": limited}).test_client()
    create_toy(client)
    response = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]})
    assert response.status_code == 429 and int(response.headers["Retry-After"]) >= 1
    cluster = client.application.extensions["tablelog"].redis
    assert cluster.keys("LIMITS:*", target_nodes=cluster.ALL_NODES)


def test_keys_for_tools_on_the_cluster(cluster_client):
    """Every command on the keys names the one hash, and the per-key limit counts in the
    cluster's own limits storage."""
    client, _ = cluster_client
    tool_keys = client.application.extensions["tablelog"].tool_keys
    key, token = tool_keys.create("league-site", ["feed:read"], "2/minute")
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/tools/me", headers=headers).json["id"] == key.id
    assert client.get("/api/tools/me", headers=headers).status_code == 200
    assert client.get("/api/tools/me", headers=headers).status_code == 429
    assert tool_keys.all()[0].last_used_at is not None
    tool_keys.revoke("league-site")
    assert client.get("/api/tools/me", headers=headers).status_code == 401


def test_keyed_writes_on_the_cluster(cluster_client):
    """What a keyed append asked is kept on its game's slot: the same key with another body
    is a 409, and the recorder that replaced its own token is answered it again."""
    client, _ = cluster_client
    game_id, token = create_toy(client, tally_every=1000)
    table = {"Authorization": f"Bearer {token}", "Idempotency-Key": "a-key-of-16-chars"}
    for n in range(2):
        assert append(client, game_id, token, add(["ann", "ben"][n], 2)).status_code == 201
    undo = f"/api/games/{game_id}/undo"
    assert client.post(undo, json={"to": 1}, headers=table).status_code == 201  # 4, 5
    redo = f"/api/games/{game_id}/redo"
    assert client.post(redo, json={}, headers=table).status_code == 201
    refused = client.post(redo, json={"expected_version": 5}, headers=table)
    assert refused.status_code == 409 and refused.json["seq"] == 6
    replace = f"/api/games/{game_id}/seats/table/token"
    first = client.post(replace, headers=table)
    again = client.post(replace, headers=table)  # the old token, the same key
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["token"] == first.json["token"]
