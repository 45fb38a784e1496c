"""The same store contract on a three-node Redis Cluster: every key of a game carries the
game's hash tag, so the append script's keys share a slot and nothing is CROSSSLOT."""

import pytest
import redis
from redis.cluster import RedisCluster

from events import keys
from events.store import RedisEventStore
from tests.contract.store_contract import StoreContract, append_after_head, event


@pytest.fixture(scope="module")
def cluster(cluster_nodes):
    client = RedisCluster.from_url(cluster_nodes[0].url.removesuffix("/0"))
    yield client
    client.close()


def test_every_node_wants_the_password(cluster_nodes):
    for node in cluster_nodes:
        stranger = redis.Redis(host="127.0.0.1", port=node.port)
        with stranger, pytest.raises(redis.AuthenticationError):
            stranger.cluster("info")


class TestRedisClusterStore(StoreContract):
    @pytest.fixture
    def store(self, cluster):
        cluster.flushall()
        return RedisEventStore(cluster)

    def test_games_land_on_different_nodes(self, store, cluster):
        """Not a guarantee of the store, but proof the suite above ran across the nodes."""
        slots = {cluster.keyslot(keys.events(f"game-{n}")) for n in range(30)}
        nodes = {cluster.get_node_from_key(keys.events(f"game-{n}")).name for n in range(30)}
        assert len(slots) > 1 and len(nodes) == 3
        for n in range(30):
            append_after_head(store, f"game-{n}", [event(n)])
        assert all(store.head(f"game-{n}")[0] == 1 for n in range(30))
