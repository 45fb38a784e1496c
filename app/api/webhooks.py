"""Webhooks, for tools: a URL the workers send the feed's entries to as they are acknowledged
(workers/deliveries.py says how), registered, read, enabled again, deleted, and its attempts
read and sent again, all with the tool's key: `webhooks:write` to change, `webhooks:read` to
read. A key sees only its own webhooks; another's answer 404, as one that is not."""

import logging

import redis
from flask import g, url_for
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, ValidationError, fields, validate, validates

from app.api.auth import key_refusals, tool_key_required
from app.api.body import Blueprint
from app.api.feed import Cursor, FilterQuery
from app.api.idempotency import SecretIdempotencyKeyHeader, keyed_write
from app.api.schemas import Problem
from app.context import deliveries, services
from projections.webhooks import Webhook
from replays.feed import START, Feed, Filters, is_cursor
from workers.post import AddressRefused, target

log = logging.getLogger(__name__)

blp = Blueprint("webhooks", __name__, url_prefix="/api/webhooks",
                description="Webhooks: the feed sent to a tool as it happens")  # fmt: skip

READ, WRITE = "webhooks:read", "webhooks:write"


class WebhookIn(Schema):
    url = fields.String(
        required=True, validate=validate.Length(max=2000),
        metadata={"description": "where to POST: http or https, at a public address",
                  "example": "https://league.example.org/tablelog"},
    )  # fmt: skip
    description = fields.String(load_default="", validate=validate.Length(max=200))
    filters = fields.Nested(FilterQuery, load_default=dict,
                            metadata={"description": "as GET /api/feed's arguments"})  # fmt: skip
    start = fields.String(
        load_default="now",
        metadata={"description": "`now` (the default): what is acknowledged from now on; "
                  "`start`: the whole feed; or a cursor: what came after it"},
    )  # fmt: skip

    @validates("url")
    def public(self, url, **kwargs):
        try:
            target(url, services().settings.webhook_allow_private)
        except AddressRefused as refused:
            raise ValidationError(str(refused)) from None

    @validates("start")
    def where(self, start, **kwargs):
        if start not in ("now", "start") and not is_cursor(start):
            raise ValidationError("now, start, or a cursor of the feed")


class WebhookOut(Schema):
    id = fields.String(metadata={"example": "wh_3f9a0c1b2d4e5f60"})
    url = fields.String()
    description = fields.String()
    filters = fields.Dict()
    key = fields.String(metadata={"description": "the id of the key that made it"})
    created_at = fields.String()
    cursor = fields.String(metadata={"description": "the feed's cursor of the last entry "
                           "sent, or passed over by the filters"})  # fmt: skip
    status = fields.String(metadata={"enum": ["enabled", "disabled"]})
    delivered = fields.Integer(metadata={"description": "entries it was sent"})
    last_delivered_at = fields.String(allow_none=True)
    failures = fields.Integer(metadata={"description": "attempts in a row that failed"})
    failing_since = fields.String(allow_none=True)
    next_attempt_at = fields.String(allow_none=True)
    disabled_at = fields.String(allow_none=True)
    disabled_reason = fields.String(allow_none=True)
    href = fields.String()
    attempts = fields.String(metadata={"description": "its attempts"})


class WebhookMade(WebhookOut):
    duplicate = fields.Boolean(metadata={"description": "true: a retry, answered again"})
    secret = fields.String(metadata={
        "description": "the signing secret (Standard Webhooks' whsec_...), answered once: "
        "a tool verifies each POST with it", "example": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    })  # fmt: skip


class WebhookList(Schema):
    items = fields.List(fields.Nested(WebhookOut))


