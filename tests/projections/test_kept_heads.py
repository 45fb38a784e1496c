"""A head kept after a write (recorder.KeptHeads): the next append at it costs one round trip,
and a head another process has moved on costs a conflict and one read, never a wrong write,
a wrong refusal or a damaged log let by."""

import json

import pytest

from events import keys
from events.envelope import chain_break
from events.store import CorruptEvent
from projections.services import Services


def add(player):
    return {"type": "toy.added", "actor": "admin", "payload": {"player": player, "amount": 1}}


@pytest.fixture
def two(settings):
    """Two processes' services on one Redis, and a toy game ann begins."""
    first, second = Services(settings), Services(settings)
    game_id, _, _, _ = first.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
    return first, second, game_id


def head_reads(svc, monkeypatch) -> list[str]:
    reads = []
    read = svc.projector.head
    monkeypatch.setattr(
        svc.projector, "head", lambda game_id: reads.append(game_id) or read(game_id)
    )
    return reads


def test_an_append_after_this_process_wrote_reads_no_head(two, monkeypatch):
    first, _, game_id = two
    first.recorder.record(game_id, [add("ann")])
    reads = head_reads(first, monkeypatch)
    for player in ("ben", "ann", "ben"):
        first.recorder.record(game_id, [add(player)])
    assert reads == []
    assert first.projector.head(game_id).state["total"] == 4


def test_a_head_another_process_moved_is_read_again_and_the_action_checked_there(two, monkeypatch):
    first, second, game_id = two
    first.recorder.record(game_id, [add("ann")])  # kept at 2: ben's turn
    second.recorder.record(game_id, [add("ben")])  # now 3: ann's turn
    reads = head_reads(first, monkeypatch)
    # at the kept head ann's action is refused (ben's turn); it is not refused before the
    # head is read, and at the head it is legal
    recorded = first.recorder.record(game_id, [add("ann")])
    assert (recorded.version, reads) == (4, [game_id])
    log = first.store.read(game_id)
    assert [e["seq"] for e in log] == [1, 2, 3, 4] and chain_break(log) is None
    assert first.redis.xlen(keys.refusals(game_id)) == 0


def test_a_refusal_at_a_moved_head_is_the_head_s(two):
    first, second, game_id = two
    first.recorder.record(game_id, [add("ann")])
    second.recorder.record(game_id, [add("ben")])
    with pytest.raises(Exception) as refused:
        first.recorder.record(game_id, [add("ben")])
    assert "ann's turn" in str(refused.value)
    assert first.projector.head(game_id).version == 3


def test_a_last_event_changed_in_redis_is_found_by_the_next_append(two):
    first, _, game_id = two
    first.recorder.record(game_id, [add("ann")])
    stream = keys.events(game_id)
    entries = first.redis.xrange(stream)
    first.redis.delete(stream)
    for entry_id, fields in entries:
        envelope = json.loads(fields[b"e"])
        if envelope["seq"] == 2:
            envelope["payload"]["amount"] = 9  # its hash no longer matches
        first.redis.xadd(stream, {"e": json.dumps(envelope)}, id=entry_id)
    with pytest.raises(CorruptEvent) as raised:
        first.recorder.record(game_id, [add("ben")])
    assert raised.value.seq == 2
    assert first.redis.xlen(stream) == 2


def test_an_append_holds_the_kept_head_alone(two, monkeypatch):
    """An append changes the kept head's state in place, so it takes the head out while it
    works: an append beside it (another thread's) reads a head of its own."""
    first, _, game_id = two
    first.recorder.record(game_id, [add("ann")])
    taken = first.recorder.heads.take(game_id)  # as an append in another thread holds it
    assert taken is not None and first.recorder.heads.take(game_id) is None
    reads = head_reads(first, monkeypatch)
    first.recorder.record(game_id, [add("ben")])
    assert reads == [game_id]
    assert taken[0].state["total"] == 1  # the one held was not folded by this append


def test_a_state_an_append_changed_before_it_failed_is_never_used_again(two, monkeypatch):
    """An append that fails after its game changed the head's state in place (here by a bug
    of the game's) keeps nothing: the next append reads the head, not that state."""
    first, _, game_id = two
    first.recorder.record(game_id, [add("ann")])
    evolve = first.projector.evolve

    def broken(kind, state, envelope, given_up=False):
        state["total"] += 100  # the state given up, changed before the failure
        raise RuntimeError("a bug in the game's evolve")

    monkeypatch.setattr(first.projector, "evolve", broken)
    with pytest.raises(RuntimeError):
        first.recorder.record(game_id, [add("ben")])
    monkeypatch.setattr(first.projector, "evolve", evolve)
    first.recorder.record(game_id, [add("ben")])
    assert first.recorder.heads.take(game_id)[0].state["total"] == 2
    assert first.projector.head(game_id).state["total"] == 2
