"""The problem types the service answers with, each described at the URL its `type` names.

Every problem document (app/api/problems.py) has a `type`. Ours are paths on this service,
`/problems/<slug>`, a relative reference that a client resolves against the URL it asked
(RFC 9457, 3.1.1): the same string wherever the service runs and whatever Host a request
names, so a client can compare it, and one that follows it gets the description below, as a
page or as JSON by Accept. Every problem has one of these: werkzeug's own refusals (a token
missing, a route or method unknown, a body too large) by their status (problems.HTTP_TYPES),
gunicorn's by theirs (app/run/web_worker.py), a bug as `internal-error`.

A new slug passed to `problems.problem` belongs in TYPES; tests/api/test_rules.py finds every
slug the code can answer and checks that each is here.
"""

from dataclasses import dataclass

from flask import Response, render_template, request
from flask.views import MethodView
from flask_smorest import abort
from marshmallow import Schema, fields

from app.api import schemas
from app.api.body import Blueprint

blp = Blueprint(
    "problem_types",
    __name__,
    url_prefix="/problems",
    description="What each problem `type` means: the URL a problem document names",
)

BASE = "/problems/"
JSON, HTML = "application/json", "text/html"
TEXT = {"schema": {"type": "string"}}


@dataclass(frozen=True)
class ProblemType:
    status: int
    title: str
    description: str
    members: dict[str, str]


