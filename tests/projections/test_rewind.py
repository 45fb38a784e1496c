"""Which seqs an undo withdraws: the retract rule applied until nothing after `to` stands; and
an undo or a redo sent with an Idempotency-Key that its own retry beat to the log."""

import pytest

from events.idempotency import KeyReused, keyed
from projections.recorder import Recorder
from projections.rewind import Corrections, corrections, redo, undo, undo_targets


def event(seq, actor="player:ann", target=None):
    if target is not None:
        return {"seq": seq, "type": "retract", "actor": "admin", "payload": {"seq": target}}
    return {"seq": seq, "type": "toy.added", "actor": actor, "payload": {}}


def newest_first(*events):
    return sorted(events, key=lambda e: -e["seq"])


def test_every_player_action_after_to_newest_first():
    log = newest_first(event(3), event(4), event(5))
    assert undo_targets(log, 2) == [5, 4, 3]
    assert undo_targets(log, 4) == [5]
    assert undo_targets(log, 5) == []


def test_the_workers_events_go_with_the_action_before_them():
    log = newest_first(event(3), event(4, "system:tally"), event(5, "system:tally"), event(6))
    assert undo_targets(log, 2) == [6, 3]
    assert undo_targets(log, 3) == [6]  # 4 and 5 were caused by 3 and stand with it
    assert undo_targets(log, 4) == [6]


def test_what_an_earlier_retract_withdrew_is_not_withdrawn_again():
    log = newest_first(event(3), event(4), event(5, target=4), event(6), event(7, target=6))
    assert undo_targets(log, 2) == [3]
    log = newest_first(event(3), event(4), event(5, target=4), event(6))
    assert undo_targets(log, 2) == [6, 3]


class Beaten(Recorder):
    """A recorder whose next planned batch finds `winner`, a write racing it, in the log
    first: the interleaving of two requests, on the real store."""

    winner = None

    def record_checked(self, head, checked, keyed=None):
        winner, self.winner = self.winner, None
        if winner is not None:
            winner()
        return super().record_checked(head, checked, keyed)


def test_a_keyed_undo_beaten_by_its_key_planned_at_another_head_answers_that_undo(services):
    recorder = services.recorder
    game_id, _, _, _ = recorder.create("toy", ["ann", "ben"], {"tally_every": 1000}, "t")
    for amount, player in enumerate(["ann", "ben", "ann", "ben"], start=1):
        added = {"type": "toy.added", "actor": f"player:{player}",
                 "payload": {"player": player, "amount": amount}}  # fmt: skip
        recorder.record(game_id, [added])
    stale = services.projector.head(game_id)  # at 5: an undo to 3 withdraws 5 and 4
    recorder.record(game_id, [{**added, "actor": "player:ann",
                               "payload": {"player": "ann", "amount": 5}}])  # fmt: skip
    key = keyed("a-key", ["a scope"], {"to": 3})
    first: list = []
    beaten = Beaten(
        services.projector,
        services.catalog,
        services.games,
        services.event_types,
        services.receipts,
    )
    beaten.winner = lambda: first.append(undo(recorder, services.projector.head(game_id), 3,
                                              keyed=key))  # fmt: skip
    again = undo(beaten, stale, 3, keyed=key)
    [won] = first
    assert (won.withdrawn, won.recorded.duplicate) == ([6, 5, 4], False)
    assert (again.withdrawn, again.state_at, again.recorded.duplicate) == ([6, 5, 4], 3, True)
    assert again.recorded.envelopes == won.recorded.envelopes
    assert services.projector.meta(game_id)["version"] == 9
    with pytest.raises(KeyReused):  # the same key asking to undo to 4 names another undo
        undo(recorder, services.projector.head(game_id), 4,
             keyed=keyed("a-key", ["a scope"], {"to": 4}))  # fmt: skip


