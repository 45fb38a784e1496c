"""The API documentation: the OpenAPI document (generated from the schemas by flask-smorest,
with every event type's payload schema, a whole body for each, and the schemes of the write
token and of the keys for tools) and Swagger UI at /api/docs, which reads it and tries any
operation out.

Swagger UI's files are the flask-swagger-ui wheel's (its `dist/`), installed like any other
dependency and served from here, so the page loads nothing from elsewhere and works offline.
Only its files are used, not its blueprint: the page (templates/docs.html) starts Swagger UI
from a script file of ours (static/js/api-docs.js), never an inline one, so the page's policy
allows this service's own scripts, styles and requests and nothing else."""

from pathlib import Path

import flask_smorest
import flask_swagger_ui
from apispec import BasePlugin
from flask import Blueprint, Response, render_template, send_from_directory

from app.api.auth import TOOL_KEY
from app.api.limits import LIMITED
from app.api.problems import MEDIA_TYPE
from app.api.schemas import Problem
from events.seats import SEAT_REPLACED

blp = Blueprint("docs", __name__, template_folder="templates")

SWAGGER_UI = Path(flask_swagger_ui.__file__).parent / "dist"
# This service's scripts, styles and requests only. Swagger UI's stylesheet draws its icons
# from data: URLs (img-src); it needs no eval and no inline script or style element.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
)
DESCRIPTION = """\
Records physical tabletop games as an append-only log of events, rebuilds any past or present \
state from it, resolves the automatic phases in background workers, and lets anyone step \
through the history. Errors are RFC 9457 problem details.

**Reads are open; writes need a write token.** Creating a game (`POST /api/games`) answers \
its tokens, once: `token`, the table's recorder's, which records anyone's actions, and \
`seats`, one a player, which records that player's own. A write sends one as \
`Authorization: Bearer <token>`; on this page, *Authorize* with it, then *Try it out*.

**Other tools** (a league site, a chat bot) send a key for tools the same way, made for \
them by whoever runs the service; `GET /api/tools/me` says which key a request carries. \
[Your webhooks](/tools/webhooks), a page, shows a key's webhooks and every attempt to send \
one, and sends one again.

**To record an action**, `POST /api/games/{game_id}/events` with `type`, `actor` and \
`payload`: its request body offers a whole example for every event type a client records. \
Each event type's payload is a schema of its own, named after the type, with its schema \
version (`x-schema-version`); those marked `x-derived` are written by the workers only.

**A refusal names its rule** (`rule`, with `rule_href`): `GET /api/rules/{id}` says the rule \
in plain words and what the engine does with it; a problem's `type` is a path on the service \
(`/problems/{slug}`).

[Where to start](/api) · [This document as JSON](/api/openapi.json) · \
[The rules](/api/rules) · [The games, in a browser](/)
"""
WRITE_TOKEN = "writeToken"


class Api(flask_smorest.Api):
    """flask-smorest's Api, its own error answers (a query's 400, `default`) documented with
    the schema app/api/problems.py sends them with instead of its `Error`."""

    ERROR_SCHEMA = Problem


PROBLEM = {"$ref": "#/components/schemas/Problem"}
RETRY_AFTER = {"description": "seconds to wait before trying again", "schema": {"type": "integer"}}


class ProblemDetails(BasePlugin):
    """Problems are documented with the media type they are sent with,
    application/problem+json (app/api/problems.py), not flask-smorest's application/json; and
    the refusals every operation, or a limited one, can answer besides its own: 414 from the
    web server (app/run/web_worker.py), 429 from a rate limit (app/api/limits.py)."""

    def init_spec(self, spec):
        spec.components.response("RATE_LIMITED", {
            "description": "too many requests of this kind from this address: wait Retry-After",
            "headers": {"Retry-After": RETRY_AFTER},
            "content": {"application/json": {"schema": Problem}},
        })  # fmt: skip
        spec.components.response("URI_TOO_LONG", {
            "description": "the request line (method, path and query) is longer than the web "
            "server reads (gunicorn's limit_request_line, 4094 bytes)",
            "content": {"application/json": {"schema": Problem}},
        })  # fmt: skip

    def operation_helper(self, path=None, operations=None, rule=None, **kwargs):
        for method, operation in (operations or {}).items():
            responses = operation.get("responses", {})
            for response in responses.values():
                self.response_helper(response)
            responses["414"] = "URI_TOO_LONG"
            if rate_limited(rule, method, {str(status) for status in responses}):
                responses["429"] = "RATE_LIMITED"

    def response_helper(self, response, **kwargs):
        content = response.get("content", {}) if isinstance(response, dict) else {}
        if content.get("application/json", {}).get("schema") == PROBLEM:
            content[MEDIA_TYPE] = content.pop("application/json")
        return response


