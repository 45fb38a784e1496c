"""GET /api/games/<id>/stream, read from the test client as a browser's EventSource reads it:
a message at a time, each event once, in order, resumable after the last id received."""

import dataclasses

import pytest

from app import create_app
from app.api import stream
from tests.api.helpers import Reader, add, append, create_toy, retract
from workers.jobs import resolve_pending

HEARTBEAT = 0.2


@pytest.fixture
def app(settings):
    live = dataclasses.replace(settings, stream_heartbeat=HEARTBEAT, streams_per_process=3)
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": live})


def test_a_recorded_action_reaches_the_open_stream_as_it_is_read_alone(client, open_stream):
    game_id, token = create_toy(client)
    live = open_stream(f"/api/games/{game_id}/stream")
    assert live.response.mimetype == "text/event-stream"
    assert live.response.headers["Cache-Control"] == "no-store"
    assert append(client, game_id, token, add("ann", 3)).status_code == 201
    message = live.next_event()
    assert (message["id"], message["event"]) == ("2", "event")
    envelope = client.get(f"/api/games/{game_id}/events/2").json
    assert message["data"] == {k: v for k, v in envelope.items() if k != "withdrawn_by"}


def test_nothing_happening_sends_a_heartbeat_comment(client, open_stream):
    game_id, _ = create_toy(client)
    live = open_stream(f"/api/games/{game_id}/stream")
    assert live.next() == {"comment": "heartbeat"}
    assert live.next() == {"comment": "heartbeat"}


def test_it_resumes_after_last_event_id_or_after_and_the_header_wins(client, open_stream):
    game_id, token = create_toy(client)
    for player in ("ann", "ben", "ann"):
        append(client, game_id, token, add(player, 1))
    path = f"/api/games/{game_id}/stream"

    def seqs(reader, count):
        return [int(reader.next_event()["id"]) for _ in range(count)]

    assert seqs(open_stream(path, {"Last-Event-ID": "2"}), 2) == [3, 4]
    assert seqs(open_stream(f"{path}?after=0"), 4) == [1, 2, 3, 4]
    resumed = open_stream(f"{path}?after=0", {"Last-Event-ID": "3"})
    assert seqs(resumed, 1) == [4]
    append(client, game_id, token, add("ben", 1))
    assert seqs(resumed, 1) == [5]


def test_a_retract_is_a_new_event_and_earlier_messages_stay_as_they_were(client, open_stream):
    game_id, token = create_toy(client)
    live = open_stream(f"/api/games/{game_id}/stream")
    append(client, game_id, token, add("ann", 3))
    append(client, game_id, token, retract(2, reason="miscounted"))
    drafted, withdrawal = live.next_event(), live.next_event()
    assert "withdrawn_by" not in drafted["data"]
    assert withdrawal["id"] == "3" and withdrawal["data"]["type"] == "retract"
    assert withdrawal["data"]["payload"]["seq"] == 2


def test_a_dispute_written_while_the_stream_is_open_reaches_it(client, open_stream):
    """Every page of the game hears of a dispute, a reply, a resolution as it is written;
    those written before the stream opened are not sent again."""
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 3))
    auth = {"Authorization": f"Bearer {token}"}
    opened = {"seq": 2, "author": "admin", "text": "it was 4"}
    assert (
        client.post(f"/api/games/{game_id}/disputes", json=opened, headers=auth).status_code == 201
    )
    live = open_stream(f"/api/games/{game_id}/stream")
    reply = {"author": "player:ben", "text": "I saw 3"}
    path = f"/api/games/{game_id}/disputes/1/replies"
    assert client.post(path, json=reply, headers=auth).status_code == 201
    message = live.next_event()
    assert (message["event"], message["id"]) == ("dispute", "2:2")  # seq 2, dispute entry 2
    said = {k: message["data"][k] for k in ("entry", "kind", "dispute", "author", "text")}
    assert said == {"entry": 2, "kind": "dispute.replied", "dispute": 1,
                    "author": "player:ben", "text": "I saw 3"}  # fmt: skip
    append(client, game_id, token, add("ben", 1))
    assert live.next_event()["id"] == "3:2"


def test_a_stream_opened_again_sends_the_dispute_entries_written_meanwhile(client, open_stream):
    """An id names the last event and the last dispute entry sent (`<seq>:<entry>`, or the
    seq alone while the game has no dispute entry), so a reconnection misses neither; a page
    opening a stream of its own names the entry with `?disputes_after=`."""
    game_id, token = create_toy(client)
    auth = {"Authorization": f"Bearer {token}"}
    path = f"/api/games/{game_id}/stream"
    live = open_stream(path)
    append(client, game_id, token, add("ann", 3))
    assert live.next_event()["id"] == "2"
    opened = {"seq": 2, "author": "admin", "text": "it was 4"}
    client.post(f"/api/games/{game_id}/disputes", json=opened, headers=auth)
    assert live.next_event()["id"] == "2:1"
    live.close()  # away: a reply is written, and an event recorded
    reply = {"author": "player:ben", "text": "I saw 3"}
    client.post(f"/api/games/{game_id}/disputes/1/replies", json=reply, headers=auth)
    append(client, game_id, token, add("ben", 1))
    for resumed in (open_stream(path, {"Last-Event-ID": "2:1"}),
                    open_stream(f"{path}?after=2&disputes_after=1")):  # fmt: skip
        messages = [resumed.next_event() for _ in range(2)]
        assert [(m["event"], m["id"]) for m in messages] == [("event", "3:1"), ("dispute", "3:2")]
        assert messages[1]["data"]["kind"] == "dispute.replied"
        resumed.close()
    everything = open_stream(path, {"Last-Event-ID": "0:0"})
    assert [everything.next_event()["id"] for _ in range(5)] == ["1", "2", "3", "3:1", "3:2"]


