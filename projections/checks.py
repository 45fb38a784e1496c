"""The checks an event passes before it is written (projections/recorder.py writes it), and
again, after the fact, on every stored event an import or verify reads: its type is known
to the game, its payload loads with its schema, its actor may write it, what the service
added has its form; the log's own rules (a retract withdraws the latest action, nothing
after the game is over). The game's rules are the fold's (projections/state.py).
"""

import itertools
import json
import re
from datetime import datetime

from marshmallow import ValidationError

from events.envelope import ACTOR, EVENT_ID, INSTANT, RECORDED_BY_TABLE, new_event_id
from events.registry import EventType, EventTypeRegistry
from events.retract import RETRACT
from events.seats import SEAT_REPLACED, retract_author_refusal
from events.store import RedisEventStore
from projections.fold import latest_withdrawable
from projections.rules import NAME, RULES, for_the_game, name_errors, rules_errors
from projections.state import Head


class InvalidEvent(Exception):
    """A submission that is malformed: unknown type, invalid payload, bad actor. Field errors."""

    def __init__(self, errors: dict):
        super().__init__(json.dumps(errors))
        self.errors = errors


class PreconditionFailed(Exception):
    def __init__(self, current_version: int):
        super().__init__(f"the game is at version {current_version}")
        self.current_version = current_version


