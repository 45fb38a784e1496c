"""Write tokens, one per seat (each player's, and the table's recorder's: events/seats.py),
issued at creation, stored as SHA-256 digests, compared in constant time, required on every
write. Reads are open."""

import base64
import hmac
import json
import secrets
from contextlib import contextmanager

from flask import request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

from app.api.limits import count_failed_authentication
from app.context import services
from events.idempotency import Keyed
from events.seats import TABLE
from projections.recorder import token_digest


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


def require_table(meta: dict) -> None:
    """403 unless the request carries the table's recorder's token."""
    seat = require_write_token(meta)
    if seat != TABLE:
        raise Forbidden(f"this token is {seat}'s seat; only the table's recorder may do this")
