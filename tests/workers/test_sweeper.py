"""The sweeper finds every game whose phase is due and has no live job, whatever state the job
was left in, and the job runs within a sweep of a worker's start, not RQ's minutes."""

import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from rq import Worker
from rq.job import JobStatus
from rq.registry import ScheduledJobRegistry

from tests.api.helpers import add, append, create_toy
from tests.conftest import wait_for
from tests.workers.test_phases import tallies
from workers.queue import SERIALIZER
from workers.sweeper import sweep


def pending_game(client):
    game_id, token = create_toy(client)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    return game_id, job["id"]


def test_a_job_a_dead_worker_took_off_the_queue_runs_at_the_next_workers_start(
    client, app, start_worker, redis_client
):
    """A worker moves a job to RQ's intermediate list before it starts it; one that dies in
    between leaves the job `queued` where no queue holds it. RQ found it 12 minutes later."""
    game_id, job_id = pending_game(client)
    queue = app.extensions["tablelog.queue"].queue
    redis_client.lmove(queue.key, queue.intermediate_queue_key, "RIGHT", "LEFT")
    assert queue.fetch_job(job_id).get_status() == JobStatus.QUEUED and queue.count == 0
    start_worker(SWEEP_EVERY="60")  # only the sweep at its start can find it
    wait_for(lambda: tallies(client, game_id), timeout=20)
    assert redis_client.lrange(queue.intermediate_queue_key, 0, -1) == []


def test_a_job_started_by_a_worker_that_is_gone_is_replaced_at_once(app, client, services):
    game_id, job_id = pending_game(client)
    phases = app.extensions["tablelog.queue"]
    job = phases.fetch(job_id)
    phases.queue.remove(job)
    job.worker_name = "ghost"
    job.started_at = datetime.now(UTC)
    job.set_status(JobStatus.STARTED)
    job.save()
    assert sweep(services, phases).enqueued == [job_id]  # not after its timeout: its worker is gone
    assert phases.fetch(job_id).get_status() == JobStatus.QUEUED and phases.depth() == 1


def test_a_retry_overdue_for_want_of_a_scheduler_is_enqueued(app, client, services):
    game_id, job_id = pending_game(client)
    phases = app.extensions["tablelog.queue"]
    job = phases.fetch(job_id)
    phases.queue.remove(job)
    registry = ScheduledJobRegistry(queue=phases.queue)
    registry.schedule(job, datetime.now(UTC) + timedelta(seconds=30))
    job.set_status(JobStatus.SCHEDULED)
    assert sweep(services, phases).enqueued == []  # waiting out its back-off: live
    registry.schedule(job, datetime.now(UTC) - timedelta(seconds=30))
    assert sweep(services, phases).enqueued == [job_id]
    assert phases.depth() == 1


def test_jobs_are_json_not_pickles(app, client, redis_client):
    _, job_id = pending_game(client)
    data = app.extensions["tablelog.queue"].fetch(job_id).data
    assert data.startswith(b'["workers.jobs.resolve_phase"')


def test_a_damaged_job_is_replaced_and_does_not_stop_the_sweep_of_the_others(
    app, client, services, redis_client
):
    damaged_game, damaged_job = pending_game(client)
    sound_game, sound_job = pending_game(client)
    phases = app.extensions["tablelog.queue"]
    phases.fetch(sound_job).delete()
    redis_client.hset(f"rq:job:{damaged_job}", mapping={"data": b"\x00not json", "status": "?"})
    assert sorted(sweep(services, phases).enqueued) == sorted([damaged_job, sound_job])
    assert phases.fetch(damaged_job).get_status() == JobStatus.QUEUED  # made anew, readable


def test_a_job_left_started_by_a_killed_worker_runs_within_seconds_of_the_next_start(
    settings, start_worker, tmp_path
):
    """kill -9 of the whole service leaves the dead worker registered (RQ's key lives on for
    minutes) and its job `started`: the next start found it only after the job's timeout,
    55 s at `make run`'s 60. A worker on this machine whose process is gone is dead now."""
    from app import create_app

    slow = create_app(
        {"TESTING": True, "TABLELOG_SETTINGS": replace(settings, phase_job_timeout=600)}
    )
    client = slow.test_client()
    first = start_worker(PHASE_JOB_TIMEOUT="600")
    game_id, token = create_toy(client, resolve_delay=1.0)
    append(client, game_id, token, add("ann", 9))
    job = append(client, game_id, token, add("ben", 9)).json["job"]
    wait_for(lambda: client.get(job["href"]).json["status"] == "started")
    first.kill()
    started = time.monotonic()
    log = tmp_path / "worker.log"
    start_worker(log, PHASE_JOB_TIMEOUT="600", SWEEP_EVERY="600")  # only the sweep at start
    wait_for(lambda: tallies(client, game_id), timeout=60)
    assert time.monotonic() - started < 15
    assert len(tallies(client, game_id)) == 1
    assert "sweep at start: 1 game(s) with a phase due: 1 job(s) enqueued" in log.read_text()


def started_by(phases, job_id, worker):
    job = phases.fetch(job_id)
    phases.queue.remove(job)
    worker.prepare_job_execution(job)
    return job


def test_a_job_started_by_a_live_worker_of_this_machine_is_left_alone(app, client, services):
    _, job_id = pending_game(client)
    phases = app.extensions["tablelog.queue"]
    worker = Worker([phases.queue], connection=phases.connection, serializer=SERIALIZER)
    worker.register_birth()  # this test's process: alive, and born before its registration
    started_by(phases, job_id, worker)
    assert sweep(services, phases).enqueued == []


@pytest.mark.parametrize("left", ["a pid reused since", "its death said"])
def test_a_job_started_by_a_worker_this_machine_no_longer_runs_is_replaced(
    app, client, services, left
):
    _, job_id = pending_game(client)
    phases = app.extensions["tablelog.queue"]
    worker = Worker([phases.queue], connection=phases.connection, serializer=SERIALIZER)
    worker.register_birth()
    started_by(phases, job_id, worker)
    if left == "a pid reused since":  # its pid now runs a process younger than the worker
        phases.connection.hset(worker.key, "birth", "2000-01-01T00:00:00.000000Z")
    else:
        phases.connection.hset(worker.key, "death", "2026-12-02T00:00:00.000000Z")
    assert sweep(services, phases).enqueued == [job_id]


def test_health_counts_the_live_workers_not_a_killed_one_s_registration(client, start_worker):
    """A worker killed with kill -9 stays registered for minutes (RQ's key lapses after its
    last heartbeat): health counted it alive, so a service with none running said one."""
    first = start_worker()
    wait_for(lambda: client.get("/api/health").json["workers"] == 1)
    first.kill()
    assert client.get("/api/health").json["workers"] == 0
    start_worker()
    wait_for(lambda: client.get("/api/health").json["workers"] == 1)
