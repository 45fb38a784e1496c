"""A write to the logs' Redis and what its answer says: one command (a script) whose answer
lost is OutcomeUnknown, and, with REDIS_WAIT_REPLICAS, answered only once that many replicas
of its master hold it (ReplicasBehind when fewer confirm in time). On a cluster the script and
its WAIT go together on one connection to the master of the keys' slot: a WAIT counts what its
own connection wrote, and redis-py's RedisCluster.wait goes to any node. A retry answered from
what an earlier try wrote waits as well (`confirm`): it writes a marker first, as a WAIT after
a reply that wrote nothing returns at once on Redis 7.2 and Valkey, whatever the replicas hold.
"""

import contextlib
import os
from dataclasses import dataclass

import hiredis
import redis
from redis.cluster import RedisCluster


class OutcomeUnknown(redis.RedisError):
    """A write was sent to Redis and its answer never came (the connection dropped, or timed
    out, as against a paused server): Redis may have run it. Sent again with the same event
    ids or Idempotency-Key, it is written once."""


class _OneWrite:
    """`one_write`'s context: a class, as a generator's context costs four times the CPU."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, redis.ConnectionError | redis.TimeoutError) and not isinstance(
            error, redis.BusyLoadingError
        ):
            raise OutcomeUnknown(str(error)) from error
        return False


_ONE_WRITE = _OneWrite()


def one_write() -> _OneWrite:
    """Around the commands a write is made of, from the first that writes: an answer lost is
    OutcomeUnknown. An error Redis answers (out of memory, loading) means that command ran
    nothing, and stays what it is: a write's later commands are ones Redis runs out of memory
    too (DEL, HDEL, ZREM), or the write is one command (a script)."""
    return _ONE_WRITE


class ReplicasBehind(OutcomeUnknown):
    """A write the master made that fewer replicas than asked confirmed in time: it is on one
    machine only, and a failover before its replica catches up loses it. Sent again with the
    same event ids or Idempotency-Key, it is written once, and waited for again."""

    def __init__(self, asked: int, confirmed: int, timeout: float):
        super().__init__(
            f"the write reached the store's master but {confirmed} of the {asked} replicas it"
            f" waits for confirmed it within {timeout:g} s"
        )
        self.asked, self.confirmed = asked, confirmed


@dataclass(frozen=True)
class Replicas:
    """How many replicas confirm a write before it is answered (REDIS_WAIT_REPLICAS), and how
    long a write waits for them (REDIS_WAIT_TIMEOUT, seconds). 0, the default, waits for
    none: acknowledged then means on the master's disk only."""

    count: int = 0
    timeout: float = 1.0

    @property
    def wait(self) -> tuple:
        """The WAIT command that asks for them, sent after a write on its connection."""
        return ("WAIT", self.count, int(self.timeout * 1000))


NO_REPLICAS = Replicas()


class OwnConnections:
    """EVALSHA on one Redis over connections the append keeps apart from its client's pool.
    A command through the client takes the pool's lock twice, polls the socket to see that
    the server has not closed it, and records metrics on the way: 15 to 20% of an append's
    CPU, measured (docs/architecture.md, "What an append costs the CPU"). Here a connection is
    taken off a list for one command and put back after; a forked process makes its own. The
    command is packed by hiredis, as redis-py packs it, without redis-py's pass over every
    argument first (three fifths of the packing's CPU, measured: 9.2 against 3.6 µs).

    A connection that fails mid-command is disconnected, so no reply is ever left unread on
    it, and connects again on its next command. One the server closed while it sat on the
    list (a restart, CLIENT KILL) fails at once: the command is sent again on a new one,
    which is safe for the append script (events it wrote already are answered as duplicates).
    """

    def __init__(self, client: redis.Redis):
        self._pool = client.connection_pool  # what a connection is made of: its class, its kwargs
        self._free: list = []  # list.pop and list.append are atomic: no lock is needed
        self._pid = os.getpid()

    def evalsha(self, sha: str, keys_: tuple[str, ...], args: list):
        if self._pid != os.getpid():
            self._free, self._pid = [], os.getpid()
        try:
            connection, tries = self._free.pop(), 2
        except IndexError:
            connection, tries = self._pool.connection_class(**self._pool.connection_kwargs), 1
        command = [hiredis.pack_command(("EVALSHA", sha, len(keys_), *keys_, *args))]
        try:
            for tried in range(1, tries + 1):
                try:
                    connection.send_packed_command(command)
                    return connection.read_response()
                except redis.ConnectionError:
                    connection.disconnect()
                    if tried == tries:
                        raise
        except redis.ResponseError:
            raise  # the reply itself, read whole
        except BaseException:
            connection.disconnect()
            raise
        finally:
            self._free.append(connection)


