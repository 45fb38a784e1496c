"""The feed of every game (replays/feed.py): each acknowledged event and dispute entry once,
in the order acknowledged, one game's in seq order, resumed exactly from a cursor."""

import threading

import pytest

from events import keys
from events.store import CorruptEvent
from replays.feed import Feed, Filters
from tests.api.helpers import add, append, create_toy, new_id


def everything(feed: Feed, filters: Filters | None = None, after="0-0", limit=3) -> list[dict]:
    """Every entry after `after`, a page of `limit` at a time, as a tool following it would."""
    filters = filters or Filters()
    found = []
    while True:
        page = feed.page(after, limit, filters)
        found += page.entries
        after = page.cursor
        if not page.more:
            return found


def test_every_event_of_every_game_in_the_order_acknowledged(client, services):
    ann, ann_token = create_toy(client)
    ben, ben_token = create_toy(client, players=("cy", "di"))
    assert append(client, ann, ann_token, add("ann", 1)).status_code == 201
    assert append(client, ben, ben_token, add("cy", 2)).status_code == 201
    assert append(client, ann, ann_token, add("ben", 3)).status_code == 201

    found = everything(Feed(services.redis))

    assert [(e["game"], e["seq"]) for e in found] == [(ann, 1), (ben, 1), (ann, 2), (ben, 2),
                                                       (ann, 3)]  # fmt: skip
    assert [e["event"] for e in found if e["game"] == ann] == services.store.read(ann)
    assert all(e["source"] == "log" and e["kind"] == "toy" for e in found)
    assert [e["type"] for e in found] == ["toy.created", "toy.created", "toy.added",
                                          "toy.added", "toy.added"]  # fmt: skip
    cursors = [e["cursor"] for e in found]
    assert len(set(cursors)) == len(cursors)


def test_a_cursor_resumes_after_its_entry_and_never_answers_one_twice(client, services):
    game, token = create_toy(client)
    for amount in range(1, 6):
        append(client, game, token, add("ann" if amount % 2 else "ben", amount))
    feed = Feed(services.redis)
    whole = feed.page("0-0", 100, Filters()).entries
    for index, entry in enumerate(whole):
        rest = feed.page(entry["cursor"], 100, Filters())
        assert rest.entries == whole[index + 1 :]
        assert not rest.more
    end = feed.page(whole[-1]["cursor"], 100, Filters())
    assert end.entries == [] and end.cursor == whole[-1]["cursor"]


def test_dispute_entries_are_in_the_feed_marked_as_such(client, services):
    game, token = create_toy(client)
    opened = client.post(
        f"/api/games/{game}/disputes",
        headers={"Authorization": f"Bearer {token}"},
        json={"seq": 1, "author": "admin", "text": "who set this up?"},
    )
    assert opened.status_code == 201, opened.json
    found = everything(Feed(services.redis))
    said = [(e["source"], e["type"]) for e in found]
    assert said == [("log", "toy.created"), ("disputes", "dispute.opened")]
    assert found[1]["entry"] == 1 and found[1]["dispute"]["text"] == "who set this up?"
    assert "seq" not in found[1]
    assert everything(Feed(services.redis), Filters(source="disputes")) == found[1:]


def test_filters_by_kind_game_type_table_and_player(client, services):
    body = {"kind": "toy", "players": ["Ann", "ben"], "name": "Friday league", "options": {}}
    friday = client.post("/api/games", json=body).json
    other, other_token = create_toy(client, players=("cy", "di"))
    append(client, friday["id"], friday["token"], add("Ann", 4))
    append(client, other, other_token, add("cy", 5))
    feed = Feed(services.redis)

    def games_and_seqs(filters):
        return [(e["game"], e["seq"]) for e in everything(feed, filters)]

    assert games_and_seqs(Filters(table="friday LEAGUE")) == [(friday["id"], 1),
                                                              (friday["id"], 2)]  # fmt: skip
    assert games_and_seqs(Filters(player="ann")) == [(friday["id"], 1), (friday["id"], 2)]
    assert games_and_seqs(Filters(player="an")) == []
    assert games_and_seqs(Filters(games=frozenset({other}))) == [(other, 1), (other, 2)]
    assert games_and_seqs(Filters(types=frozenset({"toy.added"}))) == [(friday["id"], 2),
                                                                      (other, 2)]  # fmt: skip
    assert games_and_seqs(Filters(kinds=frozenset({"burnrate"}))) == []
    assert len(games_and_seqs(Filters(kinds=frozenset({"toy", "fcm"})))) == 4


