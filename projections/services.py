"""The parts one process needs, built once from its settings: store, registries, projector,
catalog, recorder and the keys for tools. The web app and the workers build the same thing."""

import base64
import hashlib
import hmac
import importlib.util
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import redis
from environs import Env, EnvValidationError, ValidationError
from environs import validate as valid
from redis.cluster import RedisCluster

from events.registry import EventTypeRegistry
from events.retract import RETRACT_TYPE
from events.seats import SEAT_REPLACED_TYPE
from events.store import RedisEventStore
from events.writes import Replicas
from games import BUILTIN_GAMES, GameRegistry, configured_modules
from projections.catalog import Catalog
from projections.failures import Failures
from projections.queue_redis import SENTINEL_FORM, is_sentinel_url, parse_sentinel_url
from projections.receipt_keys import ReceiptKeys
from projections.recorder import Recorder
from projections.rules import rules_of
from projections.secret_file import load_or_create
from projections.shared_keys import missing as missing_keys
from projections.state import CacheSeal, Projector
from projections.tool_keys import ToolKeys
from projections.webhooks import Webhooks


class SettingsError(ValueError):
    """A setting the process cannot run with. The message names each bad variable, the value
    it had and what it allows, one line each, so it can be shown as it is to the person
    starting the service."""


# What each variable allows, in the words a refusal uses.
ALLOWED = {
    "REDIS_URL": "a Redis URL: redis://[:password@]host[:port][/db], rediss://... or unix://path",
    "RQ_REDIS_URL": "a Redis URL: redis://[:password@]host[:port][/db], rediss://... or "
    f"unix://path, or its sentinels': {SENTINEL_FORM}",
    "REDIS_CLUSTER": "on or off (1/0, true/false, yes/no, on/off, y/n, t/f)",
    "REDIS_WAIT_REPLICAS": "a whole number of replicas, 0 or more",
    "REDIS_WAIT_TIMEOUT": "a number of seconds greater than 0, at most 60",
    "SNAPSHOT_EVERY": "a whole number of events, 1 or more",
    "PHASE_JOB_TIMEOUT": "a whole number of seconds, 1 or more",
    "SWEEP_EVERY": "a number of seconds greater than 0",
    "TABLELOG_EXTRA_GAMES": "game modules this process can import, comma-separated",
    "STREAM_HEARTBEAT": "a number of seconds greater than 0, at most 60",
    "STREAMS_PER_PROCESS": "a whole number of open streams, 1 or more",
    "WEBHOOK_TIMEOUT": "a number of seconds greater than 0, at most 60",
    "WEBHOOK_RETRY_BASE": "a number of seconds greater than 0",
    "WEBHOOK_RETRY_MAX": "a number of seconds greater than 0",
    "WEBHOOK_RETRY_FOR": "a number of seconds greater than 0",
    "WEBHOOK_ALLOW_PRIVATE": "on or off (1/0, true/false, yes/no, on/off, y/n, t/f)",
    "CORS_ORIGINS": "origins such as https://table.example.org (scheme://host[:port]), "
    "comma-separated, or *",
}
# Read as they are, an empty one included: empty turns that limit off.
RATE_LIMITS = (
    "RATE_LIMIT_CREATE",
    "RATE_LIMIT_IMPORT",
    "RATE_LIMIT_AUTH_FAILURES",
    "RATE_LIMIT_TOOL_KEY",
)


EMBEDDED_REDIS_DIR = Path("var/redis")  # make run's own Redis, when REDIS_URL names none


def default_redis_url() -> str:
    """Without REDIS_URL: the Redis `make run` runs in this folder, reached by its socket with
    its password (app/run/embedded_redis.py), so a command run beside it (`flask --app app
    keys create`) reaches the service's data; where none is, Redis's usual address."""
    data = EMBEDDED_REDIS_DIR.resolve()
    socket, password = data / "redis.sock", data.with_name(f"{data.name}.password")
    if socket.exists() and password.exists():
        return f"unix://:{password.read_text().strip()}@{socket}?db=0"
    return "redis://127.0.0.1:6379/0"


def redis_url(value: str | None) -> str | None:
    """A URL redis-py can connect to, as it was given."""
    if value is None:
        return None
    try:
        redis.connection.parse_url(value)
    except ValueError as error:
        raise ValidationError(str(error)) from None
    parts = urlparse(value)
    if parts.scheme != "unix" and not re.fullmatch(r"/?\d*", parts.path):
        raise ValidationError(f"the database is a number, not {parts.path[1:]!r}")
    return value


