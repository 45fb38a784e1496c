"""Games: create, list, one game's summary, its state at any seq."""

import logging
import random

import redis
from flask import Response, request, url_for
from flask.views import MethodView
from flask_smorest import abort
from werkzeug.routing import BaseConverter

from app.api import schemas
from app.api.auth import keyed_secret, require_table, require_write_token, seat_tokens
from app.api.body import Blueprint
from app.api.idempotency import SecretIdempotencyKeyHeader, keyed_write
from app.context import job_link, phase_queue, services
from events.seats import TABLE
from projections import failures
from projections.catalog import Filters, summary
from projections.rules import rules_of

blp = Blueprint("games", __name__, url_prefix="/api/games", description="Games and their state")
log = logging.getLogger(__name__)


class GameId(BaseConverter):
    """A game's id where the import's address is beside it: any segment but `import`, so that
    GET /api/games/import is not a game of id "import" and its 405 allows POST alone."""

    regex = r"(?!import$)[^/]+"


def etag(version: int | str) -> str:
    return f'"{version}"'


def not_modified(version: int | str) -> Response | None:
    """A 304 when the client already holds this version (If-None-Match): pollers stay cheap."""
    if request.if_none_match.contains(str(version)):
        return Response(status=304, headers={"ETag": etag(version)})
    return None


def drawn_by(game) -> str:
    """The code a picture of a game is drawn with, as the first 16 hex of its rules digest:
    the drawing is the game's own code, and the state it draws is folded by its rules."""
    return rules_of(game)["digest"][:16]


def seq_at(query: dict, meta: dict) -> int:
    """The seq `at` asks for (the head by default); 400 past the head."""
    at = query.get("at", meta["version"])
    if at > meta["version"]:
        abort(400, errors={"at": [f"the game is at version {meta['version']}"]})
    return at


def described(game_id: str, meta: dict) -> dict:
    return {**summary(game_id, meta), "href": f"/api/games/{game_id}"}


def makes_a_game(blp: Blueprint, reused: str):
    """What a write that makes a game (a creation, an import, a fork) takes and answers: a
    key whose retry answers the same game and tokens (`created`), 409 for a key `reused`."""

    def documented(view):
        view = blp.alt_response(
            409, schema=schemas.Problem, description=f"the Idempotency-Key {reused} (`game`)"
        )(view)
        view = blp.alt_response(
            200, schema=schemas.GameCreated, description="a retry with the same "
            "Idempotency-Key and body: the game it made, with the same tokens, `duplicate` "
            "true; nothing written",
        )(view)  # fmt: skip
        view = blp.response(201, schemas.GameCreated)(view)
        return blp.arguments(SecretIdempotencyKeyHeader, location="headers", error_status_code=400)(
            view
        )

    return documented


def created(game_id: str, meta: dict, token: str, seats: dict, state, made_before: bool):
    """The answer to a write that made a game (a creation, an import, a fork): 201, or 200
    for a keyed retry that found the game its first made."""
    answer = {**described(game_id, meta), "token": token, "seats": seats, "state": state,
              "duplicate": made_before}  # fmt: skip
    status = 200 if made_before else 201
    return answer, status, {"Location": f"/api/games/{game_id}", "ETag": etag(meta["version"])}


