"""The app on a real HTTP server, for a real browser: werkzeug's server in a thread of this
process, on a free port of 127.0.0.1, and Debian's Chromium driven by Playwright (its own
browser download cannot be reached from our machines)."""

import os
import threading
from pathlib import Path

from werkzeug.serving import WSGIRequestHandler, make_server

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
# No connections of its own to the outside: they are refused here, many at a time.
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-gpu",
]
MISSING = (
    f"Chromium is not at {CHROMIUM}: the browser tests need it. Install Debian's "
    "(`apt-get install chromium`; `make test` does when it runs as root), or name another "
    "with CHROMIUM=/path/to/chromium."
)


class Quiet(WSGIRequestHandler):
    def log_request(self, *args):
        pass  # the browser's every request, at INFO, would bury what a failed test says


class LiveServer:
    """`app` served at `url` until `stop()`."""

    def __init__(self, app):
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.thread.join(timeout=10)


def launch_chromium(playwright):
    """Debian's Chromium, headless; fails with MISSING when it is not there."""
    if not os.access(CHROMIUM, os.X_OK):
        raise RuntimeError(MISSING)
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
