"""The HTTP bodies and query strings, as marshmallow schemas: validation and OpenAPI in one."""

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate, validates_schema

from events import receipts as receipt_form
from events.envelope import ACTOR
from events.envelope import INSTANT as ISO_INSTANT
from projections.catalog import STATUSES
from projections.rules import NAME_LENGTH, name_errors

MAX_SEQ = 2**53  # JSON-safe, and far inside a Redis stream id


class Problem(Schema):
    """RFC 9457 problem details (app/api/problems.py): the five standard members, then the
    extension members a type adds (app/api/problem_types.py). Open, as RFC 9457 allows: a
    client ignores a member it does not know."""

    class Meta:
        unknown = INCLUDE  # additionalProperties: true in the document

    type = fields.String(metadata={"description": "/problems/<slug>: GET it to learn the type"})
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    instance = fields.String(metadata={"description": "the request's path"})
    errors = fields.Dict(metadata={"description": "field -> messages, for invalid input"})
    rule = fields.String(metadata={"description": "the id of the rule that refused (422)"})
    code = fields.String(metadata={"description": "the log's own refusal, such as LOG-UNDO (422)"})
    rule_href = fields.String(metadata={"description": "its entry: /api/rules/<rule or code>"})
    details = fields.Dict(metadata={"description": "a refusal's data for a client (422)"})
    current_version = fields.Integer(metadata={"description": "the game's version (409, 412)"})
    event_id = fields.String(metadata={"description": "the event id sent before (409)"})
    idempotency_key = fields.String(metadata={"description": "the key sent before (409)"})
    game = fields.String(metadata={"description": "the game the key made before (409)"})
    seq = fields.Integer(
        metadata={"description": "the event the id or key wrote (409); the damaged one (500)"}
    )
    entry = fields.Integer(
        metadata={"description": "the disputes entry the key wrote (409); the damaged one (500)"}
    )
    webhook = fields.String(metadata={"description": "the webhook the key made before (409)"})
    scope = fields.String(metadata={"description": "the scope a key for tools lacks (403)"})
    scopes = fields.List(fields.String(), metadata={"description": "the scopes the key has (403)"})
    near = fields.List(
        fields.String(), metadata={"description": "rule ids like the one asked (404)"}
    )
    recorded = fields.String(
        validate=validate.OneOf(["no", "unknown"]),
        metadata={"description": "a write's fate (503): `no`, nothing was recorded; `unknown`, "
                  "its answer was lost and it may have been: retry with the same event id or "
                  "Idempotency-Key"},
    )  # fmt: skip


class TableName(fields.String):
    """A table's name for a game: free text, trimmed, 1 to NAME_LENGTH characters, no line
    breaks (projections/rules.py, `name_errors`)."""

    def _deserialize(self, value, attr, data, **kwargs):
        name = super()._deserialize(value, attr, data, **kwargs).strip()
        if name_errors(name):
            raise ValidationError(name_errors(name))
        return name


class GameCreate(Schema):
    kind = fields.String(required=True, metadata={"example": "burnrate"})
    name = TableName(metadata={
        "description": f"the table's name for the game, to tell it apart (optional): text of 1"
        f" to {NAME_LENGTH} characters, trimmed, no line breaks; kept in the creation event",
        "example": "Friday at Ann's", "maxLength": NAME_LENGTH,
    })  # fmt: skip
    players = fields.List(
        fields.String(validate=validate.Regexp(r"^[^\s:][^:]{0,63}$")),
        required=True,
        validate=validate.Length(min=1, max=8),
        metadata={"description": "names in seating or turn order", "example": ["Ann", "Ben"]},
    )
    options = fields.Dict(load_default=dict, metadata={"description": "the game's setup facts"})
    actor = fields.String(load_default="admin", validate=validate.Regexp(ACTOR))

    @validates_schema
    def distinct_players(self, data, **kwargs):
        if len(set(data.get("players", []))) != len(data.get("players", [])):
            raise ValidationError("player names must be distinct", "players")