def rate_limited(rule, method: str, statuses: set[str]) -> bool:
    """Whether a rate limit counts this operation: a creation's, an import's or a fork's
    (limits.LIMITED), or a failed authentication's where it checks a token (401, 403)."""
    limited = {limit.endpoint for limit in LIMITED}
    return (rule is not None and rule.endpoint in limited and method == "post") or bool(
        statuses & {"401", "403"}
    )


class EventExamples(BasePlugin):
    """The append operation's request body shows a whole body for every event type a client
    records, so the document says how to post each one."""

    def __init__(self, event_types):
        self.event_types = event_types

    def operation_helper(self, path=None, operations=None, **kwargs):
        post = (operations or {}).get("post")
        if not path or not path.endswith("/events") or post is None:
            return
        content = post.get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            return
        content["examples"] = {
            event_type.name: {"summary": event_type.name, "value": event_type.example_body()}
            for event_type in self.event_types
            if event_type.example_body() is not None and appended(event_type.name)
        }


def appended(event_type: str) -> bool:
    """Whether a client records this type through the append: a game's creation is POST
    /api/games, a seat's new token POST .../seats/<seat>/token (the append refuses it)."""
    return not event_type.endswith(".created") and event_type != SEAT_REPLACED


def document_event_types(api, event_types) -> None:
    """Each event type's payload as a component named after the type, with its example."""
    for event_type in event_types:
        component = {"description": event_type.description, "x-schema-version": event_type.version}
        if event_type.example is not None:
            component["example"] = event_type.example
        if event_type.derived:
            component["x-derived"] = True
        api.spec.components.schema(event_type.name, component, schema=event_type.schema)


class WriteToken(BasePlugin):
    """The write token as an HTTP bearer scheme, declared on every operation that refuses a
    request for its token (401 without one, 403 with one of no seat or the wrong seat:
    app/api/auth.py), so Swagger UI's "Authorize" sends it where it is needed and nowhere else."""

    SCHEME = {
        "type": "http",
        "scheme": "bearer",
        "description": (
            "A write token of the game, as `POST /api/games` answered it: `token` (the "
            "table's recorder's: anyone's actions) or one of `seats` (a player's own)."
        ),
    }

    def init_spec(self, spec):
        spec.components.security_scheme(WRITE_TOKEN, self.SCHEME)

    def operation_helper(self, path=None, operations=None, **kwargs):
        for operation in (operations or {}).values():
            statuses = {str(status) for status in operation.get("responses", {})}
            if statuses & {"401", "403"}:
                operation.setdefault("security", [{WRITE_TOKEN: []}])


class ToolKeyScheme(BasePlugin):
    """The keys for tools as an HTTP bearer scheme. An operation that takes one says so
    itself (`tool_key_required` in app/api/auth.py marks it), before WriteToken would take
    its 401 for a write token's."""

    SCHEME = {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "tlk_<id>_<secret>",
        "description": (
            "A key for tools, issued by the person running the service "
            "(`flask --app app keys create --name <tool> --scope feed:read`), with its "
            "scopes and its own rate limit; `GET /api/tools/me` says which key it is."
        ),
    }

    def init_spec(self, spec):
        spec.components.security_scheme(TOOL_KEY, self.SCHEME)


@blp.after_request
def policy(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = POLICY
    return response


@blp.route("/api/docs")
def page():
    """Swagger UI on /api/openapi.json; without script, a link to the document itself."""
    return render_template("docs.html")


@blp.route("/api/docs/swagger-ui/<path:name>")
def swagger_ui(name):
    """Swagger UI's own files, as the installed wheel holds them."""
    return send_from_directory(SWAGGER_UI, name)
