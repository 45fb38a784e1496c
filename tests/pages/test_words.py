"""#32, what the pages say on a phone at the table, in a browser at a phone's and a desktop's
size, axe-core finding nothing on what changed: a fork and an import keep the table's name and
say what they are, and no game's 26-character id is in a heading (it stays in the address and
in a small "id" beside the name)."""

import json
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from playwright.sync_api import expect

from tests.api.helpers import create_toy
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.screenshots import burnrate_body
from tests.pages.test_fcm_board import WORKING, imported
from tests.pages.test_new_burnrate import fill_in

ID = re.compile(r"\b[0-9A-Z]{26}\b")


def toy(page, name=None, players=("ann", "ben")) -> dict:
    body = {"kind": "toy", "players": list(players), "options": {"tally_every": 1000}}
    game = page.request.post("/api/games", data={**body, **({"name": name} if name else {})})
    assert game.status == 201, game.text()
    return game.json()


def added(page, game, player, amount):
    event = {"type": "toy.added", "actor": f"player:{player}",
             "payload": {"player": player, "amount": amount}}  # fmt: skip
    headers = {"Authorization": f"Bearer {game['seats'][player]}"}
    answer = page.request.post(f"/api/games/{game['id']}/events", data=event, headers=headers)
    assert answer.status == 201, answer.text()


def headings(page) -> str:
    return "\n".join(page.locator("h1, h2, h3, title").all_text_contents() + [page.title()])


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_fork_and_an_import_are_named_and_no_heading_shows_an_id(page, viewport):
    page.set_viewport_size(viewport)
    night = toy(page, "Burn Rate night")
    added(page, night, "ann", 2)
    fork = page.request.post(f"/api/games/{night['id']}/forks", data={"at": 2}).json()
    log = page.request.get(f"/api/games/{night['id']}/export").body()
    imported = page.request.post(
        "/api/games/import", data=log, headers={"Content-Type": "application/x-ndjson"}
    ).json()

    page.goto("/")
    rows = page.locator("table.games tbody td[data-label=Game] a")
    expect(rows).to_have_text(
        ["Burn Rate night, imported", "Burn Rate night, fork at step 2", "Burn Rate night"]
    )
    assert_accessible(page, "the list of a game, its fork and its import")

    page.goto(f"/games/{fork['id']}")
    expect(page.locator("h1")).to_have_text("Burn Rate night, fork at step 2")
    assert not ID.search(headings(page)), headings(page)
    expect(page.locator("[data-game-id]")).to_have_text(fork["id"])
    assert_accessible(page, "a fork's page")

    page.goto(f"/games/{fork['id']}/compare/{night['id']}")
    assert not ID.search(headings(page)), headings(page)
    expect(page.locator(".compared-games")).to_contain_text("Burn Rate night, fork at step 2")
    expect(page.locator(".compared-games")).not_to_contain_text(night["id"])
    expect(page).to_have_title(re.compile("Burn Rate night, fork at step 2 and Burn Rate night"))
    assert_accessible(page, "a fork compared with its original")

    page.goto(f"/games/{night['id']}")
    forks = page.locator("#audit [data-forks]")
    expect(forks).to_contain_text("Burn Rate night, fork at step 2")
    expect(forks).not_to_contain_text(fork["id"])
    assert imported["name"] == "Burn Rate night, imported"


RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: a name holding it reverses what follows it


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_name_holding_a_right_to_left_override_is_isolated_and_one_event_is_one(page, viewport):
    page.set_viewport_size(viewport)
    odd = f"b{RLO}en"
    fresh = toy(page, "Fresh", players=("ann", odd))
    page.goto(f"/games/{fresh['id']}")
    expect(page.locator("[data-version-text]")).to_have_text("1 event")
    game = toy(page, "Friday", players=("ann", odd))
    added(page, game, "ann", 2)
    added(page, game, odd, 3)

    added(page, fresh, "ann", 1)  # the game waits for the odd name

    page.goto("/")
    players = page.locator("table.games td[data-label=Players]").first
    expect(players.locator("bdi")).to_have_text(["ann", odd])
    expect(players.locator(":scope > span")).to_have_text(f"ann, {odd}")  # one line on a phone
    waiting = page.locator("tr", has=page.get_by_role("link", name="Fresh"))
    expect(waiting.locator("td[data-label='Waiting for'] bdi")).to_have_text(odd)
    page.goto(f"/games/{fresh['id']}")
    expect(page.locator("[data-awaiting] bdi")).to_have_text([odd, odd])  # whom, and what
    page.goto(f"/games/{game['id']}")
    expect(page.locator("[data-version-text]")).to_have_text("3 events")
    expect(page.locator(".game-head bdi")).to_have_text(["ann", odd])
    said = page.locator("#seq-3 .sentence")
    expect(said.locator("bdi").first).to_have_text(odd)
    expect(said).to_contain_text(odd)
    assert_accessible(page, "a game whose player's name holds an override")
    fork = page.request.post(f"/api/games/{game['id']}/forks", data={"at": 2}).json()
    page.goto(f"/games/{game['id']}/compare/{fork['id']}")
    parted = page.locator(".sentence", has_text="amount 3").first  # step 3, where they part
    expect(parted.locator("bdi").first).to_have_text(odd)


