"""Recording with no connection (docs/architecture.md, "Recording offline"): the service
worker and the manifest as a client fetches them; in a browser, on a phone and a desktop,
actions recorded with no connection kept on the device and sent in order once it returns,
two devices recording the same turn offline (one refused, shown with what to do, nothing lost
and nothing recorded twice), and a visited game page opened again with no connection."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_device import join_link
from tests.pages.test_record_burnrate import after_the_first_hires, record_form


def test_the_service_worker_is_served_from_the_root_with_the_static_files_to_keep(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"  # a new version is found at once
    policy = answer.headers["Content-Security-Policy"]
    assert "connect-src 'self'" in policy and "worker-src 'self'" in policy
    shell = json.loads(re.search(r"const SHELL = (\[.*\]);", answer.text).group(1))
    assert {"/static/js/record.js", "/static/js/outbox.js", "/static/css/pages.css"} <= set(shell)
    assert "/static/favicon.svg" in shell


def test_the_pages_allow_their_worker_and_manifest_and_name_the_manifest(client):
    page = client.get("/")
    policy = page.headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert (body["name"], body["start_url"], body["display"]) == ("tablelog", "/", "standalone")
    assert body["icons"] == [
        {"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
    ]


@pytest.fixture
def devices(browser, site):
    """`devices(viewport)`: a page of a new browser context, as a phone or a tablet of its
    own; each closed after the test."""
    made = []

    def device(viewport="phone"):
        context = browser.new_context(base_url=site, viewport=VIEWPORTS[viewport])
        context.set_default_timeout(10_000)
        made.append(context)
        return context.new_page()

    yield device
    for context in made:
        context.close()


def kept_by_the_worker(page):
    """Until the service worker keeps the page (it opens with no connection from here on)."""
    for _ in range(100):
        if page.evaluate("caches.match(location.pathname).then((kept) => Boolean(kept))"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker kept no copy of the page")


def seated(device, site, game_id, seat, token):
    """`device` holding `seat` on the game's page, kept by the service worker."""
    device.goto(join_link(site, game_id, seat, token))
    expect(device.locator("#record-panel [data-slot=status]")).to_contain_text("ruth")
    kept_by_the_worker(device)
    return device


def record_funding(page):
    funding = record_form(page, "Funding played")
    funding.get_by_label("Which card").select_option("FUNDING 10 (0,1,2,3)")
    funding.get_by_role("button", name="Record").click()


def end_turn(page):
    record_form(page, "Turn ended").get_by_role("button", name="Record").click()


def outbox(page, count):
    return page.get_by_role("region", name=f"Not sent yet ({count})")


def played(game_id, page):
    """The log's events after the first hires (8 of them and the creation): type, payload."""
    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    return [(e["seq"], e["type"], e["payload"]) for e in log[9:]]


FUNDING = {"player": "ruth", "card": {"amount": 10, "skill_numbers": [0, 1, 2, 3]}}


