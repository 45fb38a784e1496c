"""A phase the worker cannot resolve ends in a clear state, never silently pending: the failure
is kept beside the game once, retries stop, the summary, `next`, the game page and `verify`
name it, the worker's log says it once, the sweeper leaves the game alone, and an append that
moves the head lets the worker try again.

The toy game breaks its tally on purpose (tests/toygame: `tally_raises_at`,
`tally_refused_at`); every game here has its tally at 11 due at seq 3."""

import json
import os
import signal
import time

import pytest
from rq import Retry
from rq.job import JobStatus
from rq.registry import ScheduledJobRegistry

from events import keys
from tests.api.helpers import add, append, create_toy, retract
from tests.conftest import wait_for
from tests.workers.test_phases import tallies
from workers.jobs import PhaseFailed, run
from workers.queue import RETRY, PhaseQueue
from workers.sweeper import sweep

RAISES = "TypeError: cannot tally a total of 11 (tally_raises_at)"


def failing_game(client, **options):
    """A toy game, ann 6 then ben 5: the tally at 11 is due at seq 3. Its id, token and job."""
    game_id, token = create_toy(client, **options)
    append(client, game_id, token, add("ann", 6))
    job = append(client, game_id, token, add("ben", 5)).json["job"]
    return game_id, token, job


def summary(client, game_id) -> dict:
    return client.get(f"/api/games/{game_id}").json


def failed_in_process(client, services, **options):
    """A failing game whose job ran here, as the worker runs it, and failed."""
    game_id, token, job = failing_game(client, **options)
    with pytest.raises(PhaseFailed):
        run(services, game_id)
    return game_id, token, job


def with_few_retries(app, game_id: str, job: dict, retries: int = 1) -> PhaseQueue:
    """The game's job replaced by one that RQ retries `retries` times at once, not after
    RETRY's back-offs, so its last attempt comes within seconds."""
    phases = app.extensions["tablelog.queue"]
    phases.fetch(job["id"]).delete()
    quick = PhaseQueue(phases.connection, phases.job_timeout, retry=Retry(max=retries))
    quick.enqueue(game_id, 3)
    return quick


def test_a_resolve_that_raises_is_given_up_at_once_said_once_and_left_by_the_sweeper(
    client, app, services, start_worker, tmp_path
):
    log = tmp_path / "worker.log"
    start_worker(log=log)
    game_id, _, job = failing_game(client, tally_raises_at=[11])
    failed = wait_for(lambda: summary(client, game_id)["failed"])
    assert {k: failed[k] for k in ("phase", "seq", "error", "attempts")} == {
        "phase": "tally", "seq": 3, "error": RAISES, "attempts": 1
    }  # fmt: skip
    assert failed["at"].endswith("Z")
    time.sleep(RETRY.intervals[0] + 2)  # past the first retry's back-off: none comes
    phases = app.extensions["tablelog.queue"]
    assert client.get(job["href"]).json["status"] == JobStatus.FAILED.value
    assert phases.depth() == 0 and ScheduledJobRegistry(queue=phases.queue).count == 0
    assert sweep(services, phases).enqueued == [] and sweep(services, phases).enqueued == []
    said = log.read_text()
    assert said.count("gave up") == 1 and said.count("Traceback") == 1, said
    assert RAISES in said
    assert summary(client, game_id)["failed"] == failed  # written once


def test_the_summary_the_list_next_and_verify_name_the_failed_phase_and_its_error(client, services):
    game_id, _, _ = failed_in_process(client, services, tally_raises_at=[11])
    game = summary(client, game_id)
    failed = game["failed"]
    assert failed["phase"] == "tally" and failed["seq"] == 3 and failed["error"] == RAISES
    assert failed["attempts"] == 1 and game["pending"] == "tally"
    what = game["awaiting"]["what"]
    assert "could not resolve" in what and RAISES in what, what
    assert game["awaiting"]["types"] == ["retract"]
    polled = client.get(f"/api/games/{game_id}", headers={"If-None-Match": '"3"'})
    assert polled.status_code == 200 and polled.json["failed"] == failed  # not 304: it changed
    [listed] = client.get("/api/games?kind=toy").json["items"]
    assert listed["failed"] == failed and listed["awaiting"] == game["awaiting"]

    after = client.get(f"/api/games/{game_id}/next").json
    assert after["failed"] == failed and after["what"] == what
    before = client.get(f"/api/games/{game_id}/next?at=2").json
    assert before["failed"] is None and before["from"] == ["player:ben"]

    verdict = client.get(f"/api/games/{game_id}/verify").json
    assert verdict["ok"] is False and verdict["problem"] == "phase"
    assert verdict["first_bad_seq"] == 3 and verdict["failed"] == failed
    assert "tally" in verdict["detail"] and RAISES in verdict["detail"]
    assert verdict["checked"] == 3 and verdict["recompute"]["ok"] is True  # the log holds

    told = client.get(f"/api/games/{game_id}/transcript").get_data(as_text=True)
    assert "does not hold" not in told and "seq 3, phase" in told  # every event told


