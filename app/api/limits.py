"""Rate limits on what is cheap to ask and dear to answer: creating a game, importing one, and
failing to authenticate an append. Each is a setting in the limits syntax ("60/minute", "10/second;
100/hour"); an empty one turns that limit off. They count per client address, in fixed windows,
and a request past one answers 429 with Retry-After (see problems.py).

The counters live in the logs' Redis, so every web process shares them: through the app's own
Redis client (same server, credentials, database and TLS as REDIS_URL) or, with REDIS_CLUSTER,
through limits' `redis+cluster://` storage on the same nodes. Keys are
`LIMITS:LIMITER/<address>/<endpoint>/<amount>/<multiple>/<unit>`: a counter of one window,
expiring with it.

Failed authentication is counted, and checked, only when an append's token is missing or
wrong (app/api/auth.py): an append with the right token costs no round trip for it. Past the
limit, that address's failed appends answer 429 until the window ends.

A key for tools has a limit of its own (its `rate_limit`, RATE_LIMIT_TOOL_KEY's when it was
made without one), counted per key, not per address: a tool spread over many machines shares
one count, and two tools behind one address do not. Keys are
`LIMITS:LIMITER/tool-key/<key id>/<amount>/<multiple>/<unit>`. RATE_LIMIT_TOOL_KEY is checked
at start with the others.
"""

import math
import time
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

from projections.services import Services


@dataclass(frozen=True)
class Limited:
    endpoint: str
    setting: str
    what: str


LIMITED = (
    Limited("games.Games", "rate_limit_create", "game creations"),
    Limited("replay.Import", "rate_limit_import", "imports"),
    Limited("forks.Forks", "rate_limit_create", "forks"),
)
AUTH_FAILURES = "auth-failures"
TOOL_KEY = "tool-key"


class LimitReached(Exception):
    """A limit this service counts itself, reached: answered 429 with Retry-After."""

    def __init__(self, description: str, retry_after: int):
        super().__init__(description)
        self.description = description
        self.retry_after = retry_after


def register(app: Flask, svc: Services) -> None:
    """Limit the endpoints of LIMITED (their views must be registered already)."""
    settings = svc.settings
    storage_uri, storage_options = storage(svc)
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=storage_uri,
        storage_options=storage_options,
        strategy="fixed-window",
    )
    app.extensions["tablelog.limiter"] = limiter
    # The limiter's before_request hook looks on every request for default, application and
    # blueprint limits. This service sets none: each limit below wraps its view and is checked
    # there. The hook would find nothing, at 70 µs of every request (an append's among them).
    app.before_request_funcs[None].remove(limiter._check_request_limit)
    for limited in LIMITED:
        items = parsed(limited.setting, getattr(settings, limited.setting))
        if not items:
            continue
        limit = limiter.limit(
            getattr(settings, limited.setting),
            methods=["POST"],
            error_message=f"{limited.what} from this address are limited to "
            + ", ".join(str(item) for item in items),
        )
        app.view_functions[limited.endpoint] = limit(app.view_functions[limited.endpoint])
    failures = parsed("rate_limit_auth_failures", settings.rate_limit_auth_failures)
    app.extensions["tablelog.auth_failures"] = failures
    parsed("rate_limit_tool_key", settings.rate_limit_tool_key)  # the default of a new key


def parsed(setting: str, value: str) -> list:
    """The limits of a setting's value; a value that does not parse stops the app."""
    try:
        return parse_many(value) if value.strip() else []
    except ValueError:
        raise ValueError(
            f"{setting.upper()}={value!r} is not a rate limit: write "
            '"60/minute", "10/second;100/hour", or nothing for no limit'
        ) from None


def count_failed_authentication() -> None:
    """One more failed authentication from this address; LimitReached past the limit."""
    items = current_app.extensions.get("tablelog.auth_failures") or ()
    _count(items, AUTH_FAILURES, get_remote_address(), "failed authentications from this address")


def count_tool_key_use(key_id: str, rate_limit: str) -> None:
    """One more request with the key `key_id`, whose limit is `rate_limit` (limits syntax,
    empty for none); LimitReached past it."""
    _count(_limits_of(rate_limit), TOOL_KEY, key_id, f"requests with the key {key_id}")


def _count(items, counted: str, who: str, what: str) -> None:
    """One more of `counted` by `who` against each limit of `items`; LimitReached, saying
    `what` is limited, past one."""
    if not items:
        return
    strategy = current_app.extensions["tablelog.limiter"].limiter
    for item in items:
        if not strategy.hit(item, counted, who):
            reset = strategy.get_window_stats(item, counted, who).reset_time
            raise LimitReached(f"{what} are limited to {item}",
                               max(1, math.ceil(reset - time.time())))  # fmt: skip


@lru_cache(maxsize=256)
def _limits_of(rate_limit: str) -> tuple:
    """A key's limits, parsed once a process (keys are made with a limit that parses)."""
    return tuple(parse_many(rate_limit)) if rate_limit.strip() else ()


def storage(svc: Services) -> tuple[str, dict]:
    """The limits storage URI and options that reach the logs' Redis."""
    if not svc.settings.redis_cluster:
        return "redis://", {"connection_pool": svc.redis.connection_pool}
    url = urlsplit(svc.settings.redis_url)
    options = {"ssl": True} if url.scheme == "rediss" else {}
    return f"redis+cluster://{url.netloc}", options


def retry_after() -> int:
    """Seconds until the limit this request broke lets it through again."""
    breached = current_app.extensions["tablelog.limiter"].current_limit
    if breached is None:
        return 60
    return max(1, math.ceil(breached.window.reset_time - time.time()))