def opened_again(page):
    """The page opened again in a new tab of the same browser, the first left open. Not
    `page.reload()` nor closing the first: as Playwright tears a document down, Chromium's
    offline emulation lets go of it first, and a page that sends on the browser's `online`
    event sent an action it kept (the server received the POST as the first tab closed, in
    whole runs of the suite and here under load); sent again later with its event id, it
    is answered as the duplicate it is, but this test says nothing leaves the phone while
    it has no connection."""
    again = page.context.new_page()
    again.goto(page.url)
    return again


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_actions_recorded_offline_mid_turn_are_sent_in_order_when_back_online(
    devices, site, viewport
):
    """ruth's phone loses its connection in her turn: her FUNDING card and the end of her
    turn are kept on the phone, "not sent yet", through the page opened again with no
    connection; back online they are sent in order, and the log is as if the phone had
    never been offline."""
    game_id, _, seats = after_the_first_hires(devices())
    phone = seated(devices(viewport), site, game_id, "ruth", seats["ruth"])

    phone.context.set_offline(True)
    record_funding(phone)
    waiting = outbox(phone, 1)
    expect(waiting).to_contain_text(
        "Funding played player ruth, card (amount 10, skill numbers 0, 1, 2, 3)"
    )
    expect(waiting).to_contain_text("no connection: they are kept here")
    expect(phone.locator("#record-panel")).to_contain_text("Kept on this device, not sent yet")
    expect(phone.locator("#record-panel [data-slot=status]")).to_contain_text(
        "As this device last heard from the service, before the action not sent yet."
    )
    end_turn(phone)  # a form made afresh, against the state the phone has
    expect(outbox(phone, 2).get_by_role("listitem")).to_have_text(
        [re.compile(r"^\s*Funding played.*Not sent yet\.", re.S), re.compile(r"^\s*Turn ended")]
    )
    assert_accessible(phone, f"two actions not sent yet, {viewport}")
    assert played(game_id, phone) == []

    phone = opened_again(phone)  # with no connection: the page from the worker, the outbox
    expect(outbox(phone, 2)).to_be_visible()  # from the phone
    assert played(game_id, phone) == []

    phone.context.set_offline(False)
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#events > li").last).to_contain_text("ruth ended their play step")
    assert played(game_id, phone) == [
        (10, "burnrate.funding_played", FUNDING),
        (11, "burnrate.turn_ended", {"player": "ruth"}),
    ]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_two_devices_offline_record_the_same_turn_one_refusal_shown_nothing_lost(
    devices, site, viewport
):
    """The table's tablet and ruth's phone, both with no connection, each record ruth's
    FUNDING card; ruth's phone also ends her turn. The tablet is back first: its card is
    recorded. On ruth's phone the card is refused, said so with what to do, and the end of
    her turn waits behind it; discarded (the log has it already), the end of the turn is
    refused in turn (the game moved on since), and sent again, it is recorded: nothing is lost
    and nothing recorded twice."""
    game_id, table, seats = after_the_first_hires(devices())
    tablet = seated(devices(viewport), site, game_id, "table", table)
    phone = seated(devices(viewport), site, game_id, "ruth", seats["ruth"])
    for device in (tablet, phone):
        device.context.set_offline(True)
    record_funding(tablet)
    record_funding(phone)
    end_turn(phone)
    expect(outbox(tablet, 1)).to_be_visible()
    expect(outbox(phone, 2)).to_be_visible()

    tablet.context.set_offline(False)
    expect(tablet.locator("#outbox")).to_be_hidden()
    assert [step[1] for step in played(game_id, tablet)] == ["burnrate.funding_played"]

    phone.context.set_offline(False)
    waiting = outbox(phone, 2)
    refused = waiting.get_by_role("listitem").first
    expect(refused).to_contain_text("Refused: not recorded.")
    expect(refused).to_contain_text(
        "Someone else recorded first: this followed step 9, and the game is at step 10 now."
    )
    expect(waiting.get_by_role("listitem").last).to_contain_text(
        "Waits for the refused one before it."
    )
    expect(waiting.get_by_role("status")).to_contain_text("The service refused an action")
    assert_accessible(phone, f"an action refused, {viewport}")
    phone.reload()  # kept through a reload, refused and all
    refused = outbox(phone, 2).get_by_role("listitem").first
    expect(refused).to_contain_text("Someone else recorded first")

    refused.get_by_role("button", name="Discard it: Funding played").click()
    ended = outbox(phone, 1).get_by_role("listitem")
    expect(ended).to_contain_text("Someone else recorded first")
    ended.get_by_role("button", name="Send it again: Turn ended").click()
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#events > li").last).to_contain_text("ruth ended their play step")
    assert played(game_id, phone) == [
        (10, "burnrate.funding_played", FUNDING),
        (11, "burnrate.turn_ended", {"player": "ruth"}),
    ]


def test_a_visited_game_page_opens_again_with_no_connection(devices, site):
    game_id, table, _ = after_the_first_hires(devices())
    tablet = seated(devices(), site, game_id, "table", table)
    tablet.context.set_offline(True)
    tablet.reload()
    expect(tablet.locator("[data-game-id]")).to_contain_text(game_id)
    expect(tablet.locator("#record-panel")).to_contain_text("recording for ruth")
    tablet.goto("/games/nothing-here")
    expect(tablet.locator("h1")).to_have_text("No connection")


def test_the_service_worker_keeps_the_latest_answers_only(devices, site):
    """Stepping through a long game keeps no more than the latest answers (sw.js,
    PAGES_KEPT): the oldest are let go first."""
    device = devices()
    device.goto("/")
    kept_by_the_worker(device)
    counted = device.evaluate(
        """async () => {
          for (let n = 0; n < 310; n++) await fetch(`/api/health?n=${n}`);
          const keys = await (await caches.open("tablelog-pages")).keys();
          const asked = keys.map((request) => new URL(request.url).search);
          return {count: keys.length, newest: asked.includes("?n=309"),
                  oldest: asked.includes("?n=0")};
        }"""
    )
    assert counted == {"count": 300, "newest": True, "oldest": False}
