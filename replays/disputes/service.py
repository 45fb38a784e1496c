"""Opening, replying to and resolving a game's disputes, and reading them back.

A write reads the whole disputes stream (one round trip), folds it into threads, checks the
new entry against them and the game's head (its version and the players of its creation),
seals it after the last entry and appends it only if no other entry came first; if one did,
it reads again and checks again.

A write sent with an Idempotency-Key is looked up first: if its key wrote an entry before,
with the same request, the answer is the thread as that entry left it (`duplicate`), with
another request KeyReused, and nothing is written either way. The script that appends the
entry records the key with it, and refuses a key it holds, so of two writes racing with one
key one writes and the other answers what it wrote.
"""

from dataclasses import dataclass

from events.idempotency import Keyed, KeyReused
from events.store import utc_now
from projections.state import Head, Projector
from replays.disputes.entries import OPENED, REPLIED, RESOLVED, genesis, seal
from replays.disputes.stream import (
    CorruptDispute,
    DisputesMoved,
    DisputeStream,
    KeyedBefore,
    decode,
)
from replays.disputes.threads import LogFacts, anchored, apply, audit, check, fold

RETRIES_ON_RACE = 5


@dataclass(frozen=True)
class Written:
    thread: dict  # the dispute's thread just after the entry
    duplicate: bool  # a retry: the entry its Idempotency-Key wrote before, nothing new


class DisputeService:
    def __init__(self, projector: Projector):
        self.projector = projector
        self.stream = DisputeStream(projector.redis, projector.store.replicas)

    def genesis(self, game_id: str) -> str:
        """The disputes genesis of the game: from the hash of its creation event."""
        return genesis(self.projector.store.read_one(game_id, 1)["hash"])

    def open(
        self, head: Head, seq: int, author: str, text: str, keyed: Keyed | None = None
    ) -> Written:
        body = {"kind": OPENED, "dispute": None, "seq": seq, "author": author, "text": text}
        return self._write(head, body, keyed)

    def reply(
        self, head: Head, dispute: int, author: str, text: str, keyed: Keyed | None = None
    ) -> Written:
        body = {"kind": REPLIED, "dispute": dispute, "author": author, "text": text}
        return self._write(head, body, keyed)

    def resolve(
        self, head: Head, dispute: int, outcome: str, correcting_seq, author, text,
        keyed: Keyed | None = None,
    ) -> Written:  # fmt: skip
        body = {"kind": RESOLVED, "dispute": dispute, "outcome": outcome,
                "correcting_seq": correcting_seq, "author": author, "text": text}  # fmt: skip
        return self._write(head, body, keyed)

    def _write(self, head: Head, body: dict, keyed: Keyed | None) -> Written:
        """The thread after `body` is written, or after the entry `keyed` wrote before;
        DisputeRefused (nothing written) if it may not be, KeyReused if the key wrote
        another request, DisputesMoved if other writers kept getting in first."""
        facts = LogFacts(head.version, head.record.players)
        for _ in range(RETRIES_ON_RACE):
            earlier = self._keyed_before(head.game_id, keyed) if keyed else None
            if earlier:
                return earlier
            entries = self.stream.read(head.game_id)
            threads = fold(entries)
            if body["kind"] == OPENED:
                body = {**body, "dispute": len(threads) + 1}
            check(threads, body, facts)
            prev_hash = entries[-1]["hash"] if entries else self.genesis(head.game_id)
            entry = seal(body, len(entries) + 1, prev_hash, utc_now())
            try:
                self.stream.append(head.game_id, [entry], len(entries), prev_hash, keyed)
            except (DisputesMoved, KeyedBefore):
                continue
            apply(threads, entry)
            return Written(threads[body["dispute"]], duplicate=False)
        raise DisputesMoved(len(entries))

    def _keyed_before(self, game_id: str, keyed: Keyed) -> Written | None:
        """The thread as the entry `keyed` wrote before left it, if it wrote one."""
        written = self.stream.keyed_before(game_id, keyed)
        if written is None:
            return None
        number, request = written
        if request != keyed.request:
            raise KeyReused(keyed.key, entry=number)
        self.projector.store.confirm(game_id)  # the entry answered is on the replicas too
        entries = self.stream.read(game_id)[:number]
        return Written(fold(entries)[entries[-1]["dispute"]], duplicate=True)

    def threads(self, game_id: str) -> dict[int, dict]:
        """Every thread, each entry checked (CorruptDispute at the first that does not hold)."""
        return fold(self.stream.read(game_id))

    def anchored(self, game_id: str) -> dict[int, list[dict]]:
        """The disputes' summaries by the seq each is opened on: one read of the stream."""
        return anchored(self.threads(game_id))

    def checked(self, game_id: str) -> tuple[dict, dict[int, dict]]:
        """(the chain's verdict, the threads of the entries before the first that does not
        hold): every entry decoded, the chain re-hashed from the game's genesis, each entry
        one the API would have taken against the log's version and its creation's players."""
        version = self.projector.meta(game_id)["version"]
        creation = self.projector.store.read_one(game_id, 1)
        facts = LogFacts(version, creation["payload"]["players"])
        entries, problem = [], None
        for number, raw in self.stream.raw(game_id):
            try:
                entries.append(decode(number, raw))
            except CorruptDispute as error:
                problem = (number, error.reason)
                break
        first = genesis(creation["hash"])
        problem = audit(entries, first, facts) or problem
        holding = entries[: problem[0] - 1] if problem else entries
        verdict = {
            "ok": problem is None,
            "entries": len(holding),
            "head_hash": holding[-1]["hash"] if holding else first,
            "first_bad_entry": problem[0] if problem else None,
            "problem": problem[1] if problem else None,
        }
        return verdict, fold(holding)