class Refused(Exception):
    """An action the log itself does not allow (not a game rule): `code` names the reason."""

    def __init__(self, code: str, message: str, details: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


class EventChecks:
    """An event's body checked and normalised against the event types every loaded game
    records: one at a time, in a batch, or as stored."""

    def __init__(self, event_types: EventTypeRegistry):
        self.event_types = event_types

    def batch(self, events, head: Head, system: bool) -> list[dict]:
        """The batch's events checked at `head` (`events` asked of its meta if a function)."""
        batch = events(head.meta) if callable(events) else events
        if len(batch) > 1 and any(e.get("type") == RETRACT for e in batch):
            raise InvalidEvent({"events": ["a retract is recorded alone, not in a batch"]})
        checked = [self._in_batch(e, i, len(batch), head, system)
                   for i, e in enumerate(batch)]  # fmt: skip
        refuse_repeated_ids(checked)
        return checked

    def one(self, event: dict, head: Head, system: bool = False) -> dict:
        """One event's body fields, validated and normalised as an append's are."""
        return self._in_batch(event, 0, 1, head, system)

    def _in_batch(self, event, index: int, size: int, head: Head, system) -> dict:
        try:
            if event.get("type") == f"{head.kind}.created":
                raise InvalidEvent({"type": ["a game is created once, by its first event"]})
            return self.body(event, head.kind, head.record.players, system)
        except InvalidEvent as error:
            errors = {"events": {index: error.errors}} if size > 1 else error.errors
            raise InvalidEvent(errors) from None

    def body(
        self, event: dict, kind: str, players: list[str], system: bool, seats: bool = False
    ) -> dict:
        """The event's body fields, validated and normalised; InvalidEvent names the field.
        `players` are those of the game's creation event, never a cache of them; `seats` is
        true for the seat endpoint's own event."""
        errors: dict = {}
        name = event.get("type")
        event_type = self.event_type(name, kind)
        try:
            payload = self.event_types.normalised_payload(name, event.get("payload", {}))
        except ValidationError as error:
            errors["payload"] = error.messages
        actor = event.get("actor") or ""
        if not isinstance(actor, str) or not ACTOR.match(actor):
            errors["actor"] = ["must be player:<name>, system:<phase> or admin"]
        elif actor.startswith("player:") and actor[7:] not in players:
            errors["actor"] = [f"{actor[7:]!r} is not a player of this game: {players}"]
        elif actor.startswith("system:") != system:
            errors["actor"] = ["system actors are for workers; record as a player or admin"]
        elif event_type.derived and not system:
            errors["type"] = [f"{name} is derived by the service; it is not recorded by hand"]
        elif name == SEAT_REPLACED and not (actor == "admin" and seats):
            errors["type"] = [
                "a seat's token is replaced by the table's recorder at POST"
                " /api/games/{id}/seats/{seat}/token, not recorded as an event"
            ]
        recorded_by = event.get("recorded_by")
        if recorded_by is not None and not (
            recorded_by == RECORDED_BY_TABLE and actor.startswith("player:")
        ):
            errors["recorded_by"] = ["only 'table', on a player's action the recorder wrote"]
        if errors:
            raise InvalidEvent(errors)
        checked = {
            "event_id": event.get("event_id") or new_event_id(),
            "type": name,
            "schema_version": event_type.version,
            "actor": actor,
            "payload": payload,
            "occurred_at": event.get("occurred_at"),
            "caused_by": event.get("caused_by") if system else None,
        }
        if recorded_by is not None:
            checked["recorded_by"] = recorded_by
        return checked

    def stored(self, envelope: dict, kind: str, players: list[str]) -> None:
        """InvalidEvent unless a stored envelope is one an append could have written: what the
        writer chose passes every check of `body`, and what the service added (numbers,
        times, cause) has its form. The retract rule and the game's rules are the fold's."""
        seq = envelope.get("seq")
        errors = {}
        for name in ("seq", "schema_version"):
            if not isinstance(envelope.get(name), int) or isinstance(envelope.get(name), bool):
                errors[name] = ["must be an integer"]
        if not isinstance(envelope.get("event_id"), str) or not EVENT_ID.match(
            envelope["event_id"]
        ):
            errors["event_id"] = ["must be a UUID in its canonical lower-case form"]
        for name in ("recorded_at", "occurred_at"):
            value = envelope.get(name)
            if (value is not None or name == "recorded_at") and not _instant(value):
                errors[name] = ["must be an ISO 8601 instant with its offset"]
        system = isinstance(envelope.get("actor"), str) and envelope["actor"].startswith("system:")
        caused_by = envelope.get("caused_by")
        if caused_by is not None and not (
            system and type(caused_by) is int and isinstance(seq, int) and 1 <= caused_by < seq
        ):
            errors["caused_by"] = ["only a derived event has a cause: the seq of an earlier event"]
        if errors:
            raise InvalidEvent(errors)
        type_name = envelope.get("type")
        event_type = self.event_type(type_name, kind)
        if not 1 <= envelope["schema_version"] <= event_type.version:
            raise InvalidEvent(
                {"schema_version": [f"{type_name} is at version {event_type.version}"]}
            )
        if type_name == f"{kind}.created":  # the machinery's `rules`, then the game's payload
            if rules_errors(envelope):
                raise InvalidEvent({"payload": {RULES: rules_errors(envelope)}})
            payload = envelope.get("payload")
            if isinstance(payload, dict) and NAME in payload and name_errors(payload[NAME]):
                raise InvalidEvent({"payload": {NAME: name_errors(payload[NAME])}})
            envelope = for_the_game(envelope)
        self.body(self.event_types.upcast(envelope), kind, players, system, seats=True)

    def event_type(self, name, kind: str) -> EventType:
        """The type `name` if a game of `kind` records it, else InvalidEvent with a hint."""
        shared = (RETRACT, SEAT_REPLACED)
        ours = isinstance(name, str) and (name in shared or name.startswith(f"{kind}."))
        if ours and name in self.event_types:
            return self.event_types.get(name)
        known = [t.name for t in self.event_types if t.name.startswith(f"{kind}.")]
        listed = f"a {kind} game records {RETRACT} and {', '.join(known)}"
        if isinstance(name, str) and f"{kind}.{name}" in known:
            listed = f"did you mean {kind}.{name}?"
        elif isinstance(name, str) and name in self.event_types:
            listed = f"it belongs to another kind of game; {listed}"
        raise InvalidEvent({"type": [f"unknown event type {name!r}: {listed}"]})


def check_retract(
    store: RedisEventStore, head: Head, batch_before: list[dict], envelope: dict
) -> None:
    """Refused unless `envelope` names the latest player action not yet withdrawn, the
    events of its batch before it counted (an undo appends several retracts at once)."""
    stored = store.iterate_backwards(head.game_id, head.version + 1)
    latest = latest_withdrawable(itertools.chain(reversed(batch_before), stored))
    if envelope["payload"]["seq"] != latest:
        legal = f"retract seq {latest}" if latest else "nothing can be retracted"
        raise Refused(
            "LOG-RETRACT",
            f"a retract withdraws the latest player action not yet withdrawn; {legal}",
            {"retractable": latest},
        )
    [target] = store.read_range(head.game_id, latest, latest)
    refusal = retract_author_refusal(envelope, target)
    if refusal:
        raise Refused("LOG-RETRACT-AUTHOR", refusal, {"seq": latest, "actor": target["actor"]})


def refuse_after_finished(game, state, envelope: dict) -> None:
    """LOG-FINISHED: once `game.finished(state)`, the log takes a `retract` (a correction,
    which may reopen the game) and a seat's new token, nothing else. Every game relies on
    this rather than refusing in its own `evolve`; the audit of an import applies it too."""
    if envelope["seq"] == 1 or envelope["type"] in (RETRACT, SEAT_REPLACED):
        return
    if game.finished(state):
        awaiting = game.awaiting(state)
        raise Refused(
            "LOG-FINISHED",
            f"the game is over ({awaiting['what']}): nothing more is recorded; a retract"
            " corrects the last action",
            {"awaiting": awaiting},
        )


def _instant(value) -> bool:
    if not isinstance(value, str) or not re.match(INSTANT, value):
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def refuse_repeated_ids(checked: list[dict]) -> None:
    """Two events of one batch with one id would be stored twice under it, and the index
    would name only the second: a retry of that batch could never match."""
    first_index: dict[str, int] = {}
    for index, event in enumerate(checked):
        earlier = first_index.setdefault(event["event_id"], index)
        if earlier != index:
            message = f"{event['event_id']} is used by event {earlier} of this batch"
            raise InvalidEvent({"events": {index: {"event_id": [message]}}})
