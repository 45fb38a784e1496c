"""Undo and redo on a Burn Rate game recorded through the API, with a real worker ending the
turns: undoing across a turn's end withdraws the worker's events with the player's
`turn_ended`, and a redo re-applies Ruth's turn and lets the worker end it again."""

import pytest

from tests.games.burnrate.test_rulebook_examples import FREE_INTERNET, GROCERY, joe_and_ruth
from tests.scenarios.recorded_table import RecordedTable


@pytest.fixture
def recorded(client, start_worker):
    start_worker()
    RecordedTable.client = client
    yield RecordedTable
    RecordedTable.client = None


def summary(table):
    return table.client.get(table.href).json


def log(table):
    return table.client.get(f"{table.href}/events?limit=1000").json["items"]


def undo(table, to):
    headers = {"Authorization": f"Bearer {table.token}"}
    return table.client.post(f"{table.href}/undo", json={"to": to}, headers=headers)


def redo(table):
    headers = {"Authorization": f"Bearer {table.token}"}
    return table.client.post(f"{table.href}/redo", headers=headers)


def test_undo_ruths_turn_across_its_end_then_redo_it(recorded):
    table = joe_and_ruth(recorded)
    table.end_turn("joe")
    after_joe = summary(table)["version"]
    state_after_joe = table.state
    table.record("bad_idea_played", player="ruth", target="joe", card=FREE_INTERNET)
    table.record("bad_idea_played", player="ruth", target="joe", card=GROCERY)
    assert table.end_turn("ruth")  # the worker ended ruth's turn
    finished_turn = table.state
    head = summary(table)["version"]
    worker_events = [e["seq"] for e in log(table) if e["seq"] > after_joe + 3]
    assert worker_events and all(
        e["actor"].startswith("system:") for e in log(table)[after_joe + 3 :]
    )

    undone = undo(table, after_joe)
    assert undone.status_code == 201, undone.json
    turn_ended = after_joe + 3
    assert undone.json["withdrawn"] == [turn_ended, after_joe + 2, after_joe + 1]
    assert undone.json["state_at"] == after_joe and undone.json["pending"] is None
    assert table.state == state_after_joe
    withdrawn = {e["seq"]: e["withdrawn_by"] for e in log(table)}
    assert all(withdrawn[seq] for seq in worker_events)  # the turn's end went with its cause
    assert table.client.get(f"{table.href}/next").json["from"] == ["player:ruth"]

    redone = redo(table)
    assert redone.status_code == 201, redone.json
    assert [e["type"] for e in redone.json["events"]] == [
        "burnrate.bad_idea_played",
        "burnrate.bad_idea_played",
        "burnrate.turn_ended",
    ]
    assert redone.json["pending"] == "turn_end"  # the worker ends the turn again
    table.seen = summary(table)["version"]
    again = table.settle()
    assert [e["type"] for e in again] == [
        e["type"] for e in log(table) if e["seq"] in worker_events
    ]
    assert table.state == finished_turn
    assert summary(table)["version"] == head + 3 + 3 + len(again)
    assert table.client.get(f"{table.href}/verify").json["ok"] is True


def test_undo_to_a_turn_end_keeps_the_workers_resolution_of_it(recorded):
    """Undo to joe's `turn_ended`: the worker's events after it were caused by it, so they
    stay, and the game is where ruth's turn began."""
    table = joe_and_ruth(recorded)
    table.record("turn_ended", player="joe")
    joe_ended = summary(table)["version"]
    table.settle()
    ruths_turn = summary(table)["version"]
    table.record("bad_idea_played", player="ruth", target="joe", card=FREE_INTERNET)
    undone = undo(table, joe_ended)
    assert undone.status_code == 201, undone.json
    assert undone.json["withdrawn"] == [ruths_turn + 1]
    assert undone.json["state_at"] == ruths_turn
    assert table.client.get(f"{table.href}/next").json["from"] == ["player:ruth"]


def test_a_redo_the_turn_no_longer_allows_is_refused_by_the_rule(recorded):
    table = joe_and_ruth(recorded)
    table.end_turn("joe")
    after_joe = summary(table)["version"]
    table.record("bad_idea_played", player="ruth", target="joe", card=FREE_INTERNET)
    undo(table, after_joe)
    table.record("bad_idea_played", player="ruth", target="joe", card=GROCERY)
    table.end_turn("ruth")  # ruth's turn is over: her old play cannot come back
    version = summary(table)["version"]
    refused = redo(table)
    assert refused.status_code == 422, refused.json
    assert refused.json["rule"] == "BR-TURN-1", refused.json  # it is joe's turn
    assert refused.json["details"]["redo_of"] == after_joe + 1
    assert summary(table)["version"] == version
