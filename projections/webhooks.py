"""Webhooks: the URLs tools register to be sent the feed's entries (workers/deliveries.py
sends them), each with its filters, where it is in the feed, how its deliveries fare, and
every attempt.

In Redis (events/keys.py):

- `webhooks`, a hash: `<id>` -> the webhook's record, which never changes once made:
  `{"id", "key", "url", "description", "filters", "created_at", "request"}` (`key` the id of
  the tool's key that made it, `filters` as the feed's query names them, `request` the digest
  of the request that made it when it was sent with an Idempotency-Key);
- `webhook:{<id>}`, a hash: its state, which every delivery moves: `cursor` (the feed's
  cursor of the last entry it was sent, or passed over by its filters), `status` (enabled,
  disabled), `disabled_at`, `disabled_reason`, `failing_since` and `failures` (the attempts
  in a row that failed), `next_attempt_at` (epoch seconds, while failing), `delivered`
  (how many entries it was sent) and `last_delivered_at`;
- `webhook:{<id>}:attempts`, a capped stream: every attempt, the latest ATTEMPTS_KEPT;
- `webhook:{<id>}:sending`, a string with a time to live: the token of the run sending it
  entries, which holds it so that no other run sends beside it (`hold`);
- `webhooks:due`, a sorted set: the ids of failing webhooks by the epoch of their next
  attempt, which the dispatcher wakes them at (only an index: the state says when).

The cursor only moves forward, by a script that moves it only from where the writer read it,
so a delivery's job run twice never sends an entry again after it was acknowledged. Every
command names one key, or two of one webhook's slot: it runs unchanged on Redis Cluster.

The signing secret is not stored: it is made from the service's secret (a file outside
Redis) and the webhook's id (`Services.webhook_secret`), so whoever reads Redis cannot sign.
"""

import json
import secrets
import time
from dataclasses import dataclass

from events import keys
from events.idempotency import Keyed, KeyReused
from events.store import utc_now
from events.writes import one_write

ATTEMPTS_KEPT = 1000
ENABLED, DISABLED = "enabled", "disabled"

# Attempts kept (ARGV[8] on), and, if the run of the token ARGV[6] still holds the webhook
# (KEYS[3]: its hold is then made ARGV[7] ms long again), the cursor moved from ARGV[1] to
# ARGV[2] (if not "", and only from there: another run may have moved it), ARGV[3] entries
# counted delivered at ARGV[4] and, if any, the failures cleared. KEYS: the state, the
# attempts, the hold; ARGV[5] the attempts kept. One call: one round trip, one wait for the
# disk. Returns 1 if the cursor moved, 0 if it was elsewhere, -1 if the run's hold lapsed or
# the webhook was deleted.
SETTLE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end  -- deleted meanwhile: keep nothing
for i = 8, #ARGV do
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', 'a', ARGV[i])
end
if redis.call('GET', KEYS[3]) ~= ARGV[6] then return -1 end
redis.call('PEXPIRE', KEYS[3], ARGV[7])
if ARGV[2] == '' or redis.call('HGET', KEYS[1], 'cursor') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'cursor', ARGV[2])
if tonumber(ARGV[3]) > 0 then
  redis.call('HINCRBY', KEYS[1], 'delivered', ARGV[3])
  redis.call('HSET', KEYS[1], 'last_delivered_at', ARGV[4], 'failures', 0)
  redis.call('HDEL', KEYS[1], 'failing_since', 'next_attempt_at')
end
return 1
"""


# A run's hold let go: only by the run that holds it (ARGV[1], its token); 1 if it did.
LET_GO = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
"""


@dataclass(frozen=True)
class Webhook:
    id: str
    key: str
    url: str
    description: str
    filters: dict
    created_at: str
    request: str  # the digest of the request that made it, if an Idempotency-Key was sent
    # its state
    cursor: str
    status: str
    delivered: int = 0
    last_delivered_at: str | None = None
    failures: int = 0
    failing_since: str | None = None
    next_attempt_at: float | None = None
    disabled_at: str | None = None
    disabled_reason: str | None = None

    def shown(self) -> dict:
        """What the API answers of it (never its secret, which it does not hold)."""
        next_at = self.next_attempt_at
        return {
            "id": self.id, "url": self.url, "description": self.description,
            "filters": self.filters, "created_at": self.created_at, "key": self.key,
            "cursor": self.cursor, "status": self.status, "delivered": self.delivered,
            "last_delivered_at": self.last_delivered_at, "failures": self.failures,
            "failing_since": self.failing_since,
            "next_attempt_at": _instant(next_at) if next_at is not None else None,
            "disabled_at": self.disabled_at, "disabled_reason": self.disabled_reason,
        }  # fmt: skip


