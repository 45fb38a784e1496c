"""Headers on every answer: the browser's security headers, and caching that never keeps a
token while reads with an ETag can still be revalidated for a 304."""

import re

from flask import render_template_string

from tests.api.helpers import add, append, create_toy

SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
STYLED = '<style nonce="{{ csp_nonce() }}">p { color: #222 }</style>'


def test_every_answer_carries_the_security_headers(client):
    game_id, token = create_toy(client)
    answers = [
        client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}),
        client.post("/api/games", json={"kind": "chess", "players": ["ann", "ben"]}),
        append(client, game_id, token, add("ann", 1)),
        append(client, game_id, "wrong", add("ann", 1)),
        client.get(f"/api/games/{game_id}"),
        client.get(f"/api/games/{game_id}/export"),
        client.get("/api/games/nope"),
        client.get("/nowhere"),
        client.put("/api/games"),
        client.get("/api/openapi.json"),
        client.get("/api"),
    ]
    for response in answers:
        for name, value in SECURITY.items():
            assert response.headers.get(name) == value, (response.request.path, name)
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy
        assert "script-src" not in policy and "unsafe" not in policy


def test_answers_holding_a_token_are_never_stored(client):
    created = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]})
    assert created.status_code == 201 and created.headers["Cache-Control"] == "no-store"
    log = client.get(f"/api/games/{created.json['id']}/export")
    assert log.headers["Cache-Control"] == "no-store"
    imported = client.post("/api/games/import", data=log.data)
    assert imported.status_code == 201 and imported.headers["Cache-Control"] == "no-store"
    appended = append(client, created.json["id"], created.json["token"], add("ann", 1))
    assert appended.status_code == 201 and appended.headers["Cache-Control"] == "no-store"


def test_reads_with_an_etag_are_revalidated_and_still_answer_304(client):
    game_id, _ = create_toy(client)
    for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/state"):
        read = client.get(path)
        assert read.headers["Cache-Control"] == "no-cache"
        again = client.get(path, headers={"If-None-Match": read.headers["ETag"]})
        assert again.status_code == 304 and again.headers["Cache-Control"] == "no-cache"
        assert again.headers["ETag"] == read.headers["ETag"]
    assert client.get("/api/games").headers["Cache-Control"] == "no-store"
    assert client.get("/api/games/nope").headers["Cache-Control"] == "no-store"


def test_an_inline_stylesheet_is_allowed_by_its_nonce_and_nothing_else(app):
    """A template's `<style nonce="{{ csp_nonce() }}">`: the policy names that nonce, a new
    one each answer. (The pages and the API docs load their own files instead.)"""
    app.add_url_rule("/styled", "styled", lambda: render_template_string(STYLED), methods=["GET"])
    client = app.test_client()
    nonces = []
    for _ in range(2):
        page = client.get("/styled")
        [nonce] = re.findall(r"style-src 'nonce-([\w-]+)'", page.headers["Content-Security-Policy"])
        assert f'<style nonce="{nonce}">' in page.text
        nonces.append(nonce)
    assert nonces[0] != nonces[1]
    assert "style-src" not in client.get("/api/games").headers["Content-Security-Policy"]


def test_a_405_names_the_methods_allowed_and_a_401_how_to_authenticate(client):
    """RFC 9110 asks both of these headers; an outside probe found them missing."""
    not_allowed = client.delete("/api/health")
    assert not_allowed.status_code == 405
    assert set(not_allowed.headers["Allow"].split(", ")) >= {"GET", "HEAD", "OPTIONS"}
    assert not_allowed.content_type == "application/problem+json"
    game = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}).json
    anonymous = client.post(
        f"/api/games/{game['id']}/events",
        json={
            "type": "toy.added",
            "actor": "player:ann",
            "payload": {"player": "ann", "amount": 1},
        },
    )
    assert anonymous.status_code == 401
    assert anonymous.headers["WWW-Authenticate"].startswith("Bearer realm=")


def test_the_imports_405_allows_only_what_the_import_takes(client):
    """`/api/games/import` took a GET too: the game route `/api/games/<game_id>` matched it,
    as a game of id "import", so its 405 listed GET, and a GET answered "no game import"."""
    not_allowed = client.put("/api/games/import")
    assert not_allowed.status_code == 405
    assert set(not_allowed.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    assert client.get("/api/games/import").status_code == 405
