"""Disputes: open one on a seq, reply, resolve it once; list them with the chain's check."""

from flask import current_app
from flask.views import MethodView
from werkzeug.exceptions import Forbidden

from app.api import schemas
from app.api.auth import require_write_token
from app.api.body import Blueprint
from app.api.idempotency import IdempotencyKeyHeader, keyed_write
from app.api.problems import field_problem, problem
from app.context import services
from events.seats import TABLE, seat_actor_refusal
from replays.disputes.service import DisputeService, Written
from replays.disputes.stream import CorruptDispute, DisputesMoved, NoGame
from replays.disputes.threads import DisputeRefused, summary

blp = Blueprint(
    "disputes", __name__, url_prefix="/api/games",
    description="Disputes: threads on a seq, in a hash-chained stream beside the log",
)  # fmt: skip

TITLES = {404: "Not found", 409: "Dispute resolved", 422: "Refused"}


def dispute_service() -> DisputeService:
    """One a process, built on the app's projector."""
    if "tablelog.disputes" not in current_app.extensions:
        current_app.extensions["tablelog.disputes"] = DisputeService(services().projector)
    return current_app.extensions["tablelog.disputes"]


def writable_head(game_id: str, author, resolving: bool = False):
    """The game's head and the seat writing, once a seat's token is shown that may write as
    `author`: a player's seat as that player only, the table's recorder as anyone; a
    resolution, the recorder's alone (the table settles its own disputes)."""
    head = services().projector.head(game_id)
    seat = require_write_token(head.meta)
    if resolving and seat != TABLE:
        raise Forbidden(f"this token is {seat}'s seat; only the table's recorder resolves")
    refusal = seat_actor_refusal(seat, author)
    if refusal:
        raise Forbidden(refusal)
    return head, seat


def created(game_id: str, written: Written):
    """201 with the thread; 200 for a retry, which wrote nothing."""
    thread = {**written.thread, "duplicate": written.duplicate}
    status = 200 if written.duplicate else 201
    return thread, status, {"Location": f"/api/games/{game_id}/disputes/{thread['id']}"}


WRITE_ERRORS = (
    (400, "invalid, by field (a bad Idempotency-Key too); an author not a player of the game"),
    (401, "no write token"),
    (403, "no seat's token, or a seat writing as another; a resolution not by the recorder"),
    (404, "no such game or dispute"),
    (409, "the dispute is resolved, other writers kept getting in first, or the "
          "Idempotency-Key was sent before with another body"),
    (422, "a seq the log does not hold, or a correction not after the disputed seq"),
)  # fmt: skip


def write_errors(view):
    """The answers of a write: a retry's 200, and the refusals."""
    view = blp.alt_response(
        200, schema=schemas.DisputeWritten,
        description="a retry (the same Idempotency-Key and body): the thread as the first "
        "write left it, `duplicate` true; nothing written",
    )(view)  # fmt: skip
    for status, description in WRITE_ERRORS:
        view = blp.alt_response(status, schema=schemas.Problem, description=description)(view)
    return view


@blp.route("/<game_id>/disputes")
class Disputes(MethodView):
    @blp.arguments(schemas.DisputeOpen, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.DisputeWritten)
    @write_errors
    def post(self, body, headers, game_id):
        """Open a dispute on a seq of the log. Needs the write token."""
        head, seat = writable_head(game_id, body["author"])
        keyed = keyed_write(headers, seat, body)
        written = dispute_service().open(head, body["seq"], body["author"], body["text"], keyed)
        return created(game_id, written)

    @blp.response(200, schemas.DisputeList)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id):
        """Every dispute with its status, and whether the disputes chain holds (`disputes_ok`;
        `chain` names the first entry that does not, and lists only those before it)."""
        verdict, threads = dispute_service().checked(game_id)
        items = [summary(t) for t in threads.values()]
        return {"game": game_id, "disputes_ok": verdict["ok"], "chain": verdict, "items": items}


@blp.route("/<game_id>/disputes/<int:dispute>")
class Thread(MethodView):
    @blp.response(200, schemas.Dispute)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id, dispute):
        """One dispute: the opening, every reply, the resolution."""
        services().projector.meta(game_id)
        thread = dispute_service().threads(game_id).get(dispute)
        if thread is None:
            raise DisputeRefused(404, "dispute", f"no dispute {dispute} in this game")
        return thread


@blp.route("/<game_id>/disputes/<int:dispute>/replies")
class Replies(MethodView):
    @blp.arguments(schemas.DisputeReply, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.DisputeWritten)
    @write_errors
    def post(self, body, headers, game_id, dispute):
        """Reply to an open dispute. Needs the write token."""
        head, seat = writable_head(game_id, body["author"])
        keyed = keyed_write(headers, seat, body)
        written = dispute_service().reply(head, dispute, body["author"], body["text"], keyed)
        return created(game_id, written)


@blp.route("/<game_id>/disputes/<int:dispute>/resolution")
class Resolution(MethodView):
    @blp.arguments(schemas.DisputeResolve, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.DisputeWritten)
    @write_errors
    def post(self, body, headers, game_id, dispute):
        """Resolve an open dispute, once: upheld with the seq of the correcting action, or
        dismissed. Needs the table's recorder's token."""
        head, seat = writable_head(game_id, body["author"], resolving=True)
        keyed = keyed_write(headers, seat, body)
        written = dispute_service().resolve(
            head, dispute, body["outcome"], body["correcting_seq"], body["author"], body["text"],
            keyed,
        )  # fmt: skip
        return created(game_id, written)


@blp.app_errorhandler(DisputeRefused)
def refused(error: DisputeRefused):
    errors = {error.field: [error.message]}
    if error.status == 400:
        return field_problem(errors)
    slug = {404: "not-found", 409: "dispute-resolved", 422: "dispute-refused"}[error.status]
    return problem(error.status, TITLES[error.status], error.message, slug, errors=errors)


@blp.app_errorhandler(DisputesMoved)
def moved(error: DisputesMoved):
    return problem(409, "Disputes moved", f"{error}; retry", "disputes-moved")


@blp.app_errorhandler(NoGame)
def no_game(error: NoGame):
    return problem(404, "Not found", f"no game with id {error.args[0]}", "not-found")


@blp.app_errorhandler(CorruptDispute)
def corrupt(error: CorruptDispute):
    current_app.logger.error("damaged disputes: %s", error)
    return problem(
        500, "Damaged disputes",
        f"{error}; GET .../disputes names the first entry that does not hold",
        "damaged-disputes", entry=error.entry,
    )  # fmt: skip
