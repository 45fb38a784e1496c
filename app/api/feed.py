"""The feed of every game, for tools: `GET /api/feed`, a page of entries after a cursor, and
`GET /api/feed/stream`, the same live as server-sent events (replays/feed.py says what an
entry is and why a cursor resumes exactly). Both need a tool key with `feed:read`.

The live form is the game stream's (app/api/stream.py) over the one feed stream: XREAD BLOCK
as long as the heartbeat, each message's `id` the entry's cursor, resumed after
Last-Event-ID (or `?after=`), a heartbeat comment when nothing passes, within the same
budget of open streams a process holds. The key is looked at again at every read, so a key
revoked while its stream is open ends it within a heartbeat.
"""

import logging
import time
from collections.abc import Iterator

import redis
from flask import request, url_for
from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from app.api.auth import key_refusals, tool_key_required
from app.api.body import Blueprint
from app.api.schemas import Envelope, Problem
from app.api.stream import (
    HEARTBEAT,
    RECONNECT_MS,
    Body,
    Budget,
    message,
    stopping,
    streamed,
)
from app.context import services
from events.store import CorruptEvent
from replays.disputes import stream as disputes
from replays.disputes.entries import OPENED, REPLIED, RESOLVED
from replays.feed import PAGE_LIMIT, SOURCES, START, Feed, Filters, is_cursor

log = logging.getLogger(__name__)

blp = Blueprint("feed", __name__, url_prefix="/api/feed", description="Every game, for tools")

FEED_SCOPE = "feed:read"
LIVE_PAGE = 100  # notes a live read takes at most


class Cursor(fields.String):
    """A cursor of the feed (or an attempt's id): `<ms>-<n>`, a Redis stream entry id."""

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        if not is_cursor(value):
            raise ValidationError("not a cursor of this feed: <ms>-<n>, as entries give it")
        return value


class FilterQuery(Schema):
    kind = fields.List(fields.String(), metadata={"description": "games of these kinds"})
    game = fields.List(
        fields.String(validate=validate.Regexp(r"^[0-9A-Za-z_-]{1,64}$")),
        metadata={"description": "these games (ids); repeat the argument for more"},
    )
    type = fields.List(
        fields.String(validate=validate.Length(min=1, max=200)),
        metadata={"description": "these event types or dispute entry kinds "
                  "(`fcm.recruited`, `retract`, `dispute.opened`)"},
    )  # fmt: skip
    source = fields.String(
        validate=validate.OneOf(SOURCES),
        metadata={"description": "`log` for the games' events, `disputes` for their "
                  "dispute entries; both by default"},
    )  # fmt: skip
    table = fields.String(
        validate=validate.Length(min=1, max=80),
        metadata={"description": "the games of the table of this name (whole, in any case)"},
    )
    player = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "the games of this player (the whole name, in any case)"},
    )

    @validates_schema
    def known(self, data, **kwargs):
        svc = services()
        kinds = set(svc.games.kinds())
        if unknown := [k for k in data.get("kind", []) if k not in kinds]:
            raise ValidationError(f"no game of kind {', '.join(unknown)}", "kind")
        said = (OPENED, REPLIED, RESOLVED)
        if unknown := [
            t for t in data.get("type", []) if t not in svc.event_types and t not in said
        ]:
            raise ValidationError(f"no event type {', '.join(unknown)}", "type")


class FeedQuery(FilterQuery):
    after = Cursor(metadata={"description": "the cursor of the last entry read (default: the "
                             "feed's start)", "example": "1764921600000-0"})  # fmt: skip
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=PAGE_LIMIT))


class StreamQuery(FilterQuery):
    after = Cursor(metadata={"description": "send the entries after this cursor (default: "
                             "only what comes next); Last-Event-ID, when sent, wins"})  # fmt: skip


class StreamHeaders(Schema):
    last_event_id = Cursor(
        data_key="Last-Event-ID",
        metadata={"description": "the cursor of the last entry received: resume after it"},
    )


class FeedEntry(Schema):
    cursor = fields.String(metadata={"description": "where a reader resumes after this entry"})
    game = fields.String()
    kind = fields.String(metadata={"description": "the game's kind"})
    source = fields.String(metadata={"description": "log: an event; disputes: a dispute entry"})
    type = fields.String(metadata={"description": "the event's type or the entry's kind"})
    seq = fields.Integer(metadata={"description": "the event's seq (log)"})
    event = fields.Nested(Envelope, metadata={"description": "the event as stored (log)"})
    entry = fields.Integer(metadata={"description": "the dispute entry's number (disputes)"})
    dispute = fields.Dict(metadata={"description": "the dispute entry as stored (disputes)"})


