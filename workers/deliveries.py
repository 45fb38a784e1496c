"""Webhooks delivered: a job a webhook (`deliver`) sends it the feed's entries its filters
admit, after its cursor, one POST an entry, in the feed's order, so one game's in seq order;
and `send_again` sends one attempt's entry once more, on request.

Each POST is signed as Standard Webhooks says (the `standardwebhooks` package signs it, as a
tool verifies it): `webhook-id` names the entry for this webhook and is the same on every
attempt, `webhook-timestamp` is the attempt's time, `webhook-signature` is over both and
the body. The body is `{"type", "timestamp", "data"}`: the entry's type, when it was
recorded, and the entry as GET /api/feed answers it.

Delivery is at least once: the cursor moves past an entry only once its POST was answered
2xx, and a job that dies before it keeps that sends it again (with the same `webhook-id`, by
which a tool knows it). An answer other than 2xx (a redirect included: none
is followed), a timeout or a refused connection is a failure: the webhook waits, the next
attempt after WEBHOOK_RETRY_BASE seconds doubling to WEBHOOK_RETRY_MAX, each with jitter (half
the wait, and a random part of the other half), and sends nothing after the entry that failed
until it goes through, so a game's order holds. A webhook that has failed for
WEBHOOK_RETRY_FOR seconds (a day by default) is disabled, with the reason; enabled again, it
goes on from its cursor. So is one whose key was revoked. Every attempt is kept, with the
cursor, every SETTLE_EVERY seconds (`Sent`).
"""

import random
import time
from dataclasses import replace
from datetime import UTC, datetime

from standardwebhooks import Webhook as Signer

from events.envelope import canonical
from events.store import utc_now
from projections.webhooks import ENABLED, Webhook
from replays.feed import Feed, Filters
from workers.jobs import services
from workers.post import Answer, Poster

PAGE = 50  # entries read from the feed at a time
SETTLE_EVERY = 0.05  # seconds between two keepings of what a run sent (Sent)
SCOPE = "webhooks:read"  # what a webhook's key must still have for it to be sent


def deliver(webhook_id: str) -> None:
    """The job: send the webhook what it has not been sent, until it is caught up, fails,
    or is disabled."""
    Deliverer(services()).run(webhook_id)


def send_again(webhook_id: str, attempt_id: str) -> None:
    """The job: send the entry of an attempt once more (Deliverer.again)."""
    Deliverer(services()).again(webhook_id, attempt_id)


class Sent:
    """What a run sent since it last kept it: the attempts, and the entries acknowledged up
    to `cursor`. It is kept (`settle`) every SETTLE_EVERY seconds, after a failure and at
    the end of a page: one round trip for many POSTs. A run killed in between loses the
    record of those attempts, not their entries, which the next run sends again."""

    def __init__(self, webhook: Webhook):
        self.webhook = webhook
        self.attempts: list[dict] = []
        self.cursor: str | None = None
        self.count = 0
        self.since = time.monotonic()

    def delivered(self, cursor: str) -> None:
        self.cursor, self.count = cursor, self.count + 1

    def passed_over(self, cursor: str) -> None:
        """The page's notes its filters passed over, up to `cursor`, go by too."""
        if cursor != self.webhook.cursor:
            self.cursor = cursor

    def due(self) -> bool:
        return time.monotonic() - self.since >= SETTLE_EVERY

    def settle(self, hooks, held: tuple[str, float]) -> bool:
        """Keep it; False if the run should stop."""
        if not self.attempts and self.cursor is None:
            return True
        go_on = hooks.settle(self.webhook, held, self.attempts, self.cursor, self.count)
        if self.cursor is not None:
            failures = 0 if self.count else self.webhook.failures
            self.webhook = replace(self.webhook, cursor=self.cursor, failures=failures)
        self.attempts, self.cursor, self.count = [], None, 0
        self.since = time.monotonic()
        return go_on