class Awaiting(Schema):
    from_ = fields.List(
        fields.String(),
        data_key="from",
        attribute="from",
        metadata={
            "description": "player:<name> for each seat that owes an action;"
            " system:<phase> while the worker resolves; admin (the table's recorder's"
            " correction) once the worker gave up on the phase; none once the game is over"
        },
    )
    types = fields.List(
        fields.String(), metadata={"description": "the event types they may record"}
    )
    what = fields.String(metadata={"description": "what the game waits for, in words"})
    rule = fields.String(metadata={"description": "the rule that makes it their move"})


class Failure(Schema):
    """An automatic phase the worker gave up on (projections/failures.py): the game's code
    failed on the head's state, or every attempt failed. Nothing tries it again until an
    append moves the head (a correction) or the game's rules change."""

    phase = fields.String(allow_none=True, metadata={
        "description": "the phase; null if the job failed before the game named it",
        "example": "marketing",
    })  # fmt: skip
    seq = fields.Integer(metadata={"description": "the head it was resolving at"})
    error = fields.String(metadata={
        "description": "the error's type and message",
        "example": "TypeError: 'NoneType' object is not subscriptable",
    })  # fmt: skip
    at = fields.String(metadata={"description": "when it gave up (UTC)"})
    attempts = fields.Integer(metadata={"description": "the attempts made"})
    rules = fields.Nested("RulesVersion", allow_none=True, metadata={
        "description": "the rules it failed under; under others the sweeper tries again"
    })  # fmt: skip


class GameSummary(Schema):
    id = fields.String()
    name = fields.String(allow_none=True, metadata={"description": "the table's name, if given"})
    kind = fields.String()
    players = fields.List(fields.String())
    status = fields.String(metadata={"description": "active or finished"})
    version = fields.Integer(metadata={"description": "seq of the latest event"})
    pending = fields.String(allow_none=True, metadata={"description": "automatic phase now due"})
    awaiting = fields.Nested(Awaiting, allow_none=True, metadata={"description": "at the head"})
    failed = fields.Nested(Failure, allow_none=True, metadata={
        "description": "the pending phase the worker gave up on at the head, if it did"
    })  # fmt: skip
    created_at = fields.String()
    updated_at = fields.String()
    forked_from = fields.Nested(
        "ForkOrigin", allow_none=True, metadata={"description": "the game this one was forked from"}
    )
    href = fields.String()


class ForkOrigin(Schema):
    game = fields.String(metadata={"description": "the original's id"})
    seq = fields.Integer(metadata={"description": "the last seq copied"})
    head_hash = fields.String(metadata={"description": "the hash of that event, in both logs"})


class GameCreated(GameSummary):
    token = fields.String(
        metadata={
            "description": "the table's recorder's write token (anyone's actions); shown"
            " once, keep it"
        }
    )
    seats = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={
            "description": "each player's write token (that player's actions only); shown once"
        },
    )
    state = fields.Raw()
    duplicate = fields.Boolean(
        metadata={"description": "true for a retry with the same Idempotency-Key and body: "
                  "the game the first made, with its tokens; nothing new was written"}
    )  # fmt: skip


class SeatTokenOut(Schema):
    game = fields.String()
    seat = fields.String(metadata={"description": "a player's name, or table"})
    token = fields.String(metadata={"description": "the seat's new write token; shown once"})
    seq = fields.Integer(metadata={"description": "the seat_replaced event that records it"})
    duplicate = fields.Boolean(
        metadata={"description": "true for a retry with the same Idempotency-Key: the token "
                  "the first made (it works while no later replacement followed)"}
    )  # fmt: skip


class SeatHeld(Schema):
    game = fields.String()
    seat = fields.String(
        metadata={"description": "the seat the request's token opens: a player's name, or table"}
    )