@pytest.mark.browser_context(timezone_id="America/Argentina/Buenos_Aires")
@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_no_page_scrolls_sideways(page, viewport):
    """#32: not even by a pixel, on a phone; a time with a long zone's name may break on a
    phone (the list's "Last activity" was 10 px too wide in UTC at 10:18, not at 9:57)."""
    page.set_viewport_size(viewport)
    night = toy(page, "Burn Rate night, a long name for a table on a small phone")
    added(page, night, "ann", 2)
    fork = page.request.post(f"/api/games/{night['id']}/forks", data={"at": 2}).json()
    game = f"/games/{night['id']}"
    for path in ("/", game, f"{game}?at=1", f"{game}/transcript", f"{game}/verify",
                 f"{game}/compare/{fork['id']}", f"{game}/compare", "/games/new",
                 "/games/new?kind=burnrate", "/games/new?kind=fcm", "/games/import"):  # fmt: skip
        page.goto(path)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{path} is {width[0]} px wide in {width[1]} px"


def hold(page, game, seat):
    token = game["token"] if seat == "table" else game["seats"][seat]
    value = json.dumps({"seat": seat, "token": token})
    page.add_init_script(f"localStorage.setItem('tablelog.seat.{game['id']}', {json.dumps(value)})")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_name_a_script_writes_is_isolated_too(page, viewport):
    """#32, 8: the scripts' sentences (js/names.js, `isolated`): the device's seat, the record
    panel, the corrections offered, the seats of a game just made, the list's seat."""
    page.set_viewport_size(viewport)
    odd = f"b{RLO}en"
    game = toy(page, "Friday", players=("ann", odd))
    added(page, game, "ann", 2)
    hold(page, game, odd)
    page.goto(f"/games/{game['id']}")
    expect(page.locator("#game [data-seat] bdi")).to_have_text(odd)
    expect(page.locator(".device-held bdi").first).to_have_text(odd)
    expect(page.locator(".device-held")).to_contain_text(f"holds {odd}'s seat")
    expect(page.locator("[data-correct-status] bdi")).to_have_text(odd)
    record = page.locator(".record-status")
    expect(record).to_contain_text(odd)
    expect(record.locator("bdi").first).to_have_text(odd)
    assert_accessible(page, "a seat whose name holds an override, on its game page")
    page.context.set_offline(True)  # an action kept on the device, said in the outbox
    form = page.locator("#record-panel details.record-form[open]")
    form.get_by_label("Player").fill(odd)
    form.get_by_label("Amount").fill("2")
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#outbox [data-slot=words] bdi")).to_have_text(odd)
    page.context.set_offline(False)
    page.goto("/")
    expect(page.locator(f"[data-seat-of='{game['id']}'] bdi")).to_have_text(odd)

    fill_in(page, ["ann", odd], dealer="ann")
    page.get_by_role("button", name="Create the game").click()
    created = page.get_by_role("region", name="Game created")
    expect(created.locator(f"[data-seat='{odd}'] bdi")).to_have_text(odd)
    choice = created.get_by_role("radio", name=re.compile(f"records {odd}'s actions only"))
    choice.check()
    expect(created.locator("[data-slot=kept] bdi")).to_have_text(odd)
    assert_accessible(page, "a game made with a player whose name holds an override")


def wide(page) -> list:
    """What is wider than the page, as [[tag.class, right edge]], widest first."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
                     && e.getClientRects().length)
      .map((e) => [e.tagName + '.' + [...e.classList].join('.'), e.getBoundingClientRect().right])
      .slice(0, 12)""")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_no_game_page_scrolls_sideways_with_its_board_forms_chart_and_audit_open(page, viewport):
    """#32, 8: a Burn Rate and a Food Chain Magnate game, as a seat with its record form open,
    every folded part unfolded (the chart's numbers, a why, the receipts), the audit's check
    done: not a pixel wider than the screen."""
    page.set_viewport_size(viewport)
    burnrate = page.request.post("/api/games", data=burnrate_body(["joe", "ruth"], "joe")).json()
    fcm = imported(page, WORKING)
    for name, game, seat in (("burnrate", burnrate, "joe"), ("fcm", fcm, "table")):
        hold(page, game, seat)
        page.goto(f"/games/{game['id']}")
        expect(page.locator("#record-panel details.record-form").first).to_be_visible()
        page.wait_for_load_state("networkidle")
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        if seat == "table":  # the button names whose action it records, a space before it
            record = page.locator("#record-panel details.record-form button[type=submit]").first
            assert record.inner_text() == "Record for ann", record.inner_text()
        page.locator("#audit [data-verify]").click()
        page.wait_for_load_state("networkidle")
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (name, width, wide(page))


