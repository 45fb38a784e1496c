"""The Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header): read and checked
once, in the one schema every writing endpoint that takes it declares, so the OpenAPI
document and the 400 for a bad key are the same code. docs/architecture.md, "Idempotency",
says how each endpoint answers a retry."""

from flask import request
from marshmallow import Schema, fields, validate

from events.idempotency import Keyed, keyed

HEADER = "Idempotency-Key"
MAX_LENGTH = 255
MIN_SECRET_LENGTH = 16  # where the answer holds write tokens
ANSWER = (
    "A retry with the same key and body answers the earlier result (200, `duplicate` true) "
    "and writes nothing; the same key with another body is a 409 "
    "(`/problems/idempotency-conflict`)."
)


def key_field(min_length: int, description: str) -> fields.String:
    return fields.String(
        data_key=HEADER,
        validate=[
            validate.Length(
                min=min_length,
                max=MAX_LENGTH,
                error=f"an {HEADER} is {min_length} to {MAX_LENGTH} characters",
            ),
            validate.Regexp(r"^[\x20-\x7e]+$", error=f"an {HEADER} is printable ASCII only"),
        ],
        metadata={"description": description, "example": "0b6e7c1e-6d1f-4c5e-9a59-1c0b7d3f2a10"},
    )


class IdempotencyKeyHeader(Schema):
    idempotency_key = key_field(
        1,
        "a key of the client's choosing, new for each write (a UUID is best). "
        f"{ANSWER} A key counts within its game and endpoint, and on a dispute's within the "
        "seat whose token writes.",
    )


class SecretIdempotencyKeyHeader(Schema):
    """The key of a write that answers write tokens: a retry answers the same tokens, so
    whoever holds the key holds them, and it must be as hard to guess (a random UUID)."""

    idempotency_key = key_field(
        MIN_SECRET_LENGTH,
        f"a random key, new for each write (a UUID; at least {MIN_SECRET_LENGTH} characters). "
        f"{ANSWER} The answer holds write tokens, and a retry answers the same ones: keep the "
        "key as secret as they are. A key counts within its endpoint (and game).",
    )


def keyed_write(headers: dict, seat: str | None = None, body=None) -> Keyed | None:
    """The request's key scoped to what it writes: this endpoint, the ids in its path (the
    game, a dispute) and `seat`, where the key is the writing seat's; `body` where the write
    compares requests by their digest. None without a key."""
    scope = [request.endpoint, request.view_args, seat]
    return keyed(headers.get("idempotency_key"), scope, body)
