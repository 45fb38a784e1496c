"""What other tools (a league site, a chat bot, a statistics site) call with their key for
tools: for now, the key itself, so a tool can check the key it was given."""

from flask import g
from flask.views import MethodView
from marshmallow import Schema, fields

from app.api import schemas
from app.api.auth import tool_key_required
from app.api.body import Blueprint
from projections.tool_keys import SCOPES

blp = Blueprint(
    "tools",
    __name__,
    url_prefix="/api/tools",
    description="Keys for tools: how a tool checks its key",
)


class ToolKeyOut(Schema):
    id = fields.String(metadata={"example": "3f9a0c1b2d4e"})
    name = fields.String(metadata={"example": "league-site"})
    scopes = fields.List(
        fields.String(metadata={"enum": list(SCOPES)}),
        metadata={"description": "what the key may do; webhooks:write brings webhooks:read",
                  "example": ["feed:read"]},
    )  # fmt: skip
    rate_limit = fields.String(
        metadata={"description": "the key's own limit, counted per key; empty: none",
                  "example": "600/minute"},
    )  # fmt: skip
    created_at = fields.String(metadata={"example": "2026-03-01T12:00:00.000000Z"})


@blp.route("/me")
class Me(MethodView):
    @tool_key_required()
    @blp.response(200, ToolKeyOut)
    @blp.alt_response(401, schema=schemas.Problem, description="no key, an unknown or revoked one")
    @blp.alt_response(429, schema=schemas.Problem, description="past the key's rate limit")
    def get(self):
        """The key for tools the request carries: its id, name, scopes and rate limit. Any
        key that works may ask; a tool checks the key it was given by it."""
        return g.tool_key.shown()