BERLIN = ZoneInfo("Europe/Berlin")


def test_without_script_every_time_is_in_utc_and_says_so(client):
    """#32, 8: the pages as served, before any script: one zone, UTC, named."""
    with freeze_time("2026-12-01T19:41:00Z"):
        game_id, token = create_toy(client)
        event = {"type": "toy.added", "actor": "player:ann",
                 "payload": {"player": "ann", "amount": 2}}  # fmt: skip
        answer = client.post(f"/api/games/{game_id}/events", json=event,
                             headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert answer.status_code == 201
    game = client.get(f"/games/{game_id}").text
    clock = r'<time datetime="2026-12-01T19:41:00[^"]*"[^>]*data-clock>19:41 UTC</time>'
    assert re.search(clock, game)
    assert "1 Dec 2026, 19:41 UTC" in game
    transcript = client.get(f"/games/{game_id}/transcript").text
    assert "1 Dec 2026, 19:41 UTC</time>" in transcript


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_every_time_is_the_devices_own_with_its_zone_named(browser, site, viewport):
    """#32, 8: the game page's step and log, the transcript and the list, in a browser in
    Berlin: the time there, and the zone said beside it."""
    context = browser.new_context(base_url=site, viewport=viewport, timezone_id="Europe/Berlin",
                                  locale="en-GB")  # fmt: skip
    page = context.new_page()
    game = toy(page, "Friday")
    added(page, game, "ann", 2)
    at = page.request.get(f"/api/games/{game['id']}/events/2").json()["recorded_at"]
    there = datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone(BERLIN)
    clock = f"{there:%H:%M} (Europe/Berlin)"
    moment = f"{there.day} {there:%b %Y}, {clock}"

    page.goto(f"/games/{game['id']}")
    expect(page.locator("#seq-2 time")).to_have_text(clock)
    expect(page.locator("#step time").first).to_have_text(moment)
    assert_accessible(page, "the game page's times in Berlin")
    added(page, game, "ben", 3)  # live
    expect(page.locator("#seq-3 time")).to_contain_text("(Europe/Berlin)")
    page.goto(f"/games/{game['id']}/transcript")
    expect(page.locator("#seq-2 time")).to_have_text(moment)
    expect(page.locator("main time").first).to_contain_text("(Europe/Berlin)")
    assert_accessible(page, "the transcript's times in Berlin")
    page.goto("/")
    expect(page.locator("td[data-label='Last activity'] time").first).to_contain_text(
        "(Europe/Berlin)"
    )
    context.close()


def in_berlin(instant: str) -> str:
    """An instant as every page says it in Berlin, en-GB (js/times.js): `1 Dec 2026, 20:41
    (Europe/Berlin)`."""
    there = datetime.fromisoformat(instant.replace("Z", "+00:00")).astimezone(BERLIN)
    return f"{there.day} {there:%b %Y}, {there:%H:%M} (Europe/Berlin)"


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_compare_page_says_a_time_as_the_game_page_does(browser, site, viewport):
    """#32 item 8: the steps' times on the compare page, in a browser in Berlin, read as the
    game page's: the time there, the zone named."""
    context = browser.new_context(base_url=site, viewport=viewport, timezone_id="Europe/Berlin",
                                  locale="en-GB")  # fmt: skip
    page = context.new_page()
    game = toy(page, "Friday")
    added(page, game, "ann", 2)
    fork = page.request.post(f"/api/games/{game['id']}/forks", data={"at": 1}).json()
    page.goto(f"/games/{game['id']}")
    step = page.locator("#step time").first
    expect(step).to_have_text(in_berlin(step.get_attribute("datetime")))
    page.goto(f"/games/{game['id']}/compare/{fork['id']}")
    times = page.locator(".steps-compared time[datetime]")
    expect(times.first).to_contain_text("(Europe/Berlin)")
    for time in times.all():
        expect(time).to_have_text(in_berlin(time.get_attribute("datetime")))
    assert_accessible(page, f"the compare page's times in Berlin, {viewport}")
    context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_compare_page_counts_one_step_as_one(page, viewport):
    """#32 item 8: a game of one step and its fork compared say "1 step", not "1 steps"."""
    page.set_viewport_size(viewport)
    game = toy(page, "One step")
    fork = page.request.post(f"/api/games/{game['id']}/forks", data={"at": 1}).json()
    page.goto(f"/games/{game['id']}/compare/{fork['id']}")
    expect(page.locator(".compared-game dd").first).to_contain_text(": 1 step")
    expect(page.locator(".compared-game dd").first).not_to_contain_text("1 steps")
    expect(page.locator('[data-parted="none"]')).to_have_text(
        "The two logs are the same: their 1 step hashes the same in both.")  # fmt: skip
    assert_accessible(page, f"two logs of one step compared, {viewport}")
