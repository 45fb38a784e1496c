"""The HTTP bodies and query strings, as marshmallow schemas: validation and OpenAPI in one."""

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from events.envelope import ACTOR
from events.envelope import INSTANT as ISO_INSTANT

MAX_SEQ = 2**53  # JSON-safe, and far inside a Redis stream id


class Problem(Schema):
    """RFC 9457 problem details."""

    type = fields.String()
    title = fields.String()
    status = fields.Integer()
    detail = fields.String()
    instance = fields.String()
    rule = fields.String(metadata={"description": "the id of the rule that refused"})
    rule_href = fields.String(metadata={"description": "its entry: /api/rules/<rule or code>"})
    errors = fields.Dict(metadata={"description": "field -> messages, for invalid input"})
    current_version = fields.Integer(metadata={"description": "on 409 and 412"})


class GameCreate(Schema):
    kind = fields.String(required=True, metadata={"example": "burnrate"})
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
            " system:<phase> while the worker resolves; none once the game is over"
        },
    )
    types = fields.List(
        fields.String(), metadata={"description": "the event types they may record"}
    )
    what = fields.String(metadata={"description": "what the game waits for, in words"})
    rule = fields.String(metadata={"description": "the rule that makes it their move"})


class GameSummary(Schema):
    id = fields.String()
    kind = fields.String()
    players = fields.List(fields.String())
    status = fields.String(metadata={"description": "active or finished"})
    version = fields.Integer(metadata={"description": "seq of the latest event"})
    pending = fields.String(allow_none=True, metadata={"description": "automatic phase now due"})
    awaiting = fields.Nested(Awaiting, allow_none=True, metadata={"description": "at the head"})
    created_at = fields.String()
    updated_at = fields.String()
    href = fields.String()


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


class SeatTokenOut(Schema):
    game = fields.String()
    seat = fields.String(metadata={"description": "a player's name, or table"})
    token = fields.String(metadata={"description": "the seat's new write token; shown once"})
    seq = fields.Integer(metadata={"description": "the seat_replaced event that records it"})


class GameListQuery(Schema):
    kind = fields.String()
    status = fields.String(validate=validate.OneOf(["active", "finished"]))
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


class AppendOut(Schema):
    game = fields.String()
    version = fields.Integer()
    events = fields.List(fields.Nested(Envelope))
    duplicate = fields.Boolean(metadata={"description": "true if this was already recorded"})
    status = fields.String()
    pending = fields.String(allow_none=True)
    job = fields.Nested(JobLink, allow_none=True)


class EventPageQuery(Schema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_SEQ))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


class EventPage(Schema):
    items = fields.List(fields.Nested(Envelope))
    next = fields.String(allow_none=True)


class ReplayStep(Schema):
    event = fields.Nested(Envelope)
    state = fields.Raw(metadata={"description": "the state after the event"})
    awaiting = fields.Nested(Awaiting, metadata={"description": "what the game then waited for"})
    patch = fields.List(fields.Dict(), metadata={"description": "RFC 6902, from the state before"})
    explanation = fields.Raw(allow_none=True, metadata={"description": "why it came out so"})


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


class Verification(Schema):
    game = fields.String()
    ok = fields.Boolean()
    version = fields.Integer()
    checked = fields.Integer(metadata={"description": "events re-hashed and refolded"})
    first_bad_seq = fields.Integer(allow_none=True)
    problem = fields.String(allow_none=True, metadata={"description": "hash, chain, fold, cache"})
    detail = fields.String(allow_none=True)


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
    ok = fields.Boolean()
    redis = fields.Boolean()
    queue_redis = fields.Boolean()
    workers = fields.Integer()
    queue_depth = fields.Integer()


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
