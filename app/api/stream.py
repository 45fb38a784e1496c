"""Live: `GET /api/games/<id>/stream`, a game's new events as server-sent events, so every
open page of a game moves when any device records an action.

The stream is the game's Redis stream (events/keys.py, entry id `<seq>-0`) read forward with
XREAD BLOCK, the block as long as the heartbeat: each entry is decoded and hash-checked by
`events.store.decode`, exactly as every other read is, and sent as a message named `event`
whose data is its envelope as stored. A retract is a new event on the stream like any other;
messages never change afterwards, so an envelope carries no `withdrawn_by`
(GET .../events/<seq> answers that).

When the worker's events (actors `system:<phase>`) have gone by and the stream has caught up
with the game, a message named `phase` carries the game's summary, as GET /api/games/<id>
answers it, at the version of the last event sent, and `resolved`, the phases whose events
went by since the last such message. It has no id, so a reconnection resumes after the last
event all the same. A message named `dispute` carries each entry written to the game's
disputes (an opening, a reply, a resolution: replays/disputes/) after the stream's start, as
stored (GET .../disputes has them all).

The `id` of an `event` or `dispute` message says how far the stream has gone in both:
`<seq>:<entry>`, the seq of the last event and the number of the last dispute entry sent, or
the seq alone while no dispute entry has been (so a game without disputes has the seqs as
ids). A reconnecting EventSource sends the last id back in Last-Event-ID and the stream
resumes after both; `?after=N` and `?disputes_after=M` do the same for a first connection
(the header wins: EventSource keeps the URL it started with). Without either, a stream starts
at the head and with the entries written from then on; a seq alone in Last-Event-ID, as ids
were before disputes had a place in them, resumes the disputes from the first entry.
An SSE comment (`: heartbeat`) goes out whenever
nothing has happened for STREAM_HEARTBEAT seconds, so proxies keep the connection open and a
client that has gone is noticed at the next write (its thread and Redis connection are let
go then).

Each open stream holds a thread of its web process and a connection of its Redis pool while
it waits: at most STREAMS_PER_PROCESS streams are open at once in a process, a further one
answers 503 with Retry-After, and the process's other WEB_THREADS threads stay for the rest
of the API (app/run/serve.py gives each process both). When the process is told to stop, every
stream ends at its next heartbeat and the client reconnects to another process.
"""

import json
import logging
import threading
from collections.abc import Callable, Iterator

import redis
from flask import Response, current_app
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields, validate

from app.api.body import Blueprint
from app.api.games import described
from app.api.problems import problem
from app.api.schemas import MAX_SEQ, Problem
from app.context import services
from events import keys
from events.store import CorruptEvent, decode, entry_seq
from projections.state import DamagedMeta
from replays.disputes import stream as disputes

log = logging.getLogger(__name__)

blp = Blueprint("stream", __name__, url_prefix="/api/games", description="A game, live")

PAGE = 100  # entries a read takes at most: a long catch-up goes out a page at a time
RECONNECT_MS = 3000  # how long an EventSource waits before it reconnects (SSE `retry`)
BUSY_RETRY_AFTER = 5  # seconds, when a process has no stream left to give

# Set by the web worker when it is told to stop (app/run/web_worker.py): streams end at their
# next heartbeat instead of holding the shutdown for gunicorn's whole graceful timeout.
stopping = threading.Event()


class StreamQuery(Schema):
    after = fields.Integer(
        validate=validate.Range(min=0, max=MAX_SEQ),
        metadata={"description": "send the events after this seq (default: the head, "
                  "only what comes next); Last-Event-ID, when sent, wins"},
    )  # fmt: skip
    disputes_after = fields.Integer(
        validate=validate.Range(min=0, max=MAX_SEQ),
        metadata={"description": "send the dispute entries after this number (default: "
                  "only those written from now on); Last-Event-ID, when sent, wins"},
    )  # fmt: skip


