"""The write side: a batch of events checked against the head state, folded, and appended.

Every event that reaches a log comes through here, from the API or from a worker: its type is
known, its payload loads with its schema, its actor may write it, the game's rules accept it
at the head state. Then the store appends the batch with the caches that go with it (the new
head state, due snapshots, the catalog fields), all or nothing.
"""

import hashlib
import json
import random
import uuid
from dataclasses import dataclass

from marshmallow import ValidationError

from events.envelope import ACTOR, GENESIS, body_digest
from events.registry import EventTypeRegistry, UnknownEventType
from events.retract import RETRACT, withdrawn_by
from events.store import Caches, IdempotencyConflict, RedisEventStore, VersionConflict
from games import GameRegistry, UnknownGame
from games.errors import RuleViolation
from projections.catalog import Catalog, new_game_id
from projections.state import Head, Projector, state_json

RETRIES_ON_RACE = 5


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


@dataclass
class Recorded:
    game_id: str
    version: int
    envelopes: list[dict]
    duplicate: bool
    pending: str | None
    status: str


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def derived_event_id(game_id: str, version: int, index: int) -> str:
    """The id of the index-th event a worker derives at `version`: a rerun reuses it."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"tablelog:{game_id}:{version}:{index}"))


class Recorder:
    def __init__(
        self,
        projector: Projector,
        catalog: Catalog,
        games: GameRegistry,
        event_types: EventTypeRegistry,
    ):
        self.projector = projector
        self.store: RedisEventStore = projector.store
        self.catalog = catalog
        self.games = games
        self.event_types = event_types
        self.rng = random.SystemRandom()

    def create(self, kind: str, players: list[str], options: dict, token: str, actor="admin"):
        """A new game whose first event holds every setup fact, those the service drew for
        the table included. Returns its id, its first event and its state."""
        try:
            game = self.games.get(kind)
        except UnknownGame:
            raise InvalidEvent({"kind": [f"unknown kind; known: {self.games.kinds()}"]}) from None
        if hasattr(game, "draw") and isinstance(options, dict):
            options = game.draw(players, options, self.rng)
        event = self._checked(
            {"type": f"{kind}.created", "payload": {"players": players, "options": options},
             "actor": actor},
            players, system=False,
        )  # fmt: skip
        [envelope] = self.store.seal_batch([event], 0, GENESIS)
        state = game.initial(self.event_types.upcast(envelope))
        game_id = self.write_new_game(kind, [envelope], [(1, state)], [], token)
        return game_id, envelope, state

    def write_new_game(self, kind, log, states, retracts, token: str) -> str:
        """A new game holding `log` (sealed, checked, folded into `states`, [(seq, state)] with
        the last one at the head): written with its caches and listed. Returns its id."""
        game_id = new_game_id()
        head_seq, state = states[-1]
        meta = {
            "kind": kind,
            "players": json.dumps(log[0]["payload"]["players"]),
            "created_at": log[0]["recorded_at"],
            "token_sha256": token_digest(token),
            **self.head_fields(kind, state, retracts, log[-1]["recorded_at"]),
        }
        snapshots = self.projector.due_snapshots(states)
        self.store.write(game_id, log, Caches(state_json(head_seq, state), meta, snapshots))
        self.catalog.add(game_id, kind, meta["status"])
        return game_id

    def head_fields(self, kind: str, state, retracts, updated_at: str) -> dict[str, str]:
        """The meta fields every append refreshes: what the catalog and the sweeper read."""
        game = self.games.get(kind)
        return {
            "updated_at": updated_at,
            "status": "finished" if game.finished(state) else "active",
            "pending": game.pending(state) or "",
            "retracts": json.dumps(retracts),
        }

    def record(
        self,
        game_id: str,
        events: list[dict],
        expected_version: int | None = None,
        if_match: int | None = None,
        system: bool = False,
        head: Head | None = None,
    ) -> Recorded:
        """Append `events` after the head (or after `expected_version`, or `if_match`).

        A retry of events already in the log answers with the earlier result. That is looked
        up only when the append does not go through (the retried action may no longer be
        legal at the new head), so a first attempt costs two round trips: the head, the append.
        """
        if len(events) > 1 and any(e.get("type") == RETRACT for e in events):
            raise InvalidEvent({"events": ["a retract is recorded alone, not in a batch"]})
        head = head or self.projector.head(game_id)
        players = head.meta["players"]
        checked = [self._checked_in_batch(e, i, len(events), players, system)
                   for i, e in enumerate(events)]  # fmt: skip
        _refuse_repeated_ids(checked)
        conditional = expected_version is not None or if_match is not None
        for attempt in range(RETRIES_ON_RACE):
            try:
                if if_match is not None and if_match != head.version:
                    raise PreconditionFailed(head.version)
                if expected_version is not None and expected_version != head.version:
                    raise VersionConflict(head.version)
                return self._append_at(head, checked)
            except (RuleViolation, Refused, PreconditionFailed, VersionConflict) as refusal:
                earlier = self._earlier_result(game_id, checked)
                if earlier:
                    return earlier
                # Someone appended between our read and our write. A writer that named the
                # version it expected learns of it; anyone else is checked at the new head.
                racing = isinstance(refusal, VersionConflict) and not conditional
                if not racing or attempt == RETRIES_ON_RACE - 1:
                    if isinstance(refusal, RuleViolation | Refused):
                        self._note_refusal(head, checked, refusal)
                    raise
                head = self.projector.head(game_id)
        raise AssertionError("unreachable")

    def _append_at(self, head: Head, checked: list[dict]) -> Recorded:
        envelopes = self.store.seal_batch(checked, head.version, head.head_hash)
        retracts = list(head.meta["retracts"])
        state = head.state
        states = []
        for envelope in envelopes:
            if envelope["type"] == RETRACT:
                self._check_retract(head, retracts, envelope)
                retracts.append([envelope["payload"]["seq"], envelope["seq"]])
            state = self.projector.advance(head.game_id, head.kind, state, envelope)
            states.append((envelope["seq"], state))
        version = envelopes[-1]["seq"]
        meta = self.head_fields(head.kind, state, retracts, envelopes[-1]["recorded_at"])
        status, pending = meta["status"], meta["pending"] or None
        caches = Caches(
            head=state_json(version, state),
            meta=meta,
            snapshots=self.projector.due_snapshots(states),
        )
        if self.store.write(head.game_id, envelopes, caches).duplicate:
            return self._earlier_result(head.game_id, checked)
        if status != head.meta["status"]:
            self.catalog.move(head.game_id, head.meta["status"], status)
        return Recorded(head.game_id, version, envelopes, False, pending, status)

    def _note_refusal(self, head: Head, checked: list[dict], refusal) -> None:
        self.store.note_refusal(head.game_id, {
            "version": head.version,
            "events": checked,
            "rule": getattr(refusal, "rule", None),
            "code": getattr(refusal, "code", None),
            "message": refusal.message,
            "details": refusal.details,
        })  # fmt: skip

    def _checked_in_batch(self, event, index: int, size: int, players, system) -> dict:
        try:
            return self._checked(event, players, system)
        except InvalidEvent as error:
            errors = {"events": {index: error.errors}} if size > 1 else error.errors
            raise InvalidEvent(errors) from None

    def _checked(self, event: dict, players: list[str], system: bool) -> dict:
        """The event's body fields, validated and normalised; InvalidEvent names the field."""
        errors: dict = {}
        name = event.get("type")
        try:
            event_type = self.event_types.get(name)
        except (UnknownEventType, TypeError):
            raise InvalidEvent({"type": [f"unknown event type {name!r}"]}) from None
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
        if errors:
            raise InvalidEvent(errors)
        return {
            "event_id": event.get("event_id") or str(uuid.uuid4()),
            "type": name,
            "schema_version": event_type.version,
            "actor": actor,
            "payload": payload,
            "occurred_at": event.get("occurred_at"),
            "caused_by": event.get("caused_by") if system else None,
        }

    def _earlier_result(self, game_id: str, checked: list[dict]) -> Recorded | None:
        """The result of an earlier append of these same events, if it happened."""
        known = self.store.known_event_ids(game_id, [e["event_id"] for e in checked])
        if not known:
            return None
        for event in checked:
            seq_digest = known.get(event["event_id"])
            if seq_digest is None or seq_digest[1] != body_digest(event):
                seq = seq_digest[0] if seq_digest else next(iter(known.values()))[0]
                raise IdempotencyConflict(event["event_id"], seq)
        seqs = [known[e["event_id"]][0] for e in checked]
        envelopes = self.store.read_range(game_id, min(seqs), max(seqs))
        meta = self.projector.meta(game_id)
        pending = meta["pending"] or None
        return Recorded(game_id, meta["version"], envelopes, True, pending, meta["status"])

    def _check_retract(self, head: Head, retracts: list[list[int]], envelope: dict) -> None:
        latest = self.latest_withdrawable(head.game_id, envelope["seq"], retracts)
        if envelope["payload"]["seq"] != latest:
            legal = f"retract seq {latest}" if latest else "nothing can be retracted"
            raise Refused(
                "LOG-RETRACT",
                f"a retract withdraws the latest player action not yet withdrawn; {legal}",
                {"retractable": latest},
            )

    def latest_withdrawable(
        self, game_id: str, before: int, retracts: list[list[int]]
    ) -> int | None:
        """The latest event before `before` written by a player or admin and not withdrawn."""
        page_size = 50
        while True:
            page = self.store.read_backwards(game_id, before, page_size)
            for envelope in page:
                seq = envelope["seq"]
                if seq == 1:
                    return None
                by_system = envelope["actor"].startswith("system:")
                if envelope["type"] == RETRACT or by_system or withdrawn_by(retracts, seq):
                    continue
                return seq
            if len(page) < page_size:
                return None
            before = page[-1]["seq"]


def _refuse_repeated_ids(checked: list[dict]) -> None:
    """Two events of one batch with one id would be stored twice under it, and the index
    would name only the second: a retry of that batch could never match."""
    first_index: dict[str, int] = {}
    for index, event in enumerate(checked):
        earlier = first_index.setdefault(event["event_id"], index)
        if earlier != index:
            message = f"{event['event_id']} is used by event {earlier} of this batch"
            raise InvalidEvent({"events": {index: {"event_id": [message]}}})
