"""#32: the log as read after corrections (replays/corrections.py): the retracts one undo
wrote together are one entry that says what they withdrew, no correction is itself marked
withdrawn, an action is marked withdrawn by the correction's entry, and a correction starts no
heading of its own."""

from replays.corrections import gathered

AT = "2026-12-01T06:52:00Z"


def told(seq, where, actor="player:ann", target=None, by=None, at=AT, reason=""):
    kind = "retract" if target else "toy.added"
    payload = {"seq": target, "reason": reason} if target else {}
    event = {"seq": seq, "type": kind, "actor": actor, "payload": payload, "recorded_at": at,
             "withdrawn_by": by}  # fmt: skip
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
