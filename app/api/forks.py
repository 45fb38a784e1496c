"""Forks, comparisons, undo and redo: a what-if beside a game, and going back within one."""

from flask.views import MethodView

from app.api import forks_schemas as schemas
from app.api.auth import require_table, seat_tokens
from app.api.body import Blueprint
from app.api.games import created, makes_a_game, pending_job
from app.api.idempotency import IdempotencyKeyHeader, keyed_write
from app.api.log import appended
from app.api.schemas import Problem
from app.context import services
from events.seats import TABLE
from projections.rewind import Rewound, redo, undo
from replays.compare import compare, diff
from replays.forks import fork

blp = Blueprint(
    "forks", __name__, url_prefix="/api/games", description="Forks, comparisons, undo and redo"
)


@blp.route("/<game_id>/forks")
class Forks(MethodView):
    @blp.arguments(schemas.ForkIn, error_status_code=400)
    @makes_a_game(blp, "made a fork before at another `at`")
    @blp.alt_response(
        400, schema=Problem, description="`at` missing, or past the head; a bad Idempotency-Key"
    )
    @blp.alt_response(404, schema=Problem)
    @blp.alt_response(422, schema=Problem, description="the original does not verify")
    def post(self, body, headers, game_id):
        """Fork: a new game whose log is a copy of events 1..`at` (same hashes), with its own
        write tokens (`token` the table's recorder's, `seats` each player's), as a creation.
        Reads are open, so anyone may fork; the original is not touched. With an
        Idempotency-Key a retry answers the same fork and tokens."""
        svc = services()
        keyed = keyed_write(headers, body=body)
        seat_token = seat_tokens(keyed)
        token = seat_token(TABLE)
        fork_id, state, seats, made_before = fork(
            svc.recorder, game_id, body["at"], token, seat_token, keyed, body.get("name")
        )
        meta = svc.projector.meta(fork_id)
        pending_job(fork_id, meta)
        return created(fork_id, meta, token, seats, state, made_before)


@blp.route("/<game_id>/compare/<other_id>")
class Compare(MethodView):
    @blp.arguments(schemas.CompareQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.Comparison)
    @blp.alt_response(400, schema=Problem, description="`at` past both logs")
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
    @blp.alt_response(400, schema=Problem, description="`from` missing, or a seq past the head")
    @blp.alt_response(404, schema=Problem)
    def get(self, query, game_id):
        """The RFC 6902 patch from the state after seq `from` to the state after `to` (default
        the head): two steps of one game compared."""
        return diff(services().projector, game_id, query["from_"], query.get("to"))


@blp.route("/<game_id>/undo")
class Undo(MethodView):
    @blp.arguments(schemas.UndoIn, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.UndoOut)
    @blp.alt_response(
        200, schema=schemas.UndoOut,
        description="a retry with the same Idempotency-Key and body: the undo it wrote, "
        "`duplicate` true, however the game moved since; nothing written",
    )  # fmt: skip
    @blp.alt_response(
        400, schema=Problem, description="`to` missing or past the head, a bad Idempotency-Key"
    )
    @blp.alt_response(401, schema=Problem, description="no write token")
    @blp.alt_response(403, schema=Problem, description="not the table's recorder's token")
    @blp.alt_response(404, schema=Problem)
    @blp.alt_response(
        409, schema=Problem,
        description="the game moved on (another undo won), or the Idempotency-Key wrote "
        "another undo",
    )  # fmt: skip
    @blp.alt_response(422, schema=Problem, description="nothing to undo, or `to` is withdrawn")
    def post(self, body, headers, game_id):
        """Undo to seq `to`: withdraw every player action after it, newest first, each by a
        `retract`, in one append. Needs the table's recorder's token. With an
        Idempotency-Key, a retry answers the undo the key wrote, even after the game moved
        on: it never withdraws more."""
        head = written_head(game_id)
        rewound = undo(
            services().recorder, head, body["to"], body["reason"],
            body.get("expected_version"), keyed_write(headers, TABLE, body),
        )  # fmt: skip
        return answer(game_id, rewound, withdrawn=rewound.withdrawn, state_at=rewound.state_at)


@blp.route("/<game_id>/redo")
class Redo(MethodView):
    @blp.arguments(schemas.RedoIn, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.RedoOut)
    @blp.alt_response(
        200, schema=schemas.RedoOut,
        description="the last undo is redone already, or a retry with the same "
        "Idempotency-Key and body: that redo, `duplicate` true; nothing written",
    )  # fmt: skip
    @blp.alt_response(400, schema=Problem, description="a bad Idempotency-Key")
    @blp.alt_response(401, schema=Problem, description="no write token")
    @blp.alt_response(403, schema=Problem, description="not the table's recorder's token")
    @blp.alt_response(404, schema=Problem)
    @blp.alt_response(
        409, schema=Problem,
        description="the game moved on, or the Idempotency-Key wrote a redo asked with another "
        "body",
    )  # fmt: skip
    @blp.alt_response(422, schema=Problem, description="a rule refused, or nothing to redo")
    def post(self, body, headers, game_id):
        """Redo: re-apply what the last undo withdrew, as new events, if the rules still allow
        it. Needs the table's recorder's token; a redo done already answers 200 with its
        events: its ids are the undo's, so a retry is safe without a key. Without one, a retry
        after another undo redoes that one, unless it names `expected_version`; with an
        Idempotency-Key, a retry answers the redo the key wrote, and the key with another
        body is a 409."""
        head = written_head(game_id)
        keyed = keyed_write(headers, TABLE, body)
        rewound = redo(services().recorder, head, body.get("expected_version"), keyed)
        return answer(game_id, rewound, redone=rewound.withdrawn)


def written_head(game_id: str):
    """The head an undo or redo is planned from, once the token is checked: the table's
    recorder's, as an undo withdraws, and a redo re-applies, any seat's actions."""
    head = services().projector.head(game_id)
    require_table(head.meta)
    return head


def answer(game_id: str, rewound: Rewound, **more):
    """An append's answer, with what was withdrawn or redone."""
    return appended(game_id, rewound.recorded, **more)