TYPES = {
    "invalid": ProblemType(
        400, "Invalid request",
        "The request is not one the operation takes: a body that is not JSON the service can "
        "hold, a field missing or of the wrong form, an unknown game kind or event type, a "
        "query parameter out of range, an import that does not verify. Nothing was written. "
        "Correct what `errors` names and send it again.",
        {"errors": "each field at fault and what is wrong with it; `detail` names the one "
                   "field, or lists them"},
    ),
    "rule-violation": ProblemType(
        422, "Refused by the rules",
        "The game's rules do not allow the action; nothing was written to the log, and the "
        "refusal is kept in the game's refusals audit (GET /api/games/<id>/refusals). `detail` "
        "says what was wrong and, where it helps, what would have been legal; the rule's entry "
        "says the rule in plain words and what the engine does with it.",
        {"rule": "the rule's id, such as BR-PLAY-3 or FCM-SETUP-8",
         "rule_href": "the rule's entry in the rules reference, /api/rules/<rule>",
         "details": "data for a client: the squares at fault and the map, the legal choices"},
    ),
    "log-retract": ProblemType(
        422, "Refused",
        "A retract named an action it may not withdraw: only the latest player action not "
        "already withdrawn can be. Nothing was written.",
        {"code": "LOG-RETRACT", "rule_href": "/api/rules/LOG-RETRACT",
         "details": "`retractable`: the seq a retract may withdraw now, or null"},
    ),
    "log-retract-author": ProblemType(
        422, "Refused",
        "A player's seat tried to withdraw an action recorded as someone else; a player "
        "withdraws only their own, the table's recorder anyone's. Nothing was written.",
        {"code": "LOG-RETRACT-AUTHOR", "rule_href": "/api/rules/LOG-RETRACT-AUTHOR",
         "details": "`seq` and `actor` of the action it named"},
    ),
    "log-finished": ProblemType(
        422, "Refused",
        "The game is over: once it is finished, the log takes a retract (a correction) and a "
        "seat's new token, nothing else. Nothing was written.",
        {"code": "LOG-FINISHED", "rule_href": "/api/rules/LOG-FINISHED",
         "details": "`awaiting`: what the game ended on, as GET .../next answers it"},
    ),
    "log-undo": ProblemType(
        422, "Refused",
        "An undo named a step it cannot go back to: one already withdrawn, or one after which "
        "no player action stands. Nothing was written.",
        {"code": "LOG-UNDO", "rule_href": "/api/rules/LOG-UNDO",
         "details": "`to`, and `withdrawn_by` or `retractable`"},
    ),
    "log-redo": ProblemType(
        422, "Refused",
        "There is no undo to redo: the log holds no retract. Nothing was written.",
        {"code": "LOG-REDO", "rule_href": "/api/rules/LOG-REDO"},
    ),
    "log-fork": ProblemType(
        422, "Refused",
        "The game's log does not verify up to the step asked, so it is not copied.",
        {"code": "LOG-FORK", "rule_href": "/api/rules/LOG-FORK",
         "details": "`seq`: the first event that does not hold"},
    ),
    "log-compare": ProblemType(
        422, "Refused",
        "The two games are of different kinds; only games of one kind compare.",
        {"code": "LOG-COMPARE", "rule_href": "/api/rules/LOG-COMPARE",
         "details": "`kinds`: the two games' kinds"},
    ),
    "dispute-refused": ProblemType(
        422, "Refused",
        "A dispute entry the thread does not take: a seq the log does not hold, an upheld "
        "resolution without a correcting seq after the disputed one, or a dismissed one naming "
        "a seq. Nothing was written.",
        {"errors": "the field at fault and why"},
    ),
    "dispute-resolved": ProblemType(
        409, "Dispute resolved",
        "The dispute was resolved already: it takes no more replies or resolutions.",
        {"errors": "the field at fault and why"},
    ),
    "disputes-moved": ProblemType(
        409, "Disputes moved",
        "Other writers kept adding to the game's disputes between this request's read and its "
        "write, five times over. Nothing was written; send it again.",
        {},
    ),
    "damaged-disputes": ProblemType(
        500, "Damaged disputes",
        "A dispute entry read from the store does not match its own hash, or the disputes' "
        "chain breaks: they were changed outside the service. GET /api/games/<id>/disputes "
        "names the first entry that does not hold.",
        {"entry": "the entry that does not hold"},
    ),
    "streams-busy": ProblemType(
        503, "Too many streams",
        "This web process holds as many live streams as it may (STREAMS_PER_PROCESS). Wait as "
        "long as Retry-After says, then open the stream again.",
        {},
    ),
    "version-conflict": ProblemType(
        409, "Version conflict",
        "The append said which version of the game it was written against "
        "(`expected_version`), and the game has moved on since. Nothing was written: read "
        "the game again, decide again, and send it with the new version.",
        {"current_version": "the game's version now; also the answer's ETag"},
    ),
    "precondition-failed": ProblemType(
        412, "Precondition failed",
        "The request's If-Match names another version than the game's. Nothing was written: "
        "read the game again and retry with its ETag.",
        {"current_version": "the game's version now; also the answer's ETag"},
    ),
    "idempotency-conflict": ProblemType(
        409, "Reused for another request",
        "An event id names one event, and an Idempotency-Key one request (in its game and on "
        "its endpoint): this one was sent before with another body. Nothing was written. A "
        "retry of the same request answers the earlier result; a new request needs a new id "
        "or key.",
        {"event_id": "the event id sent", "idempotency_key": "the key sent",
         "game": "the game first made with the key (a creation, an import, a fork)",
         "seq": "where the log holds the event first written with it",
         "entry": "the disputes entry first written with the key",
         "webhook": "the webhook first made with the key"},
    ),
    "not-found": ProblemType(
        404, "Not found",
        "No game has this id, no rule this id, or nothing is at this address (GET /api "
        "lists where to start).",
        {"near": "for a rule id: the ids most like it"},
    ),
    "unauthorized": ProblemType(
        401, "Unauthorized",
        "A write needs a write token, as `Authorization: Bearer <token>`: the table's "
        "recorder's or a seat's, answered when the game was created (or a seat's token "
        "replaced). None was sent, or one the service does not know. An operation for "
        "tools needs a key for tools (`tlk_...`) in the same header; `detail` says whether "
        "none was sent, the service does not know it, or it was revoked, and when.",
        {},
    ),
    "forbidden": ProblemType(
        403, "Forbidden",
        "The token opens a seat that may not do this: a player's seat records that "
        "player's own actions only, and undo, redo, a seat's new token and resolving a "
        "dispute are the table's recorder's.",
        {},
    ),
    "insufficient-scope": ProblemType(
        403, "Insufficient scope",
        "The key for tools works but lacks the scope this operation needs (RFC 6750's "
        "`insufficient_scope`, which WWW-Authenticate also names). The person running the "
        "service makes a key with it: `flask --app app keys create --scope ...`.",
        {"scope": "the scope the operation needs, such as feed:read",
         "scopes": "the scopes the key has"},
    ),
    "method-not-allowed": ProblemType(
        405, "Method not allowed",
        "This address does not take this method; the answer's Allow header lists those it "
        "takes.",
        {},
    ),
    "too-large": ProblemType(
        413, "Request too large",
        "The body is larger than the service takes: 1 MiB for an action, more for an "
        "import.",
        {},
    ),
    "malformed-request": ProblemType(
        400, "Malformed request",
        "The HTTP request itself could not be read (the web server refused it before the "
        "service saw it). Nothing was written.",
        {},
    ),
    "request-line-too-long": ProblemType(
        414, "Request line too long",
        "The request's first line (the method, the address and its query) is longer than "
        "the web server reads.",
        {},
    ),
    "headers-too-large": ProblemType(
        431, "Headers too large",
        "A header, or the headers together, are larger or more than the web server reads.",
        {},
    ),
    "store-unavailable": ProblemType(
        503, "Store unavailable",
        "The event store (Redis) cannot be reached or refuses to write, for a moment (a "
        "restart, a spell out of memory) or longer; `detail` says which, and `Retry-After` "
        "when to try again. A write says what became of it in `recorded`: `no`, nothing was "
        "recorded; `unknown`, the write was sent and its answer lost, so it may have been "
        "recorded. Either way retry the request as it was, with its event id or "
        "Idempotency-Key: it is recorded once, and a retry of one recorded answers 200 with "
        "what was recorded. Never send a changed action instead until a retry has answered.",
        {"recorded": "`no` or `unknown`, for a write"},
    ),
    "internal-error": ProblemType(
        500, "Internal error",
        "An error the service did not expect: it is logged, and it is a bug. Whether the "
        "write took place is not known: retry it with its event id or Idempotency-Key.",
        {},
    ),
    "damaged-log": ProblemType(
        500, "Damaged log",
        "An event read from the store does not match its own hash, or the chain of hashes "
        "breaks: the stored log was changed outside the service. Every read and append of "
        "the game answers this until it is repaired; GET /api/games/<id>/verify names the "
        "first seq that does not hold.",
        {"seq": "the event that does not hold"},
    ),
    "damaged-game": ProblemType(
        500, "Damaged game",
        "The game's record in the store (its meta) cannot be read, so the game cannot be "
        "listed or written; the other games are untouched.",
        {},
    ),
    "rate-limited": ProblemType(
        429, "Too many requests",
        "This client address made more requests of this kind than the service allows in the "
        "time (creations, imports, or appends refused for their token), or a key for tools "
        "made more requests than its own limit allows. Wait as long as Retry-After says, "
        "then retry.",
        {},
    ),
}  # fmt: skip


