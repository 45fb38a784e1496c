"""Write tokens, one per seat (each player's, and the table's recorder's: events/seats.py),
issued at creation, stored as SHA-256 digests, compared in constant time, required on every
write. Reads are open.

Keys for tools (projections/tool_keys.py), issued from the command line, each with its scopes
and its rate limit: `require_tool_key` checks one, `tool_key_required` guards a view with it."""

import base64
import functools
import hmac
import json
import secrets
from contextlib import contextmanager

from flask import g, request
from flask_smorest import Blueprint
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

from app.api.limits import count_failed_authentication, count_tool_key_use
from app.api.schemas import Problem
from app.context import services
from events.idempotency import Keyed
from events.seats import TABLE
from projections.recorder import token_digest
from projections.tool_keys import ToolKey

TOOL_KEY = "toolKey"  # the OpenAPI security scheme of the keys for tools (app/api/docs.py)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def keyed_secret(keyed: Keyed, name: str) -> bytes:
    """32 bytes only the service can make, the same for every retry of a keyed write: an HMAC
    of the key's scope under the service's secret (a file outside Redis), so neither whoever
    reads Redis nor the client can make them, and a client cannot choose them by its key."""
    return hmac.new(services().keyed_writes, f"{keyed.scope}\n{name}".encode(), "sha256").digest()


def seat_tokens(keyed: Keyed | None):
    """The function that makes a token for a seat (a player's name, or the table): random,
    or for a write sent with an Idempotency-Key derived from it (`keyed_secret`), so a retry
    answers the tokens the first answer held while Redis keeps only their digests."""
    if keyed is None:
        return lambda seat: new_token()
    return lambda seat: keyed_token(keyed, seat)


def keyed_token(keyed: Keyed, seat: str) -> str:
    """The token a keyed write gives `seat`: the same for each retry."""
    return base64.urlsafe_b64encode(keyed_secret(keyed, f"token {seat}")).rstrip(b"=").decode()


class NotASeat(Forbidden):
    """A token that opens no seat of the game."""

    description = "this is not a write token of this game"


def write_token() -> str:
    """The request's bearer token; 401 without one, counted against its address."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        count_failed_authentication()
        raise Unauthorized(
            "a write token of this game is required: Authorization: Bearer <token>",
            www_authenticate=WWWAuthenticate("bearer", {"realm": "tablelog"}),
        )
    return token.strip()


def seat_of(meta: dict, token: str) -> str:
    """The seat `token` opens in the game whose meta this is: "table" or a player's name;
    NotASeat (uncounted: the caller may ask again at a newer meta) if none."""
    digest = token_digest(token)
    seats = {TABLE: meta["token_sha256"], **json.loads(meta.get("seats_sha256") or "{}")}
    found = None
    for seat, expected in seats.items():  # every seat compared, in constant time each
        if hmac.compare_digest(digest, expected):
            found = seat
    if found is None:
        raise NotASeat()
    return found


@contextmanager
def counting_refused_tokens():
    """Within: a NotASeat is counted against the request's address as it goes by."""
    try:
        yield
    except NotASeat:
        count_failed_authentication()
        raise


def require_write_token(meta: dict) -> str:
    """The seat whose token the request carries: "table" or a player's name. 401 without a
    token, 403 with one of no seat; each failure counted against its address."""
    token = write_token()
    with counting_refused_tokens():
        return seat_of(meta, token)


def require_table(meta: dict, replaced: str = "") -> None:
    """403 unless the request carries the table's recorder's token, or the token whose digest
    is `replaced`: the table's token a keyed write replaced, which that write's retry carries
    when the answer with the new one was lost (`Remembered.replaced`)."""
    if replaced and hmac.compare_digest(token_digest(write_token()), replaced):
        return
    seat = require_write_token(meta)
    if seat != TABLE:
        raise Forbidden(f"this token is {seat}'s seat; only the table's recorder may do this")


class InsufficientScope(Forbidden):
    """A key for tools without the scope an operation needs (RFC 6750's insufficient_scope):
    answered 403 with the scope and the key's (app/api/problems.py)."""

    def __init__(self, key: ToolKey, scope: str):
        self.key, self.scope = key, scope
        held = ", ".join(key.scopes)
        super().__init__(f"this needs a key with the scope {scope}; the key {key.id} has {held}")


def bearer(**parameters) -> WWWAuthenticate:
    return WWWAuthenticate("bearer", {"realm": "tablelog", **parameters})


def refuse_tool_key(message: str, error: str | None = None):
    """401 for a request without a key for tools that works, counted against its address."""
    count_failed_authentication()
    raise Unauthorized(message, www_authenticate=bearer(**({"error": error} if error else {})))


def require_tool_key(scope: str | None = None) -> ToolKey:
    """The key for tools the request carries (`Authorization: Bearer tlk_<id>_<secret>`),
    read from Redis on every request, so a revocation holds at once. 401 without one, with
    one the service does not know or one revoked (each counted against the address, as a
    refused write token is); 429 past the key's own rate limit; 403 if `scope` is given and
    the key lacks it."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        refuse_tool_key("a key for tools is required: Authorization: Bearer tlk_<id>_<secret>")
    keys = services().tool_keys
    key = keys.find(token.strip())
    if key is None:
        refuse_tool_key("this is not a key for tools of this service", "invalid_token")
    if key.revoked_at is not None:
        refuse_tool_key(
            f"the key {key.id} ({key.name}) was revoked at {key.revoked_at}", "invalid_token"
        )
    count_tool_key_use(key.id, key.rate_limit)
    if scope is not None and not key.allows(scope):
        raise InsufficientScope(key, scope)
    keys.used(key)
    return key


def tool_key_required(scope: str | None = None):
    """Guard a view (a MethodView's method, or a function) with a key for tools: the view
    runs only for a key that works and has `scope` (None: any key), and finds it as
    `flask.g.tool_key`. The OpenAPI document then names the `toolKey` scheme on the
    operation. Put it above `@blp.arguments`, so the key is checked before the request is
    read, and declare its refusals beside it:

        @blp.route("/feed")
        class Feed(MethodView):
            @tool_key_required("feed:read")
            @blp.arguments(FeedQuery, location="query")
            @blp.response(200, FeedPage)
            @blp.alt_response(401, schema=schemas.Problem, description="no key that works")
            @blp.alt_response(403, schema=schemas.Problem, description="a key without the scope")
            @blp.alt_response(429, schema=schemas.Problem, description="past the key's limit")
            def get(self, query):
                ...
    """

    def decorate(view):
        @functools.wraps(view)
        def guarded(*args, **kwargs):
            g.tool_key = require_tool_key(scope)
            return view(*args, **kwargs)

        guarded.tool_key_scope = scope  # what the OpenAPI document's test finds it by
        return Blueprint.doc(security=[{TOOL_KEY: []}])(guarded)

    return decorate


def key_refusals(blueprint, scope: str | None):
    """Document on a view what tool_key_required(scope) may answer instead of it."""

    def decorate(view):
        for status, description in (
            (401, "no key for tools that works (none, unknown or revoked)"),
            (403, f"a key without the scope {scope}"),
            (429, "past the key's own rate limit (Retry-After says when to ask again)"),
        ):
            if status != 403 or scope:
                view = blueprint.alt_response(status, schema=Problem, description=description)(view)
        return view

    return decorate
