"""Rate limits on creating, importing and failing to authenticate: small limits here, counted
per client address in the real Redis, answered with 429 problems that say when to retry."""

import dataclasses

import pytest

from app import create_app
from tests.api.helpers import add, append, create_toy

OTHER_CLIENT = {"REMOTE_ADDR": "127.0.0.2"}


def limited_client(settings, **limits):
    app = create_app(
        {"TESTING": True, "TABLELOG_SETTINGS": dataclasses.replace(settings, **limits)}
    )
    return app.test_client()


def assert_limited(response):
    assert response.status_code == 429, response.data[:300]
    assert response.content_type == "application/problem+json"
    assert response.json["type"].endswith("/rate-limited")
    assert 1 <= int(response.headers["Retry-After"]) <= 60
    assert response.headers["Cache-Control"] == "no-store"


def test_creating_games_past_the_limit_is_429_for_that_address_only(settings, redis_client):
    client = limited_client(settings, rate_limit_create="2/minute")
    create_toy(client)
    create_toy(client)
    response = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]})
    assert_limited(response)
    assert (
        "game creations" in response.json["detail"] and "2 per 1 minute" in response.json["detail"]
    )
    assert len(client.get("/api/games").json["items"]) == 2  # reads are not limited
    other = client.post(
        "/api/games", json={"kind": "toy", "players": ["ann", "ben"]}, environ_base=OTHER_CLIENT
    )
    assert other.status_code == 201
    assert redis_client.keys("LIMITS:*")  # counted in the app's Redis, not in one process


def test_importing_past_the_limit_is_429(settings):
    client = limited_client(settings, rate_limit_import="1/minute")
    game_id, _ = create_toy(client)
    log = client.get(f"/api/games/{game_id}/export").data
    assert client.post("/api/games/import", data=log).status_code == 201
    assert_limited(client.post("/api/games/import", data=log))


def test_failed_authentication_past_the_limit_is_429_for_that_address(settings):
    client = limited_client(settings, rate_limit_auth_failures="2/minute")
    game_id, token = create_toy(client, tally_every=100)
    for n in range(3):  # successful appends do not count
        assert append(client, game_id, token, add(["ann", "ben"][n % 2], 1)).status_code == 201
    assert client.post(f"/api/games/{game_id}/events", json=add("ben", 1)).status_code == 401
    assert append(client, game_id, "guess", add("ben", 1)).status_code == 403
    assert_limited(append(client, game_id, "guess", add("ben", 1)))
    other = client.post(
        f"/api/games/{game_id}/events",
        json=add("ben", 1),
        headers={"Authorization": "Bearer guess"},
        environ_base=OTHER_CLIENT,
    )
    assert other.status_code == 403
    # the right token is never held back: checking it costs an append no round trip
    assert append(client, game_id, token, add("ben", 1)).status_code == 201


def test_an_empty_limit_is_no_limit(settings):
    client = limited_client(settings, rate_limit_create="")
    for _ in range(5):
        create_toy(client)


def test_a_limit_that_does_not_parse_stops_the_app_naming_its_setting(settings):
    with pytest.raises(ValueError, match="RATE_LIMIT_IMPORT"):
        limited_client(settings, rate_limit_import="lots")
