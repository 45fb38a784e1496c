"""Operations: where to start (the index of /api), a worker job's status, and the service's
health."""

from concurrent.futures import ThreadPoolExecutor, wait

import redis
from flask import current_app, url_for
from flask.views import MethodView
from flask_smorest import abort
from redis.cluster import RedisCluster

from app.api import schemas
from app.api.body import Blueprint
from app.api.problems import unwell
from app.context import phase_queue, services
from events import keys
from projections.queue_redis import queue_redis as connect_queues
from projections.services import Settings
from workers.queue import DeliveryQueue, PhaseQueue

blp = Blueprint("ops", __name__, url_prefix="/api", description="The index, jobs and health")


def _time(value) -> str | None:
    return value.isoformat() if value else None


@blp.route("")
class Index(MethodView):
    @blp.response(200, schemas.Index)
    def get(self):
        """Where to start: the docs, the OpenAPI document, the games, import and health."""
        return {
            "title": "tablelog",
            "kinds": services().games.kinds(),
            "links": {
                "docs": url_for("docs.page"),
                "openapi": url_for("api-docs.openapi_json"),
                "games": url_for("games.Games"),
                "import": url_for("replay.Import"),
                "health": url_for("ops.Health"),
                "rules": url_for("rules.Rules"),
                "problems": url_for("problem_types.ProblemTypes"),
            },
        }


@blp.route("/jobs/<job_id>")
class Job(MethodView):
    @blp.response(200, schemas.JobOut)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, job_id):
        """A phase job: queued, started, finished (with its result) or failed (with its error)."""
        job = phase_queue().fetch(job_id)
        if job is None or job.func_name != "workers.jobs.resolve_phase":
            abort(404, message=f"no job {job_id}")
        status = job.get_status()
        result = job.latest_result()
        game_id, seq = job.args
        return {
            "id": job.id,
            "status": str(getattr(status, "value", status)),
            "game": game_id,
            "seq": seq,
            "result": job.return_value(),
            "error": result.exc_string if result and result.exc_string else None,
            "enqueued_at": _time(job.enqueued_at),
            "ended_at": _time(job.ended_at),
        }


@blp.route("/health")
class Health(MethodView):
    @blp.response(200, schemas.Health)
    @blp.alt_response(
        503, schema=schemas.Health,
        description="a Redis does not answer, or refuses writes: `missing` says which",
    )  # fmt: skip
    def get(self):
        """Each Redis answering and taking writes, the workers alive (the phases' and the
        webhooks'), the jobs waiting, and what is missing in words. Answered within a second
        however sick the store: what has not answered by then is counted missing."""
        probes: Probes = current_app.extensions["tablelog.health"]
        pool = ThreadPoolExecutor(max_workers=2)
        store, queues = pool.submit(probes.store), pool.submit(probes.queues)
        wait([store, queues], timeout=HEALTH_WAIT)
        pool.shutdown(wait=False, cancel_futures=True)  # a stalled probe ends at its timeout
        answer = {"redis": False, "queue_redis": False, "workers": 0, "queue_depth": 0,
                  "webhook_workers": 0, "deliveries_waiting": 0}  # fmt: skip
        missing = []
        for future, which in ((store, "Redis"), (queues, "the queues' Redis")):
            if not future.done():
                missing.append(f"{which} does not answer within {HEALTH_WAIT} s")
                continue
            try:
                found, said = future.result()
            except redis.RedisError as error:  # it answered, then stopped within the wait
                missing.append(f"{which} does not answer: {error}")
                continue
            answer |= found
            missing += [f"{which} {what}" if what.startswith(WHAT_REDIS_DOES) else what
                        for what in said]  # fmt: skip
        if answer["queue_redis"]:
            if not answer["workers"]:
                missing.append("no phase worker is running: phases wait")
            if not answer["webhook_workers"]:
                missing.append("no webhooks' worker is running: webhooks wait")
        answer["ok"] = answer["redis"] and answer["queue_redis"]
        answer["missing"] = missing
        return answer, 200 if answer["ok"] else 503


HEALTH_WAIT = 0.9  # seconds the answer waits for the probes
PROBE_TIMEOUT = 0.5  # seconds a probe's command may take, connecting included
WHAT_REDIS_DOES = ("does not answer", "refuses writes")


class Probes:
    """What health asks each Redis, on clients of its own whose short timeouts bound the
    answer: the service's clients wait 5 s a command, and a paused Redis held health 29 s."""

    def __init__(self, settings: Settings):
        timeouts = {"socket_timeout": PROBE_TIMEOUT, "socket_connect_timeout": PROBE_TIMEOUT}
        client = RedisCluster if settings.redis_cluster else redis.Redis
        self.store_redis = client.from_url(settings.redis_url, **timeouts)
        queue_redis = connect_queues(settings.queue_url, **timeouts)
        self.phases = PhaseQueue(queue_redis, settings.phase_job_timeout)
        self.deliveries = DeliveryQueue(queue_redis)

    def store(self) -> tuple[dict, list[str]]:
        writes = _writes(self.store_redis)
        return {"redis": writes is None}, [writes] if writes else []

    def queues(self) -> tuple[dict, list[str]]:
        writes = _writes(self.phases.connection)
        if writes is not None and writes.startswith("does not answer"):
            return {"queue_redis": False}, [writes]
        found = {
            "queue_redis": writes is None,
            "workers": self.phases.live_workers(),
            "queue_depth": self.phases.depth(),
            "webhook_workers": self.deliveries.live_workers(),
            "deliveries_waiting": self.deliveries.queue.count,
        }
        return found, [writes] if writes else []


def _writes(client) -> str | None:
    """None if the Redis answers and takes a write; else what it does instead."""
    try:
        client.set(keys.health_probe(), "1", px=10_000)
        return None
    except redis.RedisError as error:
        reason = unwell(error)
        if reason == "cannot be reached":
            return f"does not answer: {error}"
        return f"refuses writes: it {reason or f'answers {error}'}"
