"""The logs on a Redis Cluster under soak (SOAK_CLUSTER=1): three masters with two replicas
each, on machines the soak plays (local redis-servers from app/run/embedded_redis.py's
`start_cluster`), a node silent for a second failed over, every write waiting for one replica
(REDIS_WAIT_REPLICAS=1). Two replicas, so that a shard whose master died still has one to
wait for. The service reaches the nodes directly, not through the proxy: a cluster's nodes
name each other's addresses to their clients. The queues stay on the soak's own Redis,
through the proxy, where the network's faults are made.

Its fault, `master`: a master killed with kill -9, as its machine lost; once a replica has
taken its place, the machine comes back and the node rejoins as a replica.
"""

import time
from pathlib import Path

from app.run.embedded_redis import EmbeddedRedis, start_cluster

NODE_TIMEOUT_MS = 1000
REPLICAS = 2
FAILOVER_WAIT = 30.0  # seconds a replica may take to be promoted


class LogsCluster:
    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.nodes: list[EmbeddedRedis] = []

    def running(self) -> bool:
        return bool(self.nodes)

    def start(self) -> None:
        self.nodes = start_cluster(self.data_dir, replicas=REPLICAS,
                                   node_timeout_ms=NODE_TIMEOUT_MS)  # fmt: skip

    def alive(self) -> list[EmbeddedRedis]:
        return [node for node in self.nodes if node.process.poll() is None]

    def masters(self) -> list[EmbeddedRedis]:
        return [node for node in self.alive() if node.role() == "master"]

    @property
    def url(self) -> str:
        """A live master's URL: the service's way in, whichever nodes are down."""
        return self.masters()[0].tcp_url.removesuffix("/0")

    def kill_master(self, rng) -> tuple[EmbeddedRedis, int]:
        """kill -9 of a master drawn by `rng`; the node and its pid."""
        node = rng.choice(sorted(self.masters(), key=lambda n: n.port))
        pid = node.process.pid
        node.kill()
        return node, pid

    def replaced(self, node: EmbeddedRedis) -> float:
        """Seconds until every live node sees the cluster whole again without `node` (a
        replica of it promoted)."""
        start = time.monotonic()
        while time.monotonic() - start < FAILOVER_WAIT:
            nodes = self.alive()
            if len(self.masters()) == 3 and all(n.cluster_state() == "ok" for n in nodes):
                return time.monotonic() - start
            time.sleep(0.1)
        raise RuntimeError(f"no replica took the place of :{node.port} in {FAILOVER_WAIT:g} s")

    def back(self, node: EmbeddedRedis) -> EmbeddedRedis:
        """The killed node's machine back: started again on its data, it rejoins as a
        replica of the one that took its place."""
        again = node.started_again()
        self.nodes[self.nodes.index(node)] = again
        return again

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        self.nodes = []