def queue_redis_url(value: str | None) -> str | None:
    """A Redis URL, or a Redis that Sentinel keeps (projections/queue_redis.py)."""
    if value is None or not is_sentinel_url(value):
        return redis_url(value)
    try:
        parse_sentinel_url(value)
    except ValueError as error:
        raise ValidationError(str(error)) from None
    return value


def game_modules(value: str | None) -> list[str]:
    """The built-in games plus the modules named, each one importable."""
    extra = [name.strip() for name in (value or "").split(",") if name.strip()]
    missing = [name for name in extra if not _importable(name)]
    if missing:
        raise ValidationError(f"no module {', '.join(missing)}")
    return BUILTIN_GAMES + extra


# An Origin header's value: scheme, host (a name, an IPv4 or a bracketed IPv6) and port.
ORIGIN = re.compile(r"https?://([a-z0-9.\-]+|\[[0-9a-f:.]+\])(:\d{1,5})?")


def cors_origins(value: str | None) -> tuple[str, ...]:
    """The origins whose pages may call the API: `scheme://host[:port]` each, as a browser
    sends them in Origin (lowercase, no path, no trailing slash), or `*` for any page."""
    origins = tuple(o.strip().lower() for o in (value or "").split(",") if o.strip())
    bad = [o for o in origins if o != "*" and not ORIGIN.fullmatch(o)]
    if bad:
        raise ValidationError(f"not an origin: {', '.join(bad)}")
    return origins


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


class SettingsEnv(Env):
    """environs' reader, in which an empty variable counts as unset (`SNAPSHOT_EVERY= make
    run` means the default) unless named in `keep_empty`; it collects every bad value, and
    `check` reports them all at once."""

    def __init__(self, keep_empty: tuple[str, ...] = ()):
        super().__init__(eager=False)
        self.keep_empty = set(keep_empty)
        self.add_parser("redis_url", redis_url)
        self.add_parser("queue_redis_url", queue_redis_url)
        self.add_parser("game_modules", game_modules)
        self.add_parser("cors_origins", cors_origins)

    def _get_value(self, env_key, default):
        value = super()._get_value(env_key, default)
        return default if value == "" and env_key not in self.keep_empty else value

    def check(self, allowed: dict[str, str]) -> None:
        """Raise one SettingsError naming every variable read so far that was refused."""
        try:
            self.seal()
        except EnvValidationError as error:
            lines = [_refusal(name, reasons, allowed.get(name))
                     for name, reasons in sorted(error.error_messages.items())]  # fmt: skip
            raise SettingsError("\n".join(lines)) from None


def _refusal(name: str, reasons: list[str], allowed: str | None) -> str:
    # A URL's password stays out of the message, which ends up in terminals and logs.
    shown = re.sub(r"(//[^/@:]*:)[^/@]*@", r"\1***@", os.environ.get(name, ""))
    line = f"{name}={shown!r}: {' '.join(str(reason).rstrip('.') + '.' for reason in reasons)}"
    return f"{line} Allowed: {allowed}." if allowed else line