class StreamHeaders(Schema):
    last_event_id = fields.String(
        data_key="Last-Event-ID",
        validate=validate.Regexp(r"^\d{1,15}(:\d{1,15})?$", error="not an id this stream sent"),
        metadata={"description": "the id of the last message received, `<seq>` or "
                  "`<seq>:<dispute entry>`: resume after it"},
    )  # fmt: skip


def resume_point(query: dict, headers: dict, version: int, entries: int) -> tuple[int, int]:
    """(events after this seq, dispute entries after this number) from Last-Event-ID, else
    the query, else the head and the last entry; a 400 naming the field past either end."""
    if "last_event_id" in headers:
        seq, _, entry = headers["last_event_id"].partition(":")
        after, entry, fields_named = int(seq), int(entry or 0), ("Last-Event-ID",) * 2
    else:
        after, entry = query.get("after", version), query.get("disputes_after", entries)
        fields_named = ("after", "disputes_after")
    if after > version:
        abort(400, errors={fields_named[0]: [f"the game is at version {version}"]})
    if entry > entries:
        abort(400, errors={fields_named[1]: [f"the game's disputes have {entries} entries"]})
    return after, entry


class Budget:
    """How many streams this process may still open: a semaphore taken without waiting,
    given back when a stream closes."""

    def __init__(self, size: int):
        self.size = size
        self._free = threading.BoundedSemaphore(size)

    def take(self) -> bool:
        return self._free.acquire(blocking=False)

    def give(self) -> None:
        self._free.release()


def register(app, settings) -> None:
    app.extensions["tablelog.streams"] = Budget(settings.streams_per_process)


def message(name: str, data: dict, id: str | None = None) -> bytes:
    """One SSE message; JSON escapes every line break, so the data is one `data:` line."""
    head = f"id: {id}\n" if id is not None else ""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"{head}event: {name}\ndata: {body}\n\n".encode()


HEARTBEAT = b": heartbeat\n\n"


def read_after(svc, game_id: str, after: int) -> list[dict]:
    """Up to PAGE envelopes after seq `after`, decoded and checked, without waiting: the API's
    connection pool, so a stream refused for want of a place never takes one of its own."""
    reply = svc.redis.xread({keys.events(game_id): f"{after}-0"}, count=PAGE)
    return [decode(entry_id, fields) for entry_id, fields in (reply[0][1] if reply else [])]


def wait_after(svc, game_id: str, after: int, entry: int, block: int):
    """(envelopes after seq `after`, dispute entries after number `entry`), up to PAGE of each,
    decoded and checked; waiting at most `block` milliseconds for the first of either. The
    wait holds a connection of the streams' pool, which has one for each stream the process
    may hold."""
    events, entries = keys.events(game_id), keys.disputes(game_id)
    reply = dict(svc.stream_redis.xread({events: f"{after}-0", entries: f"{entry}-0"},
                                        count=PAGE, block=block))  # fmt: skip
    envelopes = [decode(i, fields) for i, fields in reply.get(events.encode(), [])]
    said = [disputes.decode(entry_seq(i), fields.get(disputes.STREAM_FIELD))
            for i, fields in reply.get(entries.encode(), [])]  # fmt: skip
    return envelopes, said


def last_entry(svc, game_id: str) -> int:
    """The number of the game's last dispute entry, 0 for none."""
    [newest] = svc.redis.xrevrange(keys.disputes(game_id), count=1) or [(b"0-0", {})]
    return entry_seq(newest[0])


def streamed(body: Callable[[Budget], "Body"]) -> Response:
    """A stream's answer, its `body` made with a place of the process's budget of streams; a
    503 with Retry-After when none is left."""
    budget = current_app.extensions["tablelog.streams"]
    if not budget.take():
        busy = problem(
            503, "Too many streams",
            f"this process has its {budget.size} streams open; retry shortly", "streams-busy",
        )  # fmt: skip
        busy.headers["Retry-After"] = str(BUSY_RETRY_AFTER)
        return busy
    return Response(
        body(budget),
        mimetype="text/event-stream",
        headers={"X-Accel-Buffering": "no"},  # nginx: pass each message on at once
    )


