"""The feed: every game's events and dispute entries in the order they were acknowledged,
read from one stream (events/keys.py `feed`) whose entries note each one (its game, the
game's kind, its type, its seq or entry number) and whose entry ids are the cursors.

The append scripts write a game's notes with its events (events/append.lua) and its dispute
entries (replays/disputes/append.lua), in the same call, so a note is there exactly when what
it names is: a reader after a cursor never misses one acknowledged before and never sees one
twice, and one game's notes come in its seq order. On a cluster the scripts write the outbox
of the game's slot instead, which the workers move into the feed (workers/feed.py): one
game's notes stay in seq order, and the order across games is the order they were moved.

A page reads the notes after the cursor, keeps those its filters admit (the kind, game and
type from the note itself, the table's name and the players from the game's meta, read once
a game), then reads what they name from the games' own streams, each checked against its
hash as every read is: one range a game, in one round trip.
"""

import json
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from events import keys
from events.store import CorruptEvent, decode, entry_seq
from replays.disputes import stream as disputes

CURSOR = re.compile(r"^\d{1,20}-\d{1,20}$")
START = "0-0"  # before the first note
LAST = f"{2**64 - 1}-{2**64 - 1}"  # the greatest id a Redis stream may hold: nothing is after


def is_cursor(text: str) -> bool:
    """Whether `text` is a stream entry id, `<ms>-<n>`, each part below 2^64: a cursor of the
    feed, or an attempt's id."""
    return bool(CURSOR.match(text)) and all(int(part) < 2**64 for part in text.split("-"))


PAGE_LIMIT = 1000  # entries a page answers at most
SCANNED_PER_ENTRY = 10  # notes a page reads at most for each entry it may answer
SOURCES = ("log", "disputes")
NOTE = b"n"  # a note's one field (events/keys.py, `feed`)


@dataclass(frozen=True)
class Filters:
    """What a reader follows; an empty field does not narrow. `kinds`, `games` and `types`
    admit any of theirs; `source` is "log" or "disputes"; `table` is a table's name and
    `player` a player's, each whole and in any case."""

    kinds: frozenset[str] = frozenset()
    games: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    source: str | None = None
    table: str | None = None
    player: str | None = None

    def admits_note(self, note: "Note") -> bool:
        return (
            (not self.kinds or note.kind in self.kinds)
            and (not self.games or note.game in self.games)
            and (not self.types or note.type in self.types)
            and (not self.source or note.source == self.source)
        )

    def reads_games(self) -> bool:
        return bool(self.table or self.player)

    def admits_game(self, name: str | None, players: list[str]) -> bool:
        if self.table and (name or "").casefold() != self.table.casefold():
            return False
        return not self.player or self.player.casefold() in (p.casefold() for p in players)

    @classmethod
    def from_query(cls, query: dict) -> "Filters":
        """The filters a query names (GET /api/feed's arguments, a webhook's `filters`)."""
        return cls(
            frozenset(query.get("kind", ())),
            frozenset(query.get("game", ())),
            frozenset(query.get("type", ())),
            query.get("source"),
            query.get("table"),
            query.get("player"),
        )

    def query(self) -> dict[str, list[str] | str]:
        """The filters as a query string names them (`next`, webhooks' own)."""
        asked = {"kind": sorted(self.kinds), "game": sorted(self.games),
                 "type": sorted(self.types), "source": self.source, "table": self.table,
                 "player": self.player}  # fmt: skip
        return {name: value for name, value in asked.items() if value}


NO_FILTERS = Filters()


class Note(NamedTuple):
    """A feed entry as stored: where it is (`cursor`) and what it names. (A tuple: a page
    makes a thousand, and a frozen dataclass costs three times as much to make.)"""

    cursor: str
    game: str
    kind: str
    type: str
    source: str  # "log" or "disputes"
    number: int  # the event's seq, or the dispute entry's number


@dataclass
class Page:
    entries: list[dict] = field(default_factory=list)
    cursor: str = START  # where the next page starts: past every note this one looked at
    more: bool = False  # notes after `cursor` were not looked at yet


def note_of(entry_id: bytes, fields: dict) -> Note:
    game, kind, type_, number = fields[NOTE].decode().split(" ")
    source = "log" if number[0] == "s" else "disputes"
    return Note(entry_id.decode(), game, kind, type_, source, int(number[1:]))


