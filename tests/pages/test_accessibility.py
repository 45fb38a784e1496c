"""#20: axe-core finds no violation on any page, at a phone's and a desktop's size, each with
its folded parts opened (a <details> hides what it holds from axe). The journeys' own tests
check the states their actions lead to; this walks every page as it first opens."""

import json

import pytest

from tests.pages.axe import VIEWPORTS, assert_accessible

FORK_KEY = "accessibility-fork-key-1"


@pytest.fixture
def games(page):
    """A Burn Rate game and a Food Chain Magnate game just created, and a fork of the first
    at its creation: each page of a game is opened on one of them."""
    from tests.pages.screenshots import burnrate_body

    api = page.request
    burnrate = api.post("/api/games", data=burnrate_body(["joe", "ruth"], "joe")).json()
    fcm = api.post("/api/games", data={"kind": "fcm", "players": ["ann", "bob"]}).json()
    fork = api.post(f"/api/games/{burnrate['id']}/forks", data={"at": 1},
                    headers={"Idempotency-Key": FORK_KEY}).json()  # fmt: skip
    return {"burnrate": burnrate, "fcm": fcm, "fork": fork, "long": long_game(api)}


def long_game(api) -> dict:
    """A toy game of 81 events: its page has gaps in the log, its transcript pages."""
    options = {"goal": 1000, "tally_every": 1000}
    game = api.post("/api/games", data={"kind": "toy", "players": ["ann", "ben"],
                                        "options": options}).json()  # fmt: skip
    headers = {"Authorization": f"Bearer {game['token']}"}
    for n in range(80):
        added = {"type": "toy.added", "actor": "admin",
                 "payload": {"player": ["ann", "ben"][n % 2], "amount": 1}}  # fmt: skip
        assert api.post(f"/api/games/{game['id']}/events", data=added, headers=headers).ok
    return game


def pages(games):
    burnrate, fcm, fork = games["burnrate"]["id"], games["fcm"]["id"], games["fork"]["id"]
    long = games["long"]["id"]
    return [
        "/",
        "/?q=joe&kind=burnrate",
        "/games/new",
        "/games/new?kind=burnrate",
        "/games/new?kind=fcm",
        f"/games/{burnrate}",
        f"/games/{burnrate}?at=1",
        f"/games/{fcm}",
        f"/games/{burnrate}/transcript",
        f"/games/{fcm}/transcript",
        f"/games/{long}?at=20",
        f"/games/{long}/transcript?from=26",
        f"/games/{burnrate}/verify",
        f"/games/{burnrate}/compare",
        f"/games/{burnrate}/compare/{fork}",
        "/games/import",
        "/games/no-such-game",
        "/tools/webhooks",
        "/api/rules",
        "/api/rules/LOG-RETRACT",
        "/problems",
        "/problems/rule-violation",
        "/api/docs",
    ]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_every_page_at_a_phones_and_a_desktops_size(page, games, viewport):
    page.set_viewport_size(viewport)
    table = games["burnrate"]
    seat = json.dumps({"seat": "table", "token": table["token"]})
    page.add_init_script(f"localStorage.setItem('tablelog.seat.{table['id']}', {json.dumps(seat)})")
    for path in pages(games):
        page.goto(path)
        page.wait_for_load_state("networkidle")
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert_accessible(page, path)
