"""After the load: wait until nothing is pending, then hold every game to the ledger.

- lost: an event acknowledged that is not at its seq (or a game, or a dispute, acknowledged
  and not there);
- derived twice: the worker's events of one derivation (one `caused_by`) that are not one
  batch right after their cause with the ids a rerun reuses (`tablelog:<game>:<version>:<i>`,
  the original's for a fork's or an import's copied events), so no phase was resolved twice
  at one version; a phase resolved again at another version is what the recompute check finds;
- unverified: `verify` not ok (chain, fold, caches, the recompute check), or a disputes chain
  that does not hold;
- pending: a phase still due, or given up (`failed`), once the settling time is over;
- bad receipts: a receipt handed out that no longer checks, offline against the log read and
  the published keys, and (the last of each game) by `POST .../receipts/check`;
- written twice: an event id twice in a log, more games than creations answered or given up,
  more disputes than openings answered, and any write asked again that was answered otherwise;
- unchecked: a game the service did not answer about;
- said not recorded: a write answered 503 `"recorded": "no"` that was recorded all the same
  (its retry was answered as a duplicate, and no other attempt could have written it).

Then the tool's webhook is held to the ledger and to every log (tests/soak/delivered.py).

Besides these, "answered otherwise" counts a write asked again whose answer was not the
first's though nothing was written twice (a retry answers what the first did, says
docs/architecture.md): reported, and not held against the run.
"""

import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from events.receipts import check, public_keys
from projections.recorder import derived_event_id
from tests.soak.client import Unanswered
from tests.soak.delivered import Delivered, check_delivered

COUNTS = (
    "lost",
    "derived twice",
    "unverified",
    "pending",
    "bad receipts",
    "written twice",
    "unchecked",
    "said not recorded",
)
LOGGED = ("seq", "event_id", "actor", "type", "recorded_at")  # what is kept of each event


@dataclass
class Checked:
    counts: Counter = field(default_factory=Counter)
    problems: list = field(default_factory=list)
    games: Counter = field(default_factory=Counter)  # by how they were made
    derived: int = 0
    receipts: int = 0
    settled_in: float | None = None  # seconds after the load stopped; None: not within time
    last_settled: str = ""  # the game that was pending last, and what it waited for
    queued: int | None = None  # phase jobs waiting when the settling began
    logs: dict = field(default_factory=dict)  # game: its events, as read at the end
    delivered: Delivered | None = None  # what the tool's webhook received, checked

    def bad(self, count: str, problem: str, n: int = 1) -> None:
        self.counts[count] += n
        self.problems.append(f"{count}: {problem}")


def all_games(api) -> list[str]:
    return [game["id"] for game in api.pages("/api/games?limit=500")]


def settle(soak, checked: Checked) -> None:
    """Wait up to the settling time for every game to have nothing due; note the last one."""
    deadline = time.monotonic() + soak.settings.settle
    checked.queued = soak.api.get("/api/health").json.get("queue_depth")
    waiting = set(all_games(soak.api))
    last = None
    while waiting:
        for game_id in sorted(waiting):
            summary = soak.api.get(f"/api/games/{game_id}").json
            if summary["pending"] is None and not summary.get("failed"):
                waiting.discard(game_id)
            else:
                last = summary
        if not waiting or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    if not waiting:
        checked.settled_in = time.monotonic() - soak.load_ended
    if last:
        made = soak.ledger.games.get(last["id"])
        how = made.how if made else "not acknowledged"
        due = f"{last['pending'] or 'failed'} at {last['version']}"
        checked.last_settled = f"{last['id']} ({how} {last['kind']}, {due})"


def check_all(soak) -> Checked:
    checked = Checked()
    soak.faults.whole()
    try:
        settle(soak, checked)
        games = set(all_games(soak.api))
    except Unanswered as error:
        checked.bad("unchecked", f"the service did not answer: {error}")
        return checked
    api, ledger = soak.api, soak.ledger
    for game_id in sorted(set(ledger.games) - games):
        checked.bad("lost", f"game {game_id} was acknowledged and is not listed")
    unanswered = len(games - set(ledger.games))
    if unanswered > ledger.unanswered:
        checked.bad(
            "written twice",
            f"{unanswered} games listed that no answer named, "
            f"{ledger.unanswered} creations unanswered",
            unanswered - ledger.unanswered,
        )
    for problem in ledger.conflicts:
        checked.bad("written twice", problem)
    for problem in ledger.answered_otherwise:
        checked.bad("answered otherwise", problem)
    for problem in ledger.told_not_recorded:
        checked.bad("said not recorded", problem)
    keys = public_keys(api.get("/api/keys").json)
    for game_id in sorted(games):
        try:
            check_game(soak, game_id, keys, checked)
        except Unanswered as error:
            checked.bad("unchecked", f"game {game_id}: the service did not answer: {error}")
    try:
        checked.delivered = check_delivered(soak, checked.logs, checked)
    except Unanswered as error:
        checked.bad("unchecked", f"the webhook: the service did not answer: {error}")
    return checked


