"""Keys for tools, as the person running the service and a tool use them: made, listed and
revoked with `flask --app app keys`, checked on each request by their token, their scopes and
their own rate limit, and declared in the OpenAPI document."""

import dataclasses
import hashlib
import json

import pytest
from freezegun import freeze_time

from app import create_app
from app.api.auth import tool_key_required
from events import keys
from tests.api.helpers import create_toy
from tests.api.test_docs import key_checking_operations
from tests.projections.test_tool_keys import every_value

OTHER_CLIENT = {"REMOTE_ADDR": "127.0.0.2"}


def run(app, *args):
    return app.test_cli_runner().invoke(args=["keys", *args])


def make_key(app, name="league-site", scope="feed:read", *more) -> str:
    """A new key's token, as `keys create` shows it."""
    result = run(app, "create", "--name", name, "--scope", scope, *more)
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.output.splitlines() if line.startswith("token: ")]
    return line.removeprefix("token: ")


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def me(client, token, **kwargs):
    return client.get("/api/tools/me", headers=bearer(token), **kwargs)


def assert_unauthorized(response, detail: str):
    assert response.status_code == 401, response.json
    assert response.content_type == "application/problem+json"
    assert response.json["type"] == "/problems/unauthorized" and detail in response.json["detail"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer realm=tablelog")


@pytest.fixture
def guarded(app):
    """The app with a view for each scope, as the feed and the webhooks will guard theirs."""
    for scope in ("feed:read", "webhooks:read", "webhooks:write"):
        view = tool_key_required(scope)(lambda scope=scope: {"scope": scope})
        app.add_url_rule(f"/test/{scope}", endpoint=scope, view_func=view)
    return app


@freeze_time("2026-03-01 12:00:00")
def test_create_shows_the_token_once_and_redis_keeps_only_its_digest(app, redis_client):
    result = run(app, "create", "--name", "league-site", "--scope", "feed:read,webhooks:write",
                 "--rate-limit", "120/minute")  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    token = lines[0].removeprefix("token: ")
    key_id = token.split("_")[1]
    assert lines[1].strip() == "shown once; tablelog keeps only its digest: give it to the tool now"
    assert lines[2:] == [
        f"id: {key_id}",
        "name: league-site",
        "scopes: feed:read,webhooks:read,webhooks:write",
        "rate limit: 120/minute",
        "created: 2026-03-01T12:00:00.000000Z",
    ]
    assert token.encode() not in every_value(redis_client)
    record = json.loads(redis_client.hget(keys.tool_keys(), key_id))
    assert record["sha256"] == hashlib.sha256(token.encode()).hexdigest()


def test_list_shows_every_key_and_never_a_token_or_its_digest(app, client, redis_client):
    with freeze_time("2026-03-01 12:00:00"):
        token = make_key(app, "league-site", "feed:read")
        assert me(client, token).status_code == 200
    with freeze_time("2026-03-01 12:05:00"):
        make_key(app, "chat-bot", "webhooks:write", "--rate-limit", "")
        assert run(app, "revoke", "chat-bot").exit_code == 0
    listed = run(app, "list")
    assert listed.exit_code == 0
    header, league, bot = listed.output.splitlines()
    assert header.split() == ["id", "name", "scopes", "rate", "limit", "created", "last", "used",
                              "revoked"]  # fmt: skip
    assert league.split()[1:] == ["league-site", "feed:read", "600/minute",
                                  "2026-03-01T12:00:00.000000Z", "2026-03-01T12:00:00.000000Z",
                                  "no"]  # fmt: skip
    assert bot.split()[1:] == ["chat-bot", "webhooks:read,webhooks:write", "none",
                               "2026-03-01T12:05:00.000000Z", "never",
                               "2026-03-01T12:05:00.000000Z"]  # fmt: skip
    as_json = json.loads(run(app, "list", "--json").output)
    assert [key["name"] for key in as_json] == ["league-site", "chat-bot"]
    assert set(as_json[0]) == {"id", "name", "scopes", "rate_limit", "created_at",
                               "last_used_at", "revoked_at"}  # fmt: skip
    digests = [json.loads(v)["sha256"] for k, v in redis_client.hgetall(keys.tool_keys()).items()
               if b":" not in k]  # fmt: skip
    for output in (listed.output, json.dumps(as_json)):
        assert token not in output and token.split("_", 2)[2] not in output
        assert not any(digest in output for digest in digests)


def test_a_revoked_key_is_refused_at_once_saying_when(app, client):
    token = make_key(app)
    assert me(client, token).status_code == 200
    with freeze_time("2026-03-02 08:30:00"):
        revoked = run(app, "revoke", "league-site")
    assert revoked.exit_code == 0
    assert (
        revoked.output.startswith("revoked key ")
        and "2026-03-02T08:30:00.000000Z" in revoked.output
    )
    assert_unauthorized(me(client, token), "was revoked at 2026-03-02T08:30:00.000000Z")
    key_id = token.split("_")[1]
    again = run(app, "revoke", key_id)
    assert again.exit_code == 0 and "already revoked, at 2026-03-02T08:30:00" in again.output
    unknown = run(app, "revoke", "no-such-tool")
    assert unknown.exit_code != 0 and "no key has the id or name 'no-such-tool'" in unknown.output


def test_a_name_is_free_again_once_its_key_is_revoked(app, client):
    old = make_key(app)
    taken = run(app, "create", "--name", "league-site", "--scope", "feed:read")
    assert taken.exit_code == 2 and "a key named 'league-site' exists" in taken.output
    run(app, "revoke", "league-site")
    new = make_key(app)
    assert me(client, new).status_code == 200 and me(client, old).status_code == 401


@pytest.mark.parametrize(
    "headers, detail",
    [
        ({}, "a key for tools is required"),
        ({"Authorization": "Bearer "}, "a key for tools is required"),
        ({"Authorization": "Basic dXNlcjpwdw=="}, "a key for tools is required"),
        (bearer("tlk_nonsense"), "not a key for tools"),
        (bearer("tlk_0123456789ab_" + "A" * 43), "not a key for tools"),  # no such key
    ],
)
def test_no_key_or_a_malformed_one_is_401(app, client, headers, detail):
    make_key(app)
    assert_unauthorized(client.get("/api/tools/me", headers=headers), detail)


def test_a_wrong_secret_or_another_keys_id_is_401(app, client):
    token = make_key(app, "league-site")
    other = make_key(app, "chat-bot")
    secret = token.split("_", 2)[2]
    assert_unauthorized(me(client, f"tlk_{other.split('_')[1]}_{secret}"), "not a key for tools")
    assert_unauthorized(me(client, token[:-2] + ("xy" if token[-2:] != "xy" else "yz")), "not a")
    game_id, write_token = create_toy(client)  # a game's write token is no key for tools
    assert_unauthorized(me(client, write_token), "not a key for tools")


def test_refused_keys_count_as_failed_authentications_from_their_address(settings):
    app = create_app({"TESTING": True, "TABLELOG_SETTINGS": dataclasses.replace(
        settings, rate_limit_auth_failures="2/minute")})  # fmt: skip
    client = app.test_client()
    token = make_key(app)
    assert me(client, "tlk_guess").status_code == 401
    assert client.get("/api/tools/me").status_code == 401
    limited = me(client, "tlk_guess")
    assert limited.status_code == 429 and "failed authentications" in limited.json["detail"]
    assert me(client, "tlk_guess", environ_base=OTHER_CLIENT).status_code == 401
    assert me(client, token).status_code == 200  # a key that works is never held back


def test_a_key_without_the_scope_is_403_naming_it(guarded):
    client = guarded.test_client()
    token = make_key(guarded, "league-site", "feed:read")
    assert client.get("/test/feed:read", headers=bearer(token)).json == {"scope": "feed:read"}
    refused = client.get("/test/webhooks:read", headers=bearer(token))
    assert refused.status_code == 403 and refused.content_type == "application/problem+json"
    assert refused.json["type"] == "/problems/insufficient-scope"
    assert (refused.json["scope"], refused.json["scopes"]) == ("webhooks:read", ["feed:read"])
    assert (
        "scope webhooks:read" in refused.json["detail"]
        and "has feed:read" in refused.json["detail"]
    )
    assert refused.headers["WWW-Authenticate"] == (
        'Bearer realm=tablelog, error=insufficient_scope, scope="webhooks:read"'
    )


def test_webhooks_write_brings_webhooks_read(guarded):
    client = guarded.test_client()
    token = make_key(guarded, "chat-bot", "webhooks:write")
    assert client.get("/test/webhooks:write", headers=bearer(token)).status_code == 200
    assert client.get("/test/webhooks:read", headers=bearer(token)).status_code == 200
    assert client.get("/test/feed:read", headers=bearer(token)).status_code == 403
    reader = make_key(guarded, "stats", "webhooks:read")
    assert client.get("/test/webhooks:write", headers=bearer(reader)).status_code == 403


def test_past_its_own_limit_a_key_is_429_and_another_key_is_not(app, client, redis_client):
    limited = make_key(app, "chat-bot", "feed:read", "--rate-limit", "2/minute")
    other = make_key(app, "stats", "feed:read")
    assert me(client, limited).status_code == 200
    assert me(client, limited, environ_base=OTHER_CLIENT).status_code == 200  # per key
    refused = me(client, limited)
    assert refused.status_code == 429 and refused.json["type"] == "/problems/rate-limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert (
        f"the key {limited.split('_')[1]} are limited to 2 per 1 minute" in refused.json["detail"]
    )
    assert me(client, other).status_code == 200
    assert redis_client.keys(f"LIMITS:LIMITER/tool-key/{limited.split('_')[1]}/*")


