"""After the games are checked: wait, up to the settling time, for the tool's webhook to catch
up (nothing in the feed after its cursor, and every event of every log accepted by the tool),
then hold what the tool received to the ledger and to the logs read by tests/soak/checks.py.

- missing: an acknowledged event, or any other event of a log (the worker's included), that
  the tool never accepted (answered 2xx), by its game and event id (a fork's and an import's
  copied events keep their original's ids: each is an entry of its own game too);
- out of order: a game whose events' first arrivals (of any POST, accepted or not) are not in
  seq order;
- bad signatures: a POST whose signature the tool's standardwebhooks verifier refused;
- two ids: one event of a game sent under two different webhook-ids (one entry is one id on
  every attempt, and one event of a game one entry);
- not in a log: an event the tool was sent that no game's log holds;
- not caught up: the webhook still behind the feed's head when the wait is over.

A repeat, an entry accepted again with the same webhook-id, is what at least once allows: it
is counted, not held against the run.
"""

import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

COUNTS = ("missing", "out of order", "bad signatures", "two ids", "not in a log", "not caught up")


@dataclass
class Delivered:
    counts: Counter = field(default_factory=Counter)
    acknowledged: int = 0  # events acknowledged to the soak's clients
    acknowledged_received: int = 0  # of those, accepted by the tool
    logged: int = 0  # events in every log at the end (the worker's too)
    logged_received: int = 0
    disputes: int = 0  # dispute entries accepted
    posts: int = 0  # every POST the tool received
    answered: Counter = field(default_factory=Counter)  # those POSTs, by the tool's answer
    repeats: int = 0
    caught_up_in: float | None = None  # seconds the wait took; None: not within it
    webhook: dict = field(default_factory=dict)  # as the service has it at the end

    @property
    def ok(self) -> bool:
        return not any(self.counts[name] for name in COUNTS)


def check_delivered(soak, logs: dict[str, list[dict]], checked) -> Delivered:
    """`logs`: every game's events, read by the checks. Problems go to `checked.problems`."""
    delivered = Delivered()
    wanted = {(game, event["event_id"]) for game, events in logs.items() for event in events}
    delivered.caught_up_in = wait_caught_up(soak, wanted)
    delivered.webhook = soak.tool.state(soak.api)
    if delivered.caught_up_in is None:
        delivered.counts["not caught up"] += 1
        hook = delivered.webhook
        checked.problems.append(
            f"webhook: not caught up in {soak.settings.settle:g} s: cursor {hook.get('cursor')}, "
            f"{hook.get('status')}, failures {hook.get('failures')}, "
            f"next attempt {hook.get('next_attempt_at')}, {hook.get('disabled_reason') or ''}"
        )

    def bad(count: str, problem: str) -> None:
        delivered.counts[count] += 1
        checked.problems.append(f"webhook {count}: {problem}")

    ids: dict[tuple, set] = defaultdict(set)  # (game, event id): the webhook-ids it came with
    accepted: Counter = Counter()  # webhook-id: times accepted
    accepted_events: set[tuple[str, str]] = set()
    first: dict[str, list[tuple[int, str]]] = defaultdict(list)  # game: (seq, id), arrived
    for received in soak.tool.receiver.taken():
        delivered.posts += 1
        delivered.answered[str(received.status)] += 1
        message_id = received.headers.get("webhook-id", "")
        if received.message is None:
            bad("bad signatures", f"{message_id}: {received.body[:200]!r}")
            continue
        entry = received.message["data"]
        ok = received.status is not None and 200 <= received.status < 300
        if ok:
            accepted[message_id] += 1
        if entry["source"] != "log":
            delivered.disputes += ok and accepted[message_id] == 1
            continue
        event = (entry["game"], entry["event"]["event_id"])
        if not ids[event]:
            first[entry["game"]].append((entry["seq"], event[1]))
        ids[event].add(message_id)
        if ok:
            accepted_events.add(event)
    delivered.repeats = sum(n - 1 for n in accepted.values())

    for (game_id, event_id), messages in sorted(ids.items()):
        if len(messages) > 1:
            bad("two ids", f"game {game_id} event {event_id} came as {sorted(messages)}")
        if (game_id, event_id) not in wanted:
            bad("not in a log", f"game {game_id} event {event_id} came as {sorted(messages)}")
    for game_id, arrived in sorted(first.items()):
        seqs = [seq for seq, _ in arrived]
        if seqs != sorted(seqs):
            at = next(i for i in range(1, len(seqs)) if seqs[i] < seqs[i - 1])
            bad("out of order", f"game {game_id}: seqs came {seqs[max(0, at - 3) : at + 3]}")

    acknowledged = {(game, seq): event_id for game, at in soak.ledger.events.items()
                    for seq, event_id in at.items()}  # fmt: skip
    delivered.acknowledged = len(acknowledged)
    for (game_id, seq), event_id in sorted(acknowledged.items()):
        if (game_id, event_id) in accepted_events:
            delivered.acknowledged_received += 1
        else:
            bad("missing", f"game {game_id} seq {seq} ({event_id}), acknowledged, never accepted")
    acknowledged_ids = {(game, event_id) for (game, _), event_id in acknowledged.items()}
    for game_id, events in sorted(logs.items()):
        for event in events:
            delivered.logged += 1
            if (game_id, event["event_id"]) in accepted_events:
                delivered.logged_received += 1
            elif (game_id, event["event_id"]) not in acknowledged_ids:
                bad("missing", f"game {game_id} seq {event['seq']} ({event['event_id']}, "
                               f"{event['actor']}), in its log, never accepted")  # fmt: skip
    return delivered


def wait_caught_up(soak, wanted: set[tuple[str, str]]) -> float | None:
    """Seconds until the tool accepted every event of `wanted` and the webhook has nothing
    after its cursor; None if that did not come within the settling time."""
    start = time.monotonic()
    deadline = start + soak.settings.settle
    while True:
        if wanted <= accepted(soak.tool.receiver.taken()) and soak.tool.caught_up(soak.api):
            return time.monotonic() - start
        if time.monotonic() > deadline:
            return None
        time.sleep(0.5)


def accepted(taken: list) -> set[tuple[str, str]]:
    """The events, (game, event id), of the POSTs the tool verified and accepted."""
    return {
        (received.message["data"]["game"], received.message["data"]["event"]["event_id"])
        for received in taken
        if received.message
        and received.status == 204
        and received.message["data"]["source"] == "log"
    }


def line(delivered: Delivered) -> list[str]:
    """The report's rows about the webhook."""
    d, n = delivered, delivered.counts
    caught = (
        f"{d.caught_up_in:.1f} s after the games were checked"
        if d.caught_up_in is not None
        else "NOT caught up"
    )
    answered = ", ".join(f"{status} {k}" for status, k in sorted(d.answered.items()))
    return [
        f"delivered {d.acknowledged_received} of {d.acknowledged} acknowledged, repeats "
        f"{d.repeats} (same webhook-id), missing {n['missing']}, out of order "
        f"{n['out of order']}, bad signatures {n['bad signatures']}",
        f"every log's events {d.logged_received} of {d.logged}, dispute entries {d.disputes}; "
        f"two ids {n['two ids']}, not in a log {n['not in a log']}",
        f"{d.posts} POSTs, answered {answered or 'none'}; caught up {caught}",
    ]
