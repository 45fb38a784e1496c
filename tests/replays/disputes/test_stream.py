"""The disputes stream appends only after the entry the writer read, and only for a game."""

import pytest

from replays.disputes.entries import OPENED, genesis, seal
from replays.disputes.stream import DisputesMoved, DisputeStream, NoGame


def entry(number: int, prev_hash: str, dispute: int = 1) -> dict:
    body = {"kind": OPENED, "dispute": dispute, "seq": 1, "author": "admin", "text": "x"}
    return seal(body, number, prev_hash, "2025-03-01T20:15:00Z")


def test_an_append_after_a_stale_read_is_refused(services):
    game_id, _, _, _ = services.recorder.create("toy", ["ann", "ben"], {}, "token")
    stream = DisputeStream(services.redis)
    first = entry(1, genesis("a"))
    assert stream.append(game_id, [first], 0, first["prev_hash"]) == 1
    with pytest.raises(DisputesMoved) as moved:
        stream.append(game_id, [entry(1, genesis("a"), 2)], 0, genesis("a"))
    assert moved.value.count == 1
    with pytest.raises(DisputesMoved):
        stream.append(game_id, [entry(2, "f" * 64, 2)], 1, "f" * 64)
    second = entry(2, first["hash"], 2)
    assert stream.append(game_id, [second], 1, first["hash"]) == 2
    assert stream.read(game_id) == [first, second]


def test_there_are_no_disputes_without_a_game(services):
    with pytest.raises(NoGame):
        DisputeStream(services.redis).append("nope", [entry(1, "0" * 64)], 0, "0" * 64)
