"""Dispute threads: the entries folded into one thread per dispute, and what a new entry must
be to join them.

A dispute is opened on a seq of the game's log, gathers replies, and is resolved once:
`upheld`, naming the seq of the action that corrected the log (after the disputed seq), or
`dismissed`. A resolved dispute takes nothing more. The same `check` refuses a new entry on
the API and audits an imported or stored chain, so a chain that passes it is one the API
could have written.
"""

from dataclasses import dataclass

from replays.disputes.entries import DISMISSED, OPENED, REPLIED, RESOLVED, UPHELD, chain_break

SUMMARY_CHARS = 80


class DisputeRefused(Exception):
    """A new entry the disputes do not take: `status` (400, 404, 409, 422), the `field` at
    fault and why."""

    def __init__(self, status: int, field: str, message: str):
        super().__init__(message)
        self.status = status
        self.field = field
        self.message = message


@dataclass(frozen=True)
class LogFacts:
    """What a dispute entry is checked against: the log's version and the game's players."""

    version: int
    players: list[str]


def fold(entries: list[dict]) -> dict[int, dict]:
    """Each dispute's thread by its id, in the order opened. Entries are taken as they are:
    `check` is what refuses."""
    threads: dict[int, dict] = {}
    for entry in entries:
        apply(threads, entry)
    return threads


def apply(threads: dict[int, dict], entry: dict) -> None:
    """`threads` with `entry` added to its thread."""
    said = {"entry": entry["entry"], "author": entry["author"], "text": entry["text"],
            "recorded_at": entry["recorded_at"]}  # fmt: skip
    if entry["kind"] == OPENED:
        threads[entry["dispute"]] = {"id": entry["dispute"], "seq": entry["seq"],
                                     "status": "open", **said, "replies": [],
                                     "resolution": None}  # fmt: skip
    elif entry["kind"] == REPLIED:
        threads[entry["dispute"]]["replies"].append(said)
    else:
        thread = threads[entry["dispute"]]
        thread["status"] = entry["outcome"]
        thread["resolution"] = {**said, "outcome": entry["outcome"],
                                "correcting_seq": entry["correcting_seq"]}  # fmt: skip


def summary(thread: dict) -> dict:
    """A thread in a line: what a replay step and the list show."""
    text = thread["text"]
    short = text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1] + "…"
    resolution = thread["resolution"] or {}
    return {"id": thread["id"], "seq": thread["seq"], "status": thread["status"],
            "author": thread["author"], "text": short, "replies": len(thread["replies"]),
            "correcting_seq": resolution.get("correcting_seq")}  # fmt: skip


def anchored(threads: dict[int, dict]) -> dict[int, list[dict]]:
    """The summaries of the disputes opened on each seq."""
    by_seq: dict[int, list[dict]] = {}
    for thread in threads.values():
        by_seq.setdefault(thread["seq"], []).append(summary(thread))
    return by_seq


def check(threads: dict[int, dict], body: dict, facts: LogFacts) -> None:
    """DisputeRefused unless `body` (kind, dispute, author and the kind's fields) may follow
    `threads` in a game whose log is `facts`."""
    check_author(body["author"], facts.players)
    if body["kind"] == OPENED:
        if body["dispute"] != len(threads) + 1:
            raise DisputeRefused(422, "dispute", f"the next dispute is {len(threads) + 1}")
        check_seq("seq", body["seq"], facts.version)
        return
    thread = threads.get(body["dispute"])
    if thread is None:
        raise DisputeRefused(404, "dispute", f"no dispute {body['dispute']} in this game")
    if thread["status"] != "open":
        raise DisputeRefused(
            409, "dispute",
            f"dispute {thread['id']} is resolved ({thread['status']}); it takes nothing more",
        )  # fmt: skip
    if body["kind"] == RESOLVED:
        check_resolution(thread, body, facts)


def check_author(author, players: list[str]) -> None:
    """An author is `admin` or `player:<name>` of a player of the game."""
    if author == "admin":
        return
    if not isinstance(author, str) or not author.startswith("player:"):
        raise DisputeRefused(400, "author", "must be player:<name> or admin")
    if author[7:] not in players:
        raise DisputeRefused(400, "author", f"{author[7:]!r} is not a player of this game")


def check_seq(field: str, seq, version: int) -> None:
    if type(seq) is not int or not 1 <= seq <= version:
        raise DisputeRefused(422, field, f"the log holds seqs 1 to {version}, not {seq}")


def check_resolution(thread: dict, body: dict, facts: LogFacts) -> None:
    """Upheld names the seq that corrected the log, after the disputed one; dismissed none."""
    correcting = body["correcting_seq"]
    if body["outcome"] == UPHELD:
        if correcting is None:
            raise DisputeRefused(422, "correcting_seq", "an upheld dispute names the seq of "
                                 "the action that corrected the log")  # fmt: skip
        check_seq("correcting_seq", correcting, facts.version)
        if correcting <= thread["seq"]:
            raise DisputeRefused(
                422, "correcting_seq",
                f"the correction must come after the disputed seq {thread['seq']}, not at "
                f"{correcting}",
            )  # fmt: skip
    elif body["outcome"] == DISMISSED:
        if correcting is not None:
            raise DisputeRefused(422, "correcting_seq", "a dismissed dispute corrects nothing")
    else:
        raise DisputeRefused(400, "outcome", f"must be {UPHELD} or {DISMISSED}")


def audit(entries: list[dict], prev_hash: str, facts: LogFacts) -> tuple[int, str] | None:
    """The first (entry number, reason) of a chain the API could not have written, else
    None: the chain whole from `prev_hash`, each entry one `check` takes."""
    broken = chain_break(entries, prev_hash)
    if broken:
        return broken
    threads: dict[int, dict] = {}
    for entry in entries:
        if type(entry["dispute"]) is not int:
            return entry["entry"], "dispute must be a whole number"
        if not isinstance(entry["text"], str) or not isinstance(entry["recorded_at"], str):
            return entry["entry"], "text and recorded_at must be strings"
        try:
            check(threads, entry, facts)
        except DisputeRefused as refused:
            return entry["entry"], f"{refused.field}: {refused.message}"
        apply(threads, entry)
    return None
