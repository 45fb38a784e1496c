"""The event envelope, its canonical JSON and the SHA-256 chain.

An envelope is `seq`, `event_id`, `type`, `schema_version`, `actor`, `payload`, `recorded_at`,
`occurred_at`, `caused_by`, `prev_hash` and `hash`, and `recorded_by` when the table's recorder
wrote a player's action with its own seat ("table"; absent when the player's seat wrote it, so
logs written before seats keep their hashes). `hash` is the SHA-256 of the canonical JSON of
every other field, `prev_hash` included, so changing any byte of any event breaks the chain
from that event on. The first event's `prev_hash` is GENESIS.
"""

import hashlib
import json
import os
import re

import orjson

GENESIS = "0" * 64

BODY_FIELDS = ("event_id", "type", "schema_version", "actor", "payload", "occurred_at", "caused_by")
ENVELOPE_FIELDS = (
    "seq",
    *BODY_FIELDS,
    "recorded_at",
    "prev_hash",
    "hash",
)

OPTIONAL_FIELDS = ("recorded_by",)  # in the body and the hash only when set
RECORDED_BY_TABLE = "table"

INSTANT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$"
EVENT_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
ACTOR = re.compile(r"^(player:[^\s:][^:]{0,63}|system:[a-z0-9_.-]{1,64}|admin)$")


def new_event_id() -> str:
    """A random (version 4) UUID in its canonical form, as `str(uuid.uuid4())` writes it, in
    half the CPU: the `UUID` object made and formatted on the way was 1% of an append's."""
    raw = bytearray(os.urandom(16))
    raw[6] = raw[6] & 0x0F | 0x40  # the version, 4
    raw[8] = raw[8] & 0x3F | 0x80  # the variant, RFC 4122
    digits = raw.hex()
    return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"


# orjson as json would be but for these: a dataclass or a datetime is json's TypeError, never
# quietly an object or a string
_ORJSON_OPTIONS = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
_SCALARS = frozenset((str, int, bool, type(None)))


def canonical(value) -> bytes:
    """Sorted keys, no whitespace, UTF-8: the one byte form that is hashed and stored, json's
    `dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)`. orjson writes the same
    bytes ten times faster for any value without a float (it writes 1e-05 as 1e-5), so floats go
    to json, and so does whatever orjson refuses (an integer past 64 bits, a key that is not a
    string, a lone surrogate), to be written or refused as json does. The logs stored in
    tests/events/stored_logs hold the two to the same bytes."""
    if not _has_float(value):
        try:
            return orjson.dumps(value, option=_ORJSON_OPTIONS)
        except TypeError:
            pass
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


# digits to "0", every other byte to ".": a run of 19 zeros is a run of 19 digits
_DIGITS = bytes(ord("0") if byte in b"0123456789" else ord(".") for byte in range(256))
_LONG_RUN = b"0" * 19


def loads(data: bytes):
    """JSON read as `json.loads` reads it: by orjson, several times faster, unless the bytes
    hold a run of 19 digits (an integer past 64 bits, which orjson reads as a float) or are
    something orjson refuses (NaN, a lone surrogate, nesting past 1024), which json then
    reads or refuses as before."""
    if _LONG_RUN not in data.translate(_DIGITS):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data)


def _has_float(value) -> bool:
    """Whether a float is anywhere in `value`. True also of any value but a plain dict, list,
    tuple, str, int, bool or None, which json alone then writes (or refuses). Only containers
    are stacked, and scalars are passed over where they are met: this runs three times an
    append."""
    kind = type(value)
    if kind in _SCALARS:
        return False
    if kind is dict:
        stack = [value.values()]
    elif kind is list or kind is tuple:
        stack = [value]
    else:
        return True
    while stack:
        for item in stack.pop():
            kind = type(item)
            if kind in _SCALARS:
                continue
            if kind is dict:
                stack.append(item.values())
            elif kind is list or kind is tuple:
                stack.append(item)
            else:
                return True
    return False


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def body(event: dict) -> dict:
    """The fields the writer chose: every body field, and each optional one that is set."""
    chosen = {name: event.get(name) for name in BODY_FIELDS}
    chosen.update({name: event[name] for name in OPTIONAL_FIELDS if event.get(name) is not None})
    return chosen


def body_digest(event: dict) -> str:
    """What makes two submissions of one `event_id` the same: everything the writer chose."""
    return sha256(canonical(body(event)))


def has_envelope_fields(envelope: dict) -> bool:
    """Every envelope field, and no field but those and the optional ones."""
    fields = set(envelope)
    return set(ENVELOPE_FIELDS) <= fields <= set(ENVELOPE_FIELDS) | set(OPTIONAL_FIELDS)


def seal(event: dict, seq: int, prev_hash: str, recorded_at: str) -> dict:
    """The stored envelope of a new event: numbered, timestamped and chained."""
    envelope = body(event)
    envelope.update(seq=seq, recorded_at=recorded_at, prev_hash=prev_hash)
    envelope["hash"] = envelope_hash(envelope)
    return envelope


def envelope_hash(envelope: dict) -> str:
    """The SHA-256 of every field but `hash`: of the envelope itself while it has none (one
    being sealed), without a copy made for each."""
    if "hash" in envelope:
        envelope = {k: v for k, v in envelope.items() if k != "hash"}
    return sha256(canonical(envelope))


def chain_break(envelopes, prev_hash: str = GENESIS, first_seq: int = 1) -> tuple[int, str] | None:
    """The first (seq, reason) where numbering, linking or hashing does not hold, else None."""
    for envelope in envelopes:
        broken = link_break([envelope], prev_hash, first_seq)
        if broken:
            return broken
        if not has_envelope_fields(envelope):
            return first_seq, "envelope fields differ from the envelope format"
        if envelope["hash"] != envelope_hash(envelope):
            return first_seq, "hash does not match the event's content"
        prev_hash = envelope["hash"]
        first_seq += 1
    return None


def link_break(envelopes, prev_hash: str = GENESIS, first_seq: int = 1) -> tuple[int, str] | None:
    """The first (seq, reason) where numbering or linking does not hold: for events whose own
    hashes were checked when they were read."""
    expected_seq = first_seq
    for envelope in envelopes:
        seq = envelope.get("seq")
        if seq != expected_seq or isinstance(seq, bool):
            return expected_seq, f"expected seq {expected_seq}, found {seq}"
        if envelope.get("prev_hash") != prev_hash:
            return seq, "prev_hash does not match the hash of the event before"
        prev_hash = envelope.get("hash")
        expected_seq += 1
    return None
