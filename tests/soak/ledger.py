"""What the service acknowledged to the soak's clients: only a 2xx answer that came back counts.

The ledger is what the checks hold the service to afterwards: every event acknowledged is in
its game's log at its seq, every game a creation, fork or import acknowledged exists once,
every dispute acknowledged is there once, and every receipt handed out still checks. A write
answered 503 (or not at all) may or may not have been written: the client asks again with the
same event id or key until it is answered (tests/soak/client.py), and nothing is noted of it
until then. It also keeps the versions at which an append's answer said a phase was due, for
the phase latency (tests/soak/phases.py).
"""

import threading
import uuid
from collections import defaultdict
from dataclasses import dataclass, field


def new_key(what: str) -> str:
    """An Idempotency-Key; the writes that answer tokens want 16 characters at least."""
    return f"soak-{what}-{uuid.uuid4()}"


@dataclass
class Game:
    """A game the service said it made: by a creation, or copied from `origin` (a fork's
    original through seq `copied`, an import's source through all of it)."""

    id: str
    kind: str
    token: str
    seats: dict
    how: str  # created, forked or imported
    origin: str | None = None
    copied: int = 0


@dataclass
class Ledger:
    lock: threading.Lock = field(default_factory=threading.Lock)
    games: dict = field(default_factory=dict)  # id: Game
    keys: dict = field(default_factory=dict)  # Idempotency-Key: the game it answered
    events: dict = field(default_factory=lambda: defaultdict(dict))  # game: {seq: event id}
    receipts: dict = field(default_factory=lambda: defaultdict(dict))  # game: {signature: receipt}
    disputes: dict = field(default_factory=lambda: defaultdict(set))  # game: {dispute id}
    due: dict = field(default_factory=lambda: defaultdict(set))  # game: {version, phase due}
    sent: set = field(default_factory=set)  # every event id a client sent
    unanswered: int = 0  # writes that make a game, never answered (the soak gave up)
    conflicts: list = field(default_factory=list)  # one key or seq answered two games, events
    answered_otherwise: list = field(default_factory=list)  # a retry answered unlike the first
    told_not_recorded: list = field(default_factory=list)  # a 503 "recorded: no", recorded

    def game_made(self, key: str, answer: dict, kind: str, how: str, origin=None, copied=0):
        """A 2xx to a creation, fork or import sent with `key`."""
        with self.lock:
            known = self.keys.setdefault(key, answer["id"])
            if known != answer["id"]:
                self.conflicts.append(f"key {key} answered game {known}, then {answer['id']}")
            self.games.setdefault(
                answer["id"],
                Game(answer["id"], kind, answer["token"], answer["seats"], how, origin, copied),
            )

    def appended(self, game_id: str, answer: dict) -> None:
        """A 2xx to an append, undo or redo: each event at its seq, and its receipt."""
        with self.lock:
            at = self.events[game_id]
            for event in answer["events"]:
                known = at.setdefault(event["seq"], event["event_id"])
                if known != event["event_id"]:
                    self.conflicts.append(
                        f"game {game_id} seq {event['seq']} acknowledged as "
                        f"{known}, then as {event['event_id']}"
                    )
            for receipt in answer.get("receipts") or []:  # a retry's are the first's again
                self.receipts[game_id][receipt["signature"]] = receipt
            if answer.get("pending"):  # a retry's: the game now, at the version it answers
                self.due[game_id].add(answer["version"])

    def dispute_opened(self, game_id: str, dispute_id: int) -> None:
        with self.lock:
            self.disputes[game_id].add(dispute_id)

    def sending(self, *event_ids: str) -> None:
        with self.lock:
            self.sent.update(event_ids)

    def gave_up_making(self) -> None:
        with self.lock:
            self.unanswered += 1

    def acknowledged(self) -> int:
        return sum(len(seqs) for seqs in self.events.values())
