"""Every Redis key tablelog writes, each pattern written once.

Keys of one game carry the hash tag `{<game id>}` so they share one Redis Cluster slot and the
append script may touch them all. Keys that span games (the catalog indexes) have no tag and
are never touched by the append script, but for the feed's: on one Redis the feed itself, on a
cluster the outbox of the game's slot (`feed_outbox`). The keys for tools live in one hash, so
every command on them names one key.
"""

from functools import lru_cache

from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot


def events(game_id: str) -> str:
    """A stream: the game's log, one entry per event, entry id `<seq>-0`, field `e` = envelope."""
    return f"game:{{{game_id}}}:events"


def event_ids(game_id: str) -> str:
    """A hash: event_id -> `<seq>:<body digest>`, for idempotent appends."""
    return f"game:{{{game_id}}}:event_ids"


def meta(game_id: str) -> str:
    """A hash: `version` and `head_hash` of the log, plus the catalog's fields of the game."""
    return f"game:{{{game_id}}}:meta"


def head(game_id: str) -> str:
    """A string: the sealed state record at the head (projections/state.py). A cache."""
    return f"game:{{{game_id}}}:head"


def states(game_id: str) -> str:
    """A sorted set: sealed state records scored by their seq, one every N seqs and one at
    every retract (projections/state.py). A cache: it can be dropped."""
    return f"game:{{{game_id}}}:states"


def withdrawals(game_id: str) -> str:
    """A sorted set: one sealed `<target>:<retract seq>` member for each retract, scored by
    the retract's seq, so a read can say which retract withdrew an event. A cache."""
    return f"game:{{{game_id}}}:withdrawals"


def refusals(game_id: str) -> str:
    """A capped stream: actions a rule refused, with the rule and the evidence. An audit trail
    beside the log, not part of it: nothing in it is folded or chained."""
    return f"game:{{{game_id}}}:refusals"


def failure(game_id: str) -> str:
    """A string: the JSON of the automatic phase the worker last gave up on, `{"phase", "seq",
    "error", "at", "attempts", "rules"}` (projections/failures.py), written once per failure.
    It holds while the log's head is at its `seq`; beside the log, not part of it."""
    return f"game:{{{game_id}}}:failure"


def chart_samples(game_id: str) -> str:
    """A hash: seq -> the sealed chart samples up to that seq, one every CHART_EVERY seqs
    (replays/chart.py), so a chart folds only the events after the nearest. A cache."""
    return f"game:{{{game_id}}}:chart"


def said(game_id: str) -> str:
    """A hash: seq -> what the pages say of that event, sealed: its sentence, its explanation
    in the game's words, where the game stood (replays/steps.py, `said_of`). A cache."""
    return f"game:{{{game_id}}}:said"


def steps_seen(game_id: str) -> str:
    """A hash: seq -> what the game page shows of that step that never changes: its patch,
    its words and its changes in words, sealed (replays/steps.py, `viewed`). A cache."""
    return f"game:{{{game_id}}}:steps"


def verdict(game_id: str) -> str:
    """A string: the sealed verdict of the log's last whole check, with the head it checked
    (replays/checked.py), so a page reads it again until the head moves. A cache."""
    return f"game:{{{game_id}}}:verdict"


def disputes(game_id: str) -> str:
    """A stream: the game's disputes, one entry per opening, reply or resolution, entry id
    `<n>-0`, field `e` = the entry (disputes/entries.py). Hash-chained like the events but
    beside the log, not in it: nothing in it is folded into the game's state."""
    return f"game:{{{game_id}}}:disputes"


def dispute_keys(game_id: str) -> str:
    """A hash: the scope digest of each dispute write sent with an Idempotency-Key
    (events/idempotency.py) -> `<entry number>:<request digest>`, written by the disputes
    script with the entry. Not a cache: a retry is answered from it."""
    return f"game:{{{game_id}}}:dispute_keys"


def keyed_writes(game_id: str) -> str:
    """A hash: the scope digest of each append sent with an Idempotency-Key (events/
    idempotency.py) -> `<first seq>:<request digest>:<replaced token digest>`, the last
    empty unless the append replaced the table's token that sent it (`Remembered`),
    written by the append script with the events. Not a cache: a retry is judged by it."""
    return f"game:{{{game_id}}}:keyed_writes"


def waited(game_id: str) -> str:
    """A string that lapses in a minute: written by a retry whose write was made before (a
    duplicate append, a dispute key's second use), so that its WAIT counts the replicas that
    hold what it answers (events/store.py `replicated`): a WAIT after a reply that wrote
    nothing returns at once on Redis 7.2 and Valkey."""
    return f"game:{{{game_id}}}:waited"


def keyed_game(scope: str) -> str:
    """A string: the id of the game a write sent with an Idempotency-Key makes (creation,
    import, fork), by the key's scope digest, `<game id>:<request digest>`. Set once, before
    the game is written, so a retry writes or finds the same game. Not a cache."""
    return f"keyed_game:{scope}"


def catalog_all() -> str:
    """A sorted set, all scores 0: every game id (ids sort by creation time)."""
    return "games:all"


def catalog_kind(kind: str) -> str:
    """A sorted set, all scores 0: the ids of the games of one kind."""
    return f"games:kind:{kind}"


