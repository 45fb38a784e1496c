"""Event types as forms: for each type a game records, what a page asks a person for, read off
the type's schema (app/api/forms.py), with the game's pickers. A page builds its forms from this
answer and keeps no copy of any game's payloads."""

from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from app.api import schemas
from app.api.body import Blueprint
from app.api.forms import event_type_form
from app.context import services

blp = Blueprint(
    "event_types", __name__, url_prefix="/api",
    description="Each event type of a game as a form: its fields, their kinds and pickers",
)  # fmt: skip

CACHE = "public, max-age=3600"  # the schemas change only with the code


class EventTypeForm(Schema):
    type = fields.String(metadata={"example": "burnrate.funding_played"})
    title = fields.String(metadata={"example": "Funding played"})
    description = fields.String()
    version = fields.Integer()
    derived = fields.Boolean(metadata={"description": "written by the worker, never posted"})
    example = fields.Dict(
        allow_none=True, metadata={"description": "a whole body to post it (null if derived)"}
    )
    payload = fields.Dict(
        metadata={
            "description": "the payload as an object field: `fields`, each with `name`, "
            "`path`, `label`, `kind` (string, integer, number, boolean, object, list, map, "
            "any), `required`, `nullable`, and where they apply `choices`, `min`, `max`, "
            "`min_length`, `max_length`, `min_items`, `max_items`, `pattern`, `default`, "
            "`description`, `fields` (object), `item` (list), `keys` and `values` (map), "
            "and `picker`, the game's hint (app/api/forms.py lists them)"
        }
    )


class EventTypeForms(Schema):
    kind = fields.String(metadata={"example": "burnrate"})
    types = fields.List(fields.Nested(EventTypeForm))


def event_types_of(kind: str) -> list:
    if kind not in services().games.kinds():
        abort(404, message=f"no game kind {kind}; known: {', '.join(services().games.kinds())}")
    return services().games.get(kind).EVENT_TYPES


@blp.route("/<kind>/event-types")
class Forms(MethodView):
    @blp.response(200, EventTypeForms)
    @blp.alt_response(404, schema=schemas.Problem, description="no such game kind")
    def get(self, kind):
        """Every event type of a game as a form, in the game's order."""
        forms = [event_type_form(event_type) for event_type in event_types_of(kind)]
        return {"kind": kind, "types": forms}, 200, {"Cache-Control": CACHE}


@blp.route("/<kind>/event-types/<name>")
class Form(MethodView):
    @blp.response(200, EventTypeForm)
    @blp.alt_response(404, schema=schemas.Problem, description="no such game kind or type")
    def get(self, kind, name):
        """One event type as a form."""
        found = [t for t in event_types_of(kind) if t.name == name]
        if not found:
            abort(404, message=f"a game of {kind} has no event type {name}")
        return event_type_form(found[0]), 200, {"Cache-Control": CACHE}
