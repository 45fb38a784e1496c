"""The parts one process needs, built once from its settings: store, registries, projector,
catalog and recorder. The web app and the workers build the same thing."""

import hashlib
import hmac
import inspect
import os
from dataclasses import dataclass, field
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from events.store import RedisEventStore
from games import GameRegistry, configured_modules
from projections.catalog import Catalog
from projections.recorder import Recorder
from projections.secret_file import load_or_create
from projections.state import CacheSeal, Projector


@dataclass(frozen=True)
class Settings:
    """REDIS_URL holds the logs (a Redis Cluster node's URL with REDIS_CLUSTER=1);
    RQ_REDIS_URL the job queues (default: the same Redis; RQ needs a plain one);
    SECRET_KEY_FILE the key that seals cached states (made on first start; every web and
    worker process of one service must read the same key, or each refolds what the others
    cached)."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    rq_redis_url: str | None = None
    snapshot_every: int = 100
    phase_job_timeout: int = 60
    secret_key_file: str = "var/secret.key"
    game_modules: list[str] = field(default_factory=configured_modules)

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        values = {
            "redis_url": os.environ.get("REDIS_URL", cls.redis_url),
            "redis_cluster": os.environ.get("REDIS_CLUSTER", "").lower() in ("1", "true", "yes"),
            "rq_redis_url": os.environ.get("RQ_REDIS_URL") or None,
            "snapshot_every": int(os.environ.get("SNAPSHOT_EVERY", cls.snapshot_every)),
            "phase_job_timeout": int(os.environ.get("PHASE_JOB_TIMEOUT", cls.phase_job_timeout)),
            "secret_key_file": os.environ.get("SECRET_KEY_FILE", cls.secret_key_file),
        }
        values.update(overrides)
        return cls(**values)

    def __post_init__(self):
        if self.redis_cluster and not self.rq_redis_url:
            raise ValueError("with REDIS_CLUSTER, set RQ_REDIS_URL: RQ needs a plain Redis")

    @property
    def queue_url(self) -> str:
        return self.rq_redis_url or self.redis_url


def rules_fingerprint(games: GameRegistry) -> bytes:
    """A digest of the code and data of every game loaded. Cached states are sealed under a
    key made from it, so after any change of rules no state an older version cached is used:
    it would lack what the new rules keep, or hold what they no longer allow."""
    digest = hashlib.sha256()
    for kind in games.kinds():
        source = Path(inspect.getfile(games.get(kind)))
        files = sorted(source.parent.rglob("*")) if source.name == "__init__.py" else [source]
        for path in files:
            if path.suffix in (".py", ".json", ".lua") and path.is_file():
                digest.update(f"{kind}/{path.relative_to(source.parent)}\n".encode())
                digest.update(path.read_bytes())
    return digest.digest()


class Services:
    def __init__(self, settings: Settings):
        self.settings = settings
        client = RedisCluster if settings.redis_cluster else redis.Redis
        self.redis = client.from_url(settings.redis_url)
        self.event_types = EventTypeRegistry()
        self.event_types.register(RETRACT_TYPE)
        self.games = GameRegistry(settings.game_modules, self.event_types)
        self.store = RedisEventStore(self.redis)
        secret = load_or_create(Path(settings.secret_key_file)).encode()
        seal = CacheSeal(hmac.new(secret, rules_fingerprint(self.games), "sha256").digest())
        self.projector = Projector(
            self.store, self.games, self.event_types, seal, settings.snapshot_every
        )
        self.catalog = Catalog(self.redis)
        self.recorder = Recorder(self.projector, self.catalog, self.games, self.event_types)
