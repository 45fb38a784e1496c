"""What a form may offer now: for an action an actor is about to record at a game's head, the
values of its choice fields the game's rules accept, and those they refuse with the rule
(a game's optional `choices`, games/choices.py). The record panel builds its choices from this
answer; a type or game the rules say nothing of answers no fields, and the form keeps its own."""

from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields, validate

from app.api import schemas
from app.api.body import Blueprint
from app.context import services

blp = Blueprint(
    "choices", __name__, url_prefix="/api/games",
    description="What a form may offer now, from the game's own rules",
)  # fmt: skip


class ChoicesQuery(Schema):
    actor = fields.String(
        required=True, validate=validate.Length(min=1, max=80),
        metadata={"description": "who records: `player:<name>` of the game, or `admin`",
                  "example": "player:ann"},
    )  # fmt: skip
    type = fields.String(
        required=True, validate=validate.Length(min=1, max=120),
        metadata={"description": "an event type of the game's kind that a person records",
                  "example": "fcm.recruited"},
    )  # fmt: skip


class Choice(Schema):
    value = fields.Raw(metadata={"description": "what the payload holds"})
    label = fields.String(metadata={"description": "the value in words"})
    when = fields.Dict(
        metadata={"description": "offered only while these fields (paths, `*` the same item "
                  "as the field's) hold these values"}
    )  # fmt: skip
    rule = fields.String(metadata={"description": "left out: the rule that refuses it"})
    message = fields.String(metadata={"description": "left out: the refusal's words"})


class FieldChoices(Schema):
    rules = fields.List(fields.String(), metadata={"description": "the rules that left values out"})
    offer = fields.List(fields.Nested(Choice), metadata={"description": "the values allowed now"})
    left_out = fields.List(
        fields.Nested(Choice), metadata={"description": "the values refused now, with why"}
    )
    none = fields.String(
        metadata={"description": "what leaving the field empty means, where the game says"}
    )
    default = fields.Raw(
        metadata={"description": "the value an untouched form holds (one of `offer`'s), where "
                  "the game says: e.g. last turn's boss of a card in a structure"}
    )  # fmt: skip
    only = fields.Dict(
        keys=fields.String(), values=fields.List(fields.Raw()),
        metadata={"description": "the field is used only while each of these fields (paths) "
                  "holds one of these values, or none yet; with another the form leaves it out: "
                  "e.g. a campaign's square and size are not an airplane's"},
    )  # fmt: skip


class ChoicesOut(Schema):
    game = fields.String()
    version = fields.Integer(metadata={"description": "the head these choices are judged at"})
    actor = fields.String()
    type = fields.String()
    fields_ = fields.Dict(
        data_key="fields", keys=fields.String(), values=fields.Nested(FieldChoices),
        metadata={"description": "by the field's path in the payload (`cards.*` each item of a "
                  "list, `structure.<key>` a map's value); a field not named keeps the form's "
                  "own control"},
    )  # fmt: skip


def checked_type(kind: str, name: str) -> None:
    """A type of this game's kind that a person records; else a 400 naming `type`."""
    recorded = [t.name for t in services().games.get(kind).EVENT_TYPES if not t.derived]
    if name not in recorded:
        abort(400, errors={"type": [f"not an event type a person records in {kind}: one of "
                                    f"{', '.join(recorded)}"]})  # fmt: skip


def checked_actor(actor: str, players: list[str]) -> None:
    """`admin` or `player:<name>` of a player of the game; else a 400 naming `actor`."""
    if actor == "admin" or (actor.startswith("player:") and actor[7:] in players):
        return
    abort(400, errors={"actor": [f"admin, or player:<name> of one of this game's players: "
                                 f"{', '.join(players)}"]})  # fmt: skip


@blp.route("/<game_id>/choices")
class Choices(MethodView):
    @blp.arguments(ChoicesQuery, location="query", error_status_code=400)
    @blp.response(200, ChoicesOut)
    @blp.alt_response(400, schema=schemas.Problem, description="no such actor or event type")
    @blp.alt_response(404, schema=schemas.Problem, description="no such game")
    def get(self, query, game_id):
        """The values each choice field of `type` may take now, at the head, for `actor`."""
        head = services().projector.head(game_id)
        game = services().games.get(head.kind)
        checked_type(head.kind, query["type"])
        checked_actor(query["actor"], head.record.players)
        judge = getattr(game, "choices", None)
        found = judge(head.state, query["actor"], query["type"]) if judge else {}
        answer = {"game": game_id, "version": head.version, "actor": query["actor"],
                  "type": query["type"], "fields_": found}  # fmt: skip
        return answer
