"""#32: the log as read after corrections (replays/corrections.py): the retracts one undo
wrote together are one entry that says what they withdrew, no correction is itself marked
withdrawn, an action is marked withdrawn by the correction's entry, and a correction starts no
heading of its own."""

from projections.rewind import redo_event_id
from replays.corrections import gathered, redo_ids

AT = "2026-12-01T06:52:00Z"


def told(seq, where, actor="player:ann", target=None, by=None, at=AT, reason="", event_id=None):
    kind = "retract" if target else "toy.added"
    payload = {"seq": target, "reason": reason} if target else {}
    event = {"seq": seq, "type": kind, "actor": actor, "payload": payload, "recorded_at": at,
             "withdrawn_by": by, "event_id": event_id or f"id-{seq}"}  # fmt: skip
    return {"event": event, "text": f"said {seq}", "where": where}


def test_an_undo_is_one_entry_saying_what_it_withdrew():
    log = [
        told(2, "Turn 1", by=7),
        told(3, "Turn 2", by=6),
        told(4, "Turn 3", by=5),
        told(5, "Turn 3", "admin", target=4, by=7, at="later", reason="wrong turn"),
        told(6, "Turn 2", "admin", target=3, by=7, at="later", reason="wrong turn"),
        told(7, "Turn 1", "admin", target=2, at="later", reason="wrong turn"),
        told(8, "Turn 1", "player:ben"),
    ]
    read = gathered(log)
    assert [entry["event"]["seq"] for entry in read] == [2, 3, 4, 7, 8]
    assert [entry["event"]["withdrawn_by"] for entry in read] == [7, 7, 7, None, None]
    undo = read[3]
    assert undo["correction"] == {"first": 5, "last": 7, "withdrew": [2, 3, 4]}
    assert undo["text"] == (
        "the table's recorder undid to step 1: steps 2, 3 and 4 withdrawn: wrong turn"
    )
    assert undo["where"] is None


def test_a_withdraw_alone_is_one_entry_and_two_made_apart_are_two():
    log = [
        told(2, "Turn 1", by=3),
        told(3, "Turn 1", "player:ann", target=2, at="a"),
        told(4, "Turn 1", "player:ben", by=5),
        told(5, "Turn 1", "admin", target=4, at="b"),
    ]
    read = gathered(log)
    assert [e["correction"] for e in read if "correction" in e] == [
        {"first": 3, "last": 3, "withdrew": [2]},
        {"first": 5, "last": 5, "withdrew": [4]},
    ]
    assert [e["text"] for e in read if "correction" in e] == [
        "ann withdrew step 2",
        "the table's recorder withdrew step 4",
    ]


def test_an_undo_of_one_action_reads_as_an_undo_not_a_withdraw():
    """The recorder's withdraw and an undo of one action are both one retract by `admin`; the
    undo's says `undo` (projections/rewind.py), and reads so."""
    undone = told(3, "Turn 1", "admin", target=2, at="a", reason="wrong card")
    undone["event"]["payload"]["undo"] = True
    [_, entry] = gathered([told(2, "Turn 1", by=3), undone])
    assert entry["text"] == "the table's recorder undid to step 1: step 2 withdrawn: wrong card"


def test_a_redo_is_one_entry_saying_what_it_restored():
    """The redo of the undo at steps 5 to 6 (of 4 and 3) re-applied 3 as 7 and 4 as 9, the
    phase due between them resolved in the same write (8): one entry, steps 7 to 9; the
    worker's event after it, in a write of its own, stays its own entry."""
    undo = [
        told(5, "Turn 3", "admin", target=4, at="b"),
        told(6, "Turn 2", "admin", target=3, at="b"),
    ]
    ids = redo_ids("G", [u["event"] for u in undo])
    again = [
        told(7, "Turn 1", at="c", event_id=redo_event_id("G", 5, 0)),
        told(8, "Turn 2", "system:tally", at="c"),
        told(9, "Turn 2", "player:ben", at="c", event_id=redo_event_id("G", 5, 1)),
        told(10, "Turn 3", "system:tally", at="d"),
    ]
    read = gathered([told(3, "Turn 1", by=6), told(4, "Turn 2", by=5), *undo, *again], ids)
    assert [entry["event"]["seq"] for entry in read] == [3, 4, 6, 9, 10]
    redo = read[3]
    assert redo["correction"] == {
        "first": 7, "last": 9, "withdrew": [], "restored": [3, 4], "undo": 6
    }  # fmt: skip
    assert (
        redo["text"]
        == "the table's recorder redid the undo at step 6: steps 3 and 4 restored, as steps 7 to 9"
    )  # noqa: E501
    assert redo["where"] is None and redo["event"]["withdrawn_by"] is None
    assert redo["event"]["actor"] == "admin"  # the recorder's entry, though ben's action
    assert read[4]["text"] == "said 10"


def test_a_redo_of_one_and_an_action_like_it_that_is_not_a_redo():
    undo = [told(3, "Turn 1", "admin", target=2, at="b")]
    log = [
        told(2, "Turn 1", by=3),
        *undo,
        told(4, "Turn 1", at="c", event_id=redo_event_id("G", 3, 0)),
        told(5, "Turn 1", at="d", event_id="another"),
    ]
    read = gathered(log, redo_ids("G", [u["event"] for u in undo]))
    assert [entry["text"] for entry in read][2:] == [
        "the table's recorder redid the undo at step 3: step 2 restored, as step 4",
        "said 5",
    ]
