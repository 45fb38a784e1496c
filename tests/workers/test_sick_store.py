"""The workers ride out a sick store (issue 31, items 1 and 3), on a Redis of their own that a
test makes sick: out of memory, or killed and started again on the same data.

A worker exited on the first store error that was not a dropped connection, and `make run`
stopped everything after six such ends within a minute; a worker idle while Redis was killed
waited out RQ's back-off, up to a minute, before it read the queue again."""

import dataclasses
import time

import pytest
import redis

from app import create_app
from app.run.embedded_redis import EmbeddedRedis, free_port
from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for

# After the store is well again, a due phase is resolved within this; RQ's back-off took up to
# a minute, and an idle worker's first read after an 8 s outage came 7 s after it.
RESOLVED_WITHIN = 5.0


@pytest.fixture
def sick_redis(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", port=free_port(), disabled=()).start()
    yield server
    server.kill()


@pytest.fixture
def sick_client(settings, sick_redis):
    own = dataclasses.replace(settings, redis_url=sick_redis.url, rq_redis_url=None)
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": own}).test_client()


def tally_due(client, **options) -> str:
    """A toy game whose tally is due (its job queued); its id."""
    game_id, token = create_toy(client, **options)
    append(client, game_id, token, add("ann", 9))
    assert append(client, game_id, token, add("ben", 9)).json["pending"] == "tally"
    return game_id


def resolved(client, game_id) -> bool:
    return client.get(f"/api/games/{game_id}").json["pending"] is None


def test_a_worker_rides_out_a_spell_out_of_memory_and_says_so_once(
    sick_client, sick_redis, start_worker, tmp_path
):
    game_id = tally_due(sick_client)
    store = redis.Redis.from_url(sick_redis.url)
    store.config_set("maxmemory", 1)
    log = tmp_path / "worker.log"
    try:
        worker = start_worker(log=log, REDIS_URL=sick_redis.url)
        time.sleep(4)  # RQ's worker cannot even register: it exited 1 at once
        assert worker.process.poll() is None, log.read_text()
        assert not resolved(sick_client, game_id)
    finally:
        store.config_set("maxmemory", 0)
    wait_for(lambda: resolved(sick_client, game_id), timeout=10)
    said = log.read_text()
    assert said.count("the store failed") == 1, said
    assert "Traceback" not in said, said
    wait_for(lambda: "the store answers again" in log.read_text(), timeout=5)


def test_a_job_running_when_memory_runs_out_is_resolved_once_it_is_back(
    sick_client, sick_redis, start_worker, tmp_path
):
    store = redis.Redis.from_url(sick_redis.url)
    log = tmp_path / "worker.log"
    worker = start_worker(log=log, REDIS_URL=sick_redis.url)
    wait_for(lambda: sick_client.get("/api/health").json["workers"] == 1)
    game_id = tally_due(sick_client, resolve_delay=1.0)
    time.sleep(0.5)  # the job has started, and resolves for a second
    store.config_set("maxmemory", 1)
    try:
        time.sleep(4)
        assert worker.process.poll() is None, log.read_text()
    finally:
        store.config_set("maxmemory", 0)
    wait_for(lambda: resolved(sick_client, game_id), timeout=15)
    assert "Traceback" not in log.read_text(), log.read_text()
    assert sick_client.get(f"/api/games/{game_id}/verify").json["ok"] is True


@pytest.mark.parametrize("down", [2.0, 8.0])
def test_an_idle_worker_reads_the_queue_within_seconds_of_redis_coming_back(
    sick_client, sick_redis, start_worker, down, tmp_path
):
    log = tmp_path / "worker.log"
    worker = start_worker(log=log, REDIS_URL=sick_redis.url)
    wait_for(lambda: sick_client.get("/api/health").json["workers"] == 1)
    sick_redis.kill()
    time.sleep(down)
    sick_redis.start()
    game_id = tally_due(sick_client)
    appended = time.monotonic()
    wait_for(lambda: resolved(sick_client, game_id), timeout=60, every=0.1)
    assert time.monotonic() - appended < RESOLVED_WITHIN, log.read_text()
    assert worker.process.poll() is None


def test_the_webhooks_worker_rides_out_a_spell_out_of_memory(
    sick_client, sick_redis, start_worker, tmp_path
):
    store = redis.Redis.from_url(sick_redis.url)
    store.config_set("maxmemory", 1)
    log = tmp_path / "webhooks.log"
    try:
        worker = start_worker(log=log, module="workers.webhooks", REDIS_URL=sick_redis.url)
        time.sleep(3)
        assert worker.process.poll() is None, log.read_text()
    finally:
        store.config_set("maxmemory", 0)
    wait_for(lambda: sick_client.get("/api/health").json["webhook_workers"] == 1, timeout=10)
    said = log.read_text()
    assert said.count("the store failed") == 1 and "Traceback" not in said, said


def test_a_scheduler_killed_with_its_worker_leaves_no_lock_the_next_waits_out(
    sick_client, sick_redis, start_worker, tmp_path
):
    """Found by the soak: after kill -9 of all of make run, the dead scheduler's lock held for
    61 s, and no retry's back-off ended meanwhile. A lock whose holder ran here and is gone is
    released by the next worker."""
    store = redis.Redis.from_url(sick_redis.url)
    lock = "rq:scheduler-lock:phases"
    first = start_worker(REDIS_URL=sick_redis.url)
    held = wait_for(lambda: store.get(lock) and store.hget(
        f"rq:scheduler:{store.get(lock).decode()}", "pid") and store.get(lock))  # fmt: skip
    first.kill()
    log = tmp_path / "worker.log"
    start_worker(log=log, REDIS_URL=sick_redis.url)
    wait_for(lambda: store.get(lock) not in (None, held), timeout=10)
    assert "Acquired scheduler lock for phases" in log.read_text()
