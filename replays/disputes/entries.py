"""A dispute entry, its canonical JSON and the chain of one game's disputes.

An entry is an opening, a reply or a resolution, numbered from 1 in the order written:

    dispute.opened    {entry, kind, dispute, author, seq, text, recorded_at, prev_hash, hash}
    dispute.replied   {entry, kind, dispute, author, text, recorded_at, prev_hash, hash}
    dispute.resolved  {entry, kind, dispute, author, outcome, correcting_seq, text,
                       recorded_at, prev_hash, hash}

`hash` is the SHA-256 of the canonical JSON of every other field (events/envelope.py's
`canonical` and `sha256`), so changing any byte of an entry breaks the chain from it on. The
first entry's `prev_hash` is the game's disputes genesis: a digest of the hash of the game's
creation event, so one game's disputes cannot be passed off as another's, and an exported
game's disputes still chain when it is imported (its events keep their hashes).

Entries carry `kind`, which no event envelope has: an export tells them from its events by it.
"""

from events.envelope import canonical, sha256

OPENED = "dispute.opened"
REPLIED = "dispute.replied"
RESOLVED = "dispute.resolved"
UPHELD = "upheld"
DISMISSED = "dismissed"

COMMON = ("entry", "kind", "dispute", "author", "text", "recorded_at", "prev_hash", "hash")
FIELDS = {
    OPENED: frozenset((*COMMON, "seq")),
    REPLIED: frozenset(COMMON),
    RESOLVED: frozenset((*COMMON, "outcome", "correcting_seq")),
}


def genesis(creation_hash: str) -> str:
    """The `prev_hash` of a game's first dispute entry: bound to the game's first event."""
    return sha256(b"tablelog disputes of " + creation_hash.encode())


def entry_hash(entry: dict) -> str:
    return sha256(canonical({k: v for k, v in entry.items() if k != "hash"}))


def seal(body: dict, number: int, prev_hash: str, recorded_at: str) -> dict:
    """The stored entry of `body` (kind, dispute, author and the kind's fields): numbered,
    timestamped and chained."""
    entry = {**body, "entry": number, "recorded_at": recorded_at, "prev_hash": prev_hash}
    entry["hash"] = entry_hash(entry)
    return entry


def form_problem(entry) -> str | None:
    """Why `entry` is not an entry of a known kind with exactly its fields, or None."""
    if not isinstance(entry, dict):
        return "not a JSON object"
    fields = FIELDS.get(entry.get("kind"))
    if fields is None:
        return f"kind must be one of {sorted(FIELDS)}, not {entry.get('kind')!r}"
    if set(entry) != fields:
        return f"the fields of a {entry['kind']} entry are {sorted(fields)}"
    return None


def chain_break(entries: list[dict], prev_hash: str) -> tuple[int, str] | None:
    """The first (entry number, reason) where form, numbering, linking or hashing does not
    hold, else None."""
    for expected, entry in enumerate(entries, start=1):
        problem = form_problem(entry)
        if problem:
            return expected, problem
        if entry["entry"] != expected or isinstance(entry["entry"], bool):
            return expected, f"expected entry {expected}, found {entry['entry']!r}"
        if entry["prev_hash"] != prev_hash:
            return expected, "prev_hash does not match the hash of the entry before"
        if entry["hash"] != entry_hash(entry):
            return expected, "hash does not match the entry's content"
        prev_hash = entry["hash"]
    return None
