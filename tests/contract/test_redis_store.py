import os

import pytest

from events.store import RedisEventStore
from tests.contract.store_contract import StoreContract, append_after_head, event


class TestRedisStore(StoreContract):
    @pytest.fixture
    def store(self, redis_client):
        return RedisEventStore(redis_client)


def test_forked_processes_append_on_connections_of_their_own(redis_client):
    """The append's own connections (events/writes.py, OwnConnections) are not shared by
    processes forked after they were made (a server's workers): two children appending at
    once each read their own replies."""
    store = RedisEventStore(redis_client)
    append_after_head(store, "parent", [event(0)])  # a connection made, and put on the list
    children = []
    for name in ("c1", "c2"):
        child = os.fork()
        if child == 0:
            status = 1
            try:
                for n in range(1, 101):
                    append_after_head(store, name, [event(n)])
                status = 0
            finally:
                os._exit(status)
        children.append(child)
    assert [os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) for child in children] == [0, 0]
    for name in ("c1", "c2"):
        assert [e["payload"]["amount"] for e in store.read(name)] == list(range(1, 101))
