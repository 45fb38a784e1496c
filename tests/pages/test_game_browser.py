"""The game page in a browser: two tablets at one table (two browser contexts), one records
through the API, the other's page follows live; stepping back shows the board as it was;
?at=N opens that step without script; FCM's map; the record panel's contract (js/game.js)."""

import re

import pytest
from playwright.sync_api import expect

from tests.pages.test_game_page import FUNDING, PageTable, burnrate_game, fcm_game

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">
<rect class="square" data-square="0,0" x="0" y="0" width="10" height="10" fill="#ccc"/>
<rect class="square" data-square="0,1" x="10" y="0" width="10" height="10" fill="#eee"/>
</svg>"""


@pytest.fixture
def burnrate(client, services):
    yield burnrate_game(client, services)
    PageTable.client = PageTable.services = None


@pytest.fixture
def tablet(browser, site):
    """Another device at the table: a browser context of its own (its own localStorage)."""
    context = browser.new_context(base_url=site, viewport={"width": 1024, "height": 768})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def play_funding(request, table, card=FUNDING):
    """joe plays a FUNDING card, recorded from a tablet through the API with the table's token."""
    body = {"type": "burnrate.funding_played", "actor": "player:joe",
            "payload": {"player": "joe", "card": card}}  # fmt: skip
    headers = {"Authorization": f"Bearer {table.token}"}
    response = request.post(f"/api/games/{table.game_id}/events", data=body, headers=headers)
    assert response.status == 201, response.text()
    return response.json()["events"][0]["seq"]


def company(page, player):
    return page.locator(f'[data-company="{player}"]')


def heard(page) -> None:
    """Keep every tablelog:state and tablelog:square the page sends, in window.heard, from
    before its scripts run (as the record panel, loaded first, would)."""
    page.add_init_script("""
        window.heard = [];
        for (const name of ["tablelog:state", "tablelog:square"]) {
            document.addEventListener(name, (e) => window.heard.push({name, detail: e.detail}));
        }""")  # fmt: skip


def last_heard(page, name="tablelog:state"):
    return page.evaluate(f"window.heard.filter(h => h.name === '{name}').at(-1).detail")


def test_an_action_recorded_on_one_tablet_appears_live_on_the_other(page, tablet, burnrate):
    heard(page)
    page.goto(f"/games/{burnrate.game_id}")
    funding = int(company(page, "joe").locator("[data-funding]").inner_text())
    version = int(page.locator("[data-version-of]").inner_text())
    expect(page.locator("[data-live-status]")).to_have_text("live")

    tablet.goto(f"/games/{burnrate.game_id}")
    seq = play_funding(tablet.request, burnrate)

    expect(page.locator("#events > li").last).to_contain_text("joe played FUNDING")
    expect(page.locator("#events > li").last).to_have_attribute("aria-current", "step")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(funding + 5))
    expect(page.locator("[data-at-text]")).to_have_text(str(seq))
    expect(page.locator(".changed")).to_contain_text(f"joe's funding: {funding} → {funding + 5}")
    expect(page.locator(".awaiting")).to_contain_text("joe has played 1 card")
    assert page.url.endswith(f"/games/{burnrate.game_id}")  # still the head, still following
    state = last_heard(page)
    assert (state["version"], state["at"], state["atHead"]) == (version + 1, seq, True)
    assert state["state"]["companies"]["joe"]["funding"] == funding + 5
    assert state["awaiting"]["from"] == ["player:joe"] and state["seat"] is None
    expect(tablet.locator("[data-at-text]")).to_have_text(str(seq))  # the tablet follows too


def test_stepping_back_shows_the_board_as_it_was_and_news_waits_at_the_step(page, tablet, burnrate):
    before = burnrate.state["companies"]["joe"]["funding"]
    seq = play_funding(page.request, burnrate)
    page.goto(f"/games/{burnrate.game_id}")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before + 5))

    page.keyboard.press("ArrowLeft")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before))
    expect(page).to_have_url(re.compile(rf"\?at={seq - 1}$"))
    expect(page.locator("#now-title")).to_have_text(f"At step {seq - 1} of {seq}")
    expect(page.locator(f"#seq-{seq}")).to_have_class(re.compile(r"\bafter\b"))
    expect(page.locator(f"#seq-{seq - 1}")).to_have_attribute("aria-current", "step")

    page.keyboard.press("ArrowRight")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before + 5))
    expect(page).to_have_url(re.compile(rf"/games/{burnrate.game_id}$"))
    for _ in range(3):
        page.keyboard.press("ArrowLeft")  # quickly: the steps add up
    expect(page.locator("#now-title")).to_have_text(f"At step {seq - 3} of {seq}")
    for shown in (f"At step {seq - 2} of {seq}", f"At step {seq - 1} of {seq}", "Now"):
        page.keyboard.press("ArrowRight")  # one at a time, each step shown before the next
        expect(page.locator("#now-title")).to_have_text(shown)
    page.go_back()  # the browser's history holds each step shown
    expect(page.locator("#now-title")).to_have_text(f"At step {seq - 1} of {seq}")

    page.get_by_role("link", name="First").click()
    expect(page.locator("#now-title")).to_have_text(f"At step 1 of {seq}")
    expect(page.locator(".changed")).to_contain_text("The first step sets the game up")
    expect(page.get_by_role("link", name="Back")).to_have_attribute("aria-disabled", "true")
    page.get_by_role("slider", name="Step").fill(str(seq - 1))
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before))

    play_funding(tablet.request, burnrate)  # meanwhile, at the table
    news = page.get_by_role("status").filter(has_text="new event")
    expect(news).to_have_text("1 new event — go to the latest")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before))
    expect(page.locator("[data-version-of]")).to_have_text(str(seq + 1))
    news.get_by_role("link").click()
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before + 10))
    expect(news).to_be_hidden()