def test_a_narrow_filter_over_a_long_feed_moves_its_cursor_on(client, services):
    """A page looks at ten notes for each entry it may answer: a filter that admits nothing
    answers no entry, with `more` and a cursor past what it looked at."""
    game, token = create_toy(client, goal=1000)
    for amount in range(30):
        append(client, game, token, add("ann" if amount % 2 == 0 else "ben", 1))
    wanted, wanted_token = create_toy(client, players=("zed", "yu"))
    feed = Feed(services.redis)
    first = feed.page("0-0", 2, Filters(games=frozenset({wanted})))
    assert first.entries == [] and first.more
    assert first.cursor == feed.page("0-0", 20, Filters()).entries[-1]["cursor"]
    assert [e["seq"] for e in everything(feed, Filters(games=frozenset({wanted})), limit=2)] == [1]


def test_imports_and_forks_are_in_the_feed_whole(client, services):
    game, token = create_toy(client)
    append(client, game, token, add("ann", 2))
    exported = client.get(f"/api/games/{game}/export").data
    imported = client.post("/api/games/import", data=exported,
                           content_type="application/x-ndjson").json["id"]  # fmt: skip
    fork = client.post(f"/api/games/{game}/forks", json={"at": 1}).json["id"]
    found = everything(Feed(services.redis))
    assert [(e["game"], e["seq"]) for e in found] == [(game, 1), (game, 2), (imported, 1),
                                                      (imported, 2), (fork, 1)]  # fmt: skip
    assert found[2]["event"] == found[0]["event"]


def test_racing_writers_and_a_reader_following_lose_nothing_and_repeat_nothing(client, services):
    """Eight threads append to eight games while a reader follows the feed a page at a time:
    every acknowledged event is read once, and each game's in seq order."""
    games = [create_toy(client, players=(f"a{n}", f"b{n}")) for n in range(8)]
    acknowledged: set[tuple[str, int]] = {(g, 1) for g, _ in games}
    done = threading.Event()

    def play(game_id, token, players):
        for turn in range(15):
            player = players[turn % 2]
            answer = append(client, game_id, token, add(player, 1, event_id=new_id()))
            assert answer.status_code == 201, answer.json
            acknowledged.add((game_id, answer.json["events"][0]["seq"]))

    writers = [threading.Thread(target=play, args=(g, t, (f"a{n}", f"b{n}")))
               for n, (g, t) in enumerate(games)]  # fmt: skip
    feed, read, after = Feed(services.redis), [], "0-0"
    for writer in writers:
        writer.start()
    while not done.is_set():
        done_writing = not any(w.is_alive() for w in writers)
        page = feed.page(after, 7, Filters())
        read += [(e["game"], e["seq"]) for e in page.entries]
        after = page.cursor
        if done_writing and not page.more:
            done.set()
    for writer in writers:
        writer.join()
    assert len(read) == len(set(read)) == len(acknowledged) == 8 * 16
    assert set(read) == acknowledged
    for game_id, _ in games:
        assert [s for g, s in read if g == game_id] == list(range(1, 17))


def test_a_note_whose_event_is_gone_is_damage_not_a_gap(client, services):
    game, token = create_toy(client)
    services.redis.delete(keys.events(game))
    with pytest.raises(CorruptEvent, match="the feed names event 1"):
        Feed(services.redis).page("0-0", 10, Filters())
