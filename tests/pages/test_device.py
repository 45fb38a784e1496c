"""This device, on the game page (pages/_device.html, js/device.js), in a browser at a phone's
size and a desktop's: the seat it holds, taken by a join link or by a seat and its token once
the service says which seat the token opens; a wrong token refused in words; the seat
forgotten after a confirmation; and the table's recorder replacing a lost seat's token, whose
new join link then holds that seat on another device while the old token is refused. Every
state of the section is checked with axe."""

import json
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_new_burnrate import lose_the_first_answer
from tests.pages.test_record_burnrate import JOE_PICKS, draft_by_form, new_game

VIEWPORT_NAMES = list(VIEWPORTS)


def held(page, game_id):
    return page.evaluate(f"JSON.parse(localStorage.getItem('tablelog.seat.{game_id}'))")


def section(page):
    return page.get_by_role("region", name="This device")


def join_link(site, game_id, seat, token):
    return f"{site}/games/{game_id}#{urlencode({'seat': seat, 'token': token})}"


def open_game(page, viewport, game_id):
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{game_id}")
    expect(page.locator("#record-panel [data-slot=status]")).not_to_have_text(
        "Loading what the game waits for…"
    )


def paste_link(page, link):
    device = section(page)
    device.get_by_label("A seat's join link").fill(link)
    device.get_by_role("button", name="Use this link").click()


def paste_token(page, seat_label, token):
    device = section(page)
    device.get_by_label("Seat", exact=True).select_option(label=seat_label)
    device.get_by_label("Its token").fill(token)
    device.get_by_role("button", name="Use this token").click()


@pytest.mark.parametrize("viewport", VIEWPORT_NAMES)
def test_a_device_takes_a_seat_by_its_join_link_then_switches_by_a_seat_and_token(
    page, site, viewport
):
    game_id, _, seats = new_game(page)
    open_game(page, viewport, game_id)
    device = section(page)
    status = device.get_by_role("status").first
    expect(status).to_have_text(
        "This device holds no seat in this game, so it records nothing here."
    )
    expect(device.get_by_role("heading", name="Take a seat")).to_be_visible()
    expect(device.get_by_role("button", name="Forget this seat")).to_be_hidden()
    assert_accessible(page, f"no seat, {viewport}")

    paste_link(page, join_link(site, game_id, "joe", seats["joe"]))
    expect(status).to_have_text(
        "Seat taken. This device holds joe's seat in this game: it records joe's actions only."
    )
    assert held(page, game_id) == {"seat": "joe", "token": seats["joe"]}
    expect(page.locator("#game [data-seat]")).to_have_text("· this device: joe")
    # the record panel follows at once: joe is owed a hire, and this device is joe
    expect(page.locator("#record-panel")).to_contain_text("Your move, joe")
    expect(device.get_by_role("heading", name="Switch to another seat")).to_be_visible()
    expect(device.get_by_label("A seat's join link")).to_have_value("")
    assert_accessible(page, f"joe's seat, {viewport}")

    paste_token(page, "ruth (ruth's actions only)", seats["ruth"])
    expect(status).to_have_text(
        "Seat taken. This device holds ruth's seat in this game: it records ruth's actions only."
    )
    assert held(page, game_id) == {"seat": "ruth", "token": seats["ruth"]}
    expect(page.locator("#record-panel")).to_contain_text("Waiting for joe")
    page.reload()
    expect(status).to_have_text(
        "This device holds ruth's seat in this game: it records ruth's actions only."
    )


@pytest.mark.parametrize("viewport", VIEWPORT_NAMES)
def test_a_wrong_token_is_refused_in_words_and_nothing_is_kept(page, site, viewport):
    game_id, _, seats = new_game(page)
    other_id, other_table, _ = new_game(page)
    open_game(page, viewport, game_id)
    device = section(page)
    link_field = device.get_by_label("A seat's join link")

    paste_link(page, join_link(site, game_id, "joe", "not-a-token-of-this-game"))
    message = device.locator("#device-link-error")
    expect(message).to_have_text(
        "That token opens no seat of this game, so nothing was kept. Check that it was copied "
        "whole; a token the table's recorder has replaced no longer works: ask for the seat's "
        "new join link."
    )
    expect(link_field).to_be_focused()
    expect(link_field).to_have_attribute("aria-invalid", "true")
    assert held(page, game_id) is None
    assert_accessible(page, f"a wrong token refused, {viewport}")

    paste_link(page, join_link(site, other_id, "table", other_table))
    expect(message).to_have_text(
        f"That join link is for another game ({other_id}), so nothing was kept: open it "
        "itself to join that game."
    )
    paste_link(page, f"{site}/games/{game_id}")
    expect(message).to_contain_text("names no seat and token after its #")
    paste_link(page, "joe")
    expect(message).to_have_text(
        "That is not a link: a join link is this game's address, then #seat=…&token=…."
    )
    paste_link(page, "")
    expect(message).to_have_text("Paste a seat's join link.")

    paste_token(page, "ruth (ruth's actions only)", seats["joe"])
    token_message = device.locator("#device-token-error")
    expect(token_message).to_have_text(
        "That token opens joe's seat, not ruth's, so nothing was kept."
    )
    expect(device.get_by_label("Its token")).to_be_focused()
    assert held(page, game_id) is None
    assert_accessible(page, f"a token of another seat refused, {viewport}")

    paste_token(page, "joe (joe's actions only)", seats["joe"])  # put right, it is kept
    expect(device.get_by_role("status").first).to_contain_text("Seat taken.")
    expect(token_message).to_be_hidden()
    expect(device.get_by_label("Its token")).not_to_have_attribute("aria-invalid", "true")
    assert held(page, game_id) == {"seat": "joe", "token": seats["joe"]}