def test_a_step_opens_at_its_address_without_script(browser, site, burnrate):
    before = burnrate.state["companies"]["joe"]["funding"]
    context = browser.new_context(base_url=site, java_script_enabled=False)
    page = context.new_page()
    seq = play_funding(page.request, burnrate)
    page.goto(f"/games/{burnrate.game_id}?at={seq - 1}")
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before))
    expect(page.locator("#now-title")).to_have_text(f"At step {seq - 1} of {seq}")
    page.get_by_role("link", name="Forward").click()
    expect(page).to_have_url(re.compile(rf"\?at={seq}$"))
    expect(company(page, "joe").locator("[data-funding]")).to_have_text(str(before + 5))
    expect(page.locator(".changed")).to_contain_text(f"{before} → {before + 5}")
    page.get_by_role("slider", name="Step").fill("2")
    page.get_by_role("button", name="Go").click()
    expect(page).to_have_url(re.compile(r"\?at=2$"))
    expect(page.locator("#seq-2")).to_have_attribute("aria-current", "step")
    context.close()


def test_each_phase_explains_itself_folded_and_a_withdrawn_event_is_struck(page, burnrate):
    seq = play_funding(page.request, burnrate)
    page.goto(f"/games/{burnrate.game_id}")
    retract = {"type": "retract", "actor": "admin", "payload": {"seq": seq, "reason": "not yet"}}
    headers = {"Authorization": f"Bearer {burnrate.token}"}
    assert page.request.post(f"/api/games/{burnrate.game_id}/events", data=retract,
                             headers=headers).status == 201  # fmt: skip
    withdrawn = page.locator(f"#seq-{seq}")
    expect(withdrawn.locator("s")).to_contain_text("joe played FUNDING")
    expect(withdrawn).to_contain_text(f"withdrawn by step {seq + 1}")
    withdrawing = page.locator(f"#seq-{seq + 1}")
    expect(withdrawing).to_contain_text(f"the table's recorder withdrew step {seq}: not yet")

    why = page.locator("#events .derived details.why").first
    expect(why.locator("ul")).to_be_hidden()
    why.locator("summary").click()
    expect(why.locator("ul")).to_be_visible()


def test_an_fcm_page_draws_the_map_in_text_until_the_service_draws_it(page, client):
    game = fcm_game(client)
    page.goto(f"/games/{game['id']}")
    expect(page.locator(".map pre")).to_contain_text("Key:")
    expect(page.locator(".chains")).to_contain_text("ann")
    expect(page.locator(".awaiting")).to_contain_text("places a starting restaurant or passes")


def test_fcm_squares_of_the_svg_map_are_sent_to_the_record_panel(page, client):
    game = fcm_game(client)
    heard(page)
    page.route("**/map.svg?at=*", lambda route: route.fulfill(
        status=200, body=SVG, content_type="image/svg+xml"))  # fmt: skip
    page.goto(f"/games/{game['id']}")
    expect(page.locator(".map svg .square")).to_have_count(2)
    expect(page.locator(".map details pre")).to_be_hidden()  # the text folds away below
    page.locator('.map [data-square="0,1"]').click()
    assert last_heard(page, "tablelog:square") == {"row": 0, "col": 1}
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#now-title")).to_have_text("At step 2 of 3")
    expect(page.locator(".map svg")).to_have_count(1)


def test_the_record_panel_hears_the_state_with_this_devices_seat_and_is_heard(page, burnrate):
    heard(page)
    page.goto("/")
    page.evaluate(f"""localStorage.setItem('tablelog.seat.{burnrate.game_id}',
                      JSON.stringify({{seat: 'joe', token: 'abc'}}))""")
    page.goto(f"/games/{burnrate.game_id}?at=3")
    expect(page.locator("[data-seat]")).to_have_text("· this device: joe")
    state = last_heard(page)
    assert (state["at"], state["atHead"], state["kind"]) == (3, False, "burnrate")
    assert state["seat"] == {"seat": "joe", "token": "abc"}
    assert state["state"]["phase"] == "draft"

    page.evaluate("document.dispatchEvent(new CustomEvent('tablelog:recorded'))")
    expect(page).to_have_url(re.compile(rf"/games/{burnrate.game_id}$"))
    expect(page.locator("#now-title")).to_have_text("Now")
    assert last_heard(page)["atHead"] is True


def test_a_stream_that_fails_is_opened_again_after_a_delay(page, burnrate):
    """An EventSource gives up on an error answer (here a 503, as when a process has no
    stream to spare); the page opens another and still hears the table."""
    refused = []

    def once_busy(route):
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route("**/stream?*", once_busy)
    page.goto(f"/games/{burnrate.game_id}")
    expect(page.locator("[data-live-status]")).to_have_text("live", timeout=15_000)
    play_funding(page.request, burnrate)
    expect(page.locator("#events > li").last).to_contain_text("joe played FUNDING")
    assert refused
