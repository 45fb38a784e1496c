"""Folding a game's log into its state at any seq.

State at seq N = the nearest cached state at or below N (the head, or a snapshot taken every
`snapshot_every` events), then each later event folded in with the game's `evolve`. The caches
only save work: with all of them dropped, every answer is the same.
"""

import json
from dataclasses import dataclass

from events import keys
from events.registry import EventTypeRegistry
from events.retract import RETRACT
from events.store import RedisEventStore
from games import GameRegistry


class NoSuchGame(Exception):
    pass


@dataclass
class Head:
    """A game at its latest version."""

    game_id: str
    meta: dict
    version: int
    head_hash: str
    state: dict

    @property
    def kind(self) -> str:
        return self.meta["kind"]


def decode_meta(raw: dict) -> dict:
    meta = {k.decode(): v.decode() for k, v in raw.items()}
    meta["version"] = int(meta["version"])
    meta["players"] = json.loads(meta.get("players", "[]"))
    meta["retracts"] = json.loads(meta.get("retracts", "[]"))
    return meta


def state_json(seq: int, state) -> str:
    return json.dumps({"seq": seq, "state": state}, separators=(",", ":"))


class Projector:
    def __init__(
        self,
        store: RedisEventStore,
        games: GameRegistry,
        event_types: EventTypeRegistry,
        snapshot_every: int = 100,
    ):
        self.store = store
        self.redis = store.redis
        self.games = games
        self.event_types = event_types
        self.snapshot_every = snapshot_every

    def meta(self, game_id: str) -> dict:
        raw = self.redis.hgetall(keys.meta(game_id))
        if not raw:
            raise NoSuchGame(game_id)
        return decode_meta(raw)

    def head(self, game_id: str) -> Head:
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(keys.meta(game_id))
            pipe.get(keys.head(game_id))
            raw_meta, raw_head = pipe.execute()
        if not raw_meta:
            raise NoSuchGame(game_id)
        meta = decode_meta(raw_meta)
        version = meta["version"]
        cached = json.loads(raw_head) if raw_head else None
        if cached and cached["seq"] == version:
            state = cached["state"]
        else:
            state = self.state_at(game_id, version, meta["kind"])
        return Head(game_id, meta, version, meta["head_hash"], state)

    def state_at(self, game_id: str, seq: int, kind: str | None = None, cached: bool = True):
        """The state after event `seq` (None at seq 0). `cached=False` folds from scratch."""
        kind = kind or self.meta(game_id)["kind"]
        base_seq, state = self._nearest_cached(game_id, seq) if cached else (0, None)
        events = self.store.read_range(game_id, base_seq + 1, seq)
        if cached and len(events) >= self.snapshot_every:
            return self._fold_and_snapshot(game_id, kind, state, events)
        for envelope in events:
            state = self.advance(game_id, kind, state, envelope, cached)
        return state

    def advance(self, game_id: str, kind: str, state, envelope: dict, cached: bool = True):
        """The state after one more event."""
        if envelope["type"] == RETRACT:
            return self.state_at(game_id, envelope["payload"]["seq"] - 1, kind, cached)
        game = self.games.get(kind)
        envelope = self.event_types.upcast(envelope)
        if envelope["seq"] == 1:
            return game.initial(envelope)
        return game.evolve(state, envelope)

    def due_snapshots(self, states: list[tuple[int, object]]) -> dict[int, str]:
        """The snapshots to cache among these (seq, state) pairs."""
        every = self.snapshot_every
        return {seq: state_json(seq, s) for seq, s in states if seq % every == 0}

    def _fold_and_snapshot(self, game_id: str, kind: str, state, events: list[dict]):
        """A long fold also fills the snapshots it passes, so the next read is short."""
        every = self.snapshot_every
        fresh = {}
        for envelope in events:
            state = self.advance(game_id, kind, state, envelope)
            if envelope["seq"] % every == 0:
                fresh[envelope["seq"]] = state_json(envelope["seq"], state)
        if fresh:
            self.redis.hset(keys.snapshots(game_id), mapping=fresh)
        return state

    def _nearest_cached(self, game_id: str, seq: int) -> tuple[int, object]:
        every = self.snapshot_every
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(keys.head(game_id))
            pipe.hget(keys.snapshots(game_id), seq - seq % every)
            raw_head, raw_snapshot = pipe.execute()
        best = (0, None)
        for raw in (raw_head, raw_snapshot):
            if raw:
                cached = json.loads(raw)
                if best[0] < cached["seq"] <= seq:
                    best = (cached["seq"], cached["state"])
        if best[0] == 0 and seq >= every:
            best = self._older_snapshot(game_id, seq)
        return best

    def _older_snapshot(self, game_id: str, seq: int) -> tuple[int, object]:
        """The nearest snapshot below `seq` when the one where it should be is missing."""
        seqs = [int(s) for s in self.redis.hkeys(keys.snapshots(game_id))]
        below = [s for s in seqs if s <= seq]
        if not below:
            return 0, None
        cached = json.loads(self.redis.hget(keys.snapshots(game_id), max(below)))
        return cached["seq"], cached["state"]
