"""CORS: which other sites' pages may call the API from a browser (CORS_ORIGINS).

None by default: without the setting no answer carries a CORS header, and a browser keeps
other sites' scripts from reading the API (curl, apps and the service's own pages are not
concerned). Each origin named (`https://scores.example.org`, compared exactly, as a browser
sends it in Origin) may read every answer under /api, errors included, with ETag, Location
and Retry-After exposed, and may send what the API reads: Authorization (a seat's token),
Content-Type, If-Match, If-None-Match, Idempotency-Key and Last-Event-ID. `*` lets any page
in. No credentials are allowed (the API's tokens are bearer tokens, not cookies), so `*`
gives a page nothing it could not already send from a server of its own.

A preflight (OPTIONS with Access-Control-Request-Method) from an origin named is answered
204 here, before any view; from any other origin it gets the ordinary OPTIONS answer and no
CORS header, which the browser takes as a refusal.
"""

from flask import Flask, Response, request

ALLOW_HEADERS = (
    "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Last-Event-ID"
)
ALLOW_METHODS = "GET, HEAD, POST"
EXPOSE_HEADERS = "ETag, Location, Retry-After"
MAX_AGE = "600"  # seconds a browser may keep a preflight's answer


def register(app: Flask, origins: tuple[str, ...]) -> None:
    if not origins:
        return
    allowed = frozenset(origins)

    def allowed_origin() -> str | None:
        """The Access-Control-Allow-Origin of this request, None when it gets none."""
        origin = request.headers.get("Origin", "").lower()
        if not origin or not under_api():
            return None
        if "*" in allowed:
            return "*"
        return origin if origin in allowed else None

    @app.before_request
    def preflight():
        if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
            return None
        origin = allowed_origin()
        if origin is None:
            return None
        answer = Response(status=204)
        answer.headers.update({
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": ALLOW_METHODS,
            "Access-Control-Allow-Headers": ALLOW_HEADERS,
            "Access-Control-Max-Age": MAX_AGE,
        })  # fmt: skip
        return answer

    @app.after_request
    def cross_origin(response: Response) -> Response:
        if not under_api():
            return response
        response.vary.add("Origin")  # an answer differs by Origin: caches keep them apart
        origin = allowed_origin()
        if origin is not None:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers.setdefault("Access-Control-Expose-Headers", EXPOSE_HEADERS)
        return response


def under_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")
