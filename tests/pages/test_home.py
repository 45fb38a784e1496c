"""The front page and the new-game pages: as a client fetches them, the front page lists the
games newest first with their name, kind, start, players and what each waits for, searched and
filtered by a GET form (so a list found is an address), a page at a time; the new-game pages
exist for the kinds that have a form, and ask for a table's name; every page may run only this
service's own scripts. In a browser, on a phone and a desktop: the search and each filter, and
no axe-core violation on the front page and the new-game forms."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.api.helpers import add, append, create_toy
from tests.pages.axe import VIEWPORTS, assert_accessible


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
    assert "<bdi>p2</bdi>, <bdi>ben</bdi>" in html
    awaiting = client.get(f"/api/games/{ids[0]}").json["awaiting"]["what"]
    assert awaiting.replace("p0", "<bdi>p0</bdi>") in html  # "p0 adds", its name isolated


def test_the_front_page_shows_fifty_games_a_page_and_links_the_older(client, monkeypatch):
    monkeypatch.setattr("app.pages.views.NEWEST", 2)
    ids = [create_toy(client)[0] for _ in range(3)]
    html = client.get("/").text
    assert game_ids_in(html) == ids[:0:-1]
    assert "2 a page" in html
    older = re.search(r'href="(/\?after=[^"]*)">Older games', html).group(1)
    rest = client.get(older).text
    assert game_ids_in(rest) == ids[:1] and "Older games" not in rest
    assert f"older than game {ids[1]}" in rest


def named(client, name, players=("ann", "ben")) -> str:
    body = {"kind": "toy", "players": list(players), "name": name}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["id"]


def test_a_game_is_shown_by_its_name_with_its_kind_and_the_day_it_started(client):
    unnamed, _ = create_toy(client)
    friday = named(client, "Friday at Ann's")
    html = client.get("/").text
    row = re.search(
        rf'<tr>\s*<td data-label="Game"><a href="/games/{friday}">(.*?)</tr>', html, re.S
    )
    assert row.group(1).startswith("Friday at Ann&#39;s</a>")
    assert '<span class="game-kind">toy <small class="id">' in row.group(1)
    started = client.get(f"/api/games/{friday}").json["created_at"]
    assert f'<time datetime="{started}" data-day>' in row.group(1)
    assert f'<a href="/games/{unnamed}">toy</a>' in html  # no name: the kind's title


def test_a_named_game_is_named_on_its_page_and_in_its_transcript(client):
    friday = named(client, "Friday at Ann's")
    page = client.get(f"/games/{friday}").text
    assert "<title>Friday at Ann&#39;s · tablelog</title>" in page
    assert "<h1>Friday at Ann&#39;s</h1>" in page  # #32: the id is beside it, not in it
    assert f"<code data-game-id>{friday}</code>" in page
    assert "toy · <bdi>ann</bdi>, <bdi>ben</bdi> · active" in page
    transcript = client.get(f"/games/{friday}/transcript").text
    assert "<h1>Transcript of Friday at Ann&#39;s</h1>" in transcript
    assert f'<code class="id">{friday}</code>' in transcript
    unnamed, _ = create_toy(client)
    assert "<h1>toy</h1>" in client.get(f"/games/{unnamed}").text


def test_the_front_page_finds_games_by_the_query_in_its_address(client):
    friday = named(client, "Friday at Ann's", ("ann", "ben"))
    league = named(client, "Spring league", ("cleo", "ben"))
    done, token = create_toy(client, players=("cleo", "dora"), goal=5, tally_every=100)
    append(client, done, token, add("cleo", 5))
    assert game_ids_in(client.get("/?q=fri").text) == [friday]
    assert game_ids_in(client.get("/?q=BEN").text) == [league, friday]
    assert game_ids_in(client.get("/?player=Cleo").text) == [done, league]
    assert game_ids_in(client.get("/?player=cleo&status=active").text) == [league]
    assert game_ids_in(client.get("/?kind=toy&status=finished").text) == [done]
    assert game_ids_in(client.get("/?q=&kind=&status=&player=").text) == [done, league, friday]
    html = client.get("/?q=spring&kind=toy&status=active&player=ben").text
    assert 'name="q" type="search" value="spring"' in html
    assert '<option value="toy" selected>' in html and '<option value="active" selected>' in html
    assert 'name="player" value="ben"' in html
    assert "/api/games?order=newest&amp;q=spring" in html.replace("kind=toy&amp;", "")
    nothing = client.get("/?q=nobody").text
    assert "No game is found by that." in nothing and "No games yet" not in nothing


def test_a_filter_the_list_does_not_have_is_a_page_not_found(client):
    response = client.get("/?status=paused")
    assert response.status_code == 404 and "?status=" in response.text


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


@pytest.mark.parametrize("kind", ["burnrate", "fcm"])
def test_each_new_game_form_asks_for_a_table_name_it_may_leave_out(client, kind):
    html = client.get(f"/games/new?kind={kind}").text
    assert '<label for="table-name">Table name (optional)</label>' in html
    assert '<input id="table-name" name="name" data-empty="omit" maxlength="80"' in html


# --- in a browser, on a phone and a desktop ------------------------------------------------


def make(page, players, name=None, **options) -> dict:
    body = {"kind": "toy", "players": players, "options": options}
    if name:
        body["name"] = name
    answer = page.request.post("/api/games", data=body)
    assert answer.status == 201, answer.text()
    return answer.json()


def rows(page):
    return page.locator("table.games tbody tr")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_search_and_each_filter_find_games_in_a_browser(page, viewport):
    page.set_viewport_size(viewport)
    friday = make(page, ["ann", "ben"], name="Friday at Ann's")
    league = make(page, ["cleo", "ben"], name="Spring league")
    done = make(page, ["cleo", "dora"], goal=5, tally_every=100)
    headers = {"Authorization": f"Bearer {done['token']}"}
    page.request.post(f"/api/games/{done['id']}/events", data=add("cleo", 5), headers=headers)
    page.goto("/")
    expect(rows(page)).to_have_count(3)
    expect(rows(page).first).to_contain_text("cleo, dora")
    expect(rows(page).nth(2)).to_contain_text("Friday at Ann's")
    assert_accessible(page, "the front page")

    page.get_by_label("Search").fill("fri")
    page.get_by_role("button", name="Find").click()
    expect(page).to_have_url(re.compile(r"[?&]q=fri(&|$)"))
    expect(rows(page)).to_have_count(1)
    expect(rows(page)).to_contain_text("Friday at Ann's")
    assert_accessible(page, "the front page, searched")

    page.get_by_label("Search").fill("")
    page.get_by_label("Player").fill("cleo")
    page.get_by_role("button", name="Find").click()
    expect(rows(page)).to_have_count(2)
    page.get_by_label("Status").select_option("finished")
    page.get_by_role("button", name="Find").click()
    expect(rows(page)).to_have_count(1)
    expect(page.locator(f'a[href="/games/{done["id"]}"]')).to_be_visible()
    expect(page).to_have_url(
        re.compile(r"player=cleo.*status=finished|status=finished.*player=cleo")
    )

    page.get_by_label("Player").fill("")
    page.get_by_label("Status").select_option("")
    page.get_by_label("Game", exact=True).select_option("fcm")
    page.get_by_role("button", name="Find").click()
    expect(page.get_by_text("No game is found by that.")).to_be_visible()
    assert_accessible(page, "the front page, nothing found")
    page.get_by_label("Game", exact=True).select_option("toy")
    page.get_by_role("button", name="Find").click()
    expect(rows(page)).to_have_count(3)

    page.get_by_role("link", name="Show every game").first.click()
    expect(rows(page)).to_have_count(3)
    page.get_by_role("link", name="Spring league").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Spring league")
    assert league["name"] == "Spring league" and friday["name"] == "Friday at Ann's"


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
@pytest.mark.parametrize("kind", ["burnrate", "fcm"])
def test_the_new_game_forms_are_accessible(page, viewport, kind):
    page.set_viewport_size(viewport)
    page.goto(f"/games/new?kind={kind}")
    expect(page.get_by_label("Table name (optional)")).to_be_visible()
    assert_accessible(page, f"the new {kind} game form")


def test_a_game_named_on_its_form_is_listed_by_its_name(page):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto("/games/new?kind=fcm")
    page.get_by_label("Table name (optional)").fill("  Burger night  ")
    page.get_by_label("Player 1").fill("ann")
    page.get_by_label("Player 2").fill("bob")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_role("region", name="Game created")).to_be_visible()
    page.goto("/?q=burger")
    expect(rows(page)).to_have_count(1)
    expect(rows(page)).to_contain_text("Burger night")
    expect(rows(page)).to_contain_text("Food Chain Magnate")
