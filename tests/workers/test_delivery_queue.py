"""The webhooks' queue (workers/queue.py, DeliveryQueue): one job a webhook at a time, and a
job that is not live replaced, whatever happens to it meanwhile."""

import redis

from workers.queue import DeliveryQueue, is_live


def test_one_job_a_webhook_is_queued_at_a_time(redis_client):
    queue = DeliveryQueue(redis_client)
    assert queue.deliver("wh_a") is True
    assert queue.deliver("wh_a") is False  # the first still waits in the queue
    assert queue.deliver("wh_b") is True
    assert queue.queue.count == 2


def test_a_job_gone_while_it_is_looked_at_is_not_live(redis_client):
    """Found by make bench: a delivery's job keeps no result, so one that ends between its
    fetch and the look at its status is gone, and RQ raised InvalidJobOperation, which
    killed the dispatcher and every delivery after it."""
    queue = DeliveryQueue(redis_client)
    queue.deliver("wh_a")
    job = queue.fetch("deliver-wh_a")
    redis.Redis.delete(redis_client, job.key)  # it finished, and its result was not kept
    assert is_live(job, queue.queue) is False


class RacedQueue(DeliveryQueue):
    """A webhooks' worker whose replacement of a dead job is beaten by the other worker's:
    the other enqueues the same job between this one's delete and its enqueue."""

    def __init__(self, connection, other: DeliveryQueue):
        super().__init__(connection)
        self.other, self.calls = other, 0

    def _deliver(self, webhook_id, job_id):
        self.calls += 1
        if self.calls == 2:
            self.other._deliver(webhook_id, job_id)
        return super()._deliver(webhook_id, job_id)


def test_a_dead_job_replaced_by_the_other_worker_first_is_left_to_it(redis_client):
    """Found by the soak (issue 31): RQ's DuplicateJobError from the replacement reached the
    dispatcher, which logged a traceback and started again, 163 times in a 420 s run."""
    queue = DeliveryQueue(redis_client)
    queue.deliver("wh_a")
    job = queue.fetch("deliver-wh_a")
    redis_client.lrem(queue.queue.key, 0, job.id)  # taken by a worker that died at once
    raced = RacedQueue(redis_client, queue)
    assert raced.deliver("wh_a") is False  # the other's job is live: nothing more to do
    assert queue.queue.count == 1
