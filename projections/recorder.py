"""The write side: a batch of events checked against the head state, folded, and appended.

Every event that reaches a log comes through here, from the API or from a worker: checked
(projections/checks.py: its type, payload, actor), folded by the game's rules at the head
state, then appended by the store with the caches that go with it (the new head record, the
records due, a retract's withdrawal, the catalog fields), all or nothing.
"""

import hashlib
import json
import logging
import random
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson
import redis

from events.envelope import GENESIS, body_digest
from events.idempotency import Keyed, KeyWritten, Remembered
from events.registry import EventTypeRegistry
from events.retract import RETRACT
from events.seats import SEAT_REPLACED, TABLE
from events.store import (
    Caches,
    CorruptEvent,
    IdempotencyConflict,
    Indexed,
    RedisEventStore,
    VersionConflict,
)
from games import GameRegistry, UnknownGame
from games.errors import RuleViolation
from projections.catalog import Catalog, new_game_id
from projections.checks import (
    EventChecks,
    InvalidEvent,
    PreconditionFailed,
    Refused,
    check_retract,
    refuse_after_finished,
    refuse_repeated_ids,
)
from projections.fold import retract_pairs
from projections.receipt_keys import ReceiptKeys, ReceiptMismatch, kept_form
from projections.rules import NAME, RULES, for_the_game, name_errors, rules_of
from projections.state import Head, Projector, Record

RETRIES_ON_RACE = 5
HEADS_KEPT = 256  # games whose head a process keeps after writing it (see KeptHeads)
WITHHELD = "(withheld: a refused reveal)"

log = logging.getLogger(__name__)