class ProblemTypeOut(Schema):
    type = fields.String(metadata={"example": "/problems/rule-violation"})
    status = fields.Integer(metadata={"example": 422})
    title = fields.String(metadata={"example": "Refused by the rules"})
    description = fields.String()
    members = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "the members this type adds to a problem document"},
    )


class ProblemTypeIndex(Schema):
    types = fields.List(fields.Nested(ProblemTypeOut))


def described(slug: str) -> dict:
    found = TYPES[slug]
    return {"type": BASE + slug, "status": found.status, "title": found.title,
            "description": found.description, "members": found.members}  # fmt: skip


def _page_asked() -> bool:
    return request.accept_mimetypes.best_match([JSON, HTML], default=JSON) == HTML


HEADERS = {"Cache-Control": "public, max-age=3600", "Vary": "Accept"}


def _page(types: list[dict]) -> Response:
    page = render_template("problem_types.html", types=types, one=len(types) == 1)
    return Response(page, mimetype=HTML, headers=HEADERS)


@blp.route("")
class ProblemTypes(MethodView):
    @blp.response(200, ProblemTypeIndex)
    @blp.doc(responses={"200": {
        "description": "every problem type, as JSON, or as a page (Accept: text/html)",
        "content": {JSON: {"schema": ProblemTypeIndex}, HTML: TEXT},
    }})  # fmt: skip
    def get(self):
        """Every problem type the service answers with; a page by Accept."""
        types = [described(slug) for slug in TYPES]
        if _page_asked():
            return _page(types)
        return {"types": types}, 200, HEADERS


@blp.route("/<slug>")
class ProblemTypeView(MethodView):
    @blp.response(200, ProblemTypeOut)
    @blp.doc(responses={"200": {
        "description": "the problem type, as JSON, or as a page (Accept: text/html)",
        "content": {JSON: {"schema": ProblemTypeOut}, HTML: TEXT},
    }})  # fmt: skip
    @blp.alt_response(404, schema=schemas.Problem, description="no such problem type")
    def get(self, slug):
        """What a problem type means and the members it adds; a page by Accept."""
        if slug not in TYPES:
            abort(404, message=f"no problem type {slug}; GET /problems lists them")
        if _page_asked():
            return _page([described(slug)])
        return described(slug), 200, HEADERS