def _instant(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch)) + f".{int(epoch % 1 * 1e6):06d}Z"


def _text(value) -> str | None:
    return value.decode() if isinstance(value, bytes) else value


class Webhooks:
    def __init__(self, client):
        self.redis = client
        self._settle = client.register_script(SETTLE)
        self._let_go = client.register_script(LET_GO)

    def create(self, key_id: str, url: str, description: str, filters: dict, cursor: str,
               keyed: Keyed | None = None) -> tuple[Webhook, bool]:  # fmt: skip
        """A webhook of the key `key_id`, enabled, whose first entry is the feed's after
        `cursor`, and whether it was made before: `keyed`, a request sent with an
        Idempotency-Key, names its id, and a retry finds it (KeyReused for the key sent
        before with another request). Its state is written before its record, which is what
        makes it: a crash between the two leaves a state no webhook has, which a retry
        writes again."""
        webhook_id = "wh_" + (keyed.scope[:16] if keyed else secrets.token_hex(8))
        record = {"id": webhook_id, "key": key_id, "url": url, "description": description,
                  "filters": filters, "created_at": utc_now(),
                  "request": keyed.request if keyed else ""}  # fmt: skip
        if keyed and (made := self.get(webhook_id)) is not None:
            return self._made_before(made, keyed), True
        self.redis.hset(keys.webhook_state(webhook_id),
                        mapping={"cursor": cursor, "status": ENABLED, "delivered": 0})  # fmt: skip
        with one_write():  # the state alone makes no webhook
            made = self.redis.hsetnx(keys.webhooks(), webhook_id, json.dumps(record))
        if not made:
            return self._made_before(self.get(webhook_id), keyed), True  # a retry raced it
        return self.get(webhook_id), False

    def _made_before(self, webhook: Webhook, keyed: Keyed) -> Webhook:
        if webhook.request != keyed.request:
            raise KeyReused(keyed.key, webhook=webhook.id)
        return webhook

    def get(self, webhook_id: str) -> Webhook | None:
        raw = self.redis.hget(keys.webhooks(), webhook_id)
        if raw is None:
            return None
        state = {
            _text(k): _text(v)
            for k, v in self.redis.hgetall(keys.webhook_state(webhook_id)).items()
        }
        return _webhook(json.loads(raw), state)

    def all(self) -> list[Webhook]:
        """Every webhook, oldest first."""
        records = [json.loads(v) for v in self.redis.hgetall(keys.webhooks()).values()]
        with self.redis.pipeline(transaction=False) as pipe:
            for record in records:
                pipe.hgetall(keys.webhook_state(record["id"]))
            states = pipe.execute()
        found = [_webhook(r, {_text(k): _text(v) for k, v in s.items()})
                 for r, s in zip(records, states, strict=True)]  # fmt: skip
        return sorted(found, key=lambda w: (w.created_at, w.id))

    def of_key(self, key_id: str) -> list[Webhook]:
        return [w for w in self.all() if w.key == key_id]

    def delete(self, webhook_id: str) -> None:
        """Gone, with its state and attempts: its jobs find nothing to send."""
        with one_write():  # what follows the record's delete is written after it
            self.redis.hdel(keys.webhooks(), webhook_id)
            self.redis.delete(keys.webhook_state(webhook_id), keys.webhook_attempts(webhook_id))
            self.redis.zrem(keys.webhooks_due(), webhook_id)

    def settle(self, webhook: Webhook, held: tuple[str, float], attempts: list[dict],
               cursor: str | None, delivered: int = 0) -> bool:  # fmt: skip
        """Keep `attempts` and, if the run still holds the webhook (`held`: its token, and
        how many seconds longer to hold it), move the cursor from where `webhook` was read to
        `cursor` (if any; `delivered`: the entries acknowledged up to it), in one call.
        False if the run should stop: its hold lapsed, or the cursor was to move and
        another run had moved it first."""
        token, seconds = held
        outcome = self._settle(
            keys=[keys.webhook_state(webhook.id), keys.webhook_attempts(webhook.id),
                  keys.webhook_sending(webhook.id)],
            args=[webhook.cursor, cursor or "", delivered, utc_now(), ATTEMPTS_KEPT, token,
                  int(seconds * 1000), *(json.dumps(a, ensure_ascii=False) for a in attempts)],
        )  # fmt: skip
        if outcome == 1 and delivered and webhook.failures:
            self.redis.zrem(keys.webhooks_due(), webhook.id)
        return outcome == 1 or (outcome == 0 and cursor is None)

    def held(self, webhook_ids: list[str]) -> set[str]:
        """Those of the webhooks a run holds now (one round trip)."""
        with self.redis.pipeline(transaction=False) as pipe:
            for webhook_id in webhook_ids:
                pipe.exists(keys.webhook_sending(webhook_id))
            found = pipe.execute()
        return {i for i, held in zip(webhook_ids, found, strict=True) if held}

    def hold(self, webhook_id: str, seconds: float) -> str | None:
        """Hold the webhook for a run that sends it entries, `seconds` at a time: a token
        to let go with, or None if another run holds it."""
        token = secrets.token_hex(8)
        held = self.redis.set(keys.webhook_sending(webhook_id), token, nx=True,
                              px=int(seconds * 1000))  # fmt: skip
        return token if held else None

    def let_go(self, webhook_id: str, token: str) -> None:
        self._let_go(keys=[keys.webhook_sending(webhook_id)], args=[token])

    def failed(self, webhook: Webhook, next_attempt_at: float, at: str) -> None:
        """One more failure in a row; its next attempt is at the epoch `next_attempt_at`."""
        state = keys.webhook_state(webhook.id)
        self.redis.hsetnx(state, "failing_since", at)
        self.redis.hincrby(state, "failures", 1)
        self.redis.hset(state, "next_attempt_at", repr(next_attempt_at))
        self.redis.zadd(keys.webhooks_due(), {webhook.id: next_attempt_at})

    def disable(self, webhook_id: str, reason: str, failures: int | None = None) -> None:
        """Disabled, with the reason; `failures`, the attempts in a row that failed, if its
        last failure is why."""
        state = {"status": DISABLED, "disabled_at": utc_now(), "disabled_reason": reason}
        if failures is not None:
            state["failures"] = failures
        self.redis.hset(keys.webhook_state(webhook_id), mapping=state)
        self.redis.zrem(keys.webhooks_due(), webhook_id)

    def enable(self, webhook_id: str) -> None:
        """Enabled again, its failures forgotten: it goes on from its cursor, so what it was
        not sent while disabled is sent now."""
        state = keys.webhook_state(webhook_id)
        with one_write():
            self.redis.hset(state, mapping={"status": ENABLED, "failures": 0})
            self.redis.hdel(state, "disabled_at", "disabled_reason", "failing_since",
                            "next_attempt_at")  # fmt: skip

    def due(self, now: float) -> list[str]:
        """The failing webhooks whose next attempt is due."""
        return [_text(i) for i in self.redis.zrangebyscore(keys.webhooks_due(), "-inf", now)]

    def note_attempt(self, webhook_id: str, attempt: dict) -> str:
        """Keep an attempt (the latest ATTEMPTS_KEPT); its id."""
        entry_id = self.redis.xadd(keys.webhook_attempts(webhook_id),
                                   {"a": json.dumps(attempt, ensure_ascii=False)},
                                   maxlen=ATTEMPTS_KEPT, approximate=True)  # fmt: skip
        return _text(entry_id)

    def attempts(self, webhook_id: str, before: str | None, limit: int) -> list[dict]:
        """Attempts newest first, before the attempt id `before`, each with its `id`."""
        if before == "0-0":  # Redis refuses "before the least id" rather than answer nothing
            return []
        newest = f"({before}" if before else "+"
        found = self.redis.xrevrange(keys.webhook_attempts(webhook_id), newest, "-", limit)
        return [{"id": _text(i), **json.loads(f[b"a"])} for i, f in found]

    def attempt(self, webhook_id: str, attempt_id: str) -> dict | None:
        found = self.redis.xrange(keys.webhook_attempts(webhook_id), attempt_id, attempt_id)
        return {"id": attempt_id, **json.loads(found[0][1][b"a"])} if found else None


def _webhook(record: dict, state: dict) -> Webhook:
    next_at = state.get("next_attempt_at")
    return Webhook(
        id=record["id"], key=record["key"], url=record["url"],
        description=record.get("description", ""), filters=record["filters"],
        created_at=record["created_at"], request=record.get("request", ""),
        cursor=state.get("cursor", "0-0"),
        status=state.get("status", DISABLED), delivered=int(state.get("delivered") or 0),
        last_delivered_at=state.get("last_delivered_at"),
        failures=int(state.get("failures") or 0), failing_since=state.get("failing_since"),
        next_attempt_at=float(next_at) if next_at else None,
        disabled_at=state.get("disabled_at"), disabled_reason=state.get("disabled_reason"),
    )  # fmt: skip
