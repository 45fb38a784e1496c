"""The feed on a three-node Redis Cluster (workers/feed.py): the appends note their events in
the outbox of their game's slot, and the workers move each note into the feed once, one
game's in seq order, however many of them drain; and a webhook sent that feed."""

import dataclasses
import threading

from events import keys
from replays.feed import Feed, Filters
from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for
from tests.receiver import Receiver
from workers.deliveries import Deliverer
from workers.feed import FeedDrain


def play(client, games: int = 6, moves: int = 4) -> set[tuple[str, int]]:
    acknowledged = set()
    for n in range(games):
        game_id, token = create_toy(client, players=(f"a{n}", f"b{n}"))
        acknowledged.add((game_id, 1))
        for move in range(moves):
            answer = append(client, game_id, token, add((f"a{n}", f"b{n}")[move % 2], 1))
            acknowledged.add((game_id, answer.json["events"][0]["seq"]))
    return acknowledged


def read_all(feed: Feed) -> list[tuple[str, int]]:
    page = feed.page("0-0", 1000, Filters())
    return [(e["game"], e["seq"]) for e in page.entries]


def test_the_outboxes_are_moved_into_the_feed_once_in_each_games_order(request):
    client, _ = request.getfixturevalue("cluster_client")
    redis = client.application.extensions["tablelog"].redis
    acknowledged = play(client)
    games = {game for game, _ in acknowledged}
    outboxes = {keys.feed_outbox(game) for game in games}
    assert len({redis.get_node_from_key(o).name for o in outboxes}) > 1  # across the nodes
    feed = Feed(redis)
    assert read_all(feed) == []  # nothing is in the feed before a worker moves it

    drains = [FeedDrain(redis) for _ in range(3)]
    racing = [threading.Thread(target=d.drain_all) for d in drains]
    for thread in racing:
        thread.start()
    for thread in racing:
        thread.join()
    assert FeedDrain(redis).drain_all() == 0

    read = read_all(feed)
    assert len(read) == len(set(read)) == len(acknowledged)
    assert set(read) == acknowledged
    for game in games:
        assert [s for g, s in read if g == game] == [1, 2, 3, 4, 5]
    assert all(redis.xlen(o) == 1 for o in outboxes)  # trimmed to the last note moved


def test_a_worker_moves_what_is_appended_as_it_comes(request, start_worker):
    client, settings = request.getfixturevalue("cluster_client")
    start_worker(
        REDIS_URL=settings.redis_url, REDIS_CLUSTER="1", RQ_REDIS_URL=settings.rq_redis_url
    )
    redis = client.application.extensions["tablelog"].redis
    game_id, token = create_toy(client, goal=1000, tally_every=1000)
    wait_for(lambda: read_all(Feed(redis)) == [(game_id, 1)], timeout=15)
    append(client, game_id, token, add("ann", 1))
    wait_for(lambda: read_all(Feed(redis)) == [(game_id, 1), (game_id, 2)], timeout=5)


def test_a_webhook_is_sent_the_cluster_feed(request):
    """Its state and attempts share its own slot; the scripts that keep them run there."""
    client, _ = request.getfixturevalue("cluster_client")
    svc = client.application.extensions["tablelog"]
    receiver = Receiver().start()
    try:
        _, token = svc.tool_keys.create("league", ["webhooks:write"])
        hook, _ = svc.webhooks.create(token.split("_")[1], receiver.url, "", {}, "0-0")
        acknowledged = play(client, games=3, moves=2)
        FeedDrain(svc.redis).drain_all()
        deliverer = Deliverer(svc)
        deliverer.settings = dataclasses.replace(svc.settings, webhook_allow_private=True)
        deliverer.run(hook.id)
        assert len(receiver.taken()) == len(acknowledged) == 9
        assert svc.webhooks.get(hook.id).delivered == 9
        assert len(svc.webhooks.attempts(hook.id, None, 100)) == 9
    finally:
        receiver.stop()
