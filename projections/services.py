"""The parts one process needs, built once from its settings: store, registries, projector,
catalog and recorder. The web app and the workers build the same thing."""

import os
from dataclasses import dataclass, field

import redis

from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from events.store import RedisEventStore
from games import GameRegistry, configured_modules
from projections.catalog import Catalog
from projections.recorder import Recorder
from projections.state import Projector


@dataclass(frozen=True)
class Settings:
    """REDIS_URL holds the logs; RQ_REDIS_URL the job queues (default: the same Redis)."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    rq_redis_url: str | None = None
    snapshot_every: int = 100
    game_modules: list[str] = field(default_factory=configured_modules)

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        values = {
            "redis_url": os.environ.get("REDIS_URL", cls.redis_url),
            "rq_redis_url": os.environ.get("RQ_REDIS_URL") or None,
            "snapshot_every": int(os.environ.get("SNAPSHOT_EVERY", cls.snapshot_every)),
        }
        values.update(overrides)
        return cls(**values)

    @property
    def queue_url(self) -> str:
        return self.rq_redis_url or self.redis_url


class Services:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.redis = redis.Redis.from_url(settings.redis_url)
        self.event_types = EventTypeRegistry()
        self.event_types.register(RETRACT_TYPE)
        self.games = GameRegistry(settings.game_modules, self.event_types)
        self.store = RedisEventStore(self.redis)
        self.projector = Projector(
            self.store, self.games, self.event_types, settings.snapshot_every
        )
        self.catalog = Catalog(self.redis)
        self.recorder = Recorder(self.projector, self.catalog, self.games, self.event_types)
