"""Folding a game's log into its state at any seq, and the cached states that save the work.

The state at seq N is the nearest cached record at or below N, then the later events walked
forward (projections/fold.py). A record is {seq, hash, players, state}: the state after
`seq`, the hash of that event and the players of the creation. It is sealed with an HMAC
under a key kept outside Redis, so a record that does not open, or names another seq or hash
than the log, is passed over: a cache is used only if tablelog wrote it. The events read after
it are checked against the chain from its hash. Each retract's `[target, seq]` pair is cached
sealed too (the withdrawals), so reads can say which retract withdrew an event.

Records are cached every `snapshot_every` seqs and at every retract, so that the state a
retract returns to is one lookup away however many retracts came before; and one record near
the head, written by an append that reaches a multiple of HEAD_EVERY (not by every append: a
large state costs its JSON and its bytes on disk). A head read folds the few events after it,
read in the same round trip. With every cache dropped, every answer is the same.
"""

import hashlib
import hmac
import json
from dataclasses import dataclass

import orjson

from events import keys
from events.envelope import GENESIS, link_break, loads
from events.registry import EventTypeRegistry
from events.retract import RETRACT
from events.seats import SEAT_REPLACED
from events.store import CorruptEvent, RedisEventStore, decode, entry_seq
from games import GameRegistry, plain_data
from projections import failures
from projections.fold import retract_pairs, walk
from projections.rules import for_the_game

CANDIDATES = 8  # cached records fetched a round trip while looking for one that opens
HEAD_EVERY = 8  # the head record is written when an append reaches a multiple of this seq


class NoSuchGame(Exception):
    pass


class DamagedMeta(Exception):
    """A game's meta hash that does not decode: changed outside tablelog."""

    def __init__(self, game_id: str, reason: str):
        super().__init__(f"the meta of game {game_id} is damaged: {reason}")
        self.game_id = game_id


@dataclass
class Record:
    """The state after `seq`, with what the write path needs beside it."""

    seq: int
    hash: str
    players: list[str]
    state: object

    def as_dict(self) -> dict:
        return {"seq": self.seq, "hash": self.hash, "players": self.players, "state": self.state}


GENESIS_RECORD = Record(0, GENESIS, [], None)


class CacheSeal:
    """HMAC-SHA256 over the game id and what is cached: `<mac hex> <json or target:seq>`."""

    def __init__(self, key: bytes):
        self.key = key

    def seal(self, game_id: str, record: Record) -> bytes:
        return self.seal_bytes(game_id, record_json(record))

    def open(self, game_id: str, raw: bytes | None) -> Record | None:
        """The record, or None if `raw` is missing or was not sealed under this key."""
        body = self.open_bytes(game_id, raw)
        return None if body is None else Record(**loads(body))

    def seal_withdrawal(self, game_id: str, target: int, seq: int) -> bytes:
        return self.seal_bytes(game_id, f"{target}:{seq}".encode())

    def open_withdrawal(self, game_id: str, raw: bytes) -> list[int] | None:
        """[target, retract seq], or None if `raw` was not sealed under this key."""
        body = self.open_bytes(game_id, raw)
        if body is None:
            return None
        target, seq = body.split(b":")
        return [int(target), int(seq)]

    def seal_bytes(self, game_id: str, body: bytes) -> bytes:
        """Any cached bytes of the game, sealed (the other caches of its pages use it too)."""
        return self._mac(game_id, body) + b" " + body

    def open_bytes(self, game_id: str, raw: bytes | None) -> bytes | None:
        """What `seal_bytes` sealed, or None if `raw` is missing or was not sealed so."""
        if not raw:
            return None
        mac, _, body = raw.partition(b" ")
        return body if hmac.compare_digest(mac, self._mac(game_id, body)) else None

    def _mac(self, game_id: str, body: bytes) -> bytes:
        message = game_id.encode() + b"\n" + body
        return hmac.new(self.key, message, hashlib.sha256).hexdigest().encode()


def record_json(record: Record) -> bytes:
    """A record's JSON: by orjson, ten times faster than json on a large state; by json where
    orjson refuses (an int past 64 bits, a key that is not a string). `open` reads either
    with events.envelope.loads, which keeps such an int exact where orjson alone would make it
    a float."""
    try:
        return orjson.dumps(record.as_dict())
    except TypeError:
        return json.dumps(record.as_dict(), separators=(",", ":")).encode()


@dataclass
class Head:
    """A game at its latest version."""

    game_id: str
    meta: dict
    record: Record

    @property
    def kind(self) -> str:
        return self.meta["kind"]

    @property
    def version(self) -> int:
        return self.record.seq

    @property
    def head_hash(self) -> str:
        return self.record.hash

    @property
    def state(self):
        return self.record.state