def test_a_key_made_with_no_limit_has_none(app, client):
    token = make_key(app, "bot", "feed:read", "--rate-limit", "")
    assert all(me(client, token).status_code == 200 for _ in range(5))


@pytest.mark.parametrize(
    "args, option, says",
    [
        (["--name", "", "--scope", "feed:read"], "--name", "1 to 80 characters"),
        (["--name", "x" * 81, "--scope", "feed:read"], "--name", "1 to 80 characters"),
        (["--name", "a\tb", "--scope", "feed:read"], "--name", "control characters"),
        (["--name", "bot", "--scope", "feed:write"], "--scope", "unknown scope feed:write"),
        (["--name", "bot", "--scope", ","], "--scope", "at least one of"),
        (["--name", "bot", "--scope", "feed:read", "--rate-limit", "lots"], "--rate-limit",
         "'lots' is not a rate limit"),
        (["--name", "bot"], "--scope", "Missing option"),
    ],
)  # fmt: skip
def test_bad_input_says_what_and_writes_nothing(app, redis_client, args, option, says):
    result = run(app, "create", *args)
    assert result.exit_code == 2 and option in result.output and says in result.output
    assert not redis_client.exists(keys.tool_keys())


def test_me_answers_the_key_and_notes_its_use(app, client):
    with freeze_time("2026-03-01 12:00:00"):
        token = make_key(app, "league-site", "feed:read,webhooks:read", "--rate-limit", "5/second")
        answer = me(client, token)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert answer.json == {"id": token.split("_")[1], "name": "league-site",
                           "scopes": ["feed:read", "webhooks:read"], "rate_limit": "5/second",
                           "created_at": "2026-03-01T12:00:00.000000Z"}  # fmt: skip
    listed = json.loads(run(app, "list", "--json").output)
    assert listed[0]["last_used_at"] == "2026-03-01T12:00:00.000000Z"


def test_the_openapi_document_declares_the_key_where_one_is_checked(guarded, client):
    spec = client.get("/api/openapi.json").json
    scheme = spec["components"]["securitySchemes"]["toolKey"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    declared = {
        (method, path)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method != "parameters" and operation.get("security") == [{"toolKey": []}]
    }
    checked = key_checking_operations(client.application)
    assert ("get", "/api/feed") in checked
    assert declared == checked
    responses = spec["paths"]["/api/tools/me"]["get"]["responses"]
    assert {"200", "401", "429"} <= set(responses)
    assert "sha256" not in json.dumps(spec["components"]["schemas"]["ToolKeyOut"])
