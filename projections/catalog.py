"""The read model of games: kind, players, status, version, times; filtered and paged.

Each game's own fields live in its meta hash (written with every append). Four kinds of
sorted sets index the ids, all scores 0 so they order by id, and ids order by creation time:
every game, the games of a kind, the games in a status, the games of a kind in a status, so
every filter reads only what it lists. A game is indexed before its first write (an id whose
game never got written is skipped), and its status indexes move after the append that
changed it; `rebuild` makes every index again from the games' meta hashes, found by SCAN.
"""

import logging
import os
import time

from events import keys
from events.idempotency import Keyed, KeyReused
from projections import failures
from projections.state import DamagedMeta, decode_meta

log = logging.getLogger(__name__)

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
STATUSES = ("active", "finished")


def new_game_id() -> str:
    """A ULID: 48 bits of milliseconds then 80 random bits, 26 characters, sorting by time."""
    value = (int(time.time() * 1000) << 80) | int.from_bytes(os.urandom(10), "big")
    return "".join(CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def summary(game_id: str, meta: dict) -> dict:
    """A game as the list and GET /api/games/<id> say it; `failed`, the phase the worker gave
    up on at the head, changes what it waits for (projections/failures.py)."""
    awaiting, failed = failures.at(meta, meta["version"], meta.get("awaiting"))
    return {
        "id": game_id,
        "kind": meta["kind"],
        "players": meta["players"],
        "status": meta["status"],
        "version": meta["version"],
        "pending": meta.get("pending") or None,
        "awaiting": awaiting,
        "failed": failed,
        "created_at": meta["created_at"],
        "updated_at": meta["updated_at"],
        "forked_from": meta.get("forked_from"),
    }


class Catalog:
    def __init__(self, client):
        self.redis = client

    def keyed_id(self, keyed: Keyed) -> str:
        """The id of the game the keyed write makes: a new one the first time, the same for
        every retry (SET NX: of racing writes the first sets it, all read it). KeyReused for
        the key sent before with another request."""
        key = keys.keyed_game(keyed.scope)
        self.redis.set(key, f"{new_game_id()}:{keyed.request}", nx=True)
        game_id, request = self.redis.get(key).decode().split(":")
        if request != keyed.request:
            raise KeyReused(keyed.key, game=game_id)
        return game_id

    def add(self, game_id: str, kind: str, status: str) -> None:
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(keys.catalog_all(), {game_id: 0})
            pipe.zadd(keys.catalog_kind(kind), {game_id: 0})
            pipe.zadd(keys.catalog_status(status), {game_id: 0})
            pipe.zadd(keys.catalog_kind_status(kind, status), {game_id: 0})
            pipe.execute()

    def move(self, game_id: str, kind: str, old_status: str, new_status: str) -> None:
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrem(keys.catalog_status(old_status), game_id)
            pipe.zrem(keys.catalog_kind_status(kind, old_status), game_id)
            pipe.zadd(keys.catalog_status(new_status), {game_id: 0})
            pipe.zadd(keys.catalog_kind_status(kind, new_status), {game_id: 0})
            pipe.execute()

    def page(self, kind: str | None, status: str | None, after: str | None, limit: int):
        """Up to `limit` summaries after the id `after`, oldest first, and whether more follow."""
        if kind and status:
            index = keys.catalog_kind_status(kind, status)
        elif kind:
            index = keys.catalog_kind(kind)
        elif status:
            index = keys.catalog_status(status)
        else:
            index = keys.catalog_all()
        found: list[dict] = []
        cursor = after
        while len(found) <= limit:
            lower = f"({cursor}" if cursor else "-"
            ids = [i.decode() for i in self.redis.zrangebylex(index, lower, "+", 0, limit + 1)]
            if not ids:
                break
            for game_id, meta in zip(ids, self.metas(ids), strict=True):
                # ids whose game was never written, or is damaged, are skipped, and so is
                # one a status index holds after the game left it (a writer died between
                # the write and the move, or a keyed creation's retry listed it again)
                if meta and status in (None, meta["status"]):
                    found.append(summary(game_id, meta))
            cursor = ids[-1]
        return found[:limit], len(found) > limit

    def all_ids(self, page: int = 500):
        cursor = None
        while True:
            lower = f"({cursor}" if cursor else "-"
            ids = [
                i.decode() for i in self.redis.zrangebylex(keys.catalog_all(), lower, "+", 0, page)
            ]
            yield from ids
            if len(ids) < page:
                return
            cursor = ids[-1]

    def metas(self, ids: list[str]) -> list[dict | None]:
        """Each game's meta, with the phase the worker gave up on if it did; None for an id
        with no meta, or one whose meta is damaged (it is logged: one damaged game must not
        hide the others)."""
        with self.redis.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.hgetall(keys.meta(game_id))
                pipe.get(keys.failure(game_id))
            raws = pipe.execute()
        metas = []
        for game_id, raw, failure in zip(ids, raws[::2], raws[1::2], strict=True):
            try:
                metas.append(decode_meta(game_id, raw, failure) if raw else None)
            except DamagedMeta as error:
                log.error("%s", error)
                metas.append(None)
        return metas

    def rebuild(self) -> int:
        """Every game's indexes made again from its meta hash, the games found by SCAN, not by
        the indexes being rebuilt; the number of games."""
        ids = sorted({keys.game_of_meta(key) for key in self.redis.scan_iter(keys.meta_pattern())})
        count = 0
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            for game_id, meta in zip(chunk, self.metas(chunk), strict=True):
                if meta is None:
                    continue
                kind, status = meta["kind"], meta["status"]
                for other in STATUSES:
                    if other != status:
                        self.redis.zrem(keys.catalog_status(other), game_id)
                        self.redis.zrem(keys.catalog_kind_status(kind, other), game_id)
                self.add(game_id, kind, status)
                count += 1
        return count
