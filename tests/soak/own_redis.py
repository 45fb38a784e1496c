"""The soak's own redis-server, in the service's folder where `make run`'s embedded one would be
(`var/redis`, its password in `var/redis.password`), started the same way by the same code
(app/run/embedded_redis.py's EmbeddedRedis), with the service told to reach it through the
soak's proxy (tests/soak/proxy.py) by REDIS_URL.

Why the soak's and not `make run`'s: the network's faults need the service's connections to go
through a proxy, which only REDIS_URL can do, and with REDIS_URL set `make run` starts no Redis
of its own; and the soak must reach the server itself past the proxy, to pause it and to limit
its memory while the service's connections are faulted or not. So the soak plays `make run`'s
part for Redis: it starts it before the service, starts it again at once when it is killed (as
`make run` restarts a child that died), and stops it after the service, as Ctrl-C does.

EmbeddedRedis turns CONFIG off, so that no client can make it write files elsewhere; this one
keeps it, for `CONFIG SET maxmemory` (behind the password, as every command).
"""

import contextlib
import os
import signal

import redis

from app.run.embedded_redis import DISABLED_COMMANDS, EmbeddedRedis

ABOVE_USED = 64 * 1024  # bytes of room left under maxmemory when memory runs out


class OwnRedis(EmbeddedRedis):
    """EmbeddedRedis with CONFIG, and the soak's faults of the server itself: paused
    (SIGSTOP), out of memory, killed."""

    def __init__(self, data_dir, **options):
        kept_off = tuple(command for command in DISABLED_COMMANDS if command != "CONFIG")
        super().__init__(data_dir, disabled=kept_off, **options)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.running() else None

    def client(self) -> redis.Redis:
        """A client of the server itself, past the proxy."""
        return redis.Redis.from_url(self.url, socket_timeout=10)

    def pause(self) -> None:
        """SIGSTOP: the server holds every connection open and answers nothing."""
        if self.running():
            os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self.running():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGCONT)

    def out_of_memory(self) -> tuple[int, int]:
        """maxmemory set just above the memory used now, with noeviction: every write that
        needs more memory is refused (OOM) until `memory_back`. (used, maxmemory)."""
        with self.client() as client:
            used = client.info("memory")["used_memory"]
            limit = used + ABOVE_USED
            client.config_set("maxmemory-policy", "noeviction")
            client.config_set("maxmemory", limit)
        return used, limit

    def memory_back(self) -> None:
        """maxmemory off again (0, the server's default)."""
        with self.client() as client:
            client.config_set("maxmemory", 0)

    def stop(self) -> None:
        self.resume()  # a paused server would not hear SIGTERM
        super().stop()
