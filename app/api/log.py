"""A game's log: append one action or a batch, read it a page at a time, read one event."""

import re

from flask import request, url_for
from flask.views import MethodView
from flask_smorest import abort
from werkzeug.exceptions import Forbidden

from app.api import schemas
from app.api.auth import counting_refused_tokens, seat_of, write_token
from app.api.body import Blueprint
from app.api.games import etag, pending_job
from app.api.idempotency import IdempotencyKeyHeader, keyed_write
from app.api.schemas import MAX_SEQ
from app.context import services
from events.envelope import RECORDED_BY_TABLE
from events.idempotency import Keyed
from events.seats import TABLE, seat_actor_refusal
from replays.steps import annotated

blp = Blueprint("log", __name__, url_prefix="/api/games", description="A game's event log")

ETAG_VALUE = re.compile(r'^(?:W/)?"(\d+)"$')
EVENT_FIELDS = ("type", "payload", "actor", "event_id", "occurred_at")


def if_match_version() -> int | None:
    """The version named by If-Match; -1 (matches nothing) for an entity tag not ours, and a
    400 for a version past any seq, as `expected_version` answers."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    match = ETAG_VALUE.match(header.strip())
    if not match:
        return -1
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > len(str(MAX_SEQ)) or int(digits) > MAX_SEQ:
        abort(400, errors={"If-Match": [f"a version past {MAX_SEQ}, which no game reaches"]})
    return int(digits)


def submitted_events(body: dict, keyed: Keyed | None) -> list[dict]:
    """The events of the body; ids from `event_id`, or from the Idempotency-Key (`keyed`),
    or new."""
    events = (
        body["events"] if "events" in body else [{k: body[k] for k in EVENT_FIELDS if k in body}]
    )
    submitted = []
    for index, event in enumerate(events):
        event = dict(event)
        if "event_id" in event:
            event["event_id"] = str(event["event_id"])
        elif keyed:
            event["event_id"] = keyed.event_id(index)
        submitted.append(event)
    return submitted


def seated(events: list[dict], seat: str) -> list[dict]:
    """The events as `seat` may write them: a player's seat only that player's actions (403
    otherwise); a player's action written by the table's recorder marked `recorded_by`."""
    for event in events:
        refusal = seat_actor_refusal(seat, event.get("actor"))
        if refusal:
            raise Forbidden(refusal)
        event.pop("recorded_by", None)
        if seat == TABLE and str(event.get("actor")).startswith("player:"):
            event["recorded_by"] = RECORDED_BY_TABLE
    return events


def appended(game_id: str, recorded, **more):
    """The answer to an append (201, or 200 for a retry of one already recorded): its events,
    the game's status and pending phase, the job resolving it, a receipt for each event, and
    `more`."""
    meta = {"pending": recorded.pending, "version": recorded.version}
    body = {
        "game": game_id,
        "version": recorded.version,
        "events": recorded.envelopes,
        "duplicate": recorded.duplicate,
        "status": recorded.status,
        "pending": recorded.pending,
        "job": pending_job(game_id, meta),
        "receipts": recorded.receipts,
        **more,
    }
    headers = {
        "ETag": etag(recorded.version),
        "Location": f"/api/games/{game_id}/events/{recorded.envelopes[0]['seq']}",
    }
    return body, 200 if recorded.duplicate else 201, headers


@blp.route("/<game_id>/events")
class Events(MethodView):
    @blp.arguments(schemas.AppendIn, error_status_code=400)
    @blp.arguments(IdempotencyKeyHeader, location="headers", error_status_code=400)
    @blp.response(201, schemas.AppendOut)
    @blp.alt_response(
        200, schema=schemas.AppendOut,
        description="a retry (the same event ids, or Idempotency-Key, and body): the earlier "
        "result, `duplicate` true; nothing written",
    )  # fmt: skip
    @blp.alt_response(
        400, schema=schemas.Problem, description="malformed or invalid, by field (a bad "
        "Idempotency-Key too)",
    )  # fmt: skip
    @blp.alt_response(401, schema=schemas.Problem, description="no write token")
    @blp.alt_response(
        403, schema=schemas.Problem, description="no seat's token, or another player's action"
    )
    @blp.alt_response(404, schema=schemas.Problem)
    @blp.alt_response(
        409, schema=schemas.Problem,
        description="version moved, or an event id or Idempotency-Key sent before with another "
        "body",
    )  # fmt: skip
    @blp.alt_response(412, schema=schemas.Problem, description="If-Match does not match")
    @blp.alt_response(422, schema=schemas.Problem, description="a rule refused: `rule` names it")
    def post(self, body, headers, game_id):
        """Append one action, or a batch that lands together. Needs the write token.

        `expected_version` (409 on mismatch) or `If-Match` (412) make it conditional; an
        `event_id` or `Idempotency-Key` makes a retry safe: the same body answers 200 with the
        earlier result. If the action makes an automatic phase due, `job` links to its job.
        `receipts` holds the service's signed receipt of each event (`GET /api/keys`).
        """
        keyed = keyed_write(headers, body=request.get_json())  # as sent: `body` holds UUIDs
        token, submitted = write_token(), submitted_events(body, keyed)
        with counting_refused_tokens():  # the seat is judged at each head the append tries
            recorded = services().recorder.record(
                game_id,
                lambda meta: seated(submitted, seat_of(meta, token)),
                expected_version=body.get("expected_version"),
                if_match=if_match_version(),
                keyed=keyed,
            )
        return appended(game_id, recorded)

    @blp.arguments(schemas.EventPageQuery, location="query", error_status_code=400)
    @blp.response(200, schemas.EventPage)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, query, game_id):
        """The log, oldest first: events after seq `after`, at most `limit`."""
        svc = services()
        meta = svc.projector.meta(game_id)
        events = svc.store.read(game_id, query["after"], query["limit"])
        retracts = svc.projector.withdrawals(game_id, after=query["after"] + 1)
        next_page = None
        if events and events[-1]["seq"] < meta["version"]:
            next_page = url_for(
                "log.Events", game_id=game_id, after=events[-1]["seq"], limit=query["limit"]
            )
        items = [annotated(e, retracts) for e in events]
        return {"items": items, "next": next_page}, 200, {"ETag": etag(meta["version"])}


@blp.route("/<game_id>/events/<int(signed=True):seq>")
class Event(MethodView):
    @blp.response(200, schemas.Envelope)
    @blp.alt_response(404, schema=schemas.Problem)
    def get(self, game_id, seq):
        """One event, with the retract that withdrew it if any."""
        svc = services()
        meta = svc.projector.meta(game_id)
        envelope = svc.store.read_one(game_id, seq) if 1 <= seq <= meta["version"] else None
        if envelope is None:
            abort(404, message=f"game {game_id} has events 1 to {meta['version']}")
        return annotated(envelope, svc.projector.withdrawals(game_id, after=seq))
