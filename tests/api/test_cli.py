"""`flask --app app sweep` and `flask --app app rebuild-catalog`."""

from events import keys
from tests.api.helpers import add, append, create_toy


def test_sweep_enqueues_the_games_left_pending(app, client):
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    app.extensions["tablelog.queue"].fetch(job["id"]).delete()
    result = app.test_cli_runner().invoke(args=["sweep"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "1 game(s) with a phase due: 1 job(s) enqueued, 0 queued or running already, 0 given up",
        job["id"],
    ]


def test_rebuild_catalog_makes_the_indexes_again_from_each_game(app, client, redis_client):
    finished_id, token = create_toy(client, goal=3)
    append(client, finished_id, token, add("ann", 3))
    active_id, _ = create_toy(client)
    redis_client.delete(keys.catalog_kind("toy"), keys.catalog_status("finished"))
    redis_client.zadd(keys.catalog_status("active"), {finished_id: 0})  # a stale entry
    result = app.test_cli_runner().invoke(args=["rebuild-catalog"])
    assert result.exit_code == 0 and result.output == "indexed 2 game(s)\n"
    finished = client.get("/api/games?status=finished").json["items"]
    assert [g["id"] for g in finished] == [finished_id]
    active = client.get("/api/games?status=active&kind=toy").json["items"]
    assert [g["id"] for g in active] == [active_id]


def test_rebuild_catalog_finds_a_game_no_index_lists(app, client, redis_client):
    """A process killed between an import's write and its catalog entry left a game nobody
    could find: the rebuild walks the games' own keys, not the indexes."""
    game_id, _ = create_toy(client)
    for index in redis_client.keys("games:*"):
        redis_client.delete(index)
    assert client.get("/api/games").json["items"] == []
    result = app.test_cli_runner().invoke(args=["rebuild-catalog"])
    assert result.output == "indexed 1 game(s)\n"
    assert [g["id"] for g in client.get("/api/games?kind=toy&status=active").json["items"]] == [
        game_id
    ]


def test_an_id_listed_before_its_game_was_written_is_skipped(client, redis_client):
    """A game is listed first, then written: a process that dies between leaves an id with no
    game, which the list passes over."""
    game_id, _ = create_toy(client)
    redis_client.zadd(keys.catalog_all(), {"00000000000000000000000000": 0})
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [game_id]


def test_one_damaged_game_does_not_break_the_list_or_the_sweep(app, client, redis_client):
    damaged, _ = create_toy(client)
    sound, token = create_toy(client)
    redis_client.hset(keys.meta(damaged), mapping={"players": "{{not json", "version": "x"})
    append(client, sound, token, add("ann", 9))
    append(client, sound, token, add("ben", 9))
    assert [g["id"] for g in client.get("/api/games").json["items"]] == [sound]
    damaged_answer = client.get(f"/api/games/{damaged}")
    assert damaged_answer.status_code == 500 and damaged_answer.json["title"] == "Damaged game"
    app.extensions["tablelog.queue"].queue.empty()
    for job_key in redis_client.keys("rq:job:*"):
        redis_client.delete(job_key)
    result = app.test_cli_runner().invoke(args=["sweep"])
    assert result.exit_code == 0 and result.output.startswith(
        "1 game(s) with a phase due: 1 job(s) enqueued"
    )