class Deliverer:
    def __init__(self, svc):
        self.svc = svc
        self.hooks = svc.webhooks
        self.settings = svc.settings

    def run(self, webhook_id: str) -> None:
        """Send the webhook what it has not been sent, while this run holds it: a second
        run at once (a job replaced while a worker was taking it) finds it held and ends,
        rather than send the same entries beside it; and since the dispatcher leaves a held
        webhook to the run that holds it, the run looks once more after it lets go, and
        goes on if something came meanwhile."""
        while True:
            holding = self.hooks.hold(webhook_id, self.held_for())
            if holding is None:
                return  # another run holds it, and sends what comes
            try:
                self._run(webhook_id, (holding, self.held_for()))
            finally:
                self.hooks.let_go(webhook_id, holding)
            if not self.waiting(webhook_id):
                return

    def held_for(self) -> float:
        """Seconds a run holds its webhook without a word: longer than one POST may take
        (connecting and each read may each wait WEBHOOK_TIMEOUT), so a run that was killed
        lets go of it that much later."""
        return 3 * self.settings.webhook_timeout + 5

    def waiting(self, webhook_id: str) -> bool:
        """Whether the webhook, enabled and not waiting out a back-off, has entries to send."""
        webhook = self.hooks.get(webhook_id)
        if webhook is None or webhook.status != ENABLED:
            return False
        if webhook.next_attempt_at is not None and webhook.next_attempt_at > time.time():
            return False
        page = Feed(self.svc.redis).page(webhook.cursor, 1, Filters.from_query(webhook.filters))
        return bool(page.entries or page.more)

    def _run(self, webhook_id: str, held: tuple[str, float]) -> None:
        feed = Feed(self.svc.redis)
        while True:
            webhook = self.hooks.get(webhook_id)
            if webhook is None or webhook.status != ENABLED or not self.key_works(webhook):
                return
            if webhook.next_attempt_at is not None and webhook.next_attempt_at > time.time():
                return  # failing: the dispatcher wakes it when its next attempt is due
            page = feed.page(webhook.cursor, PAGE, Filters.from_query(webhook.filters))
            sent = Sent(webhook)
            with self.poster(webhook) as poster:
                for entry in page.entries:
                    answer, attempt = self.send(webhook, entry, "delivery", poster)
                    sent.attempts.append(attempt)
                    if not answer.ok:
                        if sent.settle(self.hooks, held):
                            self.failed(sent.webhook, answer)
                        return
                    sent.delivered(entry["cursor"])
                    if sent.due() and not sent.settle(self.hooks, held):
                        return  # its hold lapsed, or another run moved it on
            sent.passed_over(page.cursor)
            if not sent.settle(self.hooks, held) or not page.more:
                return

    def again(self, webhook_id: str, attempt_id: str) -> None:
        """Send the entry of that attempt once more, with its `webhook-id`, whatever came of
        it before; the cursor does not move."""
        webhook = self.hooks.get(webhook_id)
        attempt = self.hooks.attempt(webhook_id, attempt_id) if webhook else None
        entry = Feed(self.svc.redis).entry_at(attempt["cursor"]) if attempt else None
        if entry is not None:
            with self.poster(webhook) as poster:
                _, attempt = self.send(webhook, entry, "again", poster)
            self.hooks.note_attempt(webhook.id, attempt)

    def poster(self, webhook: Webhook) -> Poster:
        return Poster(webhook.url, self.settings.webhook_timeout,
                      self.settings.webhook_allow_private)  # fmt: skip

    def key_works(self, webhook: Webhook) -> bool:
        """Whether the key that made the webhook still works; if not, it is disabled."""
        key = self.svc.tool_keys.by_id(webhook.key)
        if key is not None and key.revoked_at is None and key.allows(SCOPE):
            return True
        said = f"was revoked at {key.revoked_at}" if key and key.revoked_at else "is gone"
        self.hooks.disable(webhook.id, f"the key {webhook.key} that made it {said}")
        return False

    def send(self, webhook: Webhook, entry: dict, trigger: str, poster: Poster):
        """POST one entry, signed: what came of it, and the attempt to keep."""
        message_id = f"msg_{webhook.id}_{entry['cursor']}"
        stored = entry.get("event") or entry.get("dispute") or {}
        body = canonical({"type": entry["type"], "timestamp": stored.get("recorded_at"),
                          "data": entry})  # fmt: skip
        now = datetime.now(UTC)
        signer = Signer(self.svc.webhook_secret(webhook.id))
        headers = {
            "webhook-id": message_id,
            "webhook-timestamp": str(int(now.timestamp())),
            "webhook-signature": signer.sign(message_id, now, body),
        }
        answer = poster.post(body, headers)
        where = {"seq": entry["seq"]} if "seq" in entry else {"entry": entry["entry"]}
        return answer, {
            "at": utc_now(), "trigger": trigger, "message": message_id,
            "cursor": entry["cursor"], "game": entry["game"], "type": entry["type"], **where,
            "ok": answer.ok, "status": answer.status, "duration_ms": answer.duration_ms,
            "response": answer.body, "error": answer.error,
        }  # fmt: skip

    def failed(self, webhook: Webhook, answer: Answer) -> None:
        """Wait before the next attempt, or disable the webhook once it has failed too long."""
        now, at = time.time(), utc_now()
        failures = webhook.failures + 1
        since = webhook.failing_since or at
        failing_for = now - _epoch(since)
        if failing_for >= self.settings.webhook_retry_for:
            self.hooks.disable(webhook.id, f"every delivery since {since} failed ({failures} "
                               f"attempts); the last {answer.said()}", failures)  # fmt: skip
            return
        self.hooks.failed(webhook, now + self.wait(failures), at)

    def wait(self, failures: int) -> float:
        """Seconds before the next attempt after `failures` in a row: exponential, with jitter."""
        settings = self.settings
        full = min(settings.webhook_retry_max, settings.webhook_retry_base * 2 ** (failures - 1))
        return full / 2 + random.uniform(0, full / 2)


def _epoch(instant: str) -> float:
    return datetime.fromisoformat(instant.replace("Z", "+00:00")).timestamp()
