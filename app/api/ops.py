"""Operations: where to start (the index of /api), a worker job's status, and the service's
health."""

import redis
from flask import url_for
from flask.views import MethodView
from flask_smorest import abort

from app.api import schemas
from app.api.body import Blueprint
from app.context import deliveries, phase_queue, services

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
    @blp.alt_response(503, schema=schemas.Health, description="Redis is unreachable")
    def get(self):
        """Redis reachable, workers alive (the phases' and the webhooks'), jobs waiting."""
        queue = phase_queue()
        answer = {"redis": _pings(services().redis), "queue_redis": _pings(queue.connection)}
        answer["workers"] = queue.live_workers() if answer["queue_redis"] else 0
        answer["queue_depth"] = queue.depth() if answer["queue_redis"] else 0
        webhooks = deliveries()
        answer["webhook_workers"] = webhooks.live_workers() if answer["queue_redis"] else 0
        answer["deliveries_waiting"] = webhooks.queue.count if answer["queue_redis"] else 0
        answer["ok"] = answer["redis"] and answer["queue_redis"]
        return answer, 200 if answer["ok"] else 503


def _pings(client) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
