"""The read model of games: name, kind, players, status, version, times; filtered and paged.

Each game's own fields live in its meta hash (written with every append). Four kinds of
sorted sets index the ids, all scores 0 so they order by id, and ids order by creation time:
every game, the games of a kind, the games in a status, the games of a kind in a status, so
a filter by kind and status reads only what it lists. A fifth, the terms (`terms`), finds the
games of a player, and those a search names by the start of a word of their name, a player
or their id: a range of it each, and only those games' meta hashes are read. A sixth, one
for each game forked from, lists its forks. A game is indexed before its first write (an id
whose game never got written is skipped), and its status indexes move after the append that
changed it (its terms and its origin never change: its name and players are its creation's,
its origin its fork's); `rebuild` makes every index again from the games' meta hashes, found
by SCAN. Every filter is checked again against the meta read (`Filters.admits`), so an
index entry left behind never lists a game wrongly.
"""

import itertools
import logging
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

from events import keys
from events.idempotency import Keyed, KeyReused
from events.writes import NO_REPLICAS, Replicas, confirm
from projections import failures
from projections.state import DamagedMeta, decode_meta

log = logging.getLogger(__name__)

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
STATUSES = ("active", "finished")
PLAYER, WORD = "player:", "word:"  # the two sorts of terms (keys.catalog_terms)


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
        "name": meta.get("name") or None,
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


def words(text: str) -> list[str]:
    """The words of a text as the search matches them: runs of letters and digits, in lower
    case ("Ann's table, #2" is ann, s, table, 2)."""
    return re.findall(r"\w+", text.casefold())


def terms(game_id: str, players: list[str], name: str | None) -> set[str]:
    """What a game is found by: each player whole, and each word of its name, its players
    and its id."""
    found = {PLAYER + player.casefold() for player in players}
    for text in (name or "", *players, game_id):
        found.update(WORD + word for word in words(text))
    return found


def term_member(term: str, game_id: str) -> bytes:
    return f"{term}\0{game_id}".encode()


@dataclass(frozen=True)
class Filters:
    """What a list is narrowed to: a kind, a status, a player (the name whole, in any case),
    a search (`text`: each of its words starts a word of the game's name, of a player's
    name or of its id), and the game the games were forked from (`forked_from`, its id).
    Empty ones do not narrow."""

    kind: str | None = None
    status: str | None = None
    player: str | None = None
    text: str | None = None
    forked_from: str | None = None

    def looked_up(self) -> bool:
        """Whether the terms index finds the games (a player, or a search with a word)."""
        return bool(self.player or words(self.text or ""))

    def admits(self, game_id: str, meta: dict) -> bool:
        if self.kind and meta["kind"] != self.kind:
            return False
        if self.status and meta["status"] != self.status:
            return False
        if self.player and self.player.casefold() not in [p.casefold() for p in meta["players"]]:
            return False
        if self.forked_from and (meta.get("forked_from") or {}).get("game") != self.forked_from:
            return False
        known = words(" ".join([meta.get("name") or "", *meta["players"], game_id]))
        return all(any(w.startswith(asked) for w in known) for asked in words(self.text or ""))


