"""Schemathesis on the app, in process (WSGI): every operation of /api/openapi.json called with
cases made from the document, and each answer checked against what the document says of that
operation: no 5xx, a status it lists, its content type, a body of its schema, its headers.

The path names a real game (a toy game with events, a dispute and a fork), a real seat, kind,
tile, event type, rule and problem type, and a case carries the game's table token unless it
sends an Authorization of its own, so cases reach the views' code rather than stopping at a 404
or a 401 (those are tested in test_headers.py, test_rules.py and beside each view). Seqs, job
ids, queries, headers and bodies are schemathesis's own. Bounded and reproducible: derandomized,
at most MAX_EXAMPLES generated cases an operation besides schemathesis's coverage cases, no
deadline."""

from dataclasses import replace

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app import create_app
from tests.api.helpers import add, append

MAX_EXAMPLES = 100
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
# Not fuzzed, each for its reason:
EXCLUDED = {
    # a server-sent event stream: its 200 is held open until the client leaves, which a WSGI
    # call never does; its refusals (400, 404, 503) are tested in test_stream.py
    "/api/games/{game_id}/stream",
    "/api/feed/stream",  # likewise, with a key that opens it
}
# Operations that take a key for tools rather than a game's token.
FOR_TOOLS = ("/api/feed", "/api/webhooks", "/api/tools")


@pytest.fixture
def fuzzed_app(settings):
    """The app without the creation and import limits, so that cases creating games reach the
    code rather than a 429 (tested in test_limits.py). The limit on failed authentications
    stays: the cases without the token reach it, and its 429 and Retry-After are checked."""
    unlimited = replace(settings, rate_limit_create="", rate_limit_import="")
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": unlimited})


@pytest.fixture
def table(fuzzed_app) -> dict:
    """The path parameters of a game with something of everything, and its table's token."""
    client = fuzzed_app.test_client()
    made = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}).json
    game_id, token = made["id"], made["token"]
    for player, amount in (("ann", 1), ("ben", 2), ("ann", 3)):
        assert append(client, game_id, token, add(player, amount)).status_code == 201
    headers = {"Authorization": f"Bearer {token}"}
    dispute = client.post(
        f"/api/games/{game_id}/disputes",
        json={"seq": 2, "author": "player:ann", "text": "that was two, not one"},
        headers=headers,
    )
    assert dispute.status_code == 201, dispute.json
    fork = client.post(f"/api/games/{game_id}/forks", json={"at": 2})
    assert fork.status_code == 201, fork.json
    tiles = client.get("/api/fcm/tiles").json
    svc = fuzzed_app.extensions["tablelog"]
    _, tool_key = svc.tool_keys.create("fuzz", ["feed:read", "webhooks:write"], rate_limit="")
    webhook, _ = svc.webhooks.create(tool_key.split("_")[1], "http://127.0.0.1:9/", "", {}, "0-0")
    attempt = svc.webhooks.note_attempt(webhook.id, {"cursor": "0-0", "ok": False})
    return {
        "token": token,
        "tool_key": tool_key,
        "path": {
            "game_id": game_id,
            "other_id": fork.json["id"],
            "dispute": dispute.json["id"],
            "seat": "ben",
            "kind": "fcm",
            "tile": tiles["tiles"][0]["tile"],
            "name": "fcm.recruited",
            "rule_id": "LOG-UNDO",
            "slug": "rule-violation",
            "webhook_id": webhook.id,
            "attempt_id": attempt,
        },
    }


# The document as /api/openapi.json serves it, read at collection, so that each operation is a
# test of its own (it needs no Redis); the cases are sent to each test's app, on the real one.
# (schemathesis.pytest.from_fixture would read it from the fixture's app, but its lazy loader
# sets pytest's Node._nodeid, which pytest 9.2 no longer has.)
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", create_app({"TESTING": True}))


@schema.exclude(path=sorted(EXCLUDED)).parametrize()
@hypothesis.settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_every_answer_is_one_the_document_gives(case, table, fuzzed_app):
    for name, value in table["path"].items():
        if name in case.path_parameters:
            case.path_parameters[name] = value
    token = table["tool_key"] if case.path.startswith(FOR_TOOLS) else table["token"]
    case.headers = {"Authorization": f"Bearer {token}", **(case.headers or {})}
    case.call_and_validate(checks=CHECKS, app=fuzzed_app)
