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
