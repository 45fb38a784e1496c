"""The bodies and query strings of forks, comparisons, undo and redo (app/api/forks.py)."""

from marshmallow import Schema, ValidationError, fields, validate

from app.api.schemas import MAX_SEQ, AppendOut, Envelope


class ForkIn(Schema):
    at = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "the last seq to copy", "example": 5},
    )  # fmt: skip
    name = fields.String(
        metadata={
            "description": "the fork's name, 1 to 80 characters; by default the original's "
            "and where it forked (`Friday, fork at step 5`)",
            "example": "What if ann hired the trainer",
        }
    )


class ImportQuery(Schema):
    name = fields.String(
        metadata={
            "description": "the new game's name, 1 to 80 characters; by default the "
            "original's and `, imported`",
            "example": "Friday, as the club recorded it",
        }
    )


class SeqOrHead(fields.Field):
    """A seq, or `head`: each game at its own head."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value == "head":
            return value
        if isinstance(value, str) and value.isdigit() and len(value) <= 16:
            seq = int(value)
            if 1 <= seq <= MAX_SEQ:
                return seq
        raise ValidationError("a seq from 1, or head")


class CompareQuery(Schema):
    at = SeqOrHead(
        metadata={
            "description": "compare the states after this seq (a game whose log ends before it"
            " at its head), or `head`: both heads; default the first seq that differs",
            "type": "string",
            "example": "head",
        }
    )


class Side(Schema):
    game = fields.String()
    version = fields.Integer(metadata={"description": "the game's head"})
    seq = fields.Integer(metadata={"description": "the seq whose state is compared"})
    forked_from = fields.Dict(allow_none=True)
    event = fields.Nested(
        Envelope,
        allow_none=True,
        metadata={"description": "its event at first_difference; null if its log ends before"},
    )


class Comparison(Schema):
    a = fields.Nested(Side)
    b = fields.Nested(Side)
    common = fields.Integer(metadata={"description": "events 1..common hash the same in both"})
    first_difference = fields.Integer(
        allow_none=True, metadata={"description": "the first seq that differs; null if none"}
    )
    at = fields.Raw(metadata={"description": "the seq compared, or head"})
    patch = fields.List(fields.Dict(), metadata={"description": "RFC 6902, from a's state to b's"})


class DiffQuery(Schema):
    from_ = fields.Integer(
        data_key="from", required=True, validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"example": 3},
    )  # fmt: skip
    to = fields.Integer(
        validate=validate.Range(min=1, max=MAX_SEQ), metadata={"description": "default the head"}
    )


class Diff(Schema):
    game = fields.String()
    from_ = fields.Integer(data_key="from", attribute="from")
    to = fields.Integer()
    patch = fields.List(fields.Dict(), metadata={"description": "RFC 6902, from `from` to `to`"})


class RedoIn(Schema):
    expected_version = fields.Integer(
        validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "refuse with 409 unless the game is at this version"},
    )


class UndoIn(RedoIn):
    to = fields.Integer(
        required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
        metadata={"description": "withdraw every player action after this seq", "example": 3},
    )  # fmt: skip
    reason = fields.String(
        load_default="", validate=validate.Length(max=500), metadata={"description": "why"}
    )


class UndoOut(AppendOut):
    withdrawn = fields.List(
        fields.Integer(), metadata={"description": "the seqs withdrawn, newest first"}
    )
    state_at = fields.Integer(metadata={"description": "the seq whose state the game now has"})


class RedoOut(AppendOut):
    redone = fields.List(
        fields.Integer(), metadata={"description": "the seqs re-applied, by their first seq"}
    )
