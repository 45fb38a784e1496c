"""The event store on Redis: one stream per game, appended by one Lua script.

`append` seals a batch (numbers, timestamps, hash chain) and hands it to the script, which
checks idempotency by `event_id`, then the expected version, then writes every event and the
caches that go with the append (the sealed head record, records every N seqs and at retracts,
withdrawals, catalog fields of the game's meta), all or nothing. Nothing is ever changed or
deleted. Every event read is checked against its own hash. How a write is sent, and waited
for on replicas, is events/writes.py's.
"""

import hashlib
import json
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from events import keys
from events.envelope import (
    GENESIS,
    body_digest,
    canonical,
    envelope_hash,
    has_envelope_fields,
    loads,
    seal,
)
from events.idempotency import KeyWritten, Remembered
from events.writes import NO_REPLICAS, OwnConnections, Replicas, confirm, run_write

STREAM_FIELD = b"e"
REFUSALS_KEPT = 10_000


class VersionConflict(Exception):
    """The log is not at the version the writer expected."""

    def __init__(self, current_version: int):
        super().__init__(f"the log is at version {current_version}")
        self.current_version = current_version


class IdempotencyConflict(Exception):
    """An event id was used before with another body."""

    def __init__(self, event_id: str, seq: int):
        super().__init__(f"event id {event_id} was already used, by seq {seq}, for another body")
        self.event_id = event_id
        self.seq = seq


@dataclass(frozen=True)
class AppendResult:
    version: int
    head_hash: str
    seqs: list[int]
    duplicate: bool  # the same events were appended before; nothing new was written
    last_entry: bytes | None = None  # the stored bytes of the last event written, if any


@dataclass(frozen=True)
class Caches:
    """What an append writes beside the events, atomically: all derived, all droppable."""

    head: bytes | None = None  # the sealed state record at the new version
    meta: dict[str, str] | None = None
    states: dict[int, bytes] | None = None  # sealed state records by seq
    withdrawals: dict[int, bytes] | None = None  # sealed `<target>:<seq>` by retract seq
    # each event's receipt as the event-id index keeps it (`Indexed.receipt`), in order
    receipts: list[str] | None = None


@dataclass(frozen=True)
class Indexed:
    """What the event-id index holds of an event id: its seq, its body's digest, and the
    receipt issued when it was appended, as kept (a string without spaces, which the store
    does not read), or None (an append nobody was answered, or one from before receipts
    were kept)."""

    seq: int
    digest: str
    receipt: str | None


def entry(envelope: dict) -> bytes:
    """The bytes an envelope is stored as: its canonical JSON."""
    return canonical(envelope)


_SECOND: tuple[int, str] = (-1, "")  # the second `utc_now` formatted last, and its form


