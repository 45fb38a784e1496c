"""The parts one process needs, built once from its settings: store, registries, projector,
catalog and recorder. The web app and the workers build the same thing."""

import os
from dataclasses import dataclass, field

import redis
from redis.cluster import RedisCluster

from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from events.store import RedisEventStore
from games import GameRegistry, configured_modules
from projections.catalog import Catalog
from projections.recorder import Recorder
from projections.state import Projector


@dataclass(frozen=True)
class Settings:
    """REDIS_URL holds the logs (a Redis Cluster node's URL with REDIS_CLUSTER=1);
    RQ_REDIS_URL the job queues (default: the same Redis; RQ needs a plain one)."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    rq_redis_url: str | None = None
    snapshot_every: int = 100
    phase_job_timeout: int = 60
    rate_limit_create: str = "60/minute"
    rate_limit_import: str = "20/minute"
    rate_limit_auth_failures: str = "30/minute"
    game_modules: list[str] = field(default_factory=configured_modules)

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        values = {
            "redis_url": os.environ.get("REDIS_URL", cls.redis_url),
            "redis_cluster": os.environ.get("REDIS_CLUSTER", "").lower() in ("1", "true", "yes"),
            "rq_redis_url": os.environ.get("RQ_REDIS_URL") or None,
            "snapshot_every": int(os.environ.get("SNAPSHOT_EVERY", cls.snapshot_every)),
            "phase_job_timeout": int(os.environ.get("PHASE_JOB_TIMEOUT", cls.phase_job_timeout)),
            "rate_limit_create": os.environ.get("RATE_LIMIT_CREATE", cls.rate_limit_create),
            "rate_limit_import": os.environ.get("RATE_LIMIT_IMPORT", cls.rate_limit_import),
            "rate_limit_auth_failures": os.environ.get(
                "RATE_LIMIT_AUTH_FAILURES", cls.rate_limit_auth_failures
            ),
        }
        values.update(overrides)
        return cls(**values)

    def __post_init__(self):
        if self.redis_cluster and not self.rq_redis_url:
            raise ValueError("with REDIS_CLUSTER, set RQ_REDIS_URL: RQ needs a plain Redis")

    @property
    def queue_url(self) -> str:
        return self.rq_redis_url or self.redis_url


class Services:
    def __init__(self, settings: Settings):
        self.settings = settings
        client = RedisCluster if settings.redis_cluster else redis.Redis
        self.redis = client.from_url(settings.redis_url)
        self.event_types = EventTypeRegistry()
        self.event_types.register(RETRACT_TYPE)
        self.games = GameRegistry(settings.game_modules, self.event_types)
        self.store = RedisEventStore(self.redis)
        self.projector = Projector(
            self.store, self.games, self.event_types, settings.snapshot_every
        )
        self.catalog = Catalog(self.redis)
        self.recorder = Recorder(self.projector, self.catalog, self.games, self.event_types)