def decode_meta(game_id: str, raw: dict, failure: bytes | None = None) -> dict:
    """The meta hash as the catalog reads it; DamagedMeta if it does not decode. `failed` is
    the phase the worker gave up on at this head (`failure`, the record read beside it,
    projections/failures.py), or None; a head read does not read it."""
    try:
        meta = {k.decode(): v.decode() for k, v in raw.items()}
        meta["version"] = int(meta["version"])
        meta["players"] = json.loads(meta.get("players", "[]"))
        meta["awaiting"] = json.loads(meta["awaiting"]) if "awaiting" in meta else None
        meta["forked_from"] = json.loads(meta["forked_from"]) if "forked_from" in meta else None
        for name in ("kind", "head_hash", "status", "created_at", "updated_at"):
            meta.setdefault(name, "")
    except (KeyError, ValueError, RecursionError) as error:
        raise DamagedMeta(game_id, str(error)) from None
    meta["failed"] = failures.current(failure, meta["version"])
    return meta


class Projector:
    def __init__(
        self,
        store: RedisEventStore,
        games: GameRegistry,
        event_types: EventTypeRegistry,
        seal: CacheSeal,
        snapshot_every: int = 100,
    ):
        self.store = store
        self.redis = store.redis
        self.games = games
        self.event_types = event_types
        self.seal = seal
        self.snapshot_every = snapshot_every

    def meta(self, game_id: str) -> dict:
        """The meta hash, and the phase the worker gave up on at the head if it did."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(keys.meta(game_id))
            pipe.get(keys.failure(game_id))
            raw, failure = pipe.execute()
        if not raw:
            raise NoSuchGame(game_id)
        return decode_meta(game_id, raw, failure)

    def head(self, game_id: str) -> Head:
        """The meta, the head record and the last HEAD_EVERY events, in one round trip. The
        last event must be the one the meta names; the events after the record are folded
        (with a retract among them, or a record that does not open, the state is found the
        long way, by `record_at`)."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(keys.meta(game_id))
            pipe.get(keys.head(game_id))
            pipe.xrevrange(keys.events(game_id), count=HEAD_EVERY)
            raw_meta, raw_head, last = pipe.execute()
        if not raw_meta:
            raise NoSuchGame(game_id)
        meta = decode_meta(game_id, raw_meta)
        version = meta["version"]
        if last:
            newest = decode(*last[0])
            if newest["seq"] != version or newest["hash"] != meta["head_hash"]:
                raise CorruptEvent(newest["seq"], "the last event is not the head the game names")
        record = self.seal.open(game_id, raw_head)
        after = []  # the events after the record, oldest first, each checked as it is decoded
        if record is not None and last and version > record.seq:
            older = [entry for entry in last[1:] if entry_seq(entry[0]) > record.seq]
            after = [*(decode(*entry) for entry in reversed(older)), newest]
        if (
            record is None
            or record.seq + len(after) != version
            or link_break(after, record.hash, record.seq + 1)
            or (not after and record.hash != meta["head_hash"])
            or any(e["type"] == RETRACT for e in after)
        ):
            return Head(game_id, meta, self.record_at(game_id, version, meta["kind"]))
        return Head(game_id, meta, self._fold(game_id, meta["kind"], record, after))

    @staticmethod
    def is_head_kept(envelopes: list[dict]) -> bool:
        """An append writes the head record when one of its events is at a multiple of
        HEAD_EVERY: a head read never folds more than HEAD_EVERY - 1 events."""
        return any(e["seq"] % HEAD_EVERY == 0 for e in envelopes)

    def withdrawals(self, game_id: str, after: int) -> list[list[int]]:
        """[target, retract seq] of the retracts after seq `after` (those that can withdraw an
        event from `after` on), oldest first; a member that does not open is passed over."""
        raws = self.redis.zrangebyscore(keys.withdrawals(game_id), f"({after}", "+inf")
        opened = (self.seal.open_withdrawal(game_id, raw) for raw in raws)
        return [pair for pair in opened if pair is not None]

    def state_at(self, game_id: str, seq: int, kind: str | None = None):
        """The state after event `seq` (None at seq 0)."""
        return self.record_at(game_id, seq, kind).state

    def record_at(self, game_id: str, seq: int, kind: str | None = None) -> Record:
        kind = kind or self.meta(game_id)["kind"]
        upper = seq
        while True:
            base = self._nearest_record(game_id, upper)
            events = self.store.read_range(game_id, base.seq + 1, seq)
            broken = link_break(events, base.hash, base.seq + 1)
            if broken or len(events) != seq - base.seq:
                at, reason = broken or (base.seq + len(events) + 1, "missing from the log")
                raise CorruptEvent(at, reason)
            reaching = [target for target, _ in retract_pairs(events) if target <= base.seq]
            if not reaching:
                break
            upper = min(reaching) - 1  # the base lies inside a withdrawn range: go below it
        return self._fold(game_id, kind, base, events)

    def advance(self, game_id: str, kind: str, state, envelope: dict, given_up: bool = False):
        """The state after one more event (`given_up` as for `evolve`)."""
        if envelope["type"] == RETRACT:
            return self.state_at(game_id, envelope["payload"]["seq"] - 1, kind)
        return self.evolve(kind, state, envelope, given_up)

    def evolve(self, kind: str, state, envelope: dict, given_up: bool = False):
        """One event other than a retract folded in by its game (the creation starts it); a
        seat's new token changes nothing in the game. `given_up`: the caller never reads
        `state` again, so the game may change it rather than a copy (games/plain_data.py)."""
        if envelope["type"] == SEAT_REPLACED:
            return state
        game = self.games.get(kind)
        if envelope["seq"] == 1:
            return game.initial(self.event_types.upcast(for_the_game(envelope)))
        if not given_up:
            return game.evolve(state, self.event_types.upcast(envelope))
        with plain_data.given_up(state):
            return game.evolve(state, self.event_types.upcast(envelope))

    def is_kept(self, envelope: dict) -> bool:
        """A record is cached after this event: every `snapshot_every` seqs, and at retracts."""
        return envelope["seq"] % self.snapshot_every == 0 or envelope["type"] == RETRACT

    def _fold(self, game_id: str, kind: str, base: Record, events: list[dict]) -> Record:
        """The record after `events`, from `base`, whose state was read for this fold alone:
        each state is given up to the next event unless a retract among them returns to it.
        A long fold caches the records it passes, so the next read is short."""
        players = base.players
        record, fresh = base, {}
        given_up = not retract_pairs(events)
        steps = walk(lambda state, e: self.evolve(kind, state, e, given_up), base.state, events)
        for envelope, state in steps:
            if envelope["seq"] == 1:
                players = envelope["payload"]["players"]
            record = Record(envelope["seq"], envelope["hash"], players, state)
            if self.is_kept(envelope):
                fresh[record.seq] = self.seal.seal(game_id, record)
        if fresh and len(events) >= self.snapshot_every:
            with self.redis.pipeline(transaction=False) as pipe:
                for seq, sealed in fresh.items():
                    pipe.zremrangebyscore(keys.states(game_id), seq, seq)
                    pipe.zadd(keys.states(game_id), {sealed: seq})
                pipe.execute()
        return record

    def _nearest_record(self, game_id: str, upper: int) -> Record:
        """The latest record at or below `upper` that opens under the seal, or the genesis.
        Records are opened newest first and only until one opens: each costs a JSON parse."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(keys.head(game_id))
            pipe.zrevrangebyscore(keys.states(game_id), upper, "-inf", 0, CANDIDATES, True)
            raw_head, scored = pipe.execute()
        head = self.seal.open(game_id, raw_head)
        head = head if head is not None and head.seq <= upper else None
        while upper > 0:
            for raw, seq in scored:
                if head is not None and head.seq >= seq:
                    return head
                record = self.seal.open(game_id, raw)
                if record is not None and record.seq == seq:
                    return record
            if len(scored) < CANDIDATES:
                break
            upper = int(scored[-1][1]) - 1  # every candidate was forged: look further down
            scored = self.redis.zrevrangebyscore(
                keys.states(game_id), upper, "-inf", 0, CANDIDATES, True
            )
        return head or GENESIS_RECORD


def cached_records(projector: Projector, game_id: str) -> tuple[dict[int, Record], list[int]]:
    """Every cached record that opens, by seq, and the seqs of those that do not: for verify."""
    redis = projector.redis
    sealed = [(raw, int(seq)) for raw, seq in redis.zrange(keys.states(game_id), 0, -1,
                                                           withscores=True)]  # fmt: skip
    head = redis.get(keys.head(game_id))
    if head:
        sealed.append((head, None))
    opened, forged = {}, []
    for raw, seq in sealed:
        record = projector.seal.open(game_id, raw)
        if record is None or (seq is not None and record.seq != seq):
            forged.append(seq if seq is not None else _claimed_seq(raw))
        else:
            opened[record.seq] = record
    return opened, forged


def cached_withdrawals(projector: Projector, game_id: str) -> list[list[int] | None]:
    """Every cached withdrawal, None for those that do not open: for verify."""
    raws = projector.redis.zrange(keys.withdrawals(game_id), 0, -1)
    return [projector.seal.open_withdrawal(game_id, raw) for raw in raws]


def _claimed_seq(raw: bytes) -> int:
    try:
        return int(json.loads(raw.partition(b" ")[2])["seq"])
    except (ValueError, KeyError, TypeError):
        return 0