@dataclass(frozen=True)
class Settings:
    """REDIS_URL holds the logs (a Redis Cluster node's URL with REDIS_CLUSTER on);
    RQ_REDIS_URL the job queues (default: the same Redis; RQ needs a plain one, or one Sentinel
    keeps: projections/queue_redis.py). Every write to the logs waits for REDIS_WAIT_REPLICAS
    replicas of its Redis to confirm it, at most REDIS_WAIT_TIMEOUT seconds, before it is
    answered (0, the default: none). A worker
    sweeps for games left pending every SWEEP_EVERY seconds. The rate limits are
    limits-style strings ("60/minute"); an empty one is off; RATE_LIMIT_TOOL_KEY is the limit
    a key for tools gets when it is made without one of its own. SECRET_KEY_FILE holds the key
    that seals cached states (made on first start; every web and worker process of one
    service must read the same file, or each refolds what the others cached). RECEIPT_KEY_DIR
    holds the keys that sign receipts (made on first start; every web process of one service
    must read the same directory, or receipts are signed by keys the others do not publish).

    The live streams (app/api/stream.py): a comment every STREAM_HEARTBEAT seconds when nothing
    happens, at most STREAMS_PER_PROCESS open at once in each web process (each holds a
    thread and a Redis connection; two processes of 1,500 hold 2,000 viewers with room for an
    uneven spread: tests/bench_viewers.py). CORS_ORIGINS: the other sites whose pages may call the
    API (none by default).

    Webhooks (workers/deliveries.py): each POST waits WEBHOOK_TIMEOUT seconds at most; a
    failed delivery is tried again after WEBHOOK_RETRY_BASE seconds, doubling to at most
    WEBHOOK_RETRY_MAX, with jitter, and a webhook that has failed for WEBHOOK_RETRY_FOR
    seconds (a day) is disabled. WEBHOOK_ALLOW_PRIVATE lets them go to private, loopback and
    link-local addresses (tests, a club's own network)."""

    redis_url: str = "redis://127.0.0.1:6379/0"
    redis_cluster: bool = False
    redis_wait_replicas: int = 0
    redis_wait_timeout: float = 1.0
    rq_redis_url: str | None = None
    snapshot_every: int = 100
    phase_job_timeout: int = 60
    sweep_every: float = 60.0
    rate_limit_create: str = "60/minute"
    rate_limit_import: str = "20/minute"
    rate_limit_auth_failures: str = "30/minute"
    rate_limit_tool_key: str = "600/minute"
    secret_key_file: str = "var/secret.key"
    receipt_key_dir: str = "var/receipt-keys"
    game_modules: list[str] = field(default_factory=configured_modules)
    stream_heartbeat: float = 15.0
    streams_per_process: int = 1500
    cors_origins: tuple[str, ...] = ()
    webhook_timeout: float = 10.0
    webhook_retry_base: float = 5.0
    webhook_retry_max: float = 3600.0
    webhook_retry_for: float = 86400.0
    webhook_allow_private: bool = False

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        """The settings from the environment, every one checked (SettingsError names all
        that are bad); `overrides` replace fields, and their variables are not read."""
        env = SettingsEnv(keep_empty=RATE_LIMITS)
        at_least_1 = valid.Range(min=1)
        positive = valid.Range(min=0, min_inclusive=False)
        readers = {
            "redis_url": lambda: env.redis_url("REDIS_URL", None) or default_redis_url(),
            "redis_cluster": lambda: env.bool("REDIS_CLUSTER", cls.redis_cluster),
            "redis_wait_replicas": lambda: env.int(
                "REDIS_WAIT_REPLICAS", cls.redis_wait_replicas, validate=valid.Range(min=0)
            ),
            "redis_wait_timeout": lambda: env.float(
                "REDIS_WAIT_TIMEOUT",
                cls.redis_wait_timeout,
                validate=valid.Range(min=0, max=60, min_inclusive=False),
            ),
            "rq_redis_url": lambda: env.queue_redis_url("RQ_REDIS_URL", None),
            "snapshot_every": lambda: env.int(
                "SNAPSHOT_EVERY", cls.snapshot_every, validate=at_least_1
            ),
            "phase_job_timeout": lambda: env.int(
                "PHASE_JOB_TIMEOUT", cls.phase_job_timeout, validate=at_least_1
            ),
            "sweep_every": lambda: env.float(
                "SWEEP_EVERY", cls.sweep_every, validate=valid.Range(min=0, min_inclusive=False)
            ),
            "rate_limit_create": lambda: env.str("RATE_LIMIT_CREATE", cls.rate_limit_create),
            "rate_limit_import": lambda: env.str("RATE_LIMIT_IMPORT", cls.rate_limit_import),
            "rate_limit_auth_failures": lambda: env.str(
                "RATE_LIMIT_AUTH_FAILURES", cls.rate_limit_auth_failures
            ),
            "rate_limit_tool_key": lambda: env.str("RATE_LIMIT_TOOL_KEY", cls.rate_limit_tool_key),
            "secret_key_file": lambda: env.str("SECRET_KEY_FILE", cls.secret_key_file),
            "receipt_key_dir": lambda: env.str("RECEIPT_KEY_DIR", cls.receipt_key_dir),
            "game_modules": lambda: env.game_modules("TABLELOG_EXTRA_GAMES", None),
            "stream_heartbeat": lambda: env.float(
                "STREAM_HEARTBEAT",
                cls.stream_heartbeat,
                validate=valid.Range(min=0, max=60, min_inclusive=False),
            ),
            "streams_per_process": lambda: env.int(
                "STREAMS_PER_PROCESS", cls.streams_per_process, validate=at_least_1
            ),
            "cors_origins": lambda: env.cors_origins("CORS_ORIGINS", None),
            "webhook_timeout": lambda: env.float(
                "WEBHOOK_TIMEOUT",
                cls.webhook_timeout,
                validate=valid.Range(min=0, max=60, min_inclusive=False),
            ),
            "webhook_retry_base": lambda: env.float(
                "WEBHOOK_RETRY_BASE", cls.webhook_retry_base, validate=positive
            ),
            "webhook_retry_max": lambda: env.float(
                "WEBHOOK_RETRY_MAX", cls.webhook_retry_max, validate=positive
            ),
            "webhook_retry_for": lambda: env.float(
                "WEBHOOK_RETRY_FOR", cls.webhook_retry_for, validate=positive
            ),
            "webhook_allow_private": lambda: env.bool(
                "WEBHOOK_ALLOW_PRIVATE", cls.webhook_allow_private
            ),
        }
        values = {name: read() for name, read in readers.items() if name not in overrides}
        env.check(ALLOWED)
        return cls(**values, **overrides)

    def __post_init__(self):
        if self.redis_cluster and not self.rq_redis_url:
            raise SettingsError(
                "REDIS_CLUSTER is on but RQ_REDIS_URL is not set: RQ does not run on a Redis "
                "Cluster, so the job queues need a plain Redis of their own."
            )

    @property
    def queue_url(self) -> str:
        return self.rq_redis_url or self.redis_url