MOVED_RETRIES = 3  # a failover moves a slot once; a map read again finds it


def node_client(client: redis.Redis, key: str) -> redis.Redis:
    """The client of the master that holds `key`: on a cluster its node's own, whose
    connections reach that node alone; on one Redis the client itself."""
    if isinstance(client, RedisCluster):
        return client.get_redis_connection(client.get_node_from_key(key))
    return client


def map_again(client: redis.Redis) -> None:
    """After a failover: the cluster's slots read again, from any node that answers."""
    if isinstance(client, RedisCluster):
        with contextlib.suppress(redis.RedisError):
            client.nodes_manager.initialize()


def run_write(
    client: redis.Redis, script, keys_: tuple[str, ...], args: list, replicas: Replicas,
    waited_key: str, made_before: tuple[bytes, ...] = (), made_now: bytes = b"ok",
    own: OwnConnections | None = None,
) -> list:  # fmt: skip
    """One write, `script` on `keys_`, answered only once `replicas.count` replicas hold it:
    the script and a WAIT sent together on one connection to the keys' master (a WAIT counts
    what its own connection wrote; redis-py's RedisCluster.wait goes to any node). The reply's
    first item is its outcome: `made_now`, written; one of `made_before`, written by an
    earlier try, and nothing now, so `waited_key` is written and waited for, and what the
    reply answers is then on the replicas too; any other wrote nothing and waits for nothing.
    ReplicasBehind if too few confirm; OutcomeUnknown if the answer is lost. `own`: the
    connections it is sent on where there are no replicas to wait for, on one Redis."""
    if not replicas.count:
        with one_write():
            try:  # EVALSHA itself: redis-py's Script call costs a fifth as much CPU again
                if own is not None:  # one Redis: the append's own connections
                    return own.evalsha(script.sha, keys_, args)
                return client.evalsha(script.sha, len(keys_), *keys_, *args)
            except redis.exceptions.NoScriptError:  # a server that lost it: the Script loads it
                return script(keys=keys_, args=args)
    wait = replicas.wait
    for _ in range(MOVED_RETRIES):
        node = node_client(client, keys_[0])
        pipe = node.pipeline(transaction=False)
        pipe.evalsha(script.sha, len(keys_), *keys_, *args)
        pipe.execute_command(*wait)
        with one_write(), map_again_on_error(client):
            reply, confirmed = pipe.execute(raise_on_error=False)
        if isinstance(reply, redis.exceptions.NoScriptError):
            node.script_load(script.script)  # a new master after a failover has none yet
            continue
        if isinstance(reply, redis.ResponseError) and str(reply).startswith(("MOVED", "ASK")):
            map_again(client)  # the slot moved: nothing ran here
            continue
        if isinstance(reply, Exception):
            raise reply
        if reply[0] in made_before:
            confirmed = replicated(node, waited_key, wait)
        elif reply[0] != made_now:
            return reply
        if isinstance(confirmed, Exception):
            raise confirmed
        if confirmed < replicas.count:
            raise ReplicasBehind(replicas.count, confirmed, replicas.timeout)
        return reply
    raise redis.exceptions.TryAgainError(f"the slot of {keys_[0]} kept moving")


def confirm(
    client: redis.Redis, key: str, waited_key: str, replicas: Replicas,
    value: bytes = b"1", lapse_ms: int | None = 60_000,
) -> None:  # fmt: skip
    """Once `replicas.count` replicas of `key`'s master hold all it wrote; ReplicasBehind if too
    few confirm in time. `waited_key`, in `key`'s slot, is written to wait for: `value`, which
    lapses after `lapse_ms` (or, None, never: a key written again with what it holds)."""
    if not replicas.count:
        return
    wait = replicas.wait
    with map_again_on_error(client):
        node = node_client(client, key)
        confirmed = replicated(node, waited_key, wait, value, lapse_ms)
    if confirmed < replicas.count:
        raise ReplicasBehind(replicas.count, confirmed, replicas.timeout)


def replicated(
    node: redis.Redis, waited_key: str, wait: tuple, value: bytes = b"1",
    lapse_ms: int | None = 60_000,
) -> int:  # fmt: skip
    """How many replicas confirm a write of `waited_key` on `node`'s connection, and so every
    write the master made before it."""
    pipe = node.pipeline(transaction=False)
    pipe.set(waited_key, value, px=lapse_ms)
    pipe.execute_command(*wait)
    with one_write():
        return pipe.execute()[1]


@contextlib.contextmanager
def map_again_on_error(client: redis.Redis):
    """A connection to a node lost (killed, or failed over): the next write finds the slot's
    new master."""
    try:
        yield
    except (redis.ConnectionError, redis.TimeoutError, OutcomeUnknown):
        map_again(client)
        raise
