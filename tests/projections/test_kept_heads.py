"""A head kept after a write (recorder.KeptHeads): the next append at it costs one round trip,
and a head another process has moved on costs a conflict and one read, never a wrong write,
a wrong refusal or a damaged log let by."""

import json
import threading

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
    game_id, _, _ = first.recorder.create("toy", ["ann", "ben"], {"goal": 10**9}, "t")
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


def test_two_threads_at_one_kept_head_never_fold_one_state(two):
    """An append changes the kept head's state in place: the head is taken out while it
    does, so a second thread of the process reads its own from Redis."""
    first, _, game_id = two
    first.recorder.record(game_id, [add("ann")])
    taken = first.recorder.heads.take(game_id)
    assert taken is not None and first.recorder.heads.take(game_id) is None
    first.recorder.heads.keep(*taken)
    ready, go = threading.Barrier(8), threading.Event()
    outcomes = []

    def writer(player):
        ready.wait()
        go.wait()
        try:
            outcomes.append(first.recorder.record(game_id, [add(player)]).version)
        except Exception as error:  # the rules refuse the writer whose turn it no longer is
            outcomes.append(type(error).__name__)

    threads = [threading.Thread(target=writer, args=(["ben", "ann"][i % 2],)) for i in range(8)]
    for thread in threads:
        thread.start()
    go.set()
    for thread in threads:
        thread.join()
    head = first.projector.head(game_id)
    log = first.store.read(game_id)
    assert chain_break(log) is None
    assert head.state["total"] == len(log) - 1  # every stored action counted once
    assert head.state == first.projector.record_at(game_id, head.version, "toy").state
    kept = first.recorder.heads.take(game_id)
    assert kept is None or kept[0].state == head.state