def check_keys(settings: Settings) -> None:
    """SettingsError if other hosts may share the store and a key is missing here: made here,
    the other hosts could not read it (projections/shared_keys.py)."""
    if said := missing_keys(settings):
        raise SettingsError(said)


def rules_fingerprint(games: GameRegistry) -> bytes:
    """A digest of the code and data of every game loaded. Cached states are sealed under a
    key made from it, so after any change of rules no state an older version cached is used:
    it would lack what the new rules keep, or hold what they no longer allow."""
    digest = hashlib.sha256()
    for kind in games.kinds():
        digest.update(f"{kind} {rules_of(games.get(kind))['digest']}\n".encode())
    return digest.digest()


STREAM_READ_MARGIN = 10.0  # seconds a stream's read may take past its heartbeat


class Services:
    def __init__(self, settings: Settings):
        check_keys(settings)  # before a key is made that other hosts could not read
        self.settings = settings
        client = RedisCluster if settings.redis_cluster else redis.Redis
        # Every thread of a web process may use it at once, a stream's first read included:
        # room for them all beside redis-py's default 100.
        self.redis = client.from_url(
            settings.redis_url, max_connections=settings.streams_per_process + 100
        )
        # A live stream holds a connection while XREAD BLOCK waits a whole heartbeat
        # (app/api/stream.py): its own pool, room for every stream a process may hold, and a read
        # timeout past the heartbeat (redis-py's 5 s would end every quiet stream).
        self.stream_redis = client.from_url(
            settings.redis_url,
            max_connections=settings.streams_per_process,
            socket_timeout=settings.stream_heartbeat + STREAM_READ_MARGIN,
        )
        self.event_types = EventTypeRegistry()
        self.event_types.register(RETRACT_TYPE)
        self.event_types.register(SEAT_REPLACED_TYPE)
        self.games = GameRegistry(settings.game_modules, self.event_types)
        replicas = Replicas(settings.redis_wait_replicas, settings.redis_wait_timeout)
        self.store = RedisEventStore(self.redis, replicas)
        secret = load_or_create(Path(settings.secret_key_file)).encode()
        seal = CacheSeal(hmac.new(secret, rules_fingerprint(self.games), "sha256").digest())
        # what derives a keyed write's tokens and draws (app/api/auth.py), apart from the seal's
        self.keyed_writes = hmac.new(secret, b"tablelog: keyed writes", "sha256").digest()
        self._webhook_secrets = hmac.new(secret, b"tablelog: webhook secrets", "sha256").digest()
        self.projector = Projector(
            self.store, self.games, self.event_types, seal, settings.snapshot_every
        )
        self.catalog = Catalog(self.redis, replicas)
        self.failures = Failures(self.redis)
        self.tool_keys = ToolKeys(self.redis, settings.rate_limit_tool_key)
        self.webhooks = Webhooks(self.redis)
        self.receipts = ReceiptKeys.open(Path(settings.receipt_key_dir))
        self.recorder = Recorder(
            self.projector, self.catalog, self.games, self.event_types, self.receipts
        )

    def webhook_secret(self, webhook_id: str) -> str:
        """A webhook's signing secret, in Standard Webhooks' form (`whsec_` and 32 bytes in
        base64): made from the service's secret and the webhook's id, so it is never stored,
        and answered the same to the tool that made the webhook and to every worker."""
        made = hmac.new(self._webhook_secrets, webhook_id.encode(), "sha256").digest()
        return "whsec_" + base64.b64encode(made).decode()
