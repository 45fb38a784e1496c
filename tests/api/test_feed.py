"""GET /api/feed and /api/feed/stream, as a tool reads them with its key: every game's
entries after a cursor, filtered, resumed exactly, live."""

import dataclasses

import pytest

from app import create_app
from tests.api.helpers import add, append, create_toy

HEARTBEAT = 0.2


@pytest.fixture
def app(settings):
    live = dataclasses.replace(settings, stream_heartbeat=HEARTBEAT, streams_per_process=3)
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": live})


@pytest.fixture
def key(app):
    """A key for tools that reads the feed, as `flask keys create` makes it."""
    with app.app_context():
        _, token = app.extensions["tablelog"].tool_keys.create("league", ["feed:read"])
    return {"Authorization": f"Bearer {token}"}


def test_the_feed_needs_a_key_that_reads_it(app, client, key):
    assert client.get("/api/feed").status_code == 401
    assert client.get("/api/feed", headers={"Authorization": "Bearer nope"}).status_code == 401
    with app.app_context():
        _, hooks = app.extensions["tablelog"].tool_keys.create("hooks", ["webhooks:write"])
    refused = client.get("/api/feed", headers={"Authorization": f"Bearer {hooks}"})
    assert refused.status_code == 403 and "feed:read" in refused.json["detail"]
    assert client.get("/api/feed", headers=key).status_code == 200
    assert client.get("/api/feed/stream", headers={"Authorization": f"Bearer {hooks}"}
                      ).status_code == 403  # fmt: skip


def test_a_tool_follows_next_through_every_game(client, key):
    ann, ann_token = create_toy(client)
    cy, cy_token = create_toy(client, players=("cy", "di"))
    append(client, ann, ann_token, add("ann", 2))
    append(client, cy, cy_token, add("cy", 3))

    page = client.get("/api/feed?limit=3", headers=key).json
    assert [(e["game"], e["seq"]) for e in page["entries"]] == [(ann, 1), (cy, 1), (ann, 2)]
    assert page["more"] is True and page["cursor"] == page["entries"][-1]["cursor"]
    stored = client.get(f"/api/games/{ann}/events/2").json
    assert page["entries"][2]["event"] == {k: v for k, v in stored.items() if k != "withdrawn_by"}
    rest = client.get(page["next"], headers=key).json
    assert [(e["game"], e["seq"]) for e in rest["entries"]] == [(cy, 2)]
    assert rest["more"] is False
    assert client.get(rest["next"], headers=key).json["entries"] == []


def test_filters_are_kept_in_next(client, key):
    ann, ann_token = create_toy(client)
    cy, _ = create_toy(client, players=("cy", "di"))
    append(client, ann, ann_token, add("ann", 2))
    page = client.get(f"/api/feed?game={ann}&type=toy.added&limit=1", headers=key).json
    assert [(e["game"], e["type"]) for e in page["entries"]] == [(ann, "toy.added")]
    assert f"game={ann}" in page["next"] and "type=toy.added" in page["next"]
    assert cy not in str(client.get(page["next"], headers=key).json)


@pytest.mark.parametrize(
    "query, field",
    [("after=yesterday", "after"), ("limit=0", "limit"), ("limit=1001", "limit"),
     ("kind=chess", "kind"), ("type=toy.stolen", "type"), ("source=chat", "source"),
     ("game=a%20b", "game")],
)  # fmt: skip
def test_a_bad_query_is_a_400_naming_its_field(client, key, query, field):
    refused = client.get(f"/api/feed?{query}", headers=key)
    assert refused.status_code == 400
    assert refused.mimetype == "application/problem+json"
    assert field in str(refused.json["errors"])


def test_the_stream_sends_what_is_acknowledged_and_resumes_after_its_id(client, key, open_stream):
    game, token = create_toy(client)
    live = open_stream("/api/feed/stream", key)  # from the head: only what comes next
    append(client, game, token, add("ann", 2))
    message = live.next_event()
    assert message["event"] == "entry"
    assert (message["data"]["game"], message["data"]["seq"]) == (game, 2)
    assert message["id"] == message["data"]["cursor"]
    live.close()

    append(client, game, token, add("ben", 3))
    append(client, game, token, add("ann", 4))
    again = open_stream("/api/feed/stream", {**key, "Last-Event-ID": message["id"]})
    assert [again.next_event()["data"]["seq"] for _ in range(2)] == [3, 4]
    everything = open_stream("/api/feed/stream?after=0-0", key)
    assert [everything.next_event()["data"]["seq"] for _ in range(4)] == [1, 2, 3, 4]


def test_the_stream_filters_and_still_beats_while_others_play(client, key, open_stream):
    ann, ann_token = create_toy(client)
    cy, cy_token = create_toy(client, players=("cy", "di"))
    live = open_stream(f"/api/feed/stream?game={cy}", key)
    append(client, ann, ann_token, add("ann", 2))
    append(client, cy, cy_token, add("cy", 3))
    message = live.next_event()
    assert (message["data"]["game"], message["data"]["seq"]) == (cy, 2)
    assert live.next() == {"comment": "heartbeat"}


def test_a_revoked_key_ends_its_open_stream(app, client, open_stream):
    with app.app_context():
        keys = app.extensions["tablelog"].tool_keys
        made, token = keys.create("bot", ["feed:read"])
    live = open_stream("/api/feed/stream", {"Authorization": f"Bearer {token}"})
    with app.app_context():
        keys.revoke(made.id)
    with pytest.raises(StopIteration):
        while True:
            live.next()
    assert client.get("/api/feed/stream", headers={"Authorization": f"Bearer {token}"}
                      ).status_code == 401  # fmt: skip


def test_after_the_greatest_cursor_there_is_nothing_and_past_it_no_cursor(client, key):
    """Found by the fuzzer: Redis refuses a range after its greatest id (a 503 said the store
    could not be reached); a part of 2^64 or more is no cursor (400)."""
    create_toy(client)
    last = f"{2**64 - 1}-{2**64 - 1}"
    page = client.get(f"/api/feed?after={last}", headers=key)
    assert page.status_code == 200 and (page.json["entries"], page.json["more"]) == ([], False)
    assert client.get(f"/api/feed?after={2**64}-0", headers=key).status_code == 400
