"""Replay and audit: steps through history, verification, export and import."""

from flask import Response, request, url_for
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import ValidationError

from app.api import schemas
from app.api.auth import seat_tokens
from app.api.body import Blueprint, json_lines
from app.api.forks_schemas import ImportQuery
from app.api.games import created, makes_a_game, pending_job
from app.api.idempotency import keyed_write
from app.context import services
from events.envelope import sha256
from events.seats import TABLE
from replays.steps import MAX_STEPS, replay
from replays.transfer import export_lines, import_log
from replays.verify import verify

blp = Blueprint("replay", __name__, url_prefix="/api/games", description="Replay and audit")

MAX_IMPORT_BYTES = 64 * 1024 * 1024


def known_seq(game_id: str, seq: int) -> dict:
    meta = services().projector.meta(game_id)
    if not 1 <= seq <= meta["version"]:
        abort(404, message=f"game {game_id} has events 1 to {meta['version']}")
    return meta


@blp.route("/<game_id>/replay/<int(signed=True):seq>")
class Step(MethodView):
    @blp.response(200, schemas.ReplayStep)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id, seq):
        """One step: the event, the state after it, the patch from the state before, and the
        explanation of a derived event (why the phase came out as it did)."""
        known_seq(game_id, seq)
        [step] = replay(services().projector, game_id, seq, seq)
        return step


@blp.route("/<game_id>/replay")
class Steps(MethodView):
    @blp.arguments(schemas.ReplayRangeQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.ReplayRange)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, query, game_id):
        """The steps `from` to `to` (inclusive; at most 200 a call; `next` continues)."""
        meta = known_seq(game_id, query["from_"])
        first = query["from_"]
        last = min(query.get("to", meta["version"]), meta["version"], first + MAX_STEPS - 1)
        if last < first:
            abort(400, errors={"to": ["must not be before from"]})
        steps = replay(services().projector, game_id, first, last)
        end = min(query.get("to", meta["version"]), meta["version"])
        next_page = None
        if last < end:
            next_page = url_for("replay.Steps", game_id=game_id, to=end, **{"from": last + 1})
        return {"steps": steps, "next": next_page}


@blp.route("/<game_id>/verify")
class Verify(MethodView):
    @blp.response(200, schemas.Verification)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """Re-hash the chain, refold the log from scratch and resolve every automatic phase
        again; name the first seq that fails, and the rules the game was recorded under."""
        return verify(services().recorder, game_id).as_dict()


@blp.route("/<game_id>/refusals")
class Refusals(MethodView):
    @blp.arguments(schemas.RefusalPageQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.RefusalPage)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, query, game_id):
        """Actions the rules refused, with the rule and its evidence: an audit trail beside
        the log (nothing in it was written to the log)."""
        svc = services()
        svc.projector.meta(game_id)
        items = svc.store.refusals(game_id, query["after"], query["limit"])
        next_page = None
        if len(items) == query["limit"]:
            next_page = url_for("replay.Refusals", game_id=game_id, after=items[-1]["id"],
                                limit=query["limit"])  # fmt: skip
        return {"items": items, "next": next_page}


@blp.route("/<game_id>/export")
class Export(MethodView):
    @blp.response(200, description="the log as JSON Lines (application/x-ndjson)")
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """The whole log, one canonical envelope a line; `POST /api/games/import` takes it."""
        lines = export_lines(services().recorder, game_id)
        first = next(lines)
        return Response(
            _chain(first, lines),
            mimetype="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'},
        )


@blp.route("/import")
class Import(MethodView):
    @makes_a_game(blp, "imported another log before")
    @blp.arguments(ImportQuery, location="query", error_status_code=400)
    @blp.alt_response(
        400, schema=schemas.Problem,
        description="the log does not verify, a bad name, or a bad Idempotency-Key",
    )  # fmt: skip
    def post(self, headers, query):
        """Import an exported log (JSON Lines body) as a new game, verified before it is
        written; hashes and times are kept. Returns the new id and write tokens. With an
        Idempotency-Key a retry answers the same game and tokens. `?name=` names it; by
        default it is the original's name and `, imported`."""
        request.max_content_length = MAX_IMPORT_BYTES  # a whole log, not one action
        body = request.get_data()
        log = envelopes(body)
        name = query.get("name")
        keyed = keyed_write(headers, body={"log": sha256(body), "name": name})
        seat_token = seat_tokens(keyed)
        token = seat_token(TABLE)
        svc = services()
        game_id, state, seats, made_before = import_log(
            svc.recorder, log, token, seat_token, keyed, name
        )
        meta = svc.projector.meta(game_id)
        pending_job(game_id, meta)
        return created(game_id, meta, token, seats, state, made_before)


def envelopes(body: bytes) -> list[tuple[int, dict]]:
    """(line number, envelope) of each line of an import, parsed strictly as every request
    body is: an object, or a 400 naming the line. What each holds is audited below."""
    lines = json_lines(body)
    for number, envelope in lines:
        if not isinstance(envelope, dict):
            raise ValidationError({f"line {number}": ["not a JSON object"]})
    if not lines:
        raise ValidationError({"body": ["no events: one envelope per line is expected"]})
    return lines


def _chain(first, rest):
    yield first
    yield from rest
