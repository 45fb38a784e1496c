"""The receipt key directory: made once, owner-only, shared by every process that reads it,
rotated without losing the keys old receipts were signed with."""

import json
import stat
import threading

import pytest
from cryptography.hazmat.primitives.serialization import load_pem_private_key

from events import receipts
from projections import receipt_keys
from projections.receipt_keys import SEEN_FOR, ReceiptKeyError, ReceiptKeys

GAME = "01JTESTGAME000000000000000"
EVENT = {"seq": 1, "hash": "ab" * 32}


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_first_start_makes_one_owner_only_key(tmp_path):
    directory = tmp_path / "var" / "receipt-keys"
    keys = ReceiptKeys.open(directory)
    [key] = keys.listing()
    assert key["status"] == "current"
    assert mode(directory) == 0o700
    names = {path.name: mode(path) for path in directory.iterdir()}
    assert names == {
        "keys.json": 0o600,
        ".lock": 0o600,
        f"{key['id']}.key": 0o600,
        f"{key['id']}.pub": 0o600,
    }
    [receipt] = keys.sign(GAME, [EVENT])
    assert receipts.check_signature(receipt, keys.public_keys()).valid


def test_a_later_start_reads_the_same_key(tmp_path):
    first = ReceiptKeys.open(tmp_path)
    second = ReceiptKeys.open(tmp_path)
    assert first.listing() == second.listing()
    assert first.sign(GAME, [EVENT]) == second.sign(GAME, [EVENT])


def test_processes_starting_at_once_agree_on_one_key(tmp_path):
    found = []
    threads = [threading.Thread(target=lambda: found.append(ReceiptKeys.open(tmp_path)))
               for _ in range(8)]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 8 and len({json.dumps(k.listing()) for k in found}) == 1
    assert len(list(tmp_path.glob("*.key"))) == 1


def test_a_rotation_by_one_process_is_followed_by_every_other(tmp_path):
    web, cli = ReceiptKeys.open(tmp_path), ReceiptKeys.open(tmp_path)
    [before] = web.sign(GAME, [EVENT])
    new, retired = cli.rotate()
    assert retired == before["key_id"] != new
    [after] = web.sign(GAME, [EVENT])
    assert after["key_id"] == new
    assert [k["status"] for k in web.listing()] == ["retired", "current"]
    for receipt in (before, after):
        assert receipts.check_signature(receipt, web.public_keys()).valid
    assert sorted(p.name for p in tmp_path.glob("*.key")) == [f"{new}.key"]


def test_a_signature_looks_at_the_index_again_only_once_seen_for_has_passed(tmp_path, monkeypatch):
    """Not at every signature: a stat per append was 5% of its CPU. A rotation waits SEEN_FOR
    before it returns (the test above), so no append after it signs with the retired key."""
    now = [1000.0]
    monkeypatch.setattr(receipt_keys, "_elapsed", lambda: now[0])
    keys = ReceiptKeys.open(tmp_path)
    keys.sign(GAME, [EVENT])
    (tmp_path / "keys.json").rename(tmp_path / "keys.json.away")
    now[0] += SEEN_FOR * 0.99
    keys.sign(GAME, [EVENT])
    now[0] += SEEN_FOR * 0.02
    with pytest.raises(ReceiptKeyError, match="restore it"):
        keys.sign(GAME, [EVENT])


def test_rotating_twice_keeps_every_key_and_its_retirement(tmp_path):
    keys = ReceiptKeys.open(tmp_path)
    keys.rotate()
    retired_at = keys.listing()[0]["retired_at"]
    keys.rotate()
    listing = keys.listing()
    assert [k["status"] for k in listing] == ["retired", "retired", "current"]
    assert listing[0]["retired_at"] == retired_at and listing[1]["retired_at"] is not None


def test_a_lost_index_beside_keys_stops_the_start(tmp_path):
    ReceiptKeys.open(tmp_path)
    (tmp_path / "keys.json").unlink()
    with pytest.raises(ReceiptKeyError, match="restore it"):
        ReceiptKeys.open(tmp_path)


def test_a_private_key_that_is_not_the_current_ones_stops_the_start(tmp_path):
    keys = ReceiptKeys.open(tmp_path)
    other = ReceiptKeys.open(tmp_path / "other")
    [key], [stranger] = keys.listing(), other.listing()
    (tmp_path / f"{key['id']}.key").write_bytes(
        (tmp_path / "other" / f"{stranger['id']}.key").read_bytes()
    )
    with pytest.raises(ReceiptKeyError, match="not the private half"):
        ReceiptKeys.open(tmp_path)


def test_an_appends_receipts_are_what_the_reference_signs_for_the_same_claims(tmp_path):
    """The write path signs its own claims without checking them field by field; the receipts
    are those `events.receipts.sign`, which checks them, gives, byte for byte."""
    keys = ReceiptKeys.open(tmp_path / "keys")
    ring = keys.ring()
    private = load_pem_private_key((tmp_path / "keys" / f"{ring.current}.key").read_bytes(), None)
    envelopes = [{"seq": 7, "hash": "ab" * 32}, {"seq": 8, "hash": "cd" * 32}]
    game = "01JTESTGAME000000000000000"
    assert keys.sign(game, envelopes) == [
        receipts.sign(private, game, seq, event_hash, 8, "cd" * 32, ring.current)
        for seq, event_hash in ((7, "ab" * 32), (8, "cd" * 32))
    ]