@blp.route("")
class Games(MethodView):
    @blp.arguments(schemas.GameCreate, error_status_code=400)
    @makes_a_game(blp, "made a game before with another body")
    @blp.alt_response(
        400, schema=schemas.Problem,
        description="invalid kind, players, options, name, or Idempotency-Key",
    )  # fmt: skip
    @blp.alt_response(422, schema=schemas.Problem, description="a setup rule refused")
    def post(self, body, headers):
        """Create a game: its first event holds every setup fact. Returns the write tokens,
        once: `token` the table's recorder's (anyone's actions), `seats` each player's (that
        player's own). With an Idempotency-Key a retry answers the same game and tokens.
        `name`, the table's name for the game, is kept in that first event when given."""
        svc = services()
        keyed = keyed_write(headers, body=body)
        seat_token = seat_tokens(keyed)
        token, seats = seat_token(TABLE), {player: seat_token(player) for player in body["players"]}
        # a retry must draw what the first drew, so its creation is the same event
        rng = random.Random(keyed_secret(keyed, "draw")) if keyed else None
        game_id, _, state, made_before = svc.recorder.create(
            body["kind"], body["players"], body["options"], token, body["actor"], seats,
            keyed=keyed, rng=rng, name=body.get("name"),
        )  # fmt: skip
        meta = svc.projector.meta(game_id)
        pending_job(game_id, meta)
        return created(game_id, meta, token, seats, state, made_before)

    @blp.arguments(schemas.GameListQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.GamePage)
    def get(self, query):
        """List games, oldest first (or newest), a page at a time, filtered by kind, status,
        player and the game they were forked from, and searched by the words of their name,
        players and id (`q`)."""
        filters = Filters(query.get("kind"), query.get("status"), query.get("player"),
                          query.get("q"), query.get("forked_from"))  # fmt: skip
        newest = query["order"] == "newest"
        items, more = services().catalog.find(filters, query.get("after"), query["limit"], newest)
        items = [{**item, "href": f"/api/games/{item['id']}"} for item in items]
        next_page = None
        if more:
            args = {k: v for k, v in query.items() if k != "after"}
            next_page = url_for("games.Games", after=items[-1]["id"], **args)
        return {"items": items, "next": next_page}


@blp.route("/<game_id:game_id>")
class Game(MethodView):
    @blp.response(200, schemas.GameSummary)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """A game's kind, players, status, version, the automatic phase now due, and
        `failed` if the worker gave up on it."""
        meta = services().projector.meta(game_id)
        # The worker giving up changes the summary, not the version (the ETag an If-Match
        # names): a game with a failure is answered whole.
        unchanged = None if meta["failed"] else not_modified(meta["version"])
        if unchanged:
            return unchanged
        return described(game_id, meta), 200, {"ETag": etag(meta["version"])}


@blp.route("/<game_id>/state")
class State(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.StateOut)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, query, game_id):
        """The state after seq `at` (default: the head) and that version."""
        projector = services().projector
        if "at" not in query:
            head = projector.head(game_id)
            unchanged = not_modified(head.version)
            if unchanged:
                return unchanged
            return (
                {"game": game_id, "version": head.version, "state": head.state},
                200,
                {"ETag": etag(head.version)},
            )
        meta = projector.meta(game_id)
        at = seq_at(query, meta)
        state = projector.state_at(game_id, at, meta["kind"])
        return {"game": game_id, "version": at, "state": state}


@blp.route("/<game_id>/seats/<seat>/token")
class SeatToken(MethodView):
    @blp.arguments(SecretIdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.SeatTokenOut)
    @blp.alt_response(
        200, schema=schemas.SeatTokenOut, description="a retry with the same Idempotency-Key "
        "(and the table's token, or the one the first replaced where it replaced the table's "
        "own): the token it made, `duplicate` true; nothing written",
    )  # fmt: skip
    @blp.alt_response(
        400, schema=schemas.Problem, description="no such seat, or a bad Idempotency-Key"
    )
    @blp.alt_response(401, schema=schemas.Problem, description="no write token")
    @blp.alt_response(403, schema=schemas.Problem, description="not the table's recorder's token")
    @blp.alt_response(404, schema=schemas.Problem)
    @blp.alt_response(
        409, schema=schemas.Problem,
        description="other writers kept getting in first (the game moved under each try)",
    )  # fmt: skip
    def post(self, headers, game_id, seat):
        """Replace a seat's write token (a lost tablet): `seat` is a player's name or `table`.
        Only the table's recorder may; the old token stops working at once, the change is the
        event `seat_replaced` (which holds the new token's digest, never the token), and the
        new token is answered once (again to a retry with the same Idempotency-Key, sent
        with the table's token, or with the one the first replaced where it was the table's:
        the recorder that replaced its own token and lost the answer)."""
        svc = services()
        meta = svc.projector.meta(game_id)
        keyed = keyed_write(headers)
        remembered = svc.store.remembered(game_id, keyed.scope) if keyed else None
        require_table(meta, remembered.replaced if remembered else "")
        token = seat_tokens(keyed)(seat)
        recorded = svc.recorder.replace_seat(game_id, seat, token, keyed)
        [event] = recorded.envelopes
        answer = {"game": game_id, "seat": seat, "token": token, "seq": event["seq"],
                  "duplicate": recorded.duplicate}  # fmt: skip
        return answer, 200 if recorded.duplicate else 201, {"ETag": etag(recorded.version)}


