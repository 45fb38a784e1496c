"""RFC 9457 problem details: the one place errors become HTTP answers.

Every refusal says what was wrong and, where one applies, which field or which rule. A domain
error raised anywhere below the views is turned into its answer here; nothing reaches the
client as a bare 500 page.
"""

import logging
import re

import redis
from flask import Flask, Response, current_app, json, request
from flask_limiter import RateLimitExceeded
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from app.api import limits
from app.api.auth import InsufficientScope, bearer
from app.api.body import InvalidJSON
from app.api.problem_types import BASE as TYPE_BASE
from app.api.rulebook import UnknownRule
from events.idempotency import KeyReused
from events.store import CorruptEvent, IdempotencyConflict, VersionConflict
from events.writes import OutcomeUnknown, ReplicasBehind
from games import UnknownGame
from games.errors import RuleViolation
from projections.checks import InvalidEvent, PreconditionFailed, Refused
from projections.state import DamagedMeta, NoSuchGame

MEDIA_TYPE = "application/problem+json"
REUSED = "Reused for another request"  # an event id, or an Idempotency-Key

log = logging.getLogger(__name__)


# The problem type of each refusal werkzeug makes (a route, a method, a token, a size); any
# other status is answered as the nearest: a request refused, or the service's own error.
HTTP_TYPES = {400: "invalid", 401: "unauthorized", 403: "forbidden", 404: "not-found",
              405: "method-not-allowed", 413: "too-large"}  # fmt: skip


def problem(status: int, title: str, detail: str, slug: str, **extra) -> Response:
    """A problem document of type `slug` (/problems/<slug>, app/api/problem_types.py)."""
    body = {
        "type": TYPE_BASE + slug,
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.path,
        **{k: v for k, v in extra.items() if v is not None},
    }
    headers = {}
    if "current_version" in body:
        headers["ETag"] = f'"{body["current_version"]}"'
    return Response(json.dumps(body) + "\n", status, headers, mimetype=MEDIA_TYPE)


def rule_href(rule_id: str) -> str | None:
    """The rules reference's entry for `rule_id` on this service, if it has one."""
    return current_app.extensions["tablelog.rules"].href(rule_id)


def too_many(description: str, seconds: int) -> Response:
    response = problem(
        429, "Too many requests", f"{description}; retry in {seconds} s", "rate-limited"
    )
    response.headers["Retry-After"] = str(seconds)
    return response


# marshmallow's own words for a field, said plainly as what the field needs; every problem
# naming fields is made by `field_problem`, so this is the one place they are replaced
PLAIN = {
    "Missing data for required field.": "This field is required.",
    "Field may not be null.": "This field needs a value; it may not be null.",
    "Unknown field.": "This field is not one this request takes: leave it out.",
    "Not a valid integer.": "This field needs a whole number, such as 12.",
    "Not a valid number.": "This field needs a number, such as 12 or 1.5.",
    "Not a valid string.": "This field needs text, in quotes.",
    "Not a valid boolean.": "This field needs true or false.",
    "Not a valid list.": "This field needs a list, in [ ].",
    "Not a valid tuple.": "This field needs a list, in [ ].",
    "Not a valid mapping type.": "This field needs an object, in { }.",
    "Invalid type.": "This field needs an object, in { }.",
    "Invalid input type.": "This needs an object, in { }.",
    "Not a valid UUID.": "This field needs a UUID, such as 0b7e4f4c-2f1c-4c1e-9d55-3a0f5c1e2d4b.",
    "Not a valid URL.": "This field needs a web address, such as https://example.org/hook.",
    "Not a valid email address.": "This field needs an email address.",
    "Not a valid datetime.": "This field needs a date and time, such as 2026-12-01T20:41:00Z.",
    "Not a valid date.": "This field needs a date, such as 2026-12-01.",
    "Number too large.": "This number is too large.",
    "Invalid value.": "This value is not allowed here.",
}


def plain(errors):
    """`errors` (nested as marshmallow makes them) with marshmallow's words replaced (PLAIN)."""
    if isinstance(errors, dict):
        return {key: plain(value) for key, value in errors.items()}
    if isinstance(errors, list):
        return [plain(message) for message in errors]
    return PLAIN.get(errors, errors) if isinstance(errors, str) else errors


def field_problem(errors: dict, detail: str | None = None) -> Response:
    """A 400 naming the fields: the one and what is wrong with it, or the several."""
    errors = plain(errors)
    names = sorted(_paths(errors))
    if detail is None:
        detail = first_error(errors) if len(names) == 1 else f"invalid fields: {', '.join(names)}"
    return problem(400, "Invalid request", detail, "invalid", errors=errors)