class FeedPage(Schema):
    entries = fields.List(fields.Nested(FeedEntry))
    cursor = fields.String(metadata={"description": "the next page's `after`: past every "
                                     "entry this page looked at, answered or not"})  # fmt: skip
    more = fields.Boolean(metadata={"description": "entries after `cursor` were not looked "
                                    "at yet: ask again at once"})  # fmt: skip
    next = fields.String(metadata={"description": "the next page, filters kept"})


@blp.route("")
class FeedView(MethodView):
    @tool_key_required(FEED_SCOPE)
    @blp.arguments(FeedQuery, location="query", error_status_code=400)
    @blp.response(200, FeedPage)
    @key_refusals(blp, FEED_SCOPE)
    def get(self, query):
        """Every game's events and dispute entries after a cursor, in the order they were
        acknowledged, filtered by kind, game, type, source, table and player. Follow `next`:
        a page may answer fewer entries than `limit` (even none) with `more`, when its
        filters admitted few of those it looked at."""
        filters = Filters.from_query(query)
        page = Feed(services().redis).page(query.get("after", START), query["limit"], filters)
        args = {**filters.query(), "limit": query["limit"]}
        return {"entries": page.entries, "cursor": page.cursor, "more": page.more,
                "next": url_for("feed.FeedView", after=page.cursor, **args)}  # fmt: skip


@blp.route("/stream")
class FeedStream(MethodView):
    @tool_key_required(FEED_SCOPE)
    @blp.arguments(StreamQuery, location="query", error_status_code=400)
    @blp.arguments(StreamHeaders, location="headers", error_status_code=400)
    @blp.response(200, description="text/event-stream: `entry` messages (id: the entry's "
                  "cursor, data: the entry as GET /api/feed answers it), and a `: heartbeat` "
                  "comment when nothing happens")  # fmt: skip
    @blp.alt_response(503, schema=Problem, description="this process has no stream to spare")
    @key_refusals(blp, FEED_SCOPE)
    def get(self, query, headers):
        """Every game's events and dispute entries as they are acknowledged (server-sent
        events), filtered as GET /api/feed is. Resumes after Last-Event-ID, or `after`."""
        svc = services()
        feed = Feed(svc.redis)
        after = headers.get("last_event_id", query.get("after")) or feed.head()
        filters, token = Filters.from_query(query), bearer_token()
        return streamed(lambda budget: LiveFeed(svc, feed, filters, after, token, budget))


def bearer_token() -> str:
    """The request's token, which tool_key_required has found to be a key that works."""
    return request.headers["Authorization"].partition(" ")[2].strip()


class LiveFeed(Body):
    """The messages of one open feed stream, after the cursor `after`."""

    def __init__(self, svc, feed: Feed, filters: Filters, after: str, token: str, budget: Budget):
        self.feed, self.filters, self.token = feed, filters, token
        super().__init__(svc, budget, self.messages(after))

    def messages(self, after: str) -> Iterator[bytes]:
        yield f"retry: {RECONNECT_MS}\n: feed after {after}\n\n".encode()
        games: dict[str, bool] = {}
        said = time.monotonic()  # when something last went out
        try:
            while not stopping.is_set():
                notes = self.feed.wait(self.svc.stream_redis, after, LIVE_PAGE, self.block_ms)
                if not self.key_works():
                    return
                for entry in self.feed.entries(self.feed.admitted(notes, self.filters, games)):
                    yield message("entry", entry, entry["cursor"])
                    said = time.monotonic()
                if time.monotonic() - said >= self.block_ms / 1000:
                    yield HEARTBEAT  # quiet, or all that passed was filtered out
                    said = time.monotonic()
                if notes:
                    after = notes[-1].cursor
        except (CorruptEvent, disputes.CorruptDispute, redis.RedisError) as error:
            log.error("feed stream ended: %s", error)

    def key_works(self) -> bool:
        """Whether the stream's key still works: a revoked key's stream ends here, within a
        heartbeat, and its reconnection is refused."""
        key = self.svc.tool_keys.find(self.token)
        if key is None or key.revoked_at is not None or not key.allows(FEED_SCOPE):
            log.info("a feed stream ended: its key was revoked")
            return False
        return True