def check_game(soak, game_id: str, keys, checked: Checked) -> None:
    api, ledger = soak.api, soak.ledger
    made = ledger.games.get(game_id)
    checked.games[made.how if made else "not acknowledged"] += 1
    href = f"/api/games/{game_id}"
    events = api.pages(f"{href}/events?after=0&limit=1000")
    checked.logs[game_id] = [{k: e[k] for k in LOGGED} for e in events]
    at = {event["seq"]: event for event in events}
    if sorted(at) != list(range(1, len(events) + 1)):
        checked.bad("lost", f"game {game_id}: its seqs are not 1 to {len(events)}")
    for seq, event_id in sorted(ledger.events[game_id].items()):
        if at.get(seq, {}).get("event_id") != event_id:
            found = at.get(seq, {}).get("event_id")
            checked.bad("lost", f"game {game_id} seq {seq}: acknowledged {event_id}, found {found}")
    for event_id, n in Counter(e["event_id"] for e in events).items():
        if n > 1:
            checked.bad("written twice", f"game {game_id}: event id {event_id} {n} times")
    for problem in derivations(soak, game_id, events, checked):
        checked.bad("derived twice", f"game {game_id}: {problem}")

    verdict = api.get(f"{href}/verify", timeout=300).json
    recompute = (verdict.get("recompute") or {}).get("ok")
    if not verdict["ok"] or recompute is not True:
        checked.bad(
            "unverified",
            f"game {game_id}: {verdict.get('problem')} at "
            f"{verdict.get('first_bad_seq')}: {verdict.get('detail')}; recompute "
            f"{verdict.get('recompute')}",
        )
    summary = api.get(href).json
    if summary["pending"] is not None or summary.get("failed"):
        checked.bad(
            "pending",
            f"game {game_id}: pending {summary['pending']}, failed {summary.get('failed')}",
        )

    hashes = {event["seq"]: event["hash"] for event in events}
    kept = list(ledger.receipts[game_id].values())
    checked.receipts += len(kept)
    for receipt in kept:
        verdict = check(receipt, keys, hashes)
        if not verdict.valid:
            checked.bad("bad receipts", f"game {game_id} seq {receipt['seq']}: {verdict.reason}")
    if kept:
        answer = api.post(f"{href}/receipts/check", kept[-1]).json
        if not answer["valid"]:
            checked.bad("bad receipts", f"game {game_id}, by the service: {answer['reason']}")

    disputes = api.get(f"{href}/disputes").json
    if not disputes["disputes_ok"]:
        checked.bad("unverified", f"game {game_id}: its disputes chain: {disputes['chain']}")
    if made and made.how == "created":
        listed = {item["id"] for item in disputes["items"]}
        opened = ledger.disputes[game_id]
        for dispute_id in sorted(opened - listed):
            checked.bad("lost", f"game {game_id}: dispute {dispute_id} acknowledged, not there")
        if len(listed) > len(opened):
            checked.bad(
                "written twice",
                f"game {game_id}: {len(listed)} disputes, {len(opened)} openings answered",
                len(listed) - len(opened),
            )


def derivations(soak, game_id: str, events: list, checked: Checked) -> list[str]:
    """What is wrong with the worker's events of the log, each derivation by its cause."""
    batches = defaultdict(list)
    for event in events:
        if event["actor"].startswith("system:"):
            batches[event["caused_by"]].append(event)
    checked.derived += sum(len(batch) for batch in batches.values())
    problems = []
    for cause, batch in sorted(batches.items()):
        seqs = [event["seq"] for event in batch]
        if seqs != list(range(cause + 1, cause + 1 + len(batch))):
            problems.append(f"derived at version {cause} as seqs {seqs}")
            continue
        for index, event in enumerate(batch):
            origin = made_in(soak.ledger, game_id, event["seq"])
            if event["event_id"] != derived_event_id(origin, cause, index):
                problems.append(
                    f"seq {event['seq']} ({event['type']}) has id "
                    f"{event['event_id']}, not the derivation's at {cause}"
                )
    return problems


def made_in(ledger, game_id: str, seq: int) -> str:
    """The game whose worker wrote `seq` of `game_id`: a fork's and an import's copied events
    are their original's."""
    made = ledger.games.get(game_id)
    if made and made.origin and seq <= made.copied:
        return made_in(ledger, made.origin, seq)
    return game_id