@dataclass
class Recorded:
    game_id: str
    version: int
    envelopes: list[dict]
    duplicate: bool
    pending: str | None
    status: str
    # the receipt of each envelope, in order, for an append someone is answered; a retry's are
    # those first issued (none for events recorded before receipts were kept beside them)
    receipts: list[dict] = field(default_factory=list)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def derived_event_id(game_id: str, version: int, index: int) -> str:
    """The id of the index-th event a worker derives at `version`: a rerun reuses it."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"tablelog:{game_id}:{version}:{index}"))


def derived_events(game_id: str, version: int, phase: str, resolved: list[dict]) -> list[dict]:
    """The events of `phase` resolved at `version`, as the worker records them: the phase as
    actor, `version` as their cause, ids a rerun reuses."""
    return [
        {
            **event,
            "event_id": derived_event_id(game_id, version, index),
            "actor": f"system:{phase}",
            "caused_by": version,
        }
        for index, event in enumerate(resolved)
    ]


class KeptHeads:
    """The heads this process wrote last, newest last (at most `size` games), each with the
    stored bytes of its last event. The write path appends at a kept head without reading
    it again: the append script checks its version, its hash and those bytes, so a head
    another process has moved on costs a conflict and one read, never a wrong write; and
    nothing is refused at a kept head before the head is read (recorder.record).

    An append takes the head out, so that no two threads of a process fold one state (the
    append changes it in place: games/plain_data.py), and keeps the head it makes only if its
    write went through: a failed append leaves nothing kept."""

    def __init__(self, size: int = HEADS_KEPT):
        self.size = size
        self._heads: OrderedDict[str, tuple[Head, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, game_id: str) -> tuple[Head, bytes] | None:
        with self._lock:
            return self._heads.pop(game_id, None)

    def keep(self, head: Head, last_entry: bytes) -> None:
        with self._lock:
            self._heads[head.game_id] = (head, last_entry)
            self._heads.move_to_end(head.game_id)
            while len(self._heads) > self.size:
                self._heads.popitem(last=False)


class Recorder:
    def __init__(
        self,
        projector: Projector,
        catalog: Catalog,
        games: GameRegistry,
        event_types: EventTypeRegistry,
        receipts: ReceiptKeys,
    ):
        self.projector = projector
        self.store: RedisEventStore = projector.store
        self.catalog = catalog
        self.games = games
        self.event_types = event_types
        self.checks = EventChecks(event_types)
        self.receipts = receipts
        self.rng = random.SystemRandom()
        self.heads = KeptHeads()

    def create(
        self,
        kind: str,
        players: list[str],
        options: dict,
        token: str,
        actor="admin",
        seat_tokens: dict[str, str] | None = None,
        keyed: Keyed | None = None,
        rng: random.Random | None = None,
        name: str | None = None,
    ):
        """A new game whose first event holds every setup fact, those the service drew for
        the table included (with `rng`, the service's own by default), the rules it is
        recorded under and the table's `name` for it if given (projections/rules.py, which
        says what a name may be); `token` is the table's recorder's,
        `seat_tokens` each player's. `keyed`: sent with an Idempotency-Key, whose retry
        finds the game the first made (`write_new_game`); its draws must then come from an
        `rng` the key seeds, so the retry's creation is the same event.
        Returns its id, its first event, its state, and whether it was made before."""
        try:
            game = self.games.get(kind)
        except UnknownGame:
            raise InvalidEvent({"kind": [f"unknown kind; known: {self.games.kinds()}"]}) from None
        if hasattr(game, "draw") and isinstance(options, dict):
            options = game.draw(players, options, rng or self.rng)
        event = {"type": f"{kind}.created", "payload": {"players": players, "options": options},
                 "actor": actor}  # fmt: skip
        if keyed is not None:
            event["event_id"] = keyed.event_id(0)
        event = self.checks.body(event, kind, players, system=False)
        event["payload"] = {**event["payload"], RULES: rules_of(game)}
        if name is not None:  # absent unless given: a game without one has the bytes it had
            if name_errors(name):
                raise InvalidEvent({NAME: name_errors(name)})
            event["payload"][NAME] = name
        [envelope] = self.store.seal_batch([event], 0, GENESIS)
        state = game.initial(self.event_types.upcast(for_the_game(envelope)))
        record = Record(1, envelope["hash"], players, state)
        game_id, made_before = self.write_new_game(
            kind, [envelope], [record], token, seat_tokens, keyed=keyed
        )
        return game_id, envelope, state, made_before

    def write_new_game(
        self,
        kind: str,
        log: list[dict],
        records: list[Record],
        token: str,
        seat_tokens: dict[str, str] | None = None,
        more_meta: dict[str, str] | None = None,
        keyed: Keyed | None = None,
    ) -> tuple[str, bool]:
        """A new game holding `log` (sealed, checked, folded into `records`, the last one at
        the head): written with its caches and listed. Returns its id, and whether it was
        written before: `keyed`, a write sent with an Idempotency-Key, takes the id the key
        was given the first time (`Catalog.keyed_id`), and a retry finds the game there.
        `more_meta` adds fields to its meta hash (a fork's `forked_from`).

        It is listed first: a process that dies between the two leaves an id the list skips
        (it has no meta), never a game nobody can find, and a keyed retry writes it then."""
        game_id = self.catalog.keyed_id(keyed) if keyed else new_game_id()
        if keyed and self.store.head(game_id)[0] > 0:
            self.store.confirm(game_id)
            return game_id, True  # the key's request made it: listing it again could undo a move
        head = records[-1]
        meta = {
            "kind": kind,
            "players": json.dumps(log[0]["payload"]["players"]),
            "created_at": log[0]["recorded_at"],
            "token_sha256": token_digest(token),
            "seats_sha256": json.dumps(
                {seat: token_digest(t) for seat, t in (seat_tokens or {}).items()}
            ),
            **self.head_fields(kind, head.state, log[-1]["recorded_at"]),
            **({"name": log[0]["payload"][NAME]} if NAME in log[0]["payload"] else {}),
            **(more_meta or {}),
        }
        origin = json.loads(meta["forked_from"]) if "forked_from" in meta else None
        self.catalog.add(game_id, kind, meta["status"], log[0]["payload"]["players"],
                         meta.get("name"), origin)  # fmt: skip
        seal = self.projector.seal
        caches = Caches(
            head=seal.seal(game_id, head),
            meta=meta,
            states={r.seq: seal.seal(game_id, r) for r in records[:-1]},
            withdrawals={by: seal.seal_withdrawal(game_id, target, by)
                         for target, by in retract_pairs(log)},
        )  # fmt: skip
        written = self.store.write(game_id, log, caches)
        return game_id, written.duplicate

    def head_fields(self, kind: str, state, updated_at: str) -> dict[str, str]:
        """The meta fields every append refreshes: what the catalog and the sweeper read."""
        game = self.games.get(kind)
        return {
            "updated_at": updated_at,
            "status": "finished" if game.finished(state) else "active",
            "pending": game.pending(state) or "",
            "awaiting": orjson.dumps(game.awaiting(state)).decode(),  # json.dumps: 10 times the CPU
        }

    def record(
        self,
        game_id: str,
        events: list[dict] | Callable[[dict], list[dict]],
        expected_version: int | None = None,
        if_match: int | None = None,
        system: bool = False,
        keyed: Keyed | None = None,
    ) -> Recorded:
        """Append `events` after the head (or after `expected_version`, or `if_match`).
        `events` may be a function of the meta of the head the append is tried at, that
        gives them as the writer may write them there or raises (a token that opens no seat
        of that head). Either way they are checked again at every head read. `keyed`: sent
        with an Idempotency-Key, whose request is kept with the events, and a retry of
        another request is KeyReused.

        A retry of events already in the log answers with the earlier result. That is looked
        up only when the append does not go through (the retried action may no longer be
        legal at the new head), so a first attempt costs one round trip at a head this process
        wrote last (kept, `KeptHeads`), and two otherwise: the head, the append. At a kept head
        nothing is refused: a refusal or a conflict there reads the head and tries again.
        The head, taken or read, is this append's alone: its state is changed in place.
        """
        head, last_entry = self.heads.take(game_id) or (self.projector.head(game_id), None)
        conditional = expected_version is not None or if_match is not None
        attempt = 0
        while True:
            try:
                checked = self.checks.batch(events, head, system)
            except Exception:
                if last_entry is None:
                    raise
                head, last_entry = self.projector.head(game_id), None  # the kept may be stale
                continue
            try:
                if if_match is not None and if_match != head.version:
                    raise PreconditionFailed(head.version)
                if expected_version is not None and expected_version != head.version:
                    raise VersionConflict(head.version)
                return self._append_at(
                    head, checked, last_entry, True, receipted=not system, keyed=keyed
                )
            except (RuleViolation, Refused, PreconditionFailed, VersionConflict) as refusal:
                if last_entry is not None:  # a kept head may be stale: read it, try again
                    head, last_entry = self.projector.head(game_id), None
                    continue
                earlier = self._earlier_result(game_id, checked, keyed)
                if earlier:
                    return earlier
                # Someone appended between our read and our write. A writer that named the
                # version it expected learns of it; anyone else is checked at the new head.
                racing = isinstance(refusal, VersionConflict) and not conditional
                attempt += 1
                if not racing or attempt == RETRIES_ON_RACE:
                    if isinstance(refusal, RuleViolation | Refused):
                        self.note_refusal(head, checked, refusal)
                    raise
                head = self.projector.head(game_id)

    def record_checked(
        self, head: Head, checked: list[dict], keyed: Keyed | None = None
    ) -> Recorded:
        """Append events already checked (`checked`) at exactly `head`'s version, else
        VersionConflict: for a batch planned from that head (an undo's retracts, a redo). A
        batch of retracts is allowed here, each checked against the retract rule in turn; each
        names an event already in the log (the state it returns to is read from there).
        `keyed` as for `record`."""
        if any(e["type"] == RETRACT and e["payload"]["seq"] > head.version for e in checked):
            raise InvalidEvent({"events": ["a retract in a batch names an event of the log"]})
        refuse_repeated_ids(checked)
        try:
            return self._append_at(head, checked, receipted=True, keyed=keyed)
        except (RuleViolation, Refused) as refusal:
            self.note_refusal(head, checked, refusal)
            raise

    def _append_at(
        self,
        head: Head,
        checked: list[dict],
        last_entry: bytes | None = None,
        given_up: bool = False,
        receipted: bool = False,
        keyed: Keyed | None = None,
        replaced: str = "",
    ) -> Recorded:
        """Append at `head`, and keep the head it makes; `last_entry` for a kept head.
        `given_up`: `head` is this append's alone, and its state is changed in place.
        `receipted`: someone is answered, with a receipt of each event, signed before the
        write and kept by it beside each event, for a retry to be answered with again.
        `keyed`: sent with an Idempotency-Key, whose request is kept with the events (and
        `replaced`, the digest of the table's token it replaces, where that token sent it);
        KeyReused if the key wrote before for another request."""
        envelopes = self.store.seal_batch(checked, head.version, head.head_hash)
        seal = self.projector.seal
        record, kept, withdrawals = head.record, {}, {}
        for index, envelope in enumerate(envelopes):
            if envelope["type"] == RETRACT:
                check_retract(self.store, head, envelopes[:index], envelope)
                target, seq = envelope["payload"]["seq"], envelope["seq"]
                withdrawals[seq] = seal.seal_withdrawal(head.game_id, target, seq)
            # the states after the head's are this append's own
            given_up = given_up or index > 0
            state = self._advance_in_batch(
                head, record.state, envelope, index, len(envelopes), given_up
            )
            record = Record(envelope["seq"], envelope["hash"], record.players, state)
            if self.projector.is_kept(envelope):
                kept[record.seq] = seal.seal(head.game_id, record)
        meta = self.head_fields(head.kind, record.state, envelopes[-1]["recorded_at"])
        meta.update(seat_digests(head.meta, envelopes))
        status, pending = meta["status"], meta["pending"] or None
        sealed_head = (
            seal.seal(head.game_id, record) if self.projector.is_head_kept(envelopes) else None
        )
        signed = self.receipts.sign(head.game_id, envelopes) if receipted else []
        caches = Caches(sealed_head, meta, kept, withdrawals, [kept_form(r) for r in signed])
        remembered = Remembered(head.version + 1, keyed.request, replaced) if keyed else None
        try:
            written = self.store.write(
                head.game_id, envelopes, caches, last_entry,
                (keyed.scope, remembered) if keyed else None,
            )  # fmt: skip
        except KeyWritten as earlier:
            keyed.refuse_another(earlier.remembered)
            raise
        if written.duplicate:
            return self._earlier_result(head.game_id, checked, keyed)
        after = {**head.meta, **meta, "version": record.seq, "head_hash": record.hash,
                 "awaiting": orjson.loads(meta["awaiting"])}  # fmt: skip
        self.heads.keep(Head(head.game_id, after, record), written.last_entry)
        if status != head.meta["status"]:
            try:
                self.catalog.move(head.game_id, head.kind, head.meta["status"], status)
            except redis.RedisError as error:  # the write stands: never answer it as failed
                log.warning("game %s: the list's status index did not follow (`flask --app "
                            "app rebuild-catalog` mends it): %s", head.game_id, error)  # fmt: skip
        return Recorded(head.game_id, record.seq, envelopes, False, pending, status, signed)

    def _advance_in_batch(
        self, head: Head, state, envelope: dict, index: int, size: int, given_up: bool
    ):
        """The state after `envelope`; a refusal inside a batch names the event it refused."""
        refuse_after_finished(self.games.get(head.kind), state, envelope)
        try:
            return self.projector.advance(head.game_id, head.kind, state, envelope, given_up)
        except RuleViolation as refusal:
            if size > 1:
                refusal.details = {**refusal.details, "event": index}
                refusal.message = f"event {index} of the batch: {refusal.message}"
            raise

    def note_refusal(self, head: Head, checked: list[dict], refusal) -> None:
        """The refused batch kept for the audit, each reveal's secret fields withheld."""
        self.store.note_refusal(head.game_id, {
            "version": head.version,
            "events": [self._withheld(event) for event in checked],
            "rule": getattr(refusal, "rule", None),
            "code": getattr(refusal, "code", None),
            "message": refusal.message,
            "details": refusal.details,
        })  # fmt: skip

    def replace_seat(
        self, game_id: str, seat: str, token: str, keyed: Keyed | None = None
    ) -> Recorded:
        """The recorder gives `seat` (a player's name or "table") a new token: the event
        `seat_replaced` names the seat and the token's digest, and the meta's digest changes
        with it, in the same write. `keyed`, an Idempotency-Key, makes a retry find the
        first (duplicate); where the table's token is replaced, its digest is kept with the
        key, so that the one who sent it, holding that token still, can be answered again."""
        event = {"type": SEAT_REPLACED, "actor": "admin",
                 "payload": {"seat": seat, "token_sha256": token_digest(token)}}  # fmt: skip
        if keyed is not None:
            event["event_id"] = keyed.event_id(0)
        for attempt in range(RETRIES_ON_RACE):
            head = self.projector.head(game_id)
            players = head.record.players
            if seat != TABLE and seat not in players:
                raise InvalidEvent({"seat": [f"{seat!r} is not a seat: {TABLE}, {players}"]})
            checked = self.checks.body(event, head.kind, players, False, seats=True)
            replaced = head.meta["token_sha256"] if seat == TABLE else ""
            try:
                return self._append_at(head, [checked], keyed=keyed, replaced=replaced)
            except VersionConflict:
                if attempt == RETRIES_ON_RACE - 1:
                    raise
        raise AssertionError("unreachable")

    def _withheld(self, event: dict) -> dict:
        secret = self.event_types.get(event["type"]).secret_fields
        if not secret:
            return event
        payload = {k: (WITHHELD if k in secret else v) for k, v in event["payload"].items()}
        return {**event, "payload": payload}

    def _earlier_result(
        self, game_id: str, checked: list[dict], keyed: Keyed | None = None
    ) -> Recorded | None:
        """The result of an earlier append of these same events, if it happened; KeyReused
        if `keyed`, the Idempotency-Key this one was sent with, wrote it for another request
        (another `expected_version`, or none: the events alone do not say)."""
        known = self.store.known_event_ids(game_id, [e["event_id"] for e in checked])
        if not known:
            return None
        if keyed is not None:
            keyed.refuse_another(self.store.remembered(game_id, keyed.scope))
        for event in checked:
            indexed = known.get(event["event_id"])
            if indexed is None or indexed.digest != body_digest(event):
                seq = indexed.seq if indexed else next(iter(known.values())).seq
                raise IdempotencyConflict(event["event_id"], seq)
        self.store.confirm(game_id)  # what was answered first is on the replicas too
        answer = self.answered_again(game_id, [known[e["event_id"]] for e in checked])
        for event, envelope in zip(checked, answer.envelopes, strict=True):
            # the index says what each id was recorded with; the log itself must say the same,
            # or the retry would be answered with an event rewritten in Redis
            same = envelope["event_id"] == event["event_id"]
            if not same or body_digest(envelope) != body_digest(event):
                differs = f"the log's event differs from {event['event_id']}'s"
                raise CorruptEvent(envelope["seq"], differs)
        return answer

    def answered_again(self, game_id: str, indexed: list[Indexed]) -> Recorded:
        """The answer to a retry of an append of events the log holds (`indexed`, in the order
        asked): the events as the log holds them, and the receipts first issued, from what the
        index kept beside each event and the log's hashes. None are signed again, so a log
        rewritten in Redis, index and all, never gets a rewritten event signed: a kept
        receipt that no longer holds for the log is a damaged log (CorruptEvent), and events
        recorded before receipts were kept beside them are answered with none."""
        seqs = [entry.seq for entry in indexed]
        heads = [int(entry.receipt.split(":", 1)[0]) for entry in indexed if entry.receipt]
        log = {e["seq"]: e for e in self.store.read_range(game_id, min(seqs), max(seqs + heads))}
        envelopes = [log.get(seq) for seq in seqs]
        missing = next((seq for seq, e in zip(seqs, envelopes, strict=True) if e is None), None)
        if missing is not None:
            raise CorruptEvent(missing, "the event-id index names an event the log does not hold")
        receipts = []
        if all(entry.receipt for entry in indexed):
            hashes = {seq: envelope["hash"] for seq, envelope in log.items()}
            try:
                receipts = [self.receipts.reissued(game_id, entry.seq, entry.receipt, hashes)
                            for entry in indexed]  # fmt: skip
            except ReceiptMismatch as mismatch:
                raise CorruptEvent(mismatch.seq, str(mismatch)) from None
        meta = self.projector.meta(game_id)
        pending = meta["pending"] or None
        return Recorded(game_id, meta["version"], envelopes, True, pending, meta["status"],
                        receipts)  # fmt: skip


def seat_digests(meta: dict, envelopes: list[dict]) -> dict[str, str]:
    """The meta fields that change when `envelopes` replace seats' tokens (none otherwise)."""
    replaced = [e["payload"] for e in envelopes if e["type"] == SEAT_REPLACED]
    if not replaced:
        return {}
    fields = {}
    seats = json.loads(meta.get("seats_sha256") or "{}")
    for payload in replaced:
        if payload["seat"] == TABLE:
            fields["token_sha256"] = payload["token_sha256"]
        else:
            seats[payload["seat"]] = payload["token_sha256"]
            fields["seats_sha256"] = json.dumps(seats)
    return fields