def test_a_phase_message_follows_the_workers_events(client, open_stream, app):
    game_id, token = create_toy(client, tally_every=5)
    live = open_stream(f"/api/games/{game_id}/stream")
    append(client, game_id, token, add("ann", 6))
    assert live.next_event()["data"]["actor"] == "player:ann"
    resolve_pending(app.extensions["tablelog"], game_id)  # what the worker's job does
    tallied, phase = live.next_event(), live.next_event()
    assert tallied["data"]["type"] == "toy.tallied" and tallied["data"]["actor"] == "system:tally"
    assert phase["event"] == "phase" and "id" not in phase
    summary = client.get(f"/api/games/{game_id}").json
    assert phase["data"] == {**summary, "resolved": ["tally"]}
    assert phase["data"]["version"] == 3 and phase["data"]["pending"] is None
    assert phase["data"]["awaiting"]["from"] == ["player:ben"]


def test_a_stream_that_catches_up_says_once_what_the_phases_left(client, open_stream, app):
    game_id, token = create_toy(client, tally_every=5)
    for player, amount in (("ann", 6), ("ben", 5)):
        append(client, game_id, token, add(player, amount))
        resolve_pending(app.extensions["tablelog"], game_id)
    live = open_stream(f"/api/games/{game_id}/stream?after=0")
    messages = [live.next_event() for _ in range(6)]
    assert [m["event"] for m in messages] == ["event"] * 5 + ["phase"]
    assert messages[-1]["data"]["version"] == 5 and messages[-1]["data"]["resolved"] == ["tally"]


@pytest.mark.parametrize(
    "query, headers, field",
    [("?after=9", {}, "after"), ("", {"Last-Event-ID": "9"}, "Last-Event-ID"),
     ("", {"Last-Event-ID": "latest"}, "Last-Event-ID"),
     ("", {"Last-Event-ID": "1:9"}, "Last-Event-ID"), ("?disputes_after=9", {}, "disputes_after")],
    ids=["after past the head", "Last-Event-ID past the head", "Last-Event-ID not a seq",
         "a dispute entry past the last", "disputes_after past the last"],
)  # fmt: skip
def test_a_resume_point_that_is_not_a_seq_of_the_game_is_refused(client, query, headers, field):
    game_id, _ = create_toy(client)
    answer = client.get(f"/api/games/{game_id}/stream{query}", headers=headers)
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"
    assert field in answer.json["errors"]


def test_an_unknown_game_is_a_404_before_any_stream(client):
    answer = client.get("/api/games/NOSUCHGAME/stream")
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"


def test_a_damaged_entry_is_a_500_before_any_stream(client, redis_client):
    from tests.replays.test_replay import tamper

    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 4))
    tamper(redis_client, game_id, 2, lambda raw: raw.replace(b'"amount":4', b'"amount":5'))
    answer = client.get(f"/api/games/{game_id}/stream?after=1")
    assert answer.status_code == 500 and answer.json["seq"] == 2


def test_each_process_holds_a_bounded_number_of_streams(client, open_stream):
    game_id, _ = create_toy(client)
    path = f"/api/games/{game_id}/stream"
    held = [open_stream(path) for _ in range(3)]
    refused = client.get(path)
    assert refused.status_code == 503 and refused.mimetype == "application/problem+json"
    assert refused.headers["Retry-After"] == str(stream.BUSY_RETRY_AFTER)
    assert client.head(path).status_code == 503
    held[0].close()
    open_stream(path)  # the closed stream's place is free again
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_a_stream_never_read_gives_its_place_back_when_closed(client, app):
    game_id, _ = create_toy(client)
    for _ in range(5):
        client.get(f"/api/games/{game_id}/stream", buffered=False).close()
        with client.head(f"/api/games/{game_id}/stream") as head:  # a server closes it
            assert head.status_code == 200
    assert app.extensions["tablelog.streams"].take()


def test_streams_end_at_their_next_heartbeat_once_the_process_stops(client, open_stream):
    game_id, _ = create_toy(client)
    live = open_stream(f"/api/games/{game_id}/stream")
    stream.stopping.set()
    try:
        with pytest.raises(StopIteration):
            live.next()
    finally:
        stream.stopping.clear()


def test_the_streams_redis_pool_has_a_connection_for_every_stream(app):
    svc = app.extensions["tablelog"]
    assert svc.stream_redis.connection_pool.max_connections >= svc.settings.streams_per_process


def test_a_stream_on_redis_cluster(request):
    """XREAD on the one node that holds the game's slot (test_cluster.py's cluster)."""
    client, _ = request.getfixturevalue("cluster_client")
    game_id, token = create_toy(client)
    live = Reader(client, f"/api/games/{game_id}/stream?after=0")
    try:
        assert live.next_event()["id"] == "1"
        append(client, game_id, token, add("ann", 3))
        assert live.next_event()["id"] == "2"
    finally:
        live.close()


def test_a_quiet_stream_outlasts_the_redis_clients_read_timeout(settings):
    """A heartbeat longer than redis-py's 5 s read timeout: the stream's XREAD BLOCK waits the
    whole heartbeat, and the client gets the heartbeat, not an ended stream."""
    quiet = dataclasses.replace(settings, stream_heartbeat=6.0)
    client = create_app({"TESTING": True, "TABLELOG_SETTINGS": quiet}).test_client()
    game_id, _ = create_toy(client)
    live = Reader(client, f"/api/games/{game_id}/stream")
    try:
        assert live.next() == {"comment": "heartbeat"}  # at once: nothing to send
        assert live.next() == {"comment": "heartbeat"}  # after a whole heartbeat of quiet
    finally:
        live.close()