@pytest.mark.parametrize("viewport", VIEWPORT_NAMES)
def test_the_seat_is_forgotten_only_once_confirmed(page, site, viewport):
    game_id, table, _ = new_game(page)
    page.goto(join_link(site, game_id, "table", table))
    open_game(page, viewport, game_id)
    device = section(page)
    status = device.get_by_role("status").first
    expect(status).to_have_text(
        "This device holds the table's recorder's seat in this game: it records anyone's actions."
    )

    device.get_by_role("button", name="Forget this seat").click()
    question = device.get_by_role(
        "group", name="Forget the table's recorder's seat on this device?"
    )
    expect(question).to_contain_text("records nothing in this game until it joins again")
    expect(question.get_by_role("button", name="Forget it")).to_be_focused()
    assert_accessible(page, f"forget asked, {viewport}")
    question.get_by_role("button", name="Keep it").click()
    expect(question).to_be_hidden()
    expect(device.get_by_role("button", name="Forget this seat")).to_be_focused()
    assert held(page, game_id) == {"seat": "table", "token": table}

    device.get_by_role("button", name="Forget this seat").click()
    question.get_by_role("button", name="Forget it").click()
    expect(status).to_have_text(
        "Seat forgotten. This device holds no seat in this game, so it records nothing here."
    )
    assert held(page, game_id) is None
    expect(page.locator("#game [data-seat]")).to_be_hidden()
    expect(page.locator("#record-panel")).to_contain_text("This device holds no seat")
    expect(device.get_by_role("heading", name="Replace a lost token")).to_be_hidden()
    assert_accessible(page, f"forgotten, {viewport}")