def first_error(errors, prefix="") -> str:
    """`where: what` of the first message in a nested errors dict."""
    if isinstance(errors, dict):
        key, value = next(iter(errors.items()))
        return first_error(value, f"{prefix}{key}." if key != "_schema" else prefix)
    return f"{prefix.rstrip('.') or 'body'}: {errors[0]}"


def _paths(errors, prefix=""):
    if isinstance(errors, dict):
        for key, value in errors.items():
            yield from _paths(value, f"{prefix}{key}." if key != "_schema" else prefix)
    else:
        yield prefix.rstrip(".") or "body"


def register(app: Flask) -> None:
    @app.errorhandler(InvalidEvent)
    def invalid_event(error: InvalidEvent):
        return field_problem(error.errors)

    @app.errorhandler(InvalidJSON)
    def invalid_json(error: InvalidJSON):
        return field_problem(error.errors, f"malformed JSON: {first_error(error.errors)}")

    @app.errorhandler(ValidationError)
    def invalid(error: ValidationError):
        messages = error.messages if isinstance(error.messages, dict) else {"body": error.messages}
        return field_problem(messages)

    @app.errorhandler(RuleViolation)
    def rule_violation(error: RuleViolation):
        return problem(
            422, "Refused by the rules", error.message, "rule-violation",
            rule=error.rule, rule_href=rule_href(error.rule), details=error.details or None,
        )  # fmt: skip

    @app.errorhandler(Refused)
    def refused(error: Refused):
        return problem(
            422, "Refused", error.message, error.code.lower(),
            code=error.code, rule_href=rule_href(error.code), details=error.details or None,
        )  # fmt: skip

    @app.errorhandler(VersionConflict)
    def version_conflict(error: VersionConflict):
        return problem(
            409, "Version conflict",
            f"the game moved on: it is at version {error.current_version}; read it and retry",
            "version-conflict", current_version=error.current_version,
        )  # fmt: skip

    @app.errorhandler(PreconditionFailed)
    def precondition_failed(error: PreconditionFailed):
        return problem(
            412, "Precondition failed",
            f"If-Match does not match: the game is at version {error.current_version}",
            "precondition-failed", current_version=error.current_version,
        )  # fmt: skip

    @app.errorhandler(IdempotencyConflict)
    def idempotency_conflict(error: IdempotencyConflict):
        return problem(
            409, REUSED,
            f"event id {error.event_id} was already used by seq {error.seq} for another body",
            "idempotency-conflict", event_id=error.event_id, seq=error.seq,
        )  # fmt: skip

    @app.errorhandler(KeyReused)
    def key_reused(error: KeyReused):
        wrote = ", ".join(f"{name} {value}" for name, value in error.where.items())
        return problem(
            409, REUSED,
            f"Idempotency-Key {error.key!r} was sent here before with another body (it wrote "
            f"{wrote}); a new request needs a new key",
            "idempotency-conflict", idempotency_key=error.key, **error.where,
        )  # fmt: skip

    @app.errorhandler(NoSuchGame)
    def no_such_game(error: NoSuchGame):
        return problem(404, "Not found", f"no game with id {error.args[0]}", "not-found")

    @app.errorhandler(UnknownRule)
    def unknown_rule(error: UnknownRule):
        near = ", ".join(error.near)
        hint = f"did you mean {near}?" if near else "GET /api/rules lists them"
        return problem(
            404, "Not found", f"no rule {error.rule_id}; {hint}", "not-found", near=error.near
        )

    @app.errorhandler(UnknownGame)
    def unknown_game(error: UnknownGame):
        return field_problem({"kind": [f"unknown game kind {error.args[0]!r}"]})

    @app.errorhandler(CorruptEvent)
    def corrupt(error: CorruptEvent):
        log.error("damaged log: %s", error)
        return problem(
            500, "Damaged log", f"{error}; GET .../verify names the first seq that does not hold",
            "damaged-log", seq=error.seq,
        )  # fmt: skip

    @app.errorhandler(DamagedMeta)
    def damaged_meta(error: DamagedMeta):
        log.error("%s", error)
        return problem(500, "Damaged game", str(error), "damaged-game")

    @app.errorhandler(redis.RedisError)
    def store_failed(error: redis.RedisError):
        answer = store_problem(error)
        if answer is None:
            return unexpected(error)
        log.error("redis: %s", error)
        return answer

    @app.errorhandler(RateLimitExceeded)
    def rate_limited(error: RateLimitExceeded):
        return too_many(error.description, limits.retry_after())

    @app.errorhandler(limits.LimitReached)
    def limit_reached(error: limits.LimitReached):
        return too_many(error.description, error.retry_after)

    @app.errorhandler(InsufficientScope)
    def insufficient_scope(error: InsufficientScope):
        answer = problem(
            403, "Insufficient scope", error.description, "insufficient-scope",
            scope=error.scope, scopes=list(error.key.scopes),
        )  # fmt: skip
        answer.headers["WWW-Authenticate"] = bearer(
            error="insufficient_scope", scope=error.scope
        ).to_header()
        return answer

    @app.errorhandler(HTTPException)
    def http_exception(error: HTTPException):
        data = getattr(error, "data", None) or {}
        messages = data.get("messages") or data.get("errors")
        if messages and error.code in (400, 422):
            return field_problem(_unwrap_locations(messages))
        slug = HTTP_TYPES.get(error.code, "invalid" if error.code < 500 else "internal-error")
        answer = problem(error.code, error.name, data.get("message") or error.description, slug)
        # what werkzeug's own answer would say: the methods a 405 allows, how a 401 is met
        for name in ("Allow", "WWW-Authenticate"):
            value = dict(error.get_headers()).get(name)
            if value:
                answer.headers[name] = value
        return answer

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        log.exception("unexpected error")
        return problem(
            500, "Internal error", "an unexpected error; it is logged and is a bug",
            "internal-error",
        )  # fmt: skip


