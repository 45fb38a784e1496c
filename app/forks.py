"""Forks and comparisons: a what-if beside a game, and where the two part."""

from flask.views import MethodView

from app import forks_schemas as schemas
from app.auth import new_token
from app.body import Blueprint
from app.context import services
from app.games import described, etag, pending_job
from app.schemas import GameCreated, Problem
from replays.compare import compare, diff
from replays.forks import fork

blp = Blueprint("forks", __name__, url_prefix="/api/games", description="Forks and comparisons")


@blp.route("/<game_id>/forks")
class Forks(MethodView):
    @blp.arguments(schemas.ForkIn, error_status_code=400)
    @blp.response(201, GameCreated)
    @blp.alt_response(400, schema=Problem, description="`at` missing, or past the head")
    @blp.alt_response(404, schema=Problem)
    def post(self, body, game_id):
        """Fork: a new game whose log is a copy of events 1..`at` (same hashes), with its own
        write token. Reads are open, so anyone may fork; the original is not touched."""
        svc = services()
        token = new_token()
        fork_id, state = fork(svc.recorder, game_id, body["at"], token)
        meta = svc.projector.meta(fork_id)
        pending_job(fork_id, meta)
        created = {**described(fork_id, meta), "token": token, "state": state}
        return created, 201, {"Location": f"/api/games/{fork_id}", "ETag": etag(meta["version"])}


@blp.route("/<game_id>/compare/<other_id>")
class Compare(MethodView):
    @blp.arguments(schemas.CompareQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.Comparison)
    @blp.alt_response(404, schema=Problem)
    @blp.alt_response(422, schema=Problem, description="games of two kinds")
    def get(self, query, game_id, other_id):
        """The first seq where two logs differ (by hash) and the RFC 6902 patch from the
        first game's state to the other's, at `at`."""
        return compare(services().projector, game_id, other_id, query.get("at"))


@blp.route("/<game_id>/diff")
class Diff(MethodView):
    @blp.arguments(schemas.DiffQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.Diff)
    @blp.alt_response(404, schema=Problem)
    def get(self, query, game_id):
        """The RFC 6902 patch from the state after seq `from` to the state after `to` (default
        the head): two steps of one game compared."""
        projector = services().projector
        last = query.get("to") or projector.meta(game_id)["version"]
        return diff(projector, game_id, query["from_"], last)
