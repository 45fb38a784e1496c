"""Headers on every answer: what a browser may do with it, and whether anything may keep it.

Caching: an answer holds a write token (creation, import) or is a write's receipt, and most
reads change with the next append, so nothing is stored (`no-store`), except a read that
carries an ETag: it may be kept and revalidated (`no-cache`), which is what makes
If-None-Match's 304 worth asking for. A view that sets Cache-Control itself keeps its own.

Security: no MIME sniffing, no Referer leaving the service, no framing, and a Content Security
Policy that allows nothing to load. A page that loads files sets a policy of its own (the
pages, app/pages/views.py; the API docs, app/api/docs.py: this service's own scripts and
styles); a template's inline stylesheet carries a per-answer nonce (csp_nonce()) that the
policy then names.
"""

import secrets

from flask import Flask, Response, g, request

SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"


def register(app: Flask) -> None:
    app.after_request(add_headers)
    app.jinja_env.globals["csp_nonce"] = csp_nonce


def csp_nonce() -> str:
    """The nonce of this answer's inline stylesheet (templates: `<style nonce=...>`)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


def add_headers(response: Response) -> Response:
    for name, value in SECURITY.items():
        response.headers.setdefault(name, value)
    policy = POLICY
    if "csp_nonce" in g:
        policy += f"; style-src 'nonce-{g.csp_nonce}'"
    response.headers.setdefault("Content-Security-Policy", policy)
    response.headers.setdefault(
        "Cache-Control", "no-cache" if revalidated(response) else "no-store"
    )
    return response


def revalidated(response: Response) -> bool:
    """A read with an ETag: a client may keep it and ask again with If-None-Match."""
    return (
        request.method in ("GET", "HEAD")
        and response.status_code in (200, 304)
        and "ETag" in response.headers
    )