@pytest.mark.parametrize("viewport", VIEWPORT_NAMES)
def test_the_recorder_replaces_a_lost_seats_token_and_the_new_link_holds_that_seat(
    page, browser, site, viewport
):
    """joe's phone is lost: the recorder replaces joe's token from the page; the old token is
    refused (by the API, and where a device still keeps it), and the new join link, opened in
    another browser, holds joe's seat and records joe's own hire."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_id, table, seats = new_game(page)
    lost_phone = browser.new_context(base_url=site).new_page()
    lost_phone.goto(join_link(site, game_id, "joe", seats["joe"]))
    expect(section(lost_phone).get_by_role("status").first).to_contain_text("joe's seat")

    page.goto(join_link(site, game_id, "table", table))
    open_game(page, viewport, game_id)
    replace = section(page).get_by_role("listitem").filter(has_text="joe")
    replace.get_by_role("button", name="Replace joe's token").click()
    confirm = replace.get_by_role("group", name="Replace joe's token?")
    expect(confirm).to_contain_text("The token joe's device holds stops working at once")
    assert_accessible(page, f"replace asked, {viewport}")
    confirm.get_by_role("button", name="Replace it").click()

    expect(replace).to_contain_text(
        "Joe's token is replaced (step 2): the old one no longer works."
    )
    new_link = replace.get_by_label("Joe's new join link").input_value()
    assert new_link.startswith(f"{site}/games/{game_id}#seat=joe&token=")
    new_token = new_link.split("token=")[1]
    assert new_token != seats["joe"]
    expect(replace.get_by_role("img", name="The join link of joe")).to_be_visible()
    replace.get_by_role("button", name="Copy joe's join link").click()
    expect(replace).to_contain_text("Join link copied")
    assert page.evaluate("navigator.clipboard.readText()") == new_link
    assert held(page, game_id) == {"seat": "table", "token": table}  # the recorder's own kept
    assert_accessible(page, f"a token replaced, {viewport}")

    hire = {"type": "burnrate.employee_drafted", "actor": "player:joe",
            "payload": {"player": "joe", "department": "finance", "revealed": None}}  # fmt: skip
    old = page.request.post(f"/api/games/{game_id}/events", data=hire,
                            headers={"Authorization": f"Bearer {seats['joe']}"})  # fmt: skip
    assert old.status == 403, old.text()
    lost_phone.reload()
    expect(section(lost_phone).get_by_role("status").first).to_have_text(
        "This device keeps a token for joe's seat, but it no longer opens it: the table's "
        "recorder has replaced it. Open the seat's new join link here, or forget this seat."
    )
    lost_phone.set_viewport_size(VIEWPORTS[viewport])
    assert_accessible(lost_phone, f"a token kept here no longer opens its seat, {viewport}")

    found = browser.new_context(base_url=site)
    phone = found.new_page()
    phone.set_viewport_size(VIEWPORTS[viewport])
    phone.goto(new_link)
    expect(section(phone).get_by_role("status").first).to_have_text(
        "This device holds joe's seat in this game: it records joe's actions only."
    )
    assert held(phone, game_id) == {"seat": "joe", "token": new_token}
    pile, card = JOE_PICKS[0]
    draft_by_form(phone, pile, card)
    expect(phone.locator("#events > li").last).to_contain_text("joe hired")
    event = phone.request.get(f"/api/games/{game_id}/events/3").json()
    assert event["actor"] == "player:joe" and "recorded_by" not in event
    found.close()
    lost_phone.context.close()


def test_the_recorder_replacing_its_own_token_keeps_the_new_one(page, site):
    game_id, table, _ = new_game(page)
    page.goto(join_link(site, game_id, "table", table))
    replace = section(page).get_by_role("listitem").filter(has_text="The table's recorder")
    replace.get_by_role("button", name="Replace the table's recorder's token").click()
    replace.get_by_role("button", name="Replace it").click()
    expect(section(page).get_by_role("status").first).to_have_text(
        "The recorder's token is replaced, and this device keeps the new one. This device "
        "holds the table's recorder's seat in this game: it records anyone's actions."
    )
    expect(replace.get_by_role("img", name="The join link of the table's recorder")).to_be_visible()
    new = held(page, game_id)["token"]
    assert (
        new != table
        and new in replace.get_by_label("The table's recorder's new join link").input_value()
    )
    answer = page.request.get(
        f"/api/games/{game_id}/seats/me", headers={"Authorization": f"Bearer {new}"}
    )
    assert answer.json()["seat"] == "table"


def test_a_replacement_sent_again_after_no_answer_is_the_same_request(page, site):
    """The first answer is lost: the page says so, and "Replace it" again sends the same
    Idempotency-Key, so the seat gets the one new token the first request made."""
    game_id, table, _ = new_game(page)
    page.goto(join_link(site, game_id, "table", table))
    lost = lose_the_first_answer(page, f"**/api/games/{game_id}/seats/ruth/token")
    replace = section(page).get_by_role("listitem").filter(has_text="ruth")
    replace.get_by_role("button", name="Replace ruth's token").click()
    replace.get_by_role("button", name="Replace it").click()
    expect(replace.get_by_role("alert")).to_contain_text("The service did not answer")
    assert lost[0].status == 201, lost[0].text()
    first = lost[0].json()["token"]
    replace.get_by_role("button", name="Replace it").click()

    expect(replace).to_contain_text("Ruth's token is replaced (step 2)")
    assert replace.get_by_label("Ruth's new join link").input_value().endswith(f"token={first}")
    expect(replace.get_by_role("alert")).to_be_hidden()
    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    assert [e["type"] for e in log] == ["burnrate.created", "seat_replaced"]


def answering(status):
    """A route handler that answers a problem of `status`, as the service would."""
    problem = {"type": "/problems/x", "title": "x", "status": status, "detail": "x"}

    def handle(route):
        route.fulfill(status=status, content_type="application/problem+json",
                      body=json.dumps(problem))  # fmt: skip

    return handle


@pytest.mark.parametrize("viewport", VIEWPORT_NAMES)
def test_a_refused_replacement_is_said_in_words(page, site, viewport):
    """403: this device's recorder's token was replaced from another device (the page says so
    on load, and again when it tries); 409: others kept writing first; 404: no such game."""
    game_id, table, _ = new_game(page)
    page.goto(join_link(site, game_id, "table", table))
    open_game(page, viewport, game_id)
    elsewhere = page.request.post(f"/api/games/{game_id}/seats/table/token",
                                  headers={"Authorization": f"Bearer {table}"})  # fmt: skip
    assert elsewhere.status == 201
    replace = section(page).get_by_role("listitem").filter(has_text="ruth")
    replace.get_by_role("button", name="Replace ruth's token").click()
    replace.get_by_role("button", name="Replace it").click()
    expect(replace.get_by_role("alert")).to_have_text(
        "This device's token is not the table's recorder's (it may have been replaced from "
        "another device), so nothing was replaced. Join again by the recorder's new join link."
    )
    assert_accessible(page, f"a replacement refused, {viewport}")

    for status, words in [
        (409, "Others kept writing to the game at the same moment, so nothing was replaced."),
        (404, f"The service has no game {game_id}, so nothing was replaced."),
    ]:
        page.route(f"**/api/games/{game_id}/seats/ruth/token", answering(status))
        replace.get_by_role("button", name="Replace it").click()
        expect(replace.get_by_role("alert")).to_contain_text(words)
        page.unroute(f"**/api/games/{game_id}/seats/ruth/token")
    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    assert [e["type"] for e in log] == ["burnrate.created", "seat_replaced"]  # the table's only
