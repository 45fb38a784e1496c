"""An acknowledged append survives kill -9 of the Redis server (appendfsync always)."""

import redis

from app.run.embedded_redis import EmbeddedRedis
from events.store import RedisEventStore
from tests.contract.store_contract import append_after_head, event


def test_every_acknowledged_event_is_there_after_kill_9(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis").start()
    try:
        store = RedisEventStore(redis.Redis.from_url(server.url))
        acknowledged = [append_after_head(store, "g1", [event(n)]).seqs[0] for n in range(200)]
        server.kill()
        server.start()
        store = RedisEventStore(redis.Redis.from_url(server.url))
        log = store.read("g1")
        assert [e["seq"] for e in log] == acknowledged == list(range(1, 201))
        assert store.head("g1") == (200, log[-1]["hash"])
    finally:
        server.stop()