# The errors Redis answers when it is unwell rather than asked something wrong, as a script's
# error reply carries them too ("@user_script:87: -OOM command not allowed ..."), and what
# each says of the store. Any other error reply (WRONGTYPE, a script's bug) is ours: a 500.
UNWELL = {
    "OOM": "is out of memory",
    "MISCONF": "cannot write to its disk",
    "READONLY": "is a replica that takes no writes",
    "LOADING": "is loading its data",
    "BUSY": "is busy running a script",
    "MASTERDOWN": "has lost its master",
    "NOREPLICAS": "has too few replicas",
    "CLUSTERDOWN": "cluster is down",
    "TRYAGAIN": "is moving the game to another node",
}
UNWELL_CODE = re.compile(r"(?:^|[\s:-])(" + "|".join(UNWELL) + r")\b")
# redis-py names some by a class of their own, and leaves the code out of the message
UNWELL_CLASSES = {
    redis.exceptions.OutOfMemoryError: "OOM",
    redis.exceptions.ReadOnlyError: "READONLY",
    redis.exceptions.BusyLoadingError: "LOADING",
    redis.exceptions.MasterDownError: "MASTERDOWN",
    redis.exceptions.ClusterDownError: "CLUSTERDOWN",
    redis.exceptions.TryAgainError: "TRYAGAIN",
}
RETRY_AFTER = 1  # seconds: a restart, a failover or a spell of memory is over in a few


def unwell(error: redis.RedisError) -> str | None:
    """What a store error says of the store ("is out of memory", "cannot be reached"); None
    for an error reply that is no outage."""
    for kind, code in UNWELL_CLASSES.items():
        if isinstance(error, kind):
            return UNWELL[code]
    if isinstance(error, redis.ResponseError):
        code = UNWELL_CODE.search(str(error))
        return UNWELL[code.group(1)] if code else None
    return "cannot be reached"


def store_problem(error: redis.RedisError) -> Response | None:
    """A 503 saying what the store did and what became of a write; None for an error that is
    no outage. `recorded`: "unknown" where the write was sent and its answer lost, "no" where
    a write was asked and nothing was written; absent for a read."""
    writing = request.method not in ("GET", "HEAD", "OPTIONS")
    retry = "retry with the same event id or Idempotency-Key"
    if isinstance(error, ReplicasBehind):
        recorded = "unknown"
        detail = (f"{error}: it is recorded on one machine only, and lost if that machine "
                  f"fails before a replica has it; {retry}, which records it once and waits "
                  "for the replicas again")  # fmt: skip
    elif isinstance(error, OutcomeUnknown):
        recorded = "unknown"
        detail = (f"the event store did not answer the write ({error}): it may have been "
                  f"recorded; {retry}, which records it once and answers what was "
                  "recorded")  # fmt: skip
    else:
        reason = unwell(error)
        if reason is None:
            return None
        recorded = "no" if writing else None
        said = f"the event store {reason}"
        detail = f"{said}; nothing was recorded; {retry}" if writing else f"{said}; retry later"
    answer = problem(503, "Store unavailable", detail, "store-unavailable", recorded=recorded)
    answer.headers["Retry-After"] = str(RETRY_AFTER)
    return answer


def _unwrap_locations(messages: dict) -> dict:
    """webargs keys errors by location ("json", "query"); the field names are what matter."""
    if len(messages) == 1:
        [(location, inner)] = messages.items()
        if location in ("json", "query", "headers") and isinstance(inner, dict):
            return inner
    return messages
