"""Write tokens: one per game, issued at creation, stored as a SHA-256 digest, compared in
constant time, required on every append. Reads are open."""

import hmac
import secrets

from flask import request
from werkzeug.datastructures import WWWAuthenticate
from werkzeug.exceptions import Forbidden, Unauthorized

from app.limits import count_failed_authentication
from projections.recorder import token_digest


def new_token() -> str:
    return secrets.token_urlsafe(32)


def require_write_token(meta: dict) -> None:
    """401 without a token, 403 with another; each failure counted against its address."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        count_failed_authentication()
        raise Unauthorized(
            "this game's write token is required: Authorization: Bearer <token>",
            www_authenticate=WWWAuthenticate("bearer", {"realm": "tablelog"}),
        )
    if not hmac.compare_digest(token_digest(token.strip()), meta["token_sha256"]):
        count_failed_authentication()
        raise Forbidden("this is not the write token of this game")
