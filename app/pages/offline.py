"""What lets a visited page open with no connection (docs/architecture.md, "Recording
offline"): the service worker, served from the site's root so that its scope is the whole
site (`/sw.js`), and the web app manifest (`/manifest.webmanifest`). Both are routes of the
pages' blueprint, so they carry the pages' Content-Security-Policy: a worker's own fetches are
allowed by the policy its script came with.

The worker's script is templates/pages/sw.js with the site's static files to keep on
install and a version that is the digest of those files: a changed file makes a changed
worker, which the browser installs in place of the old one, dropping the old cache.
"""

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from flask import Response, current_app, render_template, url_for

from app.pages.views import blp

SHELL_SUFFIXES = (".js", ".css", ".svg")  # the static files every page may load
NOT_KEPT = ("api-docs",)  # the API docs' own files: that page is not one for the table


@lru_cache(maxsize=1)
def shell(folder: str) -> tuple[tuple[str, ...], str]:
    """The static files a page may load, as paths under the static folder, and a digest of
    their bytes."""
    root = Path(folder)
    files = sorted(
        path for path in root.rglob("*")
        if path.suffix in SHELL_SUFFIXES and not path.name.startswith(NOT_KEPT)
    )  # fmt: skip
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return tuple(path.relative_to(root).as_posix() for path in files), digest.hexdigest()[:16]


@blp.route("/sw.js")
def service_worker():
    """The service worker: keeps the static files on install, then every page and GET
    answer it passes, network first (templates/pages/sw.js)."""
    files, version = shell(current_app.static_folder)
    urls = [url_for("static", filename=name) for name in files]
    script = render_template("pages/sw.js", shell=urls, version=version)
    return Response(script, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@blp.route("/manifest.webmanifest")
def manifest():
    """The web app manifest: the site installed on a phone's home screen opens standalone."""
    body = {
        "name": "tablelog",
        "short_name": "tablelog",
        "description": "Record a table's game, step by step, even with no connection.",
        "start_url": url_for("pages.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d1d1b",
        "icons": [{"src": url_for("static", filename="favicon.svg"), "sizes": "any",
                   "type": "image/svg+xml", "purpose": "any"}],
    }  # fmt: skip
    return Response(json.dumps(body, indent=2), mimetype="application/manifest+json")