class AttemptQuery(Schema):
    before = Cursor(metadata={"description": "the id of the last attempt read"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class Attempt(Schema):
    id = fields.String()
    at = fields.String()
    trigger = fields.String(metadata={"enum": ["delivery", "again"]})
    message = fields.String(metadata={"description": "the webhook-id it was sent with"})
    cursor = fields.String()
    game = fields.String()
    seq = fields.Integer()
    entry = fields.Integer()
    type = fields.String()
    ok = fields.Boolean()
    status = fields.Integer(allow_none=True)
    duration_ms = fields.Float()
    response = fields.String(metadata={"description": "the answer's first 1,024 bytes"})
    error = fields.String(allow_none=True)


class AttemptPage(Schema):
    items = fields.List(fields.Nested(Attempt))
    next = fields.String(allow_none=True)


class Queued(Schema):
    job = fields.String(metadata={"description": "the id of the worker's job sending it"})
    attempts = fields.String(metadata={"description": "where its attempt will be listed"})


def shown(webhook: Webhook) -> dict:
    return {**webhook.shown(), "href": url_for("webhooks.One", webhook_id=webhook.id),
            "attempts": url_for("webhooks.Attempts", webhook_id=webhook.id)}  # fmt: skip


def wake(webhook_id: str) -> None:
    """Have a worker send the webhook what is waiting, now. The webhook is written already,
    so a queue that cannot be reached must not answer as if it were not: the dispatcher's
    sweep finds it within seconds all the same."""
    try:
        deliveries().deliver(webhook_id)
    except redis.RedisError as error:
        log.warning("webhook %s is left to the dispatcher's sweep: %s", webhook_id, error)


def own(webhook_id: str) -> Webhook:
    """The webhook of that id if the request's key made it; 404 otherwise."""
    webhook = services().webhooks.get(webhook_id)
    if webhook is None or webhook.key != g.tool_key.id:
        abort(404, message=f"this key has no webhook {webhook_id}")
    return webhook


@blp.route("")
class Webhooks(MethodView):
    @tool_key_required(WRITE)
    @blp.arguments(WebhookIn, error_status_code=400)
    @blp.arguments(SecretIdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, WebhookMade)
    @blp.alt_response(200, schema=WebhookMade, description="a retry with the same key and "
                      "body: the webhook it made, with the same secret")  # fmt: skip
    @blp.alt_response(400, schema=Problem, description="a URL, filter or start refused")
    @blp.alt_response(409, schema=Problem, description="the key was sent with another body")
    @key_refusals(blp, WRITE)
    def post(self, body, headers):
        """Register a webhook: the feed's entries its filters admit are POSTed to its URL
        as they are acknowledged, signed with the secret answered here. With an
        Idempotency-Key, a retry answers the webhook it made (its secret too) and makes none."""
        svc = services()
        feed = Feed(svc.redis)
        start = {"now": feed.head(), "start": START}.get(body["start"], body["start"])
        filters = Filters.from_query(body["filters"]).query()
        keyed = keyed_write(headers, g.tool_key.id, body)
        webhook, made_before = svc.webhooks.create(
            g.tool_key.id, body["url"], body["description"], filters, start, keyed
        )
        wake(webhook.id)
        answer = {**shown(webhook), "secret": svc.webhook_secret(webhook.id)}
        if made_before:
            return {**answer, "duplicate": True}, 200
        return answer, 201, {"Location": answer["href"]}

    @tool_key_required(READ)
    @blp.response(200, WebhookList)
    @key_refusals(blp, READ)
    def get(self):
        """The webhooks of the request's key, oldest first."""
        return {"items": [shown(w) for w in services().webhooks.of_key(g.tool_key.id)]}


@blp.route("/<webhook_id>")
class One(MethodView):
    @tool_key_required(READ)
    @blp.response(200, WebhookOut)
    @blp.alt_response(404, schema=Problem, description="this key made no such webhook")
    @key_refusals(blp, READ)
    def get(self, webhook_id):
        """A webhook: where it is in the feed, how its deliveries fare, why it was disabled."""
        return shown(own(webhook_id))

    @tool_key_required(WRITE)
    @blp.response(204)
    @blp.alt_response(404, schema=Problem, description="this key made no such webhook")
    @key_refusals(blp, WRITE)
    def delete(self, webhook_id):
        """Delete a webhook, with its attempts: nothing more is sent to it."""
        services().webhooks.delete(own(webhook_id).id)


@blp.route("/<webhook_id>/enable")
class Enable(MethodView):
    @tool_key_required(WRITE)
    @blp.response(200, WebhookOut)
    @blp.alt_response(404, schema=Problem, description="this key made no such webhook")
    @key_refusals(blp, WRITE)
    def post(self, webhook_id):
        """Enable a disabled webhook again: it goes on from its cursor, so it is sent what
        came while it was disabled, and its failures are forgotten."""
        webhook = own(webhook_id)
        services().webhooks.enable(webhook.id)
        wake(webhook.id)
        return shown(own(webhook_id))


@blp.route("/<webhook_id>/attempts")
class Attempts(MethodView):
    @tool_key_required(READ)
    @blp.arguments(AttemptQuery, location="query", error_status_code=400)
    @blp.response(200, AttemptPage)
    @blp.alt_response(404, schema=Problem, description="this key made no such webhook")
    @key_refusals(blp, READ)
    def get(self, query, webhook_id):
        """A webhook's attempts, newest first: when, which entry, the answer's status, how
        long it took and its first bytes, or what went wrong."""
        webhook = own(webhook_id)
        items = services().webhooks.attempts(webhook.id, query.get("before"), query["limit"])
        more = len(items) == query["limit"]
        next_page = (url_for("webhooks.Attempts", webhook_id=webhook.id, before=items[-1]["id"],
                             limit=query["limit"]) if more else None)  # fmt: skip
        return {"items": items, "next": next_page}


@blp.route("/<webhook_id>/attempts/<attempt_id>/again")
class Again(MethodView):
    @tool_key_required(WRITE)
    @blp.response(202, Queued)
    @blp.alt_response(404, schema=Problem, description="no such webhook of this key, or attempt")
    @key_refusals(blp, WRITE)
    def post(self, webhook_id, attempt_id):
        """Send an attempt's entry again, now, with the same webhook-id: a worker does it,
        and its attempt is kept like any other."""
        webhook = own(webhook_id)
        known = is_cursor(attempt_id) and services().webhooks.attempt(webhook.id, attempt_id)
        if not known:
            abort(404, message=f"webhook {webhook_id} has no attempt {attempt_id}")
        job = deliveries().send_again(webhook.id, attempt_id)
        return {"job": job.id, "attempts": url_for("webhooks.Attempts", webhook_id=webhook.id)}