def test_a_keyed_redo_beaten_by_its_key_redoing_another_undo_answers_that_redo(services):
    """Planned at a stale head, where the last undo was another: the append script finds
    the key wrote a redo meanwhile, writes nothing, and that redo is answered."""
    recorder, projector = services.recorder, services.projector
    game_id, _, _, _ = recorder.create("toy", ["ann", "ben"], {"tally_every": 1000}, "t")
    for amount, player in enumerate(["ann", "ben", "ann", "ben"], start=1):
        recorder.record(game_id, [{"type": "toy.added", "actor": f"player:{player}",
                                   "payload": {"player": player, "amount": amount}}])  # fmt: skip
    undo(recorder, projector.head(game_id), 3)  # retracts of 5 and 4 at 6, 7
    stale = projector.head(game_id)  # at 7: a redo re-applies 4 and 5
    undo(recorder, stale, 2)  # a retract of 3 at 8: a redo re-applies 3
    key = keyed("a-key", ["a scope"], {})
    first: list = []
    beaten = Beaten(projector, services.catalog, services.games, services.event_types,
                    services.receipts)  # fmt: skip
    beaten.winner = lambda: first.append(redo(recorder, projector.head(game_id), keyed=key))
    again = redo(beaten, stale, keyed=key)
    [won] = first
    assert (won.withdrawn, won.recorded.duplicate) == ([3], False)
    assert (again.withdrawn, again.recorded.duplicate) == ([3], True)
    assert again.recorded.envelopes == won.recorded.envelopes
    assert projector.meta(game_id)["version"] == 9


def test_what_a_step_offers_to_correct(services):
    """At the head, the retract that is legal (LOG-RETRACT); at a past step, the actions an undo
    to it withdraws; after an undo, what a redo re-applies, until it is redone."""
    recorder, projector = services.recorder, services.projector
    game_id, _, _, _ = recorder.create("toy", ["ann", "ben"], {"tally_every": 1000}, "t")
    for amount, player in enumerate(["ann", "ben", "ann"], start=1):
        recorder.record(game_id, [{"type": "toy.added", "actor": f"player:{player}",
                                   "payload": {"player": player, "amount": amount}}])  # fmt: skip
    head = projector.head(game_id)
    assert corrections(recorder, head.game_id, head.version, 4) == Corrections(4, [], [])
    assert corrections(recorder, head.game_id, head.version, 2) == Corrections(None, [4, 3], [])
    undo(recorder, head, 2)  # retracts at 5 and 6
    head = projector.head(game_id)
    assert corrections(recorder, head.game_id, head.version, 6) == Corrections(2, [], [3, 4])
    assert corrections(recorder, head.game_id, head.version, 3) == Corrections(
        None, [], [3, 4]
    )  # 3 is withdrawn
    redo(recorder, head)
    head = projector.head(game_id)
    assert corrections(recorder, head.game_id, head.version, head.version) == Corrections(8, [], [])


def test_redo_is_offered_only_for_an_undo_with_nothing_recorded_after_it(services):
    """#32: a player's own withdraw is not an undo, so no redo is offered after it; nor after
    an undo once play went on (a redo would put the old actions on top of the new)."""
    recorder, projector = services.recorder, services.projector
    game_id, _, _, _ = recorder.create("toy", ["ann", "ben"], {"tally_every": 1000}, "t")

    def added(player, amount):
        recorder.record(game_id, [{"type": "toy.added", "actor": f"player:{player}",
                                   "payload": {"player": player, "amount": amount}}])  # fmt: skip

    def offered():
        version = projector.head(game_id).version
        return corrections(recorder, game_id, version, version).redo

    added("ann", 1)
    added("ben", 2)
    recorder.record(game_id, [{"type": "retract", "actor": "player:ben", "payload": {"seq": 3}}])
    assert offered() == []
    undo(recorder, projector.head(game_id), 1)  # the table's recorder withdraws ann's 2
    assert offered() == [2]
    added("ann", 5)
    assert offered() == []
    # the recorder's own withdraw of one action writes a retract as an undo of one would, but
    # only the undo marks it (`undo`): a withdraw is not offered again
    recorder.record(game_id, [{"type": "retract", "actor": "admin", "payload": {"seq": 6}}])
    assert offered() == []
    added("ann", 6)
    undo(recorder, projector.head(game_id), 7)
    assert offered() == [8]
