"""The disputes of a game on Redis: one stream per game (events/keys.py `disputes`), written
by one Lua script that appends only after the entry the writer read last, and records a write
sent with an Idempotency-Key with its entry (`dispute_keys`).

Like the event store (events/store.py), nothing is ever changed or deleted, and every entry
read is checked against its own hash; unlike it, there is no cache beside the stream.
"""

import json
from functools import lru_cache
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from events import keys
from events.envelope import canonical
from events.idempotency import Keyed
from events.store import entry_seq, feed_key
from events.writes import NO_REPLICAS, Replicas, run_write
from replays.disputes.entries import entry_hash, form_problem

STREAM_FIELD = b"e"


class CorruptDispute(Exception):
    """A stored entry that is not what tablelog wrote: changed outside it."""

    def __init__(self, entry: int, reason: str):
        super().__init__(f"dispute entry {entry} is damaged: {reason}")
        self.entry = entry
        self.reason = reason


class DisputesMoved(Exception):
    """Another entry was written since the writer read the disputes: read again and retry."""

    def __init__(self, count: int):
        super().__init__(f"the disputes now hold {count} entries")
        self.count = count


class NoGame(Exception):
    """The game of the disputes does not exist."""


class KeyedBefore(Exception):
    """The keyed write's Idempotency-Key wrote `entry` before: nothing was written now."""

    def __init__(self, entry: int):
        super().__init__(f"the key wrote entry {entry} before")
        self.entry = entry


@lru_cache(maxsize=1)
def _script_source() -> str:
    return (Path(__file__).parent / "append.lua").read_text()


class DisputeStream:
    def __init__(self, client: redis.Redis, replicas: Replicas = NO_REPLICAS):
        self.redis = client
        self.replicas = replicas
        self._append = client.register_script(_script_source())

    def raw(self, game_id: str) -> list[tuple[int, bytes | None]]:
        """(number, stored bytes) of every entry, unchecked, in stream order."""
        entries = self.redis.xrange(keys.disputes(game_id))
        return [(entry_seq(i), f.get(STREAM_FIELD)) for i, f in entries]

    def read(self, game_id: str) -> list[dict]:
        """Every entry, in order, each checked; CorruptDispute at the first that does not
        hold. One round trip."""
        return [decode(number, raw) for number, raw in self.raw(game_id)]

    def keyed_before(self, game_id: str, keyed: Keyed) -> tuple[int, str] | None:
        """(entry number, request digest) the key wrote before, if it did."""
        written = self.redis.hget(keys.dispute_keys(game_id), keyed.scope)
        if written is None:
            return None
        entry, request = written.decode().split(":", 1)
        return int(entry), request

    def append(
        self,
        game_id: str,
        entries: list[dict],
        expected: int,
        prev_hash: str,
        keyed: Keyed | None = None,
    ) -> int:
        """Write sealed `entries` after the `expected`-th, whose hash is `prev_hash`, and
        `keyed` with them (one entry); the new count. DisputesMoved if the stream is
        elsewhere, KeyedBefore if the key wrote before, NoGame if the game is not."""
        if keyed is not None and len(entries) != 1:
            raise ValueError("a keyed write is one entry")
        reply = run_write(
            self.redis, self._append,
            [keys.disputes(game_id), keys.meta(game_id), keys.dispute_keys(game_id),
             feed_key(game_id, isinstance(self.redis, RedisCluster))],
            [expected, prev_hash, keyed.scope if keyed else "", keyed.request if keyed else "",
             game_id, *(e["kind"].encode() + b" " + canonical(e) for e in entries)],
            self.replicas, keys.waited(game_id), made_before=(b"keyed",),
        )  # fmt: skip
        outcome = reply[0].decode()
        if outcome == "ok":
            return int(reply[1])
        if outcome == "moved":
            raise DisputesMoved(int(reply[1]))
        if outcome == "keyed":
            raise KeyedBefore(int(reply[1]))
        raise NoGame(game_id)


def decode(number: int, raw: bytes | None) -> dict:
    """The entry stored as `number`, checked: a JSON entry of a known kind, numbered as its
    stream id, its hash its content's."""
    try:
        entry = json.loads(raw)
    except (TypeError, ValueError, RecursionError) as error:
        raise CorruptDispute(number, f"not a JSON entry ({error})") from None
    problem = form_problem(entry)
    if problem:
        raise CorruptDispute(number, problem)
    if entry["entry"] != number:
        raise CorruptDispute(number, f"the stream's entry {number} holds {entry['entry']!r}")
    if entry["hash"] != entry_hash(entry):
        raise CorruptDispute(number, "hash does not match the entry's content")
    return entry