class GameListQuery(Schema):
    q = fields.String(
        validate=validate.Length(max=200),
        metadata={"description": "a search: each word starts a word of the game's name, of a "
                  "player's name or of its id, in any case", "example": "fri ann"},
    )  # fmt: skip
    kind = fields.String()
    status = fields.String(validate=validate.OneOf(STATUSES))
    player = fields.String(
        validate=validate.Length(max=64),
        metadata={"description": "the games of this player (the whole name, in any case)"},
    )  # fmt: skip
    forked_from = fields.String(
        validate=validate.Regexp(r"^[0-9A-Za-z_-]{1,64}$"),
        metadata={"description": "the forks of this game (its id)"},
    )
    order = fields.String(
        load_default="oldest", validate=validate.OneOf(["oldest", "newest"]),
        metadata={"description": "oldest or newest first"},
    )  # fmt: skip
    after = fields.String(metadata={"description": "the last id of the previous page"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class GamePage(Schema):
    items = fields.List(fields.Nested(GameSummary))
    next = fields.String(allow_none=True, metadata={"description": "the next page, if any"})


class AtQuery(Schema):
    at = fields.Integer(
        validate=validate.Range(min=1, max=MAX_SEQ), metadata={"description": "a seq"}
    )


class StateOut(Schema):
    game = fields.String()
    version = fields.Integer(metadata={"description": "the seq this state is after"})
    state = fields.Raw()


class Envelope(Schema):
    seq = fields.Integer()
    event_id = fields.String()
    type = fields.String()
    schema_version = fields.Integer()
    actor = fields.String()
    payload = fields.Dict()
    recorded_at = fields.String()
    occurred_at = fields.String(allow_none=True)
    caused_by = fields.Integer(allow_none=True)
    recorded_by = fields.String(
        metadata={"description": "table: the table's recorder wrote this player's action"}
    )
    prev_hash = fields.String()
    hash = fields.String()
    withdrawn_by = fields.Integer(
        allow_none=True, metadata={"description": "the retract that withdrew it, if any"}
    )


class EventIn(Schema):
    type = fields.String(required=True, metadata={"example": "retract"})
    payload = fields.Dict(load_default=dict)
    actor = fields.String(required=True, metadata={"example": "player:Ann"})
    event_id = fields.UUID(metadata={"description": "client-chosen; a retry with it is safe"})
    occurred_at = fields.String(
        validate=validate.Regexp(ISO_INSTANT), metadata={"description": "the table's clock"}
    )


class AppendIn(EventIn):
    """One event (type, payload, actor...) or a batch (`events`), landing together."""

    type = fields.String(metadata={"example": "retract"})
    payload = fields.Dict()
    actor = fields.String(metadata={"example": "player:Ann"})
    events = fields.List(fields.Nested(EventIn), validate=validate.Length(min=1, max=100))
    expected_version = fields.Integer(
        validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "refuse with 409 unless the game is at this version"},
    )

    @validates_schema
    def one_or_batch(self, data, **kwargs):
        single = {"type", "payload", "actor", "event_id", "occurred_at"} & set(data)
        if "events" in data and single:
            raise ValidationError("give either one event or `events`, not both", "events")
        if "events" not in data:
            missing = {n: ["Missing data for required field."] for n in ("type", "actor")}
            missing = {n: m for n, m in missing.items() if n not in data}
            if missing:
                raise ValidationError(missing)


class JobLink(Schema):
    id = fields.String()
    href = fields.String()


class NextOut(Awaiting):
    game = fields.String()
    version = fields.Integer(metadata={"description": "the seq this answers at"})
    failed = fields.Nested(Failure, allow_none=True, metadata={
        "description": "at the head: the phase the worker gave up on, if it did"
    })  # fmt: skip


# Receipts (events/receipts.py): what an append answers, what the check takes and says.


class Receipt(Schema):
    """The service's Ed25519 signature that it accepted `event_hash` at `seq` in `game`, in an
    append that left the head at `head_seq` (`head_hash`). docs/architecture.md gives the
    signed bytes; `GET /api/keys` the keys."""

    format = fields.String(
        required=True, validate=validate.Equal(receipt_form.FORMAT),
        metadata={"example": receipt_form.FORMAT},
    )  # fmt: skip
    game = fields.String(required=True, validate=validate.Regexp(receipt_form.PATTERNS["game"]))
    seq = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=receipt_form.MAX_SEQ)
    )
    event_hash = fields.String(
        required=True, validate=validate.Regexp(receipt_form.PATTERNS["event_hash"]),
        metadata={"description": "the event's hash: the chain's head at `seq`"},
    )  # fmt: skip
    head_seq = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=receipt_form.MAX_SEQ),
        metadata={"description": "the seq of the last event of the append"},
    )  # fmt: skip
    head_hash = fields.String(
        required=True, validate=validate.Regexp(receipt_form.PATTERNS["head_hash"]),
        metadata={"description": "the chain's head after the append"},
    )  # fmt: skip
    key_id = fields.String(
        required=True, validate=validate.Regexp(receipt_form.PATTERNS["key_id"]),
        metadata={"description": "the signing key: an id of `GET /api/keys`"},
    )  # fmt: skip
    signature = fields.String(
        required=True, validate=validate.Regexp(receipt_form.PATTERNS["signature"]),
        metadata={"description": "Ed25519, 64 bytes in hex"},
    )  # fmt: skip


