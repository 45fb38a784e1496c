"""The rules reference over HTTP: every rule id a refusal can name, in our words, with what the
engine does with it. The entries are `docs/rules/<kind>.md`, read when the app is made
(app/api/rulebook.py); these views find one and answer it as JSON, Markdown or a page."""

import re

from flask import Response, current_app, render_template, request
from flask.views import MethodView
from markupsafe import Markup, escape
from marshmallow import Schema, fields

from app.api import schemas
from app.api.body import Blueprint
from app.api.rulebook import Entry, Rulebook

blp = Blueprint(
    "rules",
    __name__,
    url_prefix="/api/rules",
    description="The rules reference: every rule id a refusal names, and what the engine does",
)

JSON, MARKDOWN, HTML = "application/json", "text/markdown", "text/html"
CACHE = "public, max-age=3600"  # the reference changes only with the code
TEXT = {"schema": {"type": "string"}}


class RuleSummary(Schema):
    id = fields.String(metadata={"example": "BR-PLAY-3"})
    section = fields.String(metadata={"example": "Turns"})
    summary = fields.String(metadata={"description": "the rule's first sentence"})
    href = fields.String(metadata={"example": "/api/rules/BR-PLAY-3"})


class RuleKind(Schema):
    title = fields.String(metadata={"example": "Burn Rate: the rules reference"})
    doc = fields.String(metadata={"description": "the file in the repository"})
    rules = fields.List(fields.Nested(RuleSummary))


class RuleIndex(Schema):
    kinds = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(RuleKind),
        metadata={"description": "by game kind (burnrate, fcm), and log for the log's own codes"},
    )


class RuleEntry(Schema):
    id = fields.String(metadata={"example": "BR-PLAY-3"})
    kind = fields.String(metadata={"example": "burnrate"})
    section = fields.String(metadata={"example": "Turns"})
    summary = fields.String(metadata={"description": "the rule's first sentence"})
    rule = fields.String(metadata={"description": "the rule in our words (Markdown)"})
    engine = fields.String(
        metadata={"description": "what the engine does with it: what it refuses and how (Markdown)"}
    )
    events = fields.List(
        fields.String(), metadata={"description": "the event types the engine text names"}
    )
    doc = fields.String(metadata={"example": "docs/rules/burnrate.md#br-play-3"})
    href = fields.String(metadata={"example": "/api/rules/BR-PLAY-3"})


def rulebook() -> Rulebook:
    return current_app.extensions["tablelog.rules"]


def wanted() -> str:
    """The form the client asks for: JSON unless it prefers Markdown or a page."""
    return request.accept_mimetypes.best_match([JSON, MARKDOWN, HTML], default=JSON)


def entry_json(entry: Entry) -> dict:
    return {
        "id": entry.id, "kind": entry.kind, "section": entry.section, "summary": entry.summary,
        "rule": entry.rule, "engine": entry.engine, "events": list(entry.events),
        "doc": entry.doc, "href": entry.href,
    }  # fmt: skip


def summary_json(entry: Entry) -> dict:
    return {"id": entry.id, "section": entry.section, "summary": entry.summary, "href": entry.href}


@blp.route("")
class Rules(MethodView):
    @blp.response(200, RuleIndex)
    @blp.doc(responses={"200": {
        "description": "every rule id by game kind, as JSON, or as a page (Accept: text/html)",
        "content": {JSON: {"schema": RuleIndex}, HTML: TEXT},
    }})  # fmt: skip
    def get(self):
        """Every rule id, by game kind, with its summary and where to read it; a page by
        Accept."""
        kinds = rulebook().kinds
        if wanted() == HTML:
            page = render_template("rules.html", kinds=kinds)
            return _answer(page, HTML)
        index = {
            name: {"title": kind.title, "doc": kind.doc,
                   "rules": [summary_json(e) for e in kind.entries]}
            for name, kind in kinds.items()
        }  # fmt: skip
        return {"kinds": index}, 200, {"Cache-Control": CACHE, "Vary": "Accept"}


@blp.route("/<rule_id>")
class Rule(MethodView):
    @blp.response(200, RuleEntry)
    @blp.doc(responses={"200": {
        "description": "the rule, as JSON, its reference's Markdown or a page (by Accept)",
        "content": {JSON: {"schema": RuleEntry}, MARKDOWN: TEXT, HTML: TEXT},
    }})  # fmt: skip
    @blp.alt_response(404, schema=schemas.Problem, description="no such rule; `near` names ids")
    def get(self, rule_id):
        """One rule: in our words, what the engine does with it, and where it is written;
        Markdown or a page by Accept."""
        entry = rulebook().get(rule_id)
        form = wanted()
        if form == MARKDOWN:
            return _answer(entry.markdown(), MARKDOWN)
        if form == HTML:
            return _answer(render_template("rule.html", entry=entry), HTML)
        return entry_json(entry), 200, {"Cache-Control": CACHE, "Vary": "Accept"}


def _answer(text: str, media_type: str) -> Response:
    response = Response(text, mimetype=media_type)
    response.headers.update({"Cache-Control": CACHE, "Vary": "Accept"})
    return response


CODE = re.compile(r"`([^`]+)`")
BOLD = re.compile(r"\*\*([^*]+)\*\*")
SERVICE_LINK = re.compile(r"\[([^\]]+)\]\((/[^)\s]*)\)")


@blp.app_template_filter("inline")
def inline(text: str) -> Markup:
    """The little Markdown the entries use (code, bold, links on the service) as HTML;
    everything else escaped. Paragraphs are the template's."""
    html = str(escape(text))
    html = SERVICE_LINK.sub(r'<a href="\2">\1</a>', html)
    html = CODE.sub(r"<code>\1</code>", html)
    html = BOLD.sub(r"<strong>\1</strong>", html)
    return Markup(html)
