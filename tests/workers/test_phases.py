"""Automatic phases resolved by real RQ workers on the real Redis."""

from rq.job import JobStatus

from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for
from workers.jobs import resolve_pending
from workers.queue import job_id
from workers.sweeper import sweep


def tallies(client, game_id):
    log = client.get(f"/api/games/{game_id}/events?limit=1000").json["items"]
    return [e for e in log if e["type"] == "toy.tallied"]


def test_an_append_that_makes_a_phase_due_links_its_job_and_a_worker_resolves_it(
    client, start_worker
):
    start_worker()
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 6))
    response = append(client, game_id, token, add("ben", 5))
    job = response.json["job"]
    assert response.json["pending"] == "tally"
    assert job == {"id": job_id(game_id, 3), "href": f"/api/jobs/{job_id(game_id, 3)}"}
    done = wait_for(lambda: client.get(job["href"]).json["status"] == "finished" and
                    client.get(job["href"]).json)  # fmt: skip
    assert done["result"]["resolved"][0]["seqs"] == [4]
    [tally] = tallies(client, game_id)
    assert tally["seq"] == 4 and tally["actor"] == "system:tally" and tally["caused_by"] == 3
    step = client.get(f"/api/games/{game_id}/replay/4").json
    assert step["explanation"] == {"total": 11, "previous": 0, "every": 10}
    assert client.get(f"/api/games/{game_id}").json["pending"] is None


def test_a_job_run_twice_writes_nothing_twice(client, services):
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    append(client, game_id, token, add("ben", 9))
    first = resolve_pending(services, game_id)
    second = resolve_pending(services, game_id)
    assert len(first["resolved"]) == 1 and second["resolved"] == []
    assert len(tallies(client, game_id)) == 1


def test_a_job_after_a_newer_human_event_resolves_at_the_new_head(client, services):
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    append(client, game_id, token, add("ben", 9))  # tally due at seq 3
    append(client, game_id, token, add("ann", 1))  # the table moves on before the worker
    resolve_pending(services, game_id)
    resolve_pending(services, game_id)
    [tally] = tallies(client, game_id)
    assert tally["payload"]["total"] == 19 and tally["caused_by"] == 4


def test_a_duplicate_enqueue_is_refused(client, services, app):
    from app.context import phase_queue

    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    with app.app_context():
        queue = phase_queue()
        assert queue.enqueue(game_id, 3) == job["id"]
        assert queue.depth() == 1


def test_a_worker_killed_mid_job_yields_the_derived_events_exactly_once(client, start_worker):
    first = start_worker()
    game_id, token = create_toy(client, resolve_delay=2.0)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    wait_for(lambda: client.get(job["href"]).json["status"] == "started")
    first.kill()
    assert tallies(client, game_id) == []
    # The next worker's scheduled sweep sees the job abandoned once its timeout (5 s in the
    # tests) has passed, and enqueues it again; that worker runs it.
    start_worker(SWEEP_EVERY="0.5")
    finished = JobStatus.FINISHED.value
    wait_for(lambda: client.get(job["href"]).json["status"] == finished, timeout=30)
    assert len(tallies(client, game_id)) == 1
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_the_sweeper_re_enqueues_games_left_pending(client, app, services):
    from app.context import phase_queue

    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    with app.app_context():
        queue = phase_queue()
        queue.fetch(job["id"]).delete()  # the API died before the job was saved
        assert queue.depth() == 0
        assert sweep(services, queue).enqueued == [job["id"]]
        assert queue.depth() == 1
        assert sweep(services, queue).enqueued == []  # still queued: not a second copy
        assert queue.depth() == 1
    resolve_pending(services, game_id)
    with app.app_context():
        assert sweep(services, phase_queue()).enqueued == []


def test_moves_made_while_a_phase_waits_queue_no_second_job(client, app, services):
    """Issue 31, item 2: at most one job of a game waits in the queue; it resolves whatever is
    due at the head when it runs. The sweeper leaves it too."""
    from app.context import phase_queue

    game_id, token = create_toy(client, goal=1000)
    append(client, game_id, token, add("ann", 9))
    first = append(client, game_id, token, add("ben", 9)).json["job"]
    later = [append(client, game_id, token, add(player, 1)).json["job"]
             for player in ["ann", "ben"] * 10]  # fmt: skip
    assert later == [first] * 20
    with app.app_context():
        assert sweep(services, phase_queue()).enqueued == []
        assert phase_queue().depth() == 1


def test_a_move_made_while_the_game_s_job_runs_queues_one_job_after_it(client, app, start_worker):
    """The running job may have read the head before the move: one more job is queued for the
    game, and only one, however many moves follow."""
    from app.context import phase_queue

    game_id, token = create_toy(client, goal=1000, resolve_delay=1.5)
    append(client, game_id, token, add("ann", 9))
    running = append(client, game_id, token, add("ben", 9)).json["job"]
    start_worker()
    wait_for(lambda: client.get(running["href"]).json["status"] == "started")
    append(client, game_id, token, add("ann", 9))  # total 27: two tallies due, one queued
    after = [append(client, game_id, token, add(player, 1)).json["job"]
             for player in ["ben", "ann", "ben", "ann", "ben"]]  # fmt: skip
    assert len({job["id"] for job in after}) == 1 and after[0] != running
    with app.app_context():
        assert phase_queue().depth() == 1
    wait_for(lambda: client.get(after[0]["href"]).json["status"] == "finished", timeout=20)
    assert [t["payload"]["total"] for t in tallies(client, game_id)] == [32]
    assert client.get(f"/api/games/{game_id}").json["pending"] is None
