"""The event store's guarantees, written once. A backend proves itself by subclassing
StoreContract and providing the `store` fixture."""

import threading
import uuid

import pytest

from events.envelope import GENESIS, chain_break
from events.store import IdempotencyConflict, VersionConflict


def event(n: int = 0, event_id: str | None = None, **payload) -> dict:
    return {
        "event_id": event_id or str(uuid.uuid4()),
        "type": "toy.added",
        "schema_version": 2,
        "actor": "player:a",
        "payload": payload or {"player": "a", "amount": n},
        "occurred_at": None,
        "caused_by": None,
    }


def append_after_head(store, game_id, events):
    version, head_hash = store.head(game_id)
    return store.append(game_id, events, version, head_hash)


class StoreContract:
    def test_events_are_numbered_in_order_from_one(self, store):
        for n in range(1, 6):
            append_after_head(store, "g1", [event(n)])
        assert [e["seq"] for e in store.read("g1")] == [1, 2, 3, 4, 5]
        assert [e["payload"]["amount"] for e in store.read("g1")] == [1, 2, 3, 4, 5]

    def test_paging_reads_after_a_seq(self, store):
        append_after_head(store, "g1", [event(n) for n in range(1, 8)])
        assert [e["seq"] for e in store.read("g1", after=3, limit=2)] == [4, 5]
        assert [e["seq"] for e in store.read_range("g1", 6, 9)] == [6, 7]
        assert [e["seq"] for e in store.read_backwards("g1", 4, 10)] == [3, 2, 1]

    def test_games_do_not_share_a_log(self, store):
        append_after_head(store, "g1", [event(1)])
        append_after_head(store, "g2", [event(2), event(3)])
        assert store.head("g1")[0] == 1
        assert store.head("g2")[0] == 2

    def test_a_stale_expected_version_is_refused_and_nothing_written(self, store):
        append_after_head(store, "g1", [event(1), event(2)])
        with pytest.raises(VersionConflict) as raised:
            store.append("g1", [event(3)], 1, GENESIS)
        assert raised.value.current_version == 2
        assert len(store.read("g1")) == 2

    def test_the_same_event_id_and_body_returns_the_earlier_result(self, store):
        first = event(1, event_id="11111111-1111-4111-8111-111111111111")
        done = append_after_head(store, "g1", [first])
        append_after_head(store, "g1", [event(2)])
        again = store.append("g1", [first], 0, GENESIS)
        assert again.duplicate and again.seqs == done.seqs == [1]
        assert again.version == 2
        assert len(store.read("g1")) == 2

    def test_the_same_event_id_with_another_body_is_a_conflict(self, store):
        event_id = "22222222-2222-4222-8222-222222222222"
        append_after_head(store, "g1", [event(1, event_id=event_id)])
        with pytest.raises(IdempotencyConflict) as raised:
            append_after_head(store, "g1", [event(5, event_id=event_id)])
        assert raised.value.seq == 1
        assert len(store.read("g1")) == 1

    def test_a_batch_lands_whole_or_not_at_all(self, store):
        used = event(1)
        append_after_head(store, "g1", [used])
        with pytest.raises(IdempotencyConflict):
            append_after_head(store, "g1", [event(2), {**used, "payload": {"x": 1}}, event(3)])
        assert len(store.read("g1")) == 1
        append_after_head(store, "g1", [event(2), event(3), event(4)])
        assert [e["seq"] for e in store.read("g1")] == [1, 2, 3, 4]

    def test_a_half_known_batch_is_a_conflict(self, store):
        used = event(1)
        append_after_head(store, "g1", [used])
        with pytest.raises(IdempotencyConflict):
            append_after_head(store, "g1", [used, event(2)])
        assert len(store.read("g1")) == 1

    def test_each_hash_covers_the_envelope_and_the_previous_hash(self, store):
        for n in range(1, 5):
            append_after_head(store, "g1", [event(n), event(n)])
        log = store.read("g1")
        assert chain_break(log) is None
        assert log[0]["prev_hash"] == GENESIS
        assert all(b["prev_hash"] == a["hash"] for a, b in zip(log, log[1:], strict=False))
        assert store.head("g1") == (8, log[-1]["hash"])
        altered = [dict(e) for e in log]
        altered[4]["payload"] = {"player": "a", "amount": 9}
        assert chain_break(altered)[0] == 5

    def test_concurrent_writers_with_expected_versions(self, store):
        """8 threads race: every acknowledged event is stored once, seqs are gapless, and
        every loser was told the version had moved."""
        acknowledged, conflicts, errors = [], [], []
        lock = threading.Lock()

        def writer(number: int):
            for _ in range(25):
                mine = event(number, event_id=str(uuid.uuid4()))
                version, head_hash = store.head("race")
                try:
                    result = store.append("race", [mine], version, head_hash)
                except VersionConflict:
                    with lock:
                        conflicts.append(number)
                    continue
                except Exception as error:  # noqa: BLE001 - any other outcome fails the test
                    errors.append(error)
                    return
                with lock:
                    acknowledged.append((mine["event_id"], result.seqs[0]))

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        log = store.read("race")
        assert not errors
        assert len(acknowledged) + len(conflicts) == 8 * 25
        assert conflicts, "eight writers never collided: the test proved nothing"
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
        assert sorted(acknowledged, key=lambda a: a[1]) == [(e["event_id"], e["seq"]) for e in log]
        assert chain_break(log) is None

    def test_an_append_after_the_server_lost_its_scripts_loads_the_script_again(self, store):
        """The append runs its script by digest (EVALSHA); a server restarted or flushed no
        longer knows it, and the append loads it and goes through."""
        append_after_head(store, "g1", [event(1)])
        store.redis.script_flush()
        append_after_head(store, "g1", [event(2)])
        assert [e["payload"]["amount"] for e in store.read("g1")] == [1, 2]

    def test_an_append_after_the_server_dropped_every_connection_goes_through_once(self, store):
        """Connections the server closed since the last append (a restart, a timeout, a
        CLIENT KILL) are made again, and the append is written once."""
        append_after_head(store, "g1", [event(1)])
        store.redis.client_kill_filter(_type="normal", skipme=False)
        append_after_head(store, "g1", [event(2)])
        assert [e["payload"]["amount"] for e in store.read("g1")] == [1, 2]
