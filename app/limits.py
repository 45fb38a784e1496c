"""Rate limits on what is cheap to ask and dear to answer: creating a game, importing one, and
failing to authenticate an append. Each is a setting in the limits syntax ("60/minute", "10/second;
100/hour"); an empty one turns that limit off. They count per client address, in fixed windows,
and a request past one answers 429 with Retry-After (see problems.py).

The counters live in the logs' Redis, so every web process shares them: through the app's own
Redis client (same server, credentials, database and TLS as REDIS_URL) or, with REDIS_CLUSTER,
through limits' `redis+cluster://` storage on the same nodes. Keys are
`LIMITS:LIMITER/<address>/<endpoint>/<amount>/<multiple>/<unit>`: a counter of one window,
expiring with it.

Failed authentication is counted after the answer (401 or 403) and checked before the next
append: once an address has failed too often, its appends wait out the window, the right
token included, so guessing gains nothing from going on.
"""

import math
import time
from dataclasses import dataclass
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
    failures_only: bool = False


LIMITED = (
    Limited("games.Games", "rate_limit_create", "game creations"),
    Limited("replay.Import", "rate_limit_import", "imports"),
    Limited("log.Events", "rate_limit_auth_failures", "failed authentications",
            failures_only=True),
)  # fmt: skip


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
    for limited in LIMITED:
        value = getattr(settings, limited.setting)
        try:
            items = parse_many(value) if value.strip() else []
        except ValueError:
            raise ValueError(
                f"{limited.setting.upper()}={value!r} is not a rate limit: write "
                '"60/minute", "10/second;100/hour", or nothing for no limit'
            ) from None
        if not items:
            continue
        limit = limiter.limit(
            value,
            methods=["POST"],
            error_message=f"{limited.what} from this address are limited to "
            + ", ".join(str(item) for item in items),
            deduct_when=auth_failed if limited.failures_only else None,
        )
        app.view_functions[limited.endpoint] = limit(app.view_functions[limited.endpoint])


def auth_failed(response) -> bool:
    return response.status_code in (401, 403)


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
