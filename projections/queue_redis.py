"""The queues' Redis (RQ_REDIS_URL): a plain Redis URL, or a Redis that Sentinel keeps, named
by its sentinels and its service in one URL:

    redis+sentinel://[[user]:password@]host[:port][,host[:port]...]/service[/db]

(the form of the redis-sentinel-url package and of Celery's result backend: a port left out
is Sentinel's 26379; the password is both the sentinels' and the Redis's). Its client is
redis-py's `Sentinel(...).master_for(service)`: each new connection asks the sentinels, in
turn, where the master is now, so after a failover the web app, the health probe and the
workers reach the promoted replica without a restart.
"""

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from redis.sentinel import Sentinel, SentinelManagedConnection

SENTINEL_SCHEME = "redis+sentinel"
SENTINEL_PORT = 26379
SENTINEL_FORM = f"{SENTINEL_SCHEME}://[:password@]host:26379,host2:26379/service[/db]"
# What asking one sentinel may take, connecting included, before the next is asked, once
# (redis-py waits forever by default, and tries a refused one again after a back-off of
# seconds: a paused or dead first sentinel would hold every enqueue).
SENTINEL_TIMEOUT = 1.0
HOST = re.compile(r"(?P<host>\[[0-9a-fA-F:.]+\]|[^:\[\]]+)(?::(?P<port>[^:]*))?")


@dataclass(frozen=True)
class SentinelURL:
    sentinels: tuple[tuple[str, int], ...]
    service: str
    db: int = 0
    username: str | None = None
    password: str | None = None


def is_sentinel_url(url: str) -> bool:
    return url.startswith(f"{SENTINEL_SCHEME}://")


def parse_sentinel_url(url: str) -> SentinelURL:
    """The parts of a `redis+sentinel://` URL; ValueError says what is wrong with it."""
    parts = urlsplit(url)
    if parts.query or parts.fragment:
        raise ValueError("no query or fragment is read")
    hosts = parts.netloc.rpartition("@")[2]
    sentinels = []
    for address in hosts.split(","):
        found = HOST.fullmatch(address)
        if not found:
            raise ValueError(f"no sentinel's host:port in {address!r}")
        port = found["port"] if found["port"] is not None else str(SENTINEL_PORT)
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"the port of {address!r} is not a port")
        sentinels.append((found["host"].strip("[]"), int(port)))
    service, _, db = parts.path.removeprefix("/").partition("/")
    if not service:
        raise ValueError("the service's name is missing (the path's first part)")
    if db and not db.isdigit():
        raise ValueError(f"the database is a number, not {db!r}")
    return SentinelURL(
        tuple(sentinels),
        unquote(service),
        int(db or 0),
        unquote(parts.username) if parts.username else None,
        unquote(parts.password) if parts.password else None,
    )


class SentinelConnection(SentinelManagedConnection):
    """redis-py's, but a read cut short by an exception not its own drops the connection, as a
    plain connection does (redis-py's Sentinel one keeps it): RQ's stop, raised while a worker
    waits for a job, left the waiting connection in the pool, and its reply 20 s later went
    to the next command ("Wrong number of response items")."""

    def read_response(self, disable_decoding=False, *, disconnect_on_error=True, **options):
        return super().read_response(
            disable_decoding, disconnect_on_error=disconnect_on_error, **options
        )


def queue_redis(url: str, **options) -> redis.Redis:
    """A client of the queues' Redis at `url` (plain or `redis+sentinel://`); `options` are
    redis-py's (timeouts, health_check_interval), and a timeout given bounds asking each
    sentinel too."""
    if not is_sentinel_url(url):
        return redis.Redis.from_url(url, **options)
    named = parse_sentinel_url(url)
    auth = {"username": named.username, "password": named.password}
    asking = {
        "retry": Retry(NoBackoff(), 0),
        "socket_timeout": options.get("socket_timeout", SENTINEL_TIMEOUT),
        "socket_connect_timeout": options.get("socket_connect_timeout", SENTINEL_TIMEOUT),
    }
    sentinel = Sentinel(named.sentinels, sentinel_kwargs={**auth, **asking})
    return sentinel.master_for(
        named.service, db=named.db, connection_class=SentinelConnection, **auth, **options
    )
