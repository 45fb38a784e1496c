"""CORS: a page of an origin named in CORS_ORIGINS may call the API from a browser; no other
page may, and with the setting empty no answer says anything about CORS."""

import dataclasses

import pytest

from app import create_app
from projections.services import Settings, SettingsError
from tests.api.helpers import add, append, create_toy

TOOL = "https://scores.example.org"


@pytest.fixture
def app(settings):
    allowed = dataclasses.replace(settings, cors_origins=(TOOL, "http://localhost:5173"))
    return create_app({"TESTING": True, "TABLELOG_SETTINGS": allowed})


def preflight(client, path, origin, method="POST", headers="authorization, content-type"):
    return client.options(path, headers={
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": headers,
    })  # fmt: skip


def test_a_preflight_from_an_allowed_origin_lets_a_write_through(client):
    game_id, _ = create_toy(client)
    answer = preflight(
        client, f"/api/games/{game_id}/events", TOOL,
        headers="authorization, content-type, if-match, idempotency-key",
    )  # fmt: skip
    assert answer.status_code == 204
    assert answer.headers["Access-Control-Allow-Origin"] == TOOL
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    allowed = {h.strip().lower() for h in answer.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "if-match", "idempotency-key"} <= allowed
    assert {"last-event-id", "if-none-match"} <= allowed
    assert int(answer.headers["Access-Control-Max-Age"]) > 0
    assert "Access-Control-Allow-Credentials" not in answer.headers


def test_the_answer_itself_may_be_read_with_its_etag_and_location(client):
    game_id, token = create_toy(client)
    answer = append(client, game_id, token, add("ann", 2), headers={"Origin": TOOL})
    assert answer.status_code == 201
    assert answer.headers["Access-Control-Allow-Origin"] == TOOL
    exposed = {h.strip() for h in answer.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Location"} <= exposed
    assert "Origin" in answer.headers["Vary"]


def test_errors_and_streams_carry_it_too(client):
    missing = client.get("/api/games/NOSUCHGAME", headers={"Origin": TOOL})
    assert missing.status_code == 404
    assert missing.headers["Access-Control-Allow-Origin"] == TOOL
    game_id, _ = create_toy(client)
    with client.get(f"/api/games/{game_id}/stream", headers={"Origin": TOOL}) as live:
        assert live.headers["Access-Control-Allow-Origin"] == TOOL


def test_another_origin_gets_no_cors_headers(client):
    game_id, _ = create_toy(client)
    answer = preflight(client, f"/api/games/{game_id}/events", "https://evil.example.com")
    assert "Access-Control-Allow-Origin" not in answer.headers
    read = client.get(f"/api/games/{game_id}", headers={"Origin": "https://evil.example.com"})
    assert read.status_code == 200 and "Access-Control-Allow-Origin" not in read.headers
    assert "Origin" in read.headers["Vary"]  # a shared cache must not hand it to the tool


def test_an_origin_matches_exactly(client):
    for near in (TOOL + ":8443", "http://scores.example.org", "https://x.scores.example.org"):
        answer = client.get("/api/health", headers={"Origin": near})
        assert "Access-Control-Allow-Origin" not in answer.headers, near


def test_without_the_setting_no_answer_mentions_cors(settings):
    client = create_app({"TESTING": True, "TABLELOG_SETTINGS": settings}).test_client()
    assert settings.cors_origins == ()
    answer = client.get("/api/health", headers={"Origin": TOOL})
    assert not [name for name, _ in answer.headers.items() if name.startswith("Access-Control")]
    assert preflight(client, "/api/games", TOOL).status_code == 200  # Flask's own OPTIONS


def test_a_star_lets_any_page_in_without_credentials(settings):
    star = dataclasses.replace(settings, cors_origins=("*",))
    client = create_app({"TESTING": True, "TABLELOG_SETTINGS": star}).test_client()
    answer = client.get("/api/health", headers={"Origin": "https://anywhere.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize(
    "value, origins",
    [("", ()), (" https://A.example.org , http://127.0.0.1:8080", ("https://a.example.org",
     "http://127.0.0.1:8080")), ("*", ("*",)), ("http://[::1]:3000", ("http://[::1]:3000",))],
)  # fmt: skip
def test_the_setting_reads_origins(monkeypatch, value, origins):
    monkeypatch.setenv("CORS_ORIGINS", value)
    assert Settings.from_env().cors_origins == origins


@pytest.mark.parametrize(
    "value", ["https://scores.example.org/", "scores.example.org", "ftp://x.org", "https://x.org/a"]
)
def test_the_setting_refuses_what_is_not_an_origin(monkeypatch, value):
    monkeypatch.setenv("CORS_ORIGINS", value)
    with pytest.raises(SettingsError, match="CORS_ORIGINS"):
        Settings.from_env()
