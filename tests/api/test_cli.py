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
    assert result.output.splitlines() == ["enqueued 1 job(s)", job["id"]]


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
