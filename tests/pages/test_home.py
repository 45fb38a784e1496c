"""The pages as a client fetches them (no browser): the front page lists the games newest
first with what each waits for, the new-game pages exist for the kinds that have a form, and
every page may run only this service's own scripts."""

import json
import re

import pytest

from tests.api.helpers import create_toy


def game_ids_in(html: str) -> list[str]:
    return re.findall(r'href="/games/([0-9A-Z]{26})"', html)


def test_with_no_games_the_front_page_says_so_and_offers_each_form(client):
    html = client.get("/").text
    assert "No games yet" in html
    assert 'href="/games/new?kind=burnrate"' in html
    assert 'href="/games/new?kind=fcm"' in html


def test_the_front_page_lists_the_games_newest_first(client):
    ids = [create_toy(client, players=(f"p{n}", "ben"))[0] for n in range(3)]
    html = client.get("/").text
    assert game_ids_in(html) == ids[::-1]
    assert "p2, ben" in html
    awaiting = client.get(f"/api/games/{ids[0]}").json["awaiting"]["what"]
    assert awaiting in html


def test_the_front_page_shows_the_newest_fifty(client, monkeypatch):
    monkeypatch.setattr("app.pages.views.NEWEST", 2)
    ids = [create_toy(client)[0] for _ in range(3)]
    html = client.get("/").text
    assert game_ids_in(html) == ids[:0:-1]
    assert "only the 2 newest are shown" in html


def test_new_game_offers_the_kinds_that_have_a_form(client):
    html = client.get("/games/new").text
    assert "Burn Rate" in html and "Food Chain Magnate" in html
    assert "kind=toy" not in html  # the test suite's toy game has no form


@pytest.mark.parametrize("kind", ["toy", "chess"])
def test_a_kind_with_no_form_is_a_page_not_found(client, kind):
    response = client.get(f"/games/new?kind={kind}")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert f"There is no form for a new game of {kind}." in response.text


def test_the_fcm_form_knows_the_map_for_each_player_count_from_the_game(client):
    html = client.get("/games/new?kind=fcm").text
    shapes = re.search(r'data-shapes="([^"]*)"', html).group(1).replace("&#34;", '"')
    assert json.loads(shapes) == {"2": [3, 3], "3": [3, 4], "4": [4, 4], "5": [5, 4]}


@pytest.mark.parametrize("path", ["/", "/games/new", "/games/new?kind=burnrate"])
def test_pages_run_only_this_services_scripts(client, path):
    policy = client.get(path).headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy
    assert "unsafe" not in policy
