"""A write made once per Idempotency-Key (docs/architecture.md, "Idempotency").

A key is scoped to what it writes: `Keyed.scope` is a digest of the game, the endpoint, the
seat that writes where the key is that seat's, and the key, so one key sent to another game,
endpoint or seat names another write. `Keyed.request` is a digest of what was asked, for a
write that compares requests so: the same key asking for something else is KeyReused.

A key is remembered only with its write. A write keyed so either derives its event ids from
the scope (`event_id`: the append script finds them, as it finds any event id used before)
or is recorded with the key by the script that writes it (a dispute entry), so no crash
leaves a key without its write, or a write without its key. An append keyed so does both:
its event ids say what it wrote, and `Remembered`, kept by the append script beside them,
what was asked (an `expected_version` is in no event) and whose token it replaced.
"""

import uuid
from dataclasses import dataclass

from events.envelope import canonical, sha256

# The ids of keyed writes are in a namespace of their own, so none is an id a worker derives
# from the version it resolves at, or a redo from its undo (both `tablelog:<game>:...` in the
# URL namespace): a key "3" once named the worker's first event at version 3.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "tablelog:idempotency-key")


class KeyReused(Exception):
    """An Idempotency-Key sent before, in the same scope, with another request: `where` says
    what it wrote then (`entry`, a dispute entry; `seq`, the first event)."""

    def __init__(self, key: str, **where: int | str):
        super().__init__(f"Idempotency-Key {key!r} was sent before with another request")
        self.key = key
        self.where = where


@dataclass(frozen=True)
class Keyed:
    """A write sent with an Idempotency-Key."""

    key: str  # as the client sent it
    scope: str  # SHA-256 hex of (the scope's parts, the key)
    request: str  # SHA-256 hex of the request, where the write compares them; else ""

    def event_id(self, index: int) -> str:
        """The id of the index-th event this write appends."""
        return str(uuid.uuid5(NAMESPACE, f"{self.scope}:{index}"))

    def refuse_another(self, remembered: "Remembered | None") -> None:
        """KeyReused if this key wrote before (`remembered`) for another request."""
        if remembered is not None and remembered.request != self.request:
            raise KeyReused(self.key, seq=remembered.seq)


@dataclass(frozen=True)
class Remembered:
    """What an append sent with an Idempotency-Key keeps of its request, beside its events
    (`keys.keyed_writes`): the seq of its first event, the request's digest, and, for a
    write that replaced the table's token that sent it, that token's digest (else "")."""

    seq: int
    request: str
    replaced: str = ""

    def stored(self) -> str:
        return f"{self.seq}:{self.request}:{self.replaced}"

    @classmethod
    def parse(cls, stored: bytes) -> "Remembered":
        seq, request, replaced = stored.decode().split(":")
        return cls(int(seq), request, replaced)


class KeyWritten(Exception):
    """An append under a key that wrote other events before (a redo of another undo):
    `remembered` says what it was asked then."""

    def __init__(self, remembered: Remembered):
        super().__init__(f"the key wrote seq {remembered.seq} before")
        self.remembered = remembered


def keyed(key: str | None, scope: list, request=None) -> Keyed | None:
    """The write under `key` in `scope` (JSON data: the game, the endpoint, the seat), of
    `request` (JSON data) where the write compares requests by their digest (a write whose
    ids come from the key has the append script compare its events); None without a key."""
    if key is None:
        return None
    digest = sha256(canonical(request)) if request is not None else ""
    return Keyed(key, sha256(canonical([*scope, key])), digest)
