"""The feed on a Redis Cluster: each slot's outbox moved into the one feed stream.

A cluster's scripts reach only the keys of one slot, so an append notes its events in the
outbox of its game's slot (events/keys.py `feed_outbox`), in the same script as the events,
and says which outbox on the channel OUTBOX_CHANNEL. A worker listens there and moves that
outbox's new notes into the feed with MOVE, a script on the feed's slot that writes only the
notes after the last it moved from that outbox (kept beside the feed, `feed_drained`): a
note is moved once however many workers drain one outbox, and one outbox's notes, so one
game's, keep their order. What was moved is then trimmed from the outbox. A message missed
(a worker started after it, a connection dropped) is made good by `drain_all`, which looks at
every outbox: when the worker starts and every DRAIN_ALL_EVERY seconds.

On one Redis the scripts write the feed itself, and none of this runs.
"""

import logging
import threading

import redis
from redis.cluster import RedisCluster

from events import keys
from replays.feed import NOTE

log = logging.getLogger("workers")

OUTBOX_CHANNEL = "feed:outbox"
DRAIN_ALL_EVERY = 5.0  # seconds
MOVED_AT_ONCE = 500  # notes one call of MOVE takes at most

MOVE = """
-- KEYS: 1 the feed, 2 the drained hash; ARGV: the outbox, then 2 a note: its id in the
-- outbox and its one field's value. Returns how many were moved.
local function after(id, last)
  local ms, n = string.match(id, '^(%d+)-(%d+)$')
  local last_ms, last_n = string.match(last, '^(%d+)-(%d+)$')
  ms, n, last_ms, last_n = tonumber(ms), tonumber(n), tonumber(last_ms), tonumber(last_n)
  return ms > last_ms or (ms == last_ms and n > last_n)
end
local last = redis.call('HGET', KEYS[2], ARGV[1]) or '0-0'
local moved = 0
for i = 2, #ARGV, 2 do
  if after(ARGV[i], last) then
    redis.call('XADD', KEYS[1], '*', 'n', ARGV[i + 1])
    last = ARGV[i]
    moved = moved + 1
  end
end
redis.call('HSET', KEYS[2], ARGV[1], last)
return moved
"""


class FeedDrain:
    def __init__(self, client: RedisCluster):
        self.redis = client
        self._move = client.register_script(MOVE)

    def drain(self, outbox: str) -> int:
        """Move the outbox's notes not moved yet into the feed, oldest first; how many."""
        moved = 0
        while True:
            last = self.redis.hget(keys.feed_drained(), outbox)
            last = last.decode() if last else "0-0"
            notes = self.redis.xrange(outbox, f"({last}", "+", MOVED_AT_ONCE)
            if not notes:
                return moved
            args: list = [outbox]
            for entry_id, fields in notes:
                args += [entry_id, fields[NOTE]]
            moved += self._move(keys=[keys.feed(), keys.feed_drained()], args=args)
            # MINID keeps the last note moved, which `drained` names: a trim lost is harmless
            self.redis.xtrim(outbox, minid=notes[-1][0], approximate=False)
            if len(notes) < MOVED_AT_ONCE:
                return moved

    def drain_all(self) -> int:
        """Drain every outbox that holds a note not moved yet; how many notes were moved."""
        outboxes = keys.feed_outboxes()
        with self.redis.pipeline(transaction=False) as pipe:
            for outbox in outboxes:
                pipe.xlen(outbox)
            lengths = pipe.execute()
        return sum(self.drain(o) for o, length in zip(outboxes, lengths, strict=True) if length)


def drain_forever(client: RedisCluster, stop: threading.Event) -> None:
    """Move what the appends announce as it comes, and everything every DRAIN_ALL_EVERY
    seconds; until `stop`. A store error is logged and tried again after a pause."""
    drain = FeedDrain(client)
    while not stop.is_set():
        try:
            listen(client, drain, stop)
        except redis.RedisError as error:
            log.warning("feed drain: %s; trying again", error)
            stop.wait(1.0)


def listen(client: RedisCluster, drain: FeedDrain, stop: threading.Event) -> None:
    pubsub = client.pubsub()
    try:
        pubsub.subscribe(OUTBOX_CHANNEL)
        drain.drain_all()  # what was announced before the subscription
        swept_every = DRAIN_ALL_EVERY
        waited = 0.0
        while not stop.is_set():
            message = pubsub.get_message(ignore_subscribe_messages=True, timeout=0.5)
            if message is not None:
                drain.drain(message["data"].decode())
                continue
            waited += 0.5
            if waited >= swept_every:
                drain.drain_all()
                waited = 0.0
    finally:
        pubsub.close()