def utc_now() -> str:
    """The instant to the microsecond, as `2026-12-05T16:41:40.187007Z`. The part up to the
    second is formatted once a second: datetime's `isoformat` took 2 µs warm of every append,
    and several times that after the append's wait. Rounded to the microsecond, as a frozen
    clock's `time_ns` (freezegun's) is a float's, a fraction of one off."""
    global _SECOND
    second, micro = divmod((time.time_ns() + 500) // 1000, 1_000_000)
    kept = _SECOND
    if kept[0] != second:
        kept = _SECOND = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
    return f"{kept[1]}.{micro:06d}Z"


@lru_cache(maxsize=1)
def _script_source() -> str:
    return (Path(__file__).parent / "append.lua").read_text()


def feed_key(game_id: str, cluster: bool) -> str:
    """Where an append notes a game's events for the feed: the feed itself on one Redis; on
    a cluster (`cluster`), whose scripts reach only the game's slot, that slot's outbox."""
    return keys.feed_outbox(game_id) if cluster else keys.feed()


@lru_cache(maxsize=1024)
def append_keys(game_id: str, cluster: bool) -> tuple[str, ...]:
    """The keys of the append script, in its order (`cluster`: the store is a cluster's)."""
    return (
        keys.events(game_id),
        keys.event_ids(game_id),
        keys.meta(game_id),
        keys.head(game_id),
        keys.states(game_id),
        keys.withdrawals(game_id),
        feed_key(game_id, cluster),
        keys.keyed_writes(game_id),
    )


class RedisEventStore:
    def __init__(self, client: redis.Redis, replicas: Replicas = NO_REPLICAS):
        self.redis = client
        self.replicas = replicas
        self._append = client.register_script(_script_source())
        self._cluster = isinstance(client, RedisCluster)
        self._own = None if self._cluster else OwnConnections(client)

    def head(self, game_id: str) -> tuple[int, str]:
        """(version, hash of the last event); (0, GENESIS) for a game that does not exist."""
        version, head_hash = self.redis.hmget(keys.meta(game_id), "version", "head_hash")
        if version is None:
            return 0, GENESIS
        return int(version), head_hash.decode()

    def append(
        self,
        game_id: str,
        events: list[dict],
        expected_version: int,
        prev_hash: str,
        caches: Caches = Caches(),
    ) -> AppendResult:
        """Append `events` (body fields) after `expected_version`, whose hash is `prev_hash`."""
        return self.write(game_id, self.seal_batch(events, expected_version, prev_hash), caches)

    @staticmethod
    def seal_batch(events: list[dict], expected_version: int, prev_hash: str) -> list[dict]:
        recorded_at = utc_now()
        sealed = []
        for offset, event in enumerate(events, start=1):
            envelope = seal(event, expected_version + offset, prev_hash, recorded_at)
            prev_hash = envelope["hash"]
            sealed.append(envelope)
        return sealed

    def write(
        self,
        game_id: str,
        envelopes: list[dict],
        caches: Caches = Caches(),
        last_entry: bytes | None = None,
        keyed: tuple[str, Remembered] | None = None,
    ) -> AppendResult:
        """Write envelopes already sealed (a new batch, or an imported log) in one script call.
        `last_entry`, the stored bytes of the event before them as this process wrote it, has
        the script check the log still ends with them (a head kept since that write, not read
        again): if not, VersionConflict. `keyed`, the scope digest of the Idempotency-Key the
        append was sent with and what to remember of it, is kept with the events; KeyWritten
        if that key wrote other events before."""
        if not envelopes:
            raise ValueError("an append needs at least one event")
        expected_version = envelopes[0]["seq"] - 1
        args: list = [game_id, expected_version, envelopes[0]["prev_hash"], envelopes[-1]["hash"]]
        args.append(hashlib.sha1(last_entry).hexdigest() if last_entry is not None else "")
        args.append(len(envelopes))
        receipts = caches.receipts or [""] * len(envelopes)
        for envelope, receipt in zip(envelopes, receipts, strict=True):
            identity = (f"{envelope['event_id']} {body_digest(envelope)} {receipt} "
                        f"{envelope['type']} ").encode()  # fmt: skip
            stored = entry(envelope)
            args.append(identity + stored)
        args += [keyed[0], keyed[1].stored()] if keyed else ["", ""]
        args.append(caches.head or "")
        meta = caches.meta or {}
        args.append(len(meta))
        for name, value in meta.items():
            args += [name, value]
        states = caches.states or {}
        args.append(len(states))
        for seq, record in states.items():
            args += [seq, record]
        for seq, withdrawal in (caches.withdrawals or {}).items():
            args += [seq, withdrawal]
        game_keys = append_keys(game_id, self._cluster)
        reply = run_write(self.redis, self._append, game_keys, args, self.replicas,
                          keys.waited(game_id), (b"duplicate",), own=self._own)  # fmt: skip
        outcome = reply[0].decode()
        if outcome == "ok":
            seqs = [e["seq"] for e in envelopes]
            return AppendResult(int(reply[1]), envelopes[-1]["hash"], seqs, False, stored)
        if outcome == "duplicate":
            version, head_hash = self.head(game_id)
            return AppendResult(version, head_hash, [int(s) for s in reply[1:]], duplicate=True)
        if outcome == "version_conflict":
            raise VersionConflict(int(reply[1]))
        if outcome == "key_written":
            raise KeyWritten(Remembered.parse(reply[1]))
        raise IdempotencyConflict(reply[1].decode(), int(reply[2]))

    def confirm(self, game_id: str) -> None:
        """An answer read from the game's keys rather than written now (a retry of a write made
        before): returns once as many replicas as a write waits for hold all the master had
        written, and so what the answer says; ReplicasBehind if too few confirm in time."""
        confirm(self.redis, keys.events(game_id), keys.waited(game_id), self.replicas)

    def note_refusal(self, game_id: str, refusal: dict) -> None:
        """Keep a refused action for the audit (the latest REFUSALS_KEPT of them)."""
        entry = {STREAM_FIELD: canonical({**refusal, "recorded_at": utc_now()})}
        self.redis.xadd(keys.refusals(game_id), entry, maxlen=REFUSALS_KEPT, approximate=True)

    def refusals(self, game_id: str, after: str = "0", limit: int = 100) -> list[dict]:
        """Refused actions after the stream id `after`, oldest first, each with its `id`."""
        entries = self.redis.xrange(keys.refusals(game_id), min=f"({after}", count=limit)
        return [{"id": i.decode(), **json.loads(f[STREAM_FIELD])} for i, f in entries]

    def known_event_ids(self, game_id: str, event_ids: list[str]) -> dict[str, Indexed]:
        """What the index holds of each id already in the log."""
        if not event_ids:
            return {}
        entries = self.redis.hmget(keys.event_ids(game_id), event_ids)
        known = {}
        for event_id, entry in zip(event_ids, entries, strict=True):
            if entry is not None:
                seq, digest, *receipt = entry.decode().split(":", 2)
                known[event_id] = Indexed(int(seq), digest, receipt[0] if receipt else None)
        return known

    def remembered(self, game_id: str, scope: str) -> Remembered | None:
        """What the append sent with the key of `scope` kept of its request, if it wrote."""
        stored = self.redis.hget(keys.keyed_writes(game_id), scope)
        return Remembered.parse(stored) if stored is not None else None

    def read(self, game_id: str, after: int = 0, limit: int | None = None) -> list[dict]:
        """Events with seq > after, in order, at most `limit` of them."""
        entries = self.redis.xrange(keys.events(game_id), min=f"({after}-0", count=limit)
        return [decode(entry_id, fields) for entry_id, fields in entries]

    def read_range(self, game_id: str, first: int, last: int) -> list[dict]:
        """Events first..last inclusive."""
        if last < first:
            return []
        entries = self.redis.xrange(keys.events(game_id), min=f"{first}-0", max=f"{last}-0")
        return [decode(entry_id, fields) for entry_id, fields in entries]

    def read_backwards(self, game_id: str, before: int, limit: int) -> list[dict]:
        """Up to `limit` events with seq < before, newest first."""
        entries = self.redis.xrevrange(keys.events(game_id), max=f"({before}-0", count=limit)
        return [decode(entry_id, fields) for entry_id, fields in entries]

    def iterate_backwards(self, game_id: str, before: int, page: int = 4):
        """Every event with seq < before, newest first, in pages that double from `page`:
        most walks back end within a few events."""
        while before > 1:
            batch = self.read_backwards(game_id, before, page)
            yield from batch
            if len(batch) < page:
                return
            before = batch[-1]["seq"]
            page = min(page * 2, 1000)

    def read_one(self, game_id: str, seq: int) -> dict | None:
        found = self.read_range(game_id, seq, seq)
        return found[0] if found else None

    def iterate(self, game_id: str, after: int = 0, page: int = 1000):
        """Every event after `after`, read a page at a time."""
        while True:
            batch = self.read(game_id, after, page)
            yield from batch
            if len(batch) < page:
                return
            after = batch[-1]["seq"]


class CorruptEvent(Exception):
    """A stored entry that is not an envelope: the log was changed outside tablelog."""

    def __init__(self, seq: int, reason: str):
        super().__init__(f"stored event {seq} is damaged: {reason}")
        self.seq = seq
        self.reason = reason


def entry_seq(entry_id: bytes) -> int:
    """The number of a stream entry (a seq, a dispute entry), from its id `<n>-0`."""
    return int(entry_id.split(b"-")[0])


def decode(entry_id: bytes, fields: dict) -> dict:
    """The envelope of a stream entry, checked: a JSON object whose seq is the entry's and
    whose hash is its content's. Anything else was changed outside tablelog."""
    seq = entry_seq(entry_id)
    try:
        envelope = loads(fields[STREAM_FIELD])
    except (KeyError, ValueError, RecursionError) as error:
        raise CorruptEvent(seq, f"not a JSON envelope ({error})") from None
    if not isinstance(envelope, dict):
        raise CorruptEvent(seq, "not a JSON object")
    if envelope.get("seq") != seq:
        raise CorruptEvent(seq, f"the entry of seq {seq} holds seq {envelope.get('seq')}")
    if not has_envelope_fields(envelope) or envelope["hash"] != envelope_hash(envelope):
        raise CorruptEvent(seq, "hash does not match the event's content")
    return envelope
