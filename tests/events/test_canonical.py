"""The canonical form is the hash chain's: the bytes stored are `canonical` of the envelope, so
a faster encoder may replace `json.dumps` only if it gives these bytes for every value. These
pin them on stored logs and on the strings a JSON encoder is most likely to write otherwise."""

import json
import uuid

from events import keys
from events.envelope import EVENT_ID, canonical, envelope_hash, new_event_id
from tests.games.fcm.table import seated

AWKWARD = [
    "\x00\x01\x08\x09\x0a\x0c\x0d\x1f\x7f",  # control characters, DEL
    "\u2028\u2029",  # line and paragraph separators, raw in JSON but not in JavaScript
    "😀 é ß 中",  # outside ASCII, and outside the Basic Multilingual Plane
    '"\\/ </script>',
]
NUMBERS = [0, -1, 2**53 + 1, 2**63, 2**64 - 1, 10**20 - 1, 0.5, 1e-05, 1e16, 1.5e300]


def test_stored_events_are_their_canonical_bytes(services):
    game_id, _, _, _ = services.recorder.create("toy", ["ann", "ben"], {}, "t")
    for player, amount in (("ann", 3), ("ben", 9), ("ann", 1)):
        event = {"type": "toy.added", "actor": "admin", "occurred_at": None,
                 "payload": {"player": player, "amount": amount}}  # fmt: skip
        services.recorder.record(game_id, [event])
    for _, fields in services.redis.xrange(keys.events(game_id)):
        envelope = json.loads(fields[b"e"])
        assert canonical(envelope) == fields[b"e"]
        assert envelope_hash(envelope) == envelope["hash"]


def test_the_canonical_form_is_sorted_compact_raw_utf8():
    value = {"b": AWKWARD, "a": NUMBERS, "é": {"z": None, "y": True}}
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical(value) == expected.encode()
    assert canonical({"s": AWKWARD[0]}) == b'{"s":"\\u0000\\u0001\\b\\t\\n\\f\\r\\u001f\x7f"}'
    assert canonical([1e-05, 1e16, 10**20 - 1]) == b"[1e-05,1e+16,99999999999999999999]"


def test_a_stored_fcm_position_keeps_its_bytes():
    state = seated(["ann", "bob", "cat", "dan", "eve"]).state
    assert json.loads(canonical(state)) == state
    assert canonical(json.loads(canonical(state))) == canonical(state)


def test_a_new_event_id_is_a_random_uuid_in_its_canonical_form():
    ids = [new_event_id() for _ in range(2000)]
    assert len(set(ids)) == len(ids)
    for event_id in ids:
        parsed = uuid.UUID(event_id)
        assert str(parsed) == event_id and EVENT_ID.match(event_id)
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122
