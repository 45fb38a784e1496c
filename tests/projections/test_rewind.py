"""Which seqs an undo withdraws: the retract rule applied until nothing after `to` stands."""

from projections.rewind import undo_targets


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