def test_the_game_page_says_in_words_that_the_worker_failed(client, services):
    game_id, _, _ = failed_in_process(client, services, tally_raises_at=[11])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "could not resolve the tally at step 3" in page and RAISES in page
    assert "1 attempt" in page
    step = client.get(f"/games/{game_id}/step?at=3").get_data(as_text=True)
    assert RAISES in step and '"types": ["retract"]' in step  # the record panel's data
    past = client.get(f"/games/{game_id}?at=2").get_data(as_text=True)
    assert "could not resolve" not in past
    assert "could not resolve" in client.get("/").get_data(as_text=True)


def test_derived_events_the_game_refuses_are_a_failure_and_nothing_is_written(client, services):
    game_id, _, _ = failed_in_process(client, services, tally_refused_at=[11])
    failed = summary(client, game_id)["failed"]
    assert failed["error"].startswith("RuleViolation: TOY-TALLY-1"), failed
    assert summary(client, game_id)["version"] == 3 and tallies(client, game_id) == []


def test_a_second_job_failing_at_the_same_head_writes_and_says_nothing_more(
    client, services, caplog
):
    game_id, _, _ = failed_in_process(client, services, tally_raises_at=[11])
    first = summary(client, game_id)["failed"]
    with pytest.raises(PhaseFailed):
        run(services, game_id)
    assert summary(client, game_id)["failed"] == first
    assert len([r for r in caplog.records if "gave up" in r.getMessage()]) == 1


def test_a_correction_clears_the_failure(client, services):
    game_id, token, _ = failed_in_process(client, services, tally_raises_at=[11])
    append(client, game_id, token, retract(3, reason="ben added 4, not 5"))
    game = summary(client, game_id)
    assert game["failed"] is None and game["pending"] is None
    assert game["awaiting"]["from"] == ["player:ben"]
    assert client.get(f"/api/games/{game_id}/verify").json["ok"] is True


def test_an_append_that_moves_the_head_lets_the_worker_try_again(client, start_worker):
    start_worker()
    game_id, token, _ = failing_game(client, tally_raises_at=[11])
    wait_for(lambda: summary(client, game_id)["failed"])
    append(client, game_id, token, add("ann", 1))  # 12: the tally, still due, now resolves
    [tally] = wait_for(lambda: tallies(client, game_id))
    assert tally["payload"]["total"] == 12 and tally["caused_by"] == 4
    game = summary(client, game_id)
    assert game["failed"] is None and game["pending"] is None


def test_the_sweeper_leaves_a_failed_game_until_its_rules_change(
    client, app, services, redis_client
):
    game_id, _, job = failing_game(client, tally_raises_at=[11])
    phases = app.extensions["tablelog.queue"]
    phases.fetch(job["id"]).delete()  # a job that failed is no longer live, to the sweep
    with pytest.raises(PhaseFailed):
        run(services, game_id)
    assert sweep(services, phases).enqueued == []
    # A release that changes the game's code (a fix, perhaps): the same state may now resolve
    kept = json.loads(redis_client.get(keys.failure(game_id)))
    kept["rules"]["digest"] = "0" * 64
    redis_client.set(keys.failure(game_id), json.dumps(kept))
    assert sweep(services, phases).enqueued == [job["id"]]


def test_a_job_that_times_out_is_retried_then_given_up_and_said_once(
    client, app, start_worker, tmp_path
):
    game_id, _, job = failing_game(client, resolve_delay=8)  # the tests' job timeout is 5 s
    with_few_retries(app, game_id, job)
    log = tmp_path / "worker.log"
    start_worker(log=log)
    failed = wait_for(lambda: summary(client, game_id)["failed"], timeout=60)
    assert failed["attempts"] == 2 and failed["error"].startswith("JobTimeoutException")
    said = wait_for(lambda: "gave up" in log.read_text() and log.read_text())  # kept, then said
    assert said.count("gave up") == 1 and said.count("Traceback") == 1, said


def test_a_job_whose_process_dies_on_its_last_attempt_is_given_up(
    client, app, start_worker, tmp_path
):
    game_id, _, job = failing_game(client, resolve_delay=3)
    with_few_retries(app, game_id, job)
    worker = start_worker()
    killed: set[int] = set()
    for _ in range(2):  # the first attempt and its retry, the last
        horse = wait_for(lambda: next((p for p in worker.horses() if p not in killed), None))
        os.kill(horse, signal.SIGKILL)
        killed.add(horse)
    failed = wait_for(lambda: summary(client, game_id)["failed"])
    assert failed["phase"] == "tally" and failed["seq"] == 3 and failed["attempts"] == 2
    assert "SIGKILL" in failed["error"], failed
    assert tallies(client, game_id) == []


def test_a_failure_record_changed_in_redis_is_passed_over(client, services, redis_client):
    game_id, _, _ = failed_in_process(client, services, tally_raises_at=[11])
    for changed in (b"{not json", json.dumps({"seq": 3}), json.dumps([3])):
        redis_client.set(keys.failure(game_id), changed)
        game = summary(client, game_id)
        assert game["failed"] is None and game["pending"] == "tally"