class ReceiptCheck(Schema):
    valid = fields.Boolean(
        metadata={"description": "signed by a published key, and the log holds what it says"}
    )
    problem = fields.String(
        allow_none=True,
        metadata={"description": "key, signature, game, missing, event, head or damaged"},
    )
    reason = fields.String(metadata={"description": "what was found, in words"})


class PublicKey(Schema):
    id = fields.String(metadata={"description": "first 16 hex of SHA-256 of the raw key"})
    algorithm = fields.String(metadata={"example": receipt_form.ALGORITHM})
    status = fields.String(metadata={"description": "current (signs now) or retired"})
    public_key = fields.String(metadata={"description": "the raw 32-byte public key, in hex"})
    created_at = fields.String()
    retired_at = fields.String(allow_none=True)


class KeyList(Schema):
    format = fields.String(metadata={"description": "the receipt format the keys sign"})
    keys = fields.List(fields.Nested(PublicKey), metadata={"description": "oldest first"})


class AppendOut(Schema):
    game = fields.String()
    version = fields.Integer()
    events = fields.List(fields.Nested(Envelope))
    duplicate = fields.Boolean(metadata={"description": "true if this was already recorded"})
    status = fields.String()
    pending = fields.String(allow_none=True)
    job = fields.Nested(JobLink, allow_none=True)
    receipts = fields.List(
        fields.Nested(Receipt),
        metadata={
            "description": "one for each of `events`, in order; a retry answers those first "
            "issued, never new ones (none for events recorded before receipts were kept)"
        },
    )


class EventPageQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_SEQ))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class EventPage(Schema):
    items = fields.List(fields.Nested(Envelope))
    next = fields.String(allow_none=True)


class ReplayStep(Schema):
    event = fields.Nested(Envelope)
    text = fields.String(
        metadata={
            "description": "the event in a sentence, as its game tells it",
            "example": "joe hired Ben Zhao (finance) from the labor pool",
        }
    )
    state = fields.Raw(metadata={"description": "the state after the event"})
    awaiting = fields.Nested(Awaiting, metadata={"description": "what the game then waited for"})
    patch = fields.List(fields.Dict(), metadata={"description": "RFC 6902, from the state before"})
    explanation = fields.Raw(allow_none=True, metadata={"description": "why it came out so"})
    disputes = fields.List(
        fields.Nested("DisputeSummary"), metadata={"description": "the disputes on this seq"}
    )
    changes = fields.List(
        fields.String(),
        metadata={
            "description": "what the step changed, in sentences as its game says them (for a "
            "game that does not, each operation of `patch` with its place dotted)",
            "example": ["ann's cash: $10 → $20", "a Waitress joined ann's chain, on the beach"],
        },
    )
    why = fields.List(
        fields.String(),
        allow_none=True,
        metadata={
            "description": "`explanation` in sentences, as its game says it (empty for an "
            "event without one; null for a game that does not say it)",
            "example": ["house 2 ordered 1 pizza", "bob served it: the only chain that qualified"],
        },
    )
    where = fields.String(
        allow_none=True,
        metadata={
            "description": "where the game stood when the event came, as its game says it "
            "(null for a game that does not)",
            "example": "Turn 3, dinnertime",
        },
    )


class ReplayRangeQuery(Schema):
    from_ = fields.Integer(
        data_key="from",
        required=True,
        validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"example": 1},
    )
    to = fields.Integer(validate=validate.Range(min=1, max=MAX_SEQ))


class ReplayRange(Schema):
    steps = fields.List(fields.Nested(ReplayStep))
    next = fields.String(allow_none=True)


class RulesVersion(Schema):
    version = fields.String(metadata={"description": "tablelog's version", "example": "0.1.0"})
    digest = fields.String(metadata={"description": "SHA-256 of the game's code and data"})


