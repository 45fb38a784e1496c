"""The API documentation: the OpenAPI document (generated from the schemas by flask-smorest,
with every event type's payload schema added) and a page that renders it with no script and
no CDN, so it works offline."""

from apispec import BasePlugin
from flask import Blueprint, current_app, render_template

from app.problems import MEDIA_TYPE

blp = Blueprint("docs", __name__, template_folder="templates")

METHODS = ("get", "post", "put", "patch", "delete")
DESCRIPTION = """\
Records physical tabletop games as an append-only log of events, rebuilds any past or present \
state from it, resolves the automatic phases in background workers, and lets anyone step \
through the history. Errors are RFC 9457 problem details.

**Reads are open; writes need a write token.** Creating a game (`POST /api/games`) answers \
its tokens, once: `token`, the table's recorder's, which records anyone's actions, and \
`seats`, one a player, which records that player's own. A write sends one as \
`Authorization: Bearer <token>`; on this page, *Authorize* with it, then *Try it out*.

**To record an action**, `POST /api/games/{game_id}/events` with `type`, `actor` and \
`payload`: its request body offers a whole example for every event type a client records. \
Each event type's payload is a schema of its own, named after the type, with its schema \
version (`x-schema-version`); those marked `x-derived` are written by the workers only.

[Where to start](/api) · [This document as JSON](/api/openapi.json) · \
[The games, in a browser](/)
"""
WRITE_TOKEN = "writeToken"


class ProblemDetails(BasePlugin):
    """Error answers are documented with the media type they are sent with,
    application/problem+json (app/problems.py), not flask-smorest's application/json."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        for operation in (operations or {}).values():
            for status, response in operation.get("responses", {}).items():
                if str(status) == "default" or (str(status).isdigit() and int(status) >= 400):
                    self.response_helper(response)

    def response_helper(self, response, **kwargs):
        content = response.get("content", {}) if isinstance(response, dict) else {}
        if "application/json" in content:
            content[MEDIA_TYPE] = content.pop("application/json")
        return response


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
            if event_type.example_body() is not None and not event_type.name.endswith(".created")
        }


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
    app/auth.py), so Swagger UI's "Authorize" sends it where it is needed and nowhere else."""

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


@blp.route("/api/docs")
def page():
    spec = current_app.extensions["tablelog.api"].spec.to_dict()
    operations = [
        (path, method.upper(), operation)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]
    schemas = spec.get("components", {}).get("schemas", {})
    event_types = {name: s for name, s in schemas.items() if "." in name or name == "retract"}
    others = {name: s for name, s in schemas.items() if name not in event_types}
    registry = current_app.extensions["tablelog"].event_types
    bodies = {t.name: t.example_body() for t in registry if t.example_body()}
    return render_template(
        "docs.html", spec=spec, operations=operations, event_types=event_types, schemas=others,
        bodies=bodies,
    )  # fmt: skip
