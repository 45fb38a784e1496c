"""Logs written before `canonical` moved to orjson keep verifying.

`stored_logs/` holds the stored bytes of logs written when `canonical` was json's alone (commit
a8ff118), one entry a line: the whole two-player FCM game and a Deluxe payday of
tests/scenarios, the whole three-player Burn Rate game and an undo and redo, and toy logs with
floats, a retract, and the strings an encoder is most likely to write otherwise (control
characters, DEL, U+2028, outside the Basic Multilingual Plane, quotes and slashes). Each line
must still be its envelope's canonical bytes, each hash must hold, and each log must import
and verify through the API as it did, unless today's rules decide its game differently
(`RECORDED_UNDER_OTHER_RULES`). Beside them, the two-player FCM game recorded again under the
rules of #19 (`...-rules-of-19`), so an FCM whole game still imports, verifies and folds in
place here."""

import json
import math
import random
from pathlib import Path

import orjson
import pytest

from events.envelope import canonical, chain_break, envelope_hash, loads

LOGS = sorted((Path(__file__).parent / "stored_logs").glob("*.jsonl"))


def stored_lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


def by_json(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_a_stored_log_is_still_its_canonical_bytes_and_its_chain(path):
    lines = stored_lines(path)
    envelopes = [json.loads(line) for line in lines]
    for line, envelope in zip(lines, envelopes, strict=True):
        assert canonical(envelope) == line, envelope["seq"]
        assert envelope_hash(envelope) == envelope["hash"], envelope["seq"]
    assert chain_break(envelopes) is None


# Logs whose game today's rules decide differently: their bytes and chains still hold, but they
# no longer fold. The whole two-player FCM game was recorded when the billboard that claims the
# first billboard milestone was not itself eternal (FCM-MILE-2, changed in #19): ann's billboard
# 11 ran out and freed its marketing trainee, whom she put to work again at line 55.
RECORDED_UNDER_OTHER_RULES = {"fcm-two-players-whole-game"}
FOLDING = [path for path in LOGS if path.stem not in RECORDED_UNDER_OTHER_RULES]


@pytest.mark.parametrize("path", FOLDING, ids=[p.stem for p in FOLDING])
def test_a_stored_log_imports_and_verifies(client, path):
    imported = client.post("/api/games/import", data=path.read_bytes())
    assert imported.status_code == 201, imported.json
    verified = client.get(f"/api/games/{imported.json['id']}/verify").json
    assert verified["ok"], verified
    exported = client.get(f"/api/games/{imported.json['id']}/export").data.splitlines()
    assert exported[: len(stored_lines(path))] == stored_lines(path)


def test_the_stored_logs_hold_what_the_two_encoders_could_disagree_on():
    """The fixtures are worth keeping only if they exercise both paths of `canonical`."""
    text = b"".join(path.read_bytes() for path in LOGS).decode()
    assert "1e-05" in text and "15.0" in text  # floats, written by json
    for awkward in ("\\u0001", "\\b", "\x7f", "\u2028", "😀", '\\"\\\\/'):
        assert awkward in text, awkward
    assert '"type":"retract"' in text


def random_value(rng: random.Random, depth: int = 0):
    pick = rng.randrange(10 if depth < 4 else 6)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 10**20])
    if pick == 2:
        return rng.randint(-(10**6), 10**6)
    if pick == 3:
        return rng.choice([0.5, -0.0, 1e-05, 1e16, 1.5e300, 0.1 + 0.2, 123456789.125])
    if pick in (4, 5):
        alphabet = "ab é中😀\x00\x1f\x7f\"\\/\u2028\n\t<>&'"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(8)))
    if pick in (6, 7):
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    keys = [random_value(rng, 5) if rng.random() < 0.8 else str(rng.random()) for _ in range(4)]
    return {k: random_value(rng, depth + 1) for k in keys if isinstance(k, str)}


def test_canonical_is_json_s_bytes_for_every_kind_of_value():
    rng = random.Random(2026)
    for _ in range(3000):
        value = random_value(rng)
        assert canonical(value) == by_json(value), value


def test_what_orjson_would_write_otherwise_goes_to_json():
    assert orjson.dumps([1e-05]) != by_json([1e-05])  # why floats are json's
    assert canonical({"a": [{"b": 1e-05}]}) == b'{"a":[{"b":1e-05}]}'
    assert canonical([10**20 - 1, 2**64]) == b"[99999999999999999999,18446744073709551616]"
    assert canonical({1: "a"}) == by_json({1: "a"})  # a key that is not a string
    with pytest.raises(UnicodeEncodeError):
        canonical(["\ud800"])  # a lone surrogate is refused, as json.dumps(...).encode() does


def test_loads_reads_every_value_as_json_does():
    """Read back and written again, every value gives its own bytes: no integer became a
    float, no float changed."""
    rng = random.Random(2027)
    for _ in range(3000):
        data = by_json(random_value(rng))
        assert canonical(loads(data)) == data, data
    for path in LOGS:
        for line in stored_lines(path):
            assert canonical(loads(line)) == line


def test_what_orjson_would_read_otherwise_goes_to_json():
    assert type(orjson.loads(b"[18446744073709551616]")[0]) is float  # why long ones are json's
    assert loads(b"[18446744073709551616,-9223372036854775809]") == [2**64, -(2**63) - 1]
    assert loads(b'{"n":1234567890123456789}') == {"n": 1234567890123456789}
    assert math.isnan(loads(b"[NaN]")[0])  # json reads it; orjson refuses it
    assert loads(b'["\\ud800"]') == ["\ud800"]