class RulesCompared(Schema):
    recorded = fields.Nested(RulesVersion, allow_none=True, metadata={
        "description": "the creation event's `rules`; null for a game from before they were kept"
    })  # fmt: skip
    today = fields.Nested(RulesVersion, allow_none=True)
    same = fields.Boolean(allow_none=True, metadata={"description": "null if the log is unread"})


class Recomputed(Schema):
    ok = fields.Boolean(allow_none=True, metadata={
        "description": "every derived event is what today's rules write; null where the audit "
        "stopped first"
    })  # fmt: skip
    derived = fields.Integer(metadata={"description": "derived events found as recorded"})
    through = fields.Integer(metadata={"description": "the last seq the recompute reached"})
    seq = fields.Integer(metadata={"description": "the first seq where they differ"})
    phase = fields.String(allow_none=True)
    recorded = fields.Dict(allow_none=True, metadata={
        "description": "the event there: type, actor, caused_by, payload; null if none"
    })  # fmt: skip
    today = fields.Dict(allow_none=True, metadata={
        "description": "the event today's rules write there; null if none"
    })  # fmt: skip
    patch = fields.List(fields.Dict(), allow_none=True, metadata={
        "description": "RFC 6902, from the recorded event to today's"
    })  # fmt: skip
    detail = fields.String()


class Verification(Schema):
    game = fields.String()
    ok = fields.Boolean(metadata={
        "description": "the log and the caches hold, under the rules the game was recorded "
        "under every derived event is what they decide, and the worker has not given up on the "
        "phase due at the head"
    })  # fmt: skip
    version = fields.Integer()
    checked = fields.Integer(metadata={"description": "events re-hashed and refolded"})
    first_bad_seq = fields.Integer(allow_none=True)
    problem = fields.String(allow_none=True, metadata={
        "description": "hash, chain, event, fold, cache, recompute; phase: the log holds, but"
        " the worker gave up on the phase due at its head (`failed`)"
    })  # fmt: skip
    detail = fields.String(allow_none=True)
    recompute = fields.Nested(Recomputed, metadata={
        "description": "each automatic phase resolved again from the state before it"
    })  # fmt: skip
    rules = fields.Nested(RulesCompared)
    failed = fields.Nested(Failure, allow_none=True, metadata={
        "description": "the phase the worker gave up on at the head, if it did"
    })  # fmt: skip


class JobOut(Schema):
    id = fields.String()
    status = fields.String()
    game = fields.String()
    seq = fields.Integer()
    result = fields.Raw(allow_none=True)
    error = fields.String(allow_none=True)
    enqueued_at = fields.String(allow_none=True)
    ended_at = fields.String(allow_none=True)


class Index(Schema):
    title = fields.String()
    kinds = fields.List(fields.String(), metadata={"description": "the games one can create"})
    links = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "docs, openapi, games, import (POST), health"},
    )


class Health(Schema):
    ok = fields.Boolean(metadata={"description": "both Redis answer and take writes"})
    redis = fields.Boolean(metadata={"description": "the event store answers and takes writes"})
    queue_redis = fields.Boolean(metadata={"description": "the queues' Redis, likewise"})
    workers = fields.Integer(
        metadata={"description": "the phase workers running (not one killed and still "
                  "registered: RQ keeps its key for minutes)"}
    )  # fmt: skip
    queue_depth = fields.Integer()
    webhook_workers = fields.Integer(
        metadata={"description": "the webhooks' workers running, counted as the phases' are"}
    )
    deliveries_waiting = fields.Integer(
        metadata={"description": "webhooks' jobs queued, none of them started yet"}
    )
    missing = fields.List(
        fields.String(),
        metadata={"description": "what is missing, in words: a Redis that does not answer "
                  "within the second health waits, or refuses writes (and why), no worker"},
    )  # fmt: skip


class RefusalPageQuery(Schema):
    after = fields.String(
        load_default="0", validate=validate.Regexp(r"^\d{1,19}(-\d{1,19})?$"),
        metadata={"description": "the id of the last refusal of the previous page"},
    )  # fmt: skip
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class Refusal(Schema):
    id = fields.String()
    recorded_at = fields.String()
    version = fields.Integer(metadata={"description": "the version the action was checked at"})
    events = fields.List(fields.Dict(), metadata={"description": "what was submitted"})
    rule = fields.String(allow_none=True)
    code = fields.String(allow_none=True)
    message = fields.String()
    details = fields.Dict()


