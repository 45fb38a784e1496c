"""Signed receipts: the form the server signs when it accepts an event, and the offline check.

A receipt is a JSON object:

    {"format": "tablelog-receipt-v1", "game": "01J...", "seq": 7,
     "event_hash": "<64 hex>", "head_seq": 8, "head_hash": "<64 hex>",
     "key_id": "<16 hex>", "signature": "<128 hex>"}

It says: the service accepted, in game `game`, the event whose hash is `event_hash` at `seq`,
in an append that left the log's head at `head_seq` with hash `head_hash`. An event's hash
covers its `prev_hash`, so `event_hash` is the hash chain's head at `seq`: it pins every event
from 1 to `seq`, and `head_hash` every event to `head_seq`.

The signature is Ed25519 (RFC 8032) over these bytes, every line ended by one `\\n`, all ASCII:

    tablelog-receipt-v1
    <game>
    <seq in decimal>
    <event_hash>
    <head_seq in decimal>
    <head_hash>
    <key_id>

The first line separates these signatures from anything else the key might sign. `key_id` is
the first 16 hex digits of the SHA-256 of the key's raw 32-byte public key (`GET /api/keys`
publishes each key as those 32 bytes in hex). No field can hold a line break (each is checked
against its pattern below), so a client in any language rebuilds the bytes by joining lines.

This module needs only the standard library and `cryptography`, and imports nothing else of
tablelog: a client may import it or copy it.
"""

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

FORMAT = "tablelog-receipt-v1"
ALGORITHM = "Ed25519"
MAX_SEQ = 2**53

PATTERNS = {
    "game": re.compile(r"^[0-9A-Za-z_-]{1,64}$"),
    "event_hash": re.compile(r"^[0-9a-f]{64}$"),
    "head_hash": re.compile(r"^[0-9a-f]{64}$"),
    "key_id": re.compile(r"^[0-9a-f]{16}$"),
    "signature": re.compile(r"^[0-9a-f]{128}$"),
}
FIELDS = ("format", "game", "seq", "event_hash", "head_seq", "head_hash", "key_id", "signature")


class MalformedReceipt(ValueError):
    """Not a receipt of this format; `errors` maps each bad field to what is wrong."""

    def __init__(self, errors: dict[str, list[str]]):
        super().__init__("; ".join(f"{name}: {' '.join(why)}" for name, why in errors.items()))
        self.errors = errors


@dataclass(frozen=True)
class Verdict:
    """Whether a receipt holds. `problem` names the check that failed (None if valid):
    `key`, `signature`, then, against a log, `game`, `missing`, `event`, `head` or `damaged`."""

    valid: bool
    problem: str | None
    reason: str


def key_id(public_key: bytes) -> str:
    """The id of a raw 32-byte Ed25519 public key."""
    return hashlib.sha256(public_key).hexdigest()[:16]


# the string fields of a receipt as `well_formed` joins them, each matched by its pattern
_JOINED = re.compile("\n".join(PATTERNS[name].pattern[1:-1] for name in FIELDS if name in PATTERNS))


def well_formed(receipt) -> bool:
    """Whether `receipt` is a dict of exactly the fields, every one of its form: one match
    over its string fields joined, the quick answer for each receipt signed or checked.
    True only where `malformed` finds nothing wrong; a False is looked at field by field."""
    if type(receipt) is not dict or len(receipt) != len(FIELDS):
        return False
    try:
        seq, head_seq = receipt["seq"], receipt["head_seq"]
        strings = [receipt[name] for name in FIELDS if name in PATTERNS]
    except KeyError:
        return False
    return (
        receipt["format"] == FORMAT
        and type(seq) is int
        and type(head_seq) is int
        and 1 <= seq <= head_seq <= MAX_SEQ
        and all(type(value) is str for value in strings)
        and _JOINED.fullmatch("\n".join(strings)) is not None
    )


def malformed(receipt) -> dict[str, list[str]]:
    """What is wrong with `receipt` as a receipt of this format, by field; {} if nothing."""
    if well_formed(receipt):
        return {}
    if not isinstance(receipt, Mapping):
        return {"receipt": ["must be a JSON object"]}
    errors = {name: ["unknown field"] for name in receipt if name not in FIELDS}
    for name in FIELDS:
        value = receipt.get(name)
        if value is None:
            errors[name] = ["missing"]
        elif name == "format" and value != FORMAT:
            errors[name] = [f"must be {FORMAT!r}"]
        elif name in ("seq", "head_seq") and (type(value) is not int or not 1 <= value <= MAX_SEQ):
            errors[name] = [f"must be a whole number from 1 to {MAX_SEQ}"]
        elif name in PATTERNS and not (isinstance(value, str) and PATTERNS[name].match(value)):
            errors[name] = [f"must match {PATTERNS[name].pattern}"]
    if not errors and receipt["head_seq"] < receipt["seq"]:
        errors["head_seq"] = ["must not be before seq: the head is at or after the event"]
    return errors


