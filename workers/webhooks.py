"""`python -m workers.webhooks`: the webhooks' worker. An RQ worker on the deliveries' queue
(workers/queue.py, DeliveryQueue) runs each webhook's jobs (workers/deliveries.py), and a
dispatcher, a thread beside it, says when a webhook has something to be sent:

- it follows the feed (XREAD BLOCK) and, for each enabled webhook whose filters admit a new
  entry, enqueues that webhook's job, unless it is waiting out a failure's back-off or a run
  holds it (that run sends what came, or finds it when it looks again after letting go); a
  job live already (queued, or started and not yet holding its webhook) is asked again at
  the next turn;
- every second, it enqueues the failing webhooks whose next attempt is due;
- every SWEEP_EVERY_S seconds, and when it starts, it enqueues every enabled webhook with
  something after its cursor (what came while no dispatcher ran, a job killed).

Several such workers may run (on several machines): each dispatches, and the queue holds one
job a webhook whichever enqueues it. With REDIS_CLUSTER the feed is on the cluster and the
queue on RQ_REDIS_URL, as for the phases.
"""

import logging
import threading
import time

import redis
from rq import SimpleWorker

from projections.webhooks import ENABLED, Webhook
from replays.feed import Feed, Filters
from workers.jobs import services, settings_or_exit
from workers.queue import SERIALIZER, DeliveryQueue
from workers.steady import Outage, Steady, queue_connection, work_through

log = logging.getLogger("workers")

WAIT_MS = 500  # the feed read's block: also how often the dispatcher looks at the rest
DUE_EVERY_S = 1.0
SWEEP_EVERY_S = 10.0
NOTES_AT_ONCE = 500


class Dispatcher:
    def __init__(self, svc, queue: DeliveryQueue):
        self.svc, self.queue = svc, queue
        self.feed = Feed(svc.redis)
        self.again: set[str] = set()  # webhooks whose job was live when last asked
        self.games: dict[str, dict[str, bool]] = {}  # by webhook: games its filters passed

    def run(self, stop: threading.Event) -> None:
        after = self.feed.head()
        self.enqueue(self.behind())
        due_at = swept_at = time.monotonic()
        while not stop.is_set():
            notes = self.feed.wait(self.svc.redis, after, NOTES_AT_ONCE, WAIT_MS)
            wanted = set(self.again)
            if notes:
                after = notes[-1].cursor
                for webhook in self.waiting_for_entries():
                    filters = Filters.from_query(webhook.filters)
                    games = self.games.setdefault(webhook.id, {})
                    if self.feed.admitted(notes, filters, games):
                        wanted.add(webhook.id)
            if time.monotonic() - due_at >= DUE_EVERY_S:
                wanted.update(self.svc.webhooks.due(time.time()))
                due_at = time.monotonic()
            if time.monotonic() - swept_at >= SWEEP_EVERY_S:
                wanted.update(self.behind())
                swept_at = time.monotonic()
            # a held webhook's run sends what came, or looks again after it lets go
            self.enqueue(wanted - self.svc.webhooks.held(sorted(wanted)))

    def waiting_for_entries(self) -> list[Webhook]:
        """The enabled webhooks that are not waiting out a back-off."""
        now = time.time()
        return [w for w in self.svc.webhooks.all() if w.status == ENABLED
                and (w.next_attempt_at is None or w.next_attempt_at <= now)]  # fmt: skip

    def behind(self) -> set[str]:
        """Every enabled webhook with something after its cursor."""
        self.games.clear()  # a deleted webhook's judgements go
        found = set()
        for webhook in self.waiting_for_entries():
            page = self.feed.page(webhook.cursor, 1, Filters.from_query(webhook.filters))
            if page.entries or page.more:
                found.add(webhook.id)
        return found

    def enqueue(self, webhook_ids: set[str]) -> None:
        """A job for each; those live already are asked again at the next turn."""
        self.again = {i for i in webhook_ids if not self.queue.deliver(i)}


def dispatch_forever(queue: DeliveryQueue, stop: threading.Event, outage: Outage) -> None:
    """The dispatcher, until `stop`; an error is logged and it starts again (a store error
    once an outage, as the worker's own; any other with its traceback): its thread never ends
    while the worker runs, since a worker without one runs only the jobs already queued."""
    while not stop.is_set():
        try:
            Dispatcher(services(), queue).run(stop)
        except redis.RedisError as error:
            outage.began(error)
            stop.wait(1.0)
        except Exception:
            log.exception("webhooks dispatcher failed; starting again")
            stop.wait(1.0)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s webhooks %(message)s")
    settings = settings_or_exit()
    queue = DeliveryQueue(queue_connection(settings.queue_url))
    stop, outage = threading.Event(), Outage()
    threading.Thread(target=dispatch_forever, args=(queue, stop, outage), daemon=True).start()

    def worker(outage: Outage) -> DeliveryWorker:
        return DeliveryWorker([queue.queue], connection=queue.connection,
                              serializer=SERIALIZER, maintenance_interval=60,
                              outage=outage)  # fmt: skip

    try:
        work_through(outage, worker)
    finally:
        stop.set()


class DeliveryWorker(Steady, SimpleWorker):
    """RQ's worker that runs a job in its own process: a job here is POSTs with their own
    time limits and no game's code, so a webhook's turn costs little; steady through a sick
    store (workers/steady.py)."""


if __name__ == "__main__":
    main()