class Catalog:
    def __init__(self, client, replicas: Replicas = NO_REPLICAS):
        self.redis = client
        self.replicas = replicas

    def keyed_id(self, keyed: Keyed) -> str:
        """The id of the game the keyed write makes: a new one the first time, the same for
        every retry (SET NX: of racing writes the first sets it, all read it), once it is on
        the replicas the logs' writes wait for (a failover must not hand a retry a second
        id). KeyReused for the key sent before with another request."""
        key = keys.keyed_game(keyed.scope)
        self.redis.set(key, f"{new_game_id()}:{keyed.request}", nx=True)
        value = self.redis.get(key)
        confirm(self.redis, key, key, self.replicas, value=value, lapse_ms=None)
        game_id, request = value.decode().split(":")
        if request != keyed.request:
            raise KeyReused(keyed.key, game=game_id)
        return game_id

    def add(
        self,
        game_id: str,
        kind: str,
        status: str,
        players=(),
        name: str | None = None,
        forked_from: dict | None = None,
    ) -> None:
        """A game in every index that lists it; `forked_from`, a fork's origin as its summary
        says it, lists it among that game's forks."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(keys.catalog_all(), {game_id: 0})
            pipe.zadd(keys.catalog_kind(kind), {game_id: 0})
            pipe.zadd(keys.catalog_status(status), {game_id: 0})
            pipe.zadd(keys.catalog_kind_status(kind, status), {game_id: 0})
            found = {term_member(term, game_id): 0 for term in terms(game_id, players, name)}
            pipe.zadd(keys.catalog_terms(), found)
            if forked_from:
                pipe.zadd(keys.catalog_forks(forked_from["game"]), {game_id: 0})
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
        return self.find(Filters(kind, status), after, limit)

    def find(self, filters: Filters, after: str | None, limit: int, newest: bool = False):
        """Up to `limit` summaries of the games `filters` admits, past the id `after`, oldest
        first (or `newest` first), and whether more follow. The ids come from the index that
        lists the fewest (`candidates`), and they are read `limit + 1` at a time."""
        ids = self.candidates(filters, after, newest)
        found: list[dict] = []
        while len(found) <= limit:
            chunk = list(itertools.islice(ids, limit + 1))
            if not chunk:
                break
            for game_id, meta in zip(chunk, self.metas(chunk), strict=True):
                # ids whose game was never written, or is damaged, are skipped, and so is
                # one an index holds after the game left it (a writer died between the
                # write and the move, or a keyed creation's retry listed it again)
                if meta and filters.admits(game_id, meta):
                    found.append(summary(game_id, meta))
        return found[:limit], len(found) > limit

    def candidates(self, filters: Filters, after: str | None, newest: bool) -> Iterator[str]:
        """The ids that may pass `filters`, past `after` in the order asked: a game's forks
        from their index, else a player's and each searched word's from the terms (the ids
        in all of them), else those of the kind and status index."""
        if filters.forked_from:
            return self.listed(keys.catalog_forks(filters.forked_from), after, newest)
        if filters.looked_up():
            found = []
            if filters.player:
                found.append(self.ids_of_terms(PLAYER + filters.player.casefold() + "\0"))
            found.extend(self.ids_of_terms(WORD + word) for word in words(filters.text or ""))
            ids = sorted(set.intersection(*found), reverse=newest)
            return iter([i for i in ids if after is None or (i < after if newest else i > after)])
        if filters.kind and filters.status:
            index = keys.catalog_kind_status(filters.kind, filters.status)
        elif filters.kind:
            index = keys.catalog_kind(filters.kind)
        elif filters.status:
            index = keys.catalog_status(filters.status)
        else:
            index = keys.catalog_all()
        return self.listed(index, after, newest)

    def ids_of_terms(self, start: str) -> set[str]:
        """The ids of the games with a term that starts with `start`."""
        start_bytes = start.encode()
        members = self.redis.zrangebylex(
            keys.catalog_terms(), b"[" + start_bytes, b"[" + start_bytes + b"\xff"
        )
        return {member.rsplit(b"\0", 1)[1].decode() for member in members}

    def listed(self, index: str, after: str | None, newest: bool, page: int = 500):
        """The ids of a sorted set of ids past `after`, in order (newest: backwards), read
        `page` at a time."""
        cursor = after
        while True:
            if newest:
                upper = f"({cursor}" if cursor else "+"
                raw = self.redis.zrevrangebylex(index, upper, "-", 0, page)
            else:
                lower = f"({cursor}" if cursor else "-"
                raw = self.redis.zrangebylex(index, lower, "+", 0, page)
            ids = [i.decode() for i in raw]
            yield from ids
            if len(ids) < page:
                return
            cursor = ids[-1]

    def all_ids(self, page: int = 500):
        return self.listed(keys.catalog_all(), None, False, page)

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
                self.add(game_id, kind, status, meta["players"], meta.get("name"),
                         meta.get("forked_from"))  # fmt: skip
                count += 1
        return count