class Body:
    """An open stream's messages as a WSGI body, holding a place of the process's budget.
    `close` (called by the server when the client has gone or the stream has ended;
    idempotent) gives the place back, whether or not the body was read."""

    def __init__(self, svc, budget: Budget, messages: Iterator[bytes]):
        self.svc, self.budget = svc, budget
        self.block_ms = max(1, round(svc.settings.stream_heartbeat * 1000))
        self._messages = messages
        self._closed = False

    def __iter__(self) -> Iterator[bytes]:
        return self._messages

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._messages.close()
            self.budget.give()


class Live(Body):
    """The messages of one open stream of a game, from the envelopes already read (`first`)
    on."""

    def __init__(self, svc, game_id: str, first: list[dict], after: int, entry: int, budget):
        self.game_id = game_id
        self.entry = entry  # dispute entries after this one are sent
        super().__init__(svc, budget, self.messages(first, after))

    def id(self, seq: int) -> str:
        return f"{seq}:{self.entry}" if self.entry else str(seq)

    def messages(self, envelopes: list[dict], after: int) -> Iterator[bytes]:
        yield f"retry: {RECONNECT_MS}\n: game {self.game_id} after seq {after}\n\n".encode()
        resolved: list[str] = []
        said: list[dict] = []
        try:
            while not stopping.is_set():
                for envelope in envelopes:
                    yield message("event", envelope, self.id(envelope["seq"]))
                    if envelope["actor"].startswith("system:"):
                        resolved.append(envelope["actor"].removeprefix("system:"))
                if envelopes:
                    after = envelopes[-1]["seq"]
                    if resolved and (phase := self.phase_finished(after, resolved)):
                        yield phase
                        resolved = []
                elif not said:
                    yield HEARTBEAT
                envelopes, said = wait_after(
                    self.svc, self.game_id, after, self.entry, self.block_ms
                )
                for entry in said:
                    self.entry = entry["entry"]
                    yield message("dispute", entry, self.id(after))
        except (CorruptEvent, disputes.CorruptDispute, DamagedMeta, redis.RedisError) as error:
            # The reconnection answers it as a problem (500 or 503), before any stream.
            log.error("stream of game %s ended: %s", self.game_id, error)

    def phase_finished(self, seq: int, resolved: list[str]) -> bytes | None:
        """The `phase` message, once the game is at `seq` (the summary then describes what
        was sent: the append script writes the meta with the events); None while more
        events follow, which the next read takes at once."""
        meta = self.svc.projector.meta(self.game_id)
        if meta["version"] != seq:
            return None
        phases = list(dict.fromkeys(resolved))
        return message("phase", {**described(self.game_id, meta), "resolved": phases})


@blp.route("/<game_id>/stream")
class Stream(MethodView):
    @blp.arguments(StreamQuery, location="query", error_status_code=400)
    @blp.arguments(StreamHeaders, location="headers", error_status_code=400)
    @blp.response(
        200,
        description="text/event-stream: `event` messages (data: the envelope), `phase` "
        "messages (data: the game's summary and the phases `resolved`), `dispute` messages "
        "(data: a disputes entry written after the stream's start), and a `: heartbeat` "
        "comment when nothing happens. The id of an `event` or `dispute` message is "
        "`<seq>:<entry>`, the last event's seq and the last dispute entry's number sent, or "
        "the seq alone while the game has had no dispute entry",
    )
    @blp.alt_response(
        400, schema=Problem,
        description="after or Last-Event-ID past the head, or disputes_after past the last entry",
    )  # fmt: skip
    @blp.alt_response(404, schema=Problem)
    @blp.alt_response(503, schema=Problem, description="this process has no stream to spare")
    def get(self, query, headers, game_id):
        """The game's new events as they are recorded (server-sent events), and a message when
        an automatic phase has finished. Resumes after Last-Event-ID, or `after`."""
        svc = services()
        version = svc.projector.meta(game_id)["version"]
        after, entry = resume_point(query, headers, version, last_entry(svc, game_id))
        first = read_after(svc, game_id, after)  # a damaged log answers 500 here, not mid-stream
        return streamed(lambda budget: Live(svc, game_id, first, after, entry, budget))
