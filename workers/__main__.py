"""`python -m workers`: one RQ worker for the automatic phases, after a sweep.

Production runs as many of these as it needs, on as many machines (`rq worker phases` works
too; this entry point adds the sweep at start and the scheduler that runs retry back-offs).
"""

import logging

import redis
from rq import Worker

from projections.services import Settings
from workers.jobs import services
from workers.queue import PhaseQueue
from workers.sweeper import sweep


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s worker %(message)s")
    settings = Settings.from_env()
    connection = redis.Redis.from_url(settings.queue_url)
    queue = PhaseQueue(connection)
    swept = sweep(services(), queue)
    logging.info("swept %d pending game(s)", len(swept))
    Worker([queue.queue], connection=connection).work(with_scheduler=True)


if __name__ == "__main__":
    main()