def catalog_kind_status(kind: str, status: str) -> str:
    """A sorted set, all scores 0: the ids of the games of one kind in one status."""
    return f"games:kind:{kind}:status:{status}"


def catalog_forks(game_id: str) -> str:
    """A sorted set, all scores 0: the ids of the games forked from one game, which
    `GET /api/games?forked_from=<id>` lists. Set when a fork is listed, before it is written;
    it never changes after (a fork's origin is its making's)."""
    return f"games:forked_from:{game_id}"


def meta_pattern() -> str:
    """The SCAN pattern of every game's meta hash: the catalog rebuilt from the games."""
    return "game:{*}:meta"


def game_of_meta(key: bytes) -> str:
    """The game id in a meta key."""
    return key.decode().split("{", 1)[1].rsplit("}", 1)[0]


def catalog_status(status: str) -> str:
    """A sorted set, all scores 0: the ids of the games in one status (active, finished)."""
    return f"games:status:{status}"


def catalog_terms() -> str:
    """A sorted set, all scores 0, of `<term>\\0<game id>` members: what the list's search and
    player filter look a game up by (projections/catalog.py, `terms`): `player:<name>` for
    each player, `word:<word>` for each word of its name, its players and its id (lower-case),
    read by a range of those that start with a term. Set at a game's creation: none of it
    changes as the game goes on."""
    return "games:terms"


def feed() -> str:
    """A stream: every game's log events and dispute entries, one entry each, in the order
    they were acknowledged; one field, `n`, "<game> <kind> <type> s<seq>" for an event or
    "... d<number>" for a dispute entry (replays/feed.py). The entry's id is the feed's
    cursor. On one Redis the append scripts write it with the events; on a cluster the
    workers move each slot's outbox into it (`feed_outbox`, workers/feed.py)."""
    return "{feed}"


def feed_drained() -> str:
    """A hash, on a cluster only: outbox key -> the id of the last of its entries moved into
    the feed, so an entry is moved once however many workers drain it (workers/feed.py)."""
    return "{feed}:drained"


def feed_outbox(game_id: str) -> str:
    """A stream, on a cluster only: the feed's entries of the games of one slot, written by
    the append scripts with the events (their keys share the slot through `slot_tag`), then
    moved into the feed and trimmed by the workers."""
    return f"feed:outbox:{{{slot_tag(key_slot(events(game_id).encode()))}}}"


def feed_outboxes() -> list[str]:
    """Every slot's outbox, for a drain that looks at each."""
    return [f"feed:outbox:{{{tag}}}" for tag in _slot_tags()]


def slot_tag(slot: int) -> str:
    """The shortest decimal string whose hash tag falls in `slot`: a key tagged with it
    lives in that slot beside the games that hash there."""
    return _slot_tags()[slot]


@lru_cache(maxsize=1)
def _slot_tags() -> list[str]:
    # every slot is reached by about 110,000 numbers; made once, in 0.1 s
    tags: dict[int, str] = {}
    number = 0
    while len(tags) < REDIS_CLUSTER_HASH_SLOTS:
        tags.setdefault(key_slot(str(number).encode()), str(number))
        number += 1
    return [tags[slot] for slot in range(REDIS_CLUSTER_HASH_SLOTS)]


def tool_keys() -> str:
    """A hash of the keys for tools (projections/tool_keys.py): `<key id>` -> the key's JSON
    record (name, scopes, rate limit, created and revoked times, the SHA-256 digest of its
    token, never the token), and `<key id>:used` -> when it was last accepted (UTC, written at
    most once a minute). Records are never deleted: a revoked one keeps its `revoked_at`."""
    return "tool_keys"


def webhooks() -> str:
    """A hash: webhook id -> its record as made, which never changes (projections/webhooks.py)."""
    return "webhooks"


def webhook_state(webhook_id: str) -> str:
    """A hash: where a webhook is in the feed and how its deliveries fare (its cursor, status,
    failures, next attempt), moved by every delivery (projections/webhooks.py)."""
    return f"webhook:{{{webhook_id}}}"


def webhook_attempts(webhook_id: str) -> str:
    """A capped stream: a webhook's delivery attempts, the latest 1,000, each its time, the
    entry, the answer's status, duration and first bytes, or the error."""
    return f"webhook:{{{webhook_id}}}:attempts"


def webhook_sending(webhook_id: str) -> str:
    """A string, with a time to live: the token of the run sending a webhook its entries, so
    that two runs never send beside each other (projections/webhooks.py, `hold`)."""
    return f"webhook:{{{webhook_id}}}:sending"


def webhooks_due() -> str:
    """A sorted set: the ids of failing webhooks scored by the epoch of their next attempt,
    which the delivery dispatcher wakes them at. An index: a webhook's state says when."""
    return "webhooks:due"


def phase_job(game_id: str) -> str:
    """A string on the queues' Redis: the id of the game's latest phase job, so an append that
    finds it still waiting enqueues no other (workers/queue.py). Lapses a day after it is set."""
    return f"phases:job:{game_id}"


def health_probe() -> str:
    """A string GET /api/health writes, lapsing in seconds, to learn the store takes writes."""
    return "health:probe"