class RefusalPage(Schema):
    items = fields.List(fields.Nested(Refusal))
    next = fields.String(allow_none=True)


class TileQuery(Schema):
    rotation = fields.Integer(
        load_default=0,
        metadata={
            "description": "degrees clockwise the tile is turned on the table (0 90 180 270)"
        },
    )


class TileList(Schema):
    kind = fields.String()
    tiles = fields.List(
        fields.Dict(),
        metadata={
            "description": "each map tile: `tile` (its id), `rotations` (one per turn the table"
            " may give it: `rotation` in degrees clockwise, what a person sees on the tile so"
            " turned, as the game's docs say, and `pictures`: links to its svg and txt"
            " picture), and what the game adds"
        },
    )


# --- Disputes (disputes/): threads anchored to a seq, in a chain of their own ---------------

AUTHOR = r"^(player:[^\s:][^:]{0,63}|admin)$"
DISPUTE_TEXT = validate.Length(min=1, max=2000)


def _author():
    return fields.String(
        required=True, validate=validate.Regexp(AUTHOR, error="must be player:<name> or admin"),
        metadata={"description": "player:<name> of a player of the game, or admin",
                  "example": "player:ann"},
    )  # fmt: skip


class DisputeOpen(Schema):
    seq = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "the seq disputed", "example": 5},
    )  # fmt: skip
    author = _author()
    text = fields.String(
        required=True, validate=DISPUTE_TEXT,
        metadata={"example": "the cart passed two beers, not one"},
    )  # fmt: skip


class DisputeReply(Schema):
    author = _author()
    text = fields.String(required=True, validate=DISPUTE_TEXT)


class DisputeResolve(Schema):
    outcome = fields.String(required=True, validate=validate.OneOf(["upheld", "dismissed"]))
    correcting_seq = fields.Integer(
        strict=True, allow_none=True, load_default=None,
        validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "upheld: the seq of the action that corrected the log, "
                  "after the disputed seq; dismissed: none"},
    )  # fmt: skip
    author = _author()
    text = fields.String(load_default="", validate=validate.Length(max=2000))


class DisputeSaid(Schema):
    entry = fields.Integer(metadata={"description": "its number in the disputes chain"})
    author = fields.String()
    text = fields.String()
    recorded_at = fields.String()


class DisputeResolution(DisputeSaid):
    outcome = fields.String()
    correcting_seq = fields.Integer(allow_none=True)


class Dispute(DisputeSaid):
    id = fields.Integer()
    seq = fields.Integer(metadata={"description": "the seq disputed"})
    status = fields.String(metadata={"description": "open, upheld or dismissed"})
    replies = fields.List(fields.Nested(DisputeSaid))
    resolution = fields.Nested(DisputeResolution, allow_none=True)


class DisputeWritten(Dispute):
    duplicate = fields.Boolean(
        metadata={"description": "true for a retry with the same Idempotency-Key and body: "
                  "the thread as the first write left it; nothing new was written"}
    )  # fmt: skip


class DisputeSummary(Schema):
    id = fields.Integer()
    seq = fields.Integer()
    status = fields.String(metadata={"description": "open, upheld or dismissed"})
    author = fields.String()
    text = fields.String(metadata={"description": "the opening words, cut at 80 characters"})
    replies = fields.Integer(metadata={"description": "how many"})
    correcting_seq = fields.Integer(allow_none=True)


class DisputeChain(Schema):
    ok = fields.Boolean()
    entries = fields.Integer(metadata={"description": "entries that hold"})
    head_hash = fields.String(metadata={"description": "the hash of the last that holds"})
    first_bad_entry = fields.Integer(allow_none=True)
    problem = fields.String(allow_none=True)


class DisputeList(Schema):
    game = fields.String()
    disputes_ok = fields.Boolean(metadata={"description": "the disputes chain holds"})
    chain = fields.Nested(DisputeChain)
    items = fields.List(fields.Nested(DisputeSummary))