class Feed:
    def __init__(self, client):
        self.redis = client

    def head(self) -> str:
        """The cursor of the latest note, START for none: where a reader of only what comes
        next starts."""
        newest = self.redis.xrevrange(keys.feed(), count=1)
        return newest[0][0].decode() if newest else START

    def entry_at(self, cursor: str) -> dict | None:
        """The entry whose cursor this is, None if the feed has none there."""
        found = self.redis.xrange(keys.feed(), cursor, cursor)
        return self.entries([note_of(*found[0])])[0] if found else None

    def notes(self, after: str, count: int) -> list[Note]:
        """Up to `count` notes after the cursor `after`, oldest first."""
        if after == LAST:  # Redis refuses "after the greatest id" rather than answer nothing
            return []
        return [note_of(i, f) for i, f in self.redis.xrange(keys.feed(), f"({after}", "+", count)]

    def wait(self, client, after: str, count: int, block_ms: int) -> list[Note]:
        """Up to `count` notes after `after`, waiting at most `block_ms` for the first, on
        `client` (a live stream's connection)."""
        reply = client.xread({keys.feed(): after}, count=count, block=block_ms)
        return [note_of(i, f) for i, f in (reply[0][1] if reply else [])]

    def page(self, after: str, limit: int, filters: Filters) -> Page:
        """The entries after the cursor `after` that `filters` admit, at most `limit`, and
        where to go on from. A page looks at no more than SCANNED_PER_ENTRY notes for each
        entry it may answer, so a narrow filter over a long feed answers fewer (even none)
        with `more`, rather than take long: the next page goes on from its cursor."""
        budget = limit * SCANNED_PER_ENTRY
        admitted: list[Note] = []
        cursor, more = after, True
        games: dict[str, bool] = {}
        while len(admitted) < limit and budget > 0:
            asked = min(budget, max(limit - len(admitted), 100))
            notes = self.notes(cursor, asked)
            budget -= len(notes)
            for note, passes in zip(notes, self.passes(notes, filters, games), strict=True):
                cursor = note.cursor
                if passes:
                    admitted.append(note)
                    if len(admitted) == limit:
                        break
            if len(notes) < asked and (not notes or cursor == notes[-1].cursor):
                more = False  # the end of the feed, every note looked at
                break
        return Page(self.entries(admitted), cursor, more)

    def admitted(self, notes: list[Note], filters: Filters, games: dict[str, bool]) -> list[Note]:
        """The notes `filters` admit, in order (`passes`)."""
        return [n for n, ok in zip(notes, self.passes(notes, filters, games), strict=True) if ok]

    def passes(self, notes: list[Note], filters: Filters, games: dict[str, bool]) -> list[bool]:
        """Whether `filters` admit each note. `games` keeps whether each game passes the
        table and player filters, read from its meta once for all the notes a reader looks
        at."""
        if filters == NO_FILTERS:
            return [True] * len(notes)
        if filters.reads_games():
            self.judge_games(notes, filters, games)
        return [filters.admits_note(n) and games.get(n.game, True) for n in notes]

    def judge_games(self, notes: list[Note], filters: Filters, judged: dict[str, bool]) -> None:
        """Whether each game of `notes` not judged yet passes the table and player filters,
        from its meta's name and players, in one round trip."""
        new = list(dict.fromkeys(n.game for n in notes if n.game not in judged))
        if not new:
            return
        with self.redis.pipeline(transaction=False) as pipe:
            for game_id in new:
                pipe.hmget(keys.meta(game_id), "name", "players")
            found = pipe.execute()
        for game_id, (name, players) in zip(new, found, strict=True):
            listed = _players(players)
            judged[game_id] = filters.admits_game(name.decode() if name else None, listed)

    def entries(self, notes: list[Note]) -> list[dict]:
        """The entries the notes name, in the notes' order: each game's events (or dispute
        entries) read as one range, from its first note's number to its last's (a game's
        notes come in its order), in one round trip for all, each checked."""
        spans: dict[tuple[str, str], list[int]] = {}
        for note in notes:
            span = spans.get((note.game, note.source))
            if span is None:
                spans[note.game, note.source] = [note.number, note.number]
            else:
                span[1] = note.number
        with self.redis.pipeline(transaction=False) as pipe:
            for (game_id, source), (first, last) in spans.items():
                key = keys.events(game_id) if source == "log" else keys.disputes(game_id)
                pipe.xrange(key, f"{first}-0", f"{last}-0")
            read = pipe.execute()
        # a log's seqs, and a game's dispute entries, have no gaps: the k-th read is first + k
        stored: dict[tuple[str, str], tuple[int, list[dict]]] = {}
        for (game_id, source), found, (first, _) in zip(spans, read, spans.values(), strict=True):
            if source == "log":
                stored[game_id, source] = (first, [decode(i, f) for i, f in found])
            else:
                stored[game_id, source] = (first, [
                    disputes.decode(entry_seq(i), f.get(disputes.STREAM_FIELD)) for i, f in found
                ])  # fmt: skip
        return [entry(n, *stored[n.game, n.source]) for n in notes]


def entry(note: Note, first: int, read: list[dict]) -> dict:
    """A feed entry as the API answers it, from what was read of its game from `first` on."""
    at, number = note.number - first, "seq" if note.source == "log" else "entry"
    stored = read[at] if at < len(read) else None
    if stored is None or stored[number] != note.number:
        # written with its note, in one script: only a changed Redis lacks it
        what = "event" if note.source == "log" else "dispute entry"
        raise CorruptEvent(note.number, f"the feed names {what} {note.number} of game "
                                        f"{note.game}, which is not there")  # fmt: skip
    if note.source == "log":
        return {"cursor": note.cursor, "game": note.game, "kind": note.kind, "source": "log",
                "type": note.type, "seq": note.number, "event": stored}  # fmt: skip
    return {"cursor": note.cursor, "game": note.game, "kind": note.kind, "source": "disputes",
            "type": note.type, "entry": note.number, "dispute": stored}  # fmt: skip


def _players(raw: bytes | None) -> list[str]:
    """The meta's players; none for a meta that does not hold a list of names (the catalog
    logs a damaged meta; here it only admits nothing)."""
    try:
        players = json.loads(raw) if raw else []
    except ValueError:
        return []
    return [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
