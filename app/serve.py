"""`make run`: an embedded Redis (unless REDIS_URL is set), one RQ worker and the API on
gunicorn, in one terminal. Ctrl-C or SIGTERM stops them in order: the web server, then the
worker (it finishes its job), then Redis (it flushes its append-only file). Nothing is lost.

HOST and PORT choose where the API listens (127.0.0.1:8000); WEB_CONCURRENCY its processes.
"""

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from app.embedded_redis import EmbeddedRedis

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Linux: get SIGTERM when the parent dies (make killed with SIGTERM does not pass it on)."""
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def main() -> int:
    die_with_parent()
    env = dict(os.environ)
    redis_server = None
    if not env.get("REDIS_URL"):
        port = int(env["REDIS_PORT"]) if env.get("REDIS_PORT") else None
        redis_server = EmbeddedRedis(Path("var/redis"), port=port).start()
        env["REDIS_URL"] = redis_server.url
        print(f"tablelog: embedded Redis on 127.0.0.1:{redis_server.port}, data in var/redis, "
              f"password in {redis_server.password_file}", flush=True)  # fmt: skip
    host, port = env.get("HOST", "127.0.0.1"), env.get("PORT", "8000")
    children = [
        subprocess.Popen([sys.executable, "-m", "workers"], env=env, preexec_fn=die_with_parent),
        subprocess.Popen(
            [
                sys.executable, "-m", "gunicorn",
                "--workers", env.get("WEB_CONCURRENCY", "2"),
                "--bind", f"{host}:{port}",
                "--access-logfile", "-",
                "app:create_app()",
            ],
            env=env,
            preexec_fn=die_with_parent,
        ),
    ]  # fmt: skip
    print(f"tablelog: API at http://{host}:{port}/api (docs: /api/docs)", flush=True)

    stopping = False

    def stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    while not stopping and all(child.poll() is None for child in children):
        time.sleep(0.2)
    failed = any(child.poll() not in (None, 0) for child in children)
    for child in reversed(children):
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(timeout=60)
            except subprocess.TimeoutExpired:
                child.kill()
    if redis_server:
        redis_server.stop()
    print("tablelog: stopped", flush=True)
    return 1 if failed and not stopping else 0


if __name__ == "__main__":
    sys.exit(main())