@blp.route("/<game_id>/seats/me")
class SeatHeld(MethodView):
    @blp.response(200, schemas.SeatHeld)
    @blp.alt_response(401, schema=schemas.Problem, description="no write token")
    @blp.alt_response(403, schema=schemas.Problem, description="a token of no seat of this game")
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """The seat the request's write token opens, `table` or a player's name: a device
        checks a token before it keeps it. Reads only; a refused token counts as a failed
        authentication, as an append's does."""
        seat = require_write_token(services().projector.meta(game_id))
        return {"game": game_id, "seat": seat}


@blp.route("/<game_id>/next")
class Next(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.NextOut)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, query, game_id):
        """What the game waits for after seq `at` (default: the head), and from whom: the
        seats that owe an action and the event types they may record, or the worker; at the
        head, `failed` names the phase the worker gave up on, and a correction is awaited."""
        svc = services()
        meta = svc.projector.meta(game_id)
        at = seq_at(query, meta)
        state = svc.projector.state_at(game_id, at, meta["kind"])
        awaiting = svc.games.get(meta["kind"]).awaiting(state)
        awaiting, failed = failures.at(meta, at, awaiting)
        answer = {"game": game_id, "version": at, **awaiting, "failed": failed}
        return answer, 200, {"ETag": etag(at)}


def board_picture(game_id: str, query: dict, draw: str, mimetype: str) -> Response:
    """The board at seq `at` (default: the head) as the game's `draw` function pictures it;
    404 for a game without one. A picture at a seq changes only with the code that folds and
    draws it: its ETag is the seq and that code's digest."""
    projector = services().projector
    meta = projector.meta(game_id)
    game = services().games.get(meta["kind"])
    if not hasattr(game, draw):
        abort(404, message=f"a game of {meta['kind']} has no board to draw")
    at = seq_at(query, meta)
    version = f"{at}-{drawn_by(game)}"
    unchanged = not_modified(version)
    if unchanged:
        return unchanged
    picture = getattr(game, draw)(projector.state_at(game_id, at, meta["kind"]))
    return Response(picture, mimetype=mimetype, headers={"ETag": etag(version)})


@blp.route("/<game_id>/map.txt")
class Map(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(
        200,
        description="the board as a Unicode picture, the pieces in words, a key",
        content_type="text/plain",
        example="     0  1  2  3  4   5  6 ...\n   ┌───────────────┬──...\n 0 │[B]<B> ╻  · [A]│...",
    )
    @blp.alt_response(404, schema=schemas.Problem, description="no such game, or no board")
    def get(self, query, game_id):
        """The board at seq `at` (default: the head) drawn in text: people settle board
        disputes by looking."""
        return board_picture(game_id, query, "render_map", "text/plain")


@blp.route("/<game_id>/map.svg")
class MapPicture(MethodView):
    @blp.arguments(schemas.AtQuery, location="query", error_status_code=400)
    @blp.response(
        200,
        description="the board as a picture, self-contained (no script, font or image); every"
        ' square a transparent <rect class="square" data-square="ROW,COL"> on top',
        content_type="image/svg+xml",
        example='<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 892 1092"'
        ' data-square-size="48" ...><title>Food Chain Magnate, turn 5: ...</title>...</svg>',
    )
    @blp.alt_response(404, schema=schemas.Problem, description="no such game, or no board")
    def get(self, query, game_id):
        """The board at seq `at` (default: the head) as SVG: tiles, houses with their demand,
        restaurants, campaigns, a key. docs/fcm.md ("The map picture") gives the coordinates
        a page maps a touch to a square with."""
        return board_picture(game_id, query, "render_svg", "image/svg+xml")


def pending_job(game_id: str, meta: dict) -> dict | None:
    """The job resolving the phase now due, enqueued if it was not; None if none is due, or
    the queue failed. It is asked for after a write, which stands: a failure here answered
    503 said nothing was recorded, and the worker's sweep enqueues the job."""
    if not meta.get("pending"):
        return None
    try:
        return job_link(phase_queue().enqueue(game_id, meta["version"]))
    except redis.RedisError as error:
        log.warning("game %s: its phase's job was not enqueued (the sweep will): %s",
                    game_id, error)  # fmt: skip
        return None