def signed_bytes(receipt: Mapping) -> bytes:
    """The bytes a receipt's signature is over (MalformedReceipt if it is not one)."""
    claims = {**receipt, "signature": "0" * 128}
    errors = malformed(claims)
    if errors:
        raise MalformedReceipt(errors)
    return claimed(*(claims[name] for name in FIELDS[1:-1]))


def claimed(game: str, seq: int, event_hash: str, head_seq: int, head_hash: str, key: str) -> bytes:
    """The bytes signed for these claims, each already of its form (`signed_bytes` checks a
    receipt's before it asks for them)."""
    return f"{FORMAT}\n{game}\n{seq}\n{event_hash}\n{head_seq}\n{head_hash}\n{key}\n".encode()


def sign(
    private_key,
    game: str,
    seq: int,
    event_hash: str,
    head_seq: int,
    head_hash: str,
    signer: str | None = None,
):
    """The receipt of an event, signed with an Ed25519PrivateKey whose id is `signer` (found
    from the key when not given). Ed25519 is deterministic: the same claims under the same key
    give the same receipt, byte for byte."""
    signer = signer or key_id(private_key.public_key().public_bytes_raw())
    receipt = {"format": FORMAT, "game": game, "seq": seq, "event_hash": event_hash,
               "head_seq": head_seq, "head_hash": head_hash, "key_id": signer}  # fmt: skip
    receipt["signature"] = private_key.sign(signed_bytes(receipt)).hex()
    return receipt


def public_keys(listing: Mapping) -> dict[str, bytes]:
    """key id -> raw public key, from the answer of `GET /api/keys`. Each id is recomputed
    from its key, so a listing cannot file a key under another key's id."""
    found = {}
    for entry in listing["keys"]:
        if entry.get("algorithm") != ALGORITHM:
            continue
        raw = bytes.fromhex(entry["public_key"])
        if key_id(raw) != entry["id"]:
            raise ValueError(f"key {entry['id']} is not the id of its public key")
        found[entry["id"]] = raw
    return found


def check_signature(receipt: Mapping, keys: Mapping[str, bytes]) -> Verdict:
    """Whether `receipt` was signed by one of `keys` (key id -> raw public key). It says
    nothing about any log: `check` compares it with the log's hashes too. MalformedReceipt
    if it is not a receipt of this format."""
    errors = malformed(receipt)
    if errors:
        raise MalformedReceipt(errors)
    message = signed_bytes(receipt)
    raw = keys.get(receipt["key_id"])
    if raw is None:
        return Verdict(False, "key", f"no published key has the id {receipt['key_id']}")
    try:
        Ed25519PublicKey.from_public_bytes(raw).verify(bytes.fromhex(receipt["signature"]), message)
    except InvalidSignature:
        return Verdict(
            False, "signature", f"the signature does not check under key {receipt['key_id']}"
        )
    return Verdict(True, None, f"signed by key {receipt['key_id']}")


def check(receipt: Mapping, keys: Mapping[str, bytes], hashes: Mapping[int, str]) -> Verdict:
    """Whether `receipt` holds against a log, offline: its signature checks under one of
    `keys`, and `hashes` (seq -> event hash, of a log whose chain the caller has checked, e.g.
    an export passed through `events.envelope.chain_break`) holds `event_hash` at `seq` and
    `head_hash` at `head_seq`."""
    signed = check_signature(receipt, keys)
    if not signed.valid:
        return signed
    return against_log(receipt, hashes.get(receipt["seq"]), hashes.get(receipt["head_seq"]))


def against_log(receipt: Mapping, event_hash: str | None, head_hash: str | None) -> Verdict:
    """Whether the log's hashes at the receipt's `seq` and `head_seq` (None: the log does not
    reach it) are the ones the receipt was signed for."""
    seq, head_seq = receipt["seq"], receipt["head_seq"]
    if event_hash is None or head_hash is None:
        missing = seq if event_hash is None else head_seq
        return Verdict(False, "missing", f"the log holds no event at seq {missing}")
    if event_hash != receipt["event_hash"]:
        return Verdict(
            False, "event",
            f"the log holds another event at seq {seq} (hash {event_hash}) than the one this "
            f"receipt was signed for ({receipt['event_hash']}): the log was changed after",
        )  # fmt: skip
    if head_hash != receipt["head_hash"]:
        return Verdict(
            False, "head",
            f"the chain at seq {head_seq} has the hash {head_hash}, not the head this receipt "
            f"was signed for ({receipt['head_hash']}): the log was changed after seq {seq}",
        )  # fmt: skip
    return Verdict(
        True, None,
        f"signed by key {receipt['key_id']}; the log holds this event at seq {seq}, "
        f"chained to the head at seq {head_seq}",
    )  # fmt: skip
