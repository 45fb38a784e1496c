"""The receipt format, offline: the exact bytes signed, a fixed vector a client in another
language can test itself against, and what is refused as not a receipt."""

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from events import receipts

# The vector of docs/architecture.md: the key whose 32-byte seed is 00 01 02 ... 1f.
SEED = bytes(range(32))
PUBLIC_KEY = "03a107bff3ce10be1d70dd18e74bc09967e4d6309ba50d5f1ddc8664125531b8"
VECTOR = {
    "format": "tablelog-receipt-v1",
    "game": "01JTESTGAME000000000000000",
    "seq": 7,
    "event_hash": "ab" * 32,
    "head_seq": 8,
    "head_hash": "cd" * 32,
    "key_id": "56475aa75463474c",
    "signature": "b9430c8a25f20394ea01b727ffd590c33683dc00849e4b47f485dbdd0a643d6c"
    "77da31b62104e125690954669abb1639c921c412337338be75702c9e27fdfd04",
}
KEYS = {VECTOR["key_id"]: bytes.fromhex(PUBLIC_KEY)}


def test_the_signed_bytes_are_the_fields_one_a_line_after_the_format():
    assert receipts.signed_bytes(VECTOR) == (
        b"tablelog-receipt-v1\n01JTESTGAME000000000000000\n7\n" + b"ab" * 32 + b"\n8\n"
        + b"cd" * 32 + b"\n56475aa75463474c\n"
    )  # fmt: skip


def test_the_vector_is_what_the_key_signs_and_what_the_check_accepts():
    key = Ed25519PrivateKey.from_private_bytes(SEED)
    assert key.public_key().public_bytes_raw().hex() == PUBLIC_KEY
    assert receipts.key_id(bytes.fromhex(PUBLIC_KEY)) == VECTOR["key_id"]
    assert receipts.sign(key, "01JTESTGAME000000000000000", 7, "ab" * 32, 8, "cd" * 32) == VECTOR
    assert receipts.check_signature(VECTOR, KEYS).valid


def test_against_a_log_the_event_and_the_head_must_both_be_there():
    log = {7: "ab" * 32, 8: "cd" * 32}
    assert receipts.check(VECTOR, KEYS, log).valid
    assert receipts.check(VECTOR, KEYS, {**log, 7: "00" * 32}).problem == "event"
    assert receipts.check(VECTOR, KEYS, {**log, 8: "00" * 32}).problem == "head"
    assert receipts.check(VECTOR, KEYS, {7: "ab" * 32}).problem == "missing"
    assert receipts.check(VECTOR, {}, log).problem == "key"


def test_a_listing_that_files_a_key_under_another_id_is_refused():
    entry = {"id": "0" * 16, "algorithm": "Ed25519", "public_key": PUBLIC_KEY}
    with pytest.raises(ValueError, match="not the id of its public key"):
        receipts.public_keys({"keys": [entry]})
    assert receipts.public_keys({"keys": [{**entry, "id": VECTOR["key_id"]}]}) == KEYS


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "a\nb"}, "game"),
        ({"seq": True}, "seq"),
        ({"seq": 0}, "seq"),
        ({"head_seq": 6}, "head_seq"),
        ({"event_hash": "AB" * 32}, "event_hash"),
        ({"key_id": None}, "key_id"),
        ({"format": "tablelog-receipt-v0"}, "format"),
        ({"extra": 1}, "extra"),
    ],
)
def test_what_is_not_a_receipt_is_refused_by_field(change, field):
    receipt = {**VECTOR, **change}
    assert field in receipts.malformed(receipt)
    with pytest.raises(receipts.MalformedReceipt) as refused:
        receipts.check_signature(receipt, KEYS)
    assert field in refused.value.errors
    assert receipts.malformed(["not", "an", "object"]) == {"receipt": ["must be a JSON object"]}
