"""A seat's own move first (#32, items 1 and 4), in a browser at a phone's size and a
desktop's: a device holding a seat opens the game on what that seat may record now, or on
whom the table waits for, above the board and the log; the confirmation of an action is shown
where the hand is and announced; the table's recorder's forms say whose action they record,
and when the game moves on to another player the panel says so rather than handing over the
forms silently. axe-core finds nothing on any of it."""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_game_page import burnrate_game, fcm_game
from tests.pages.test_record_burnrate import JOE_PICKS, draft_by_form, new_game


def open_as(page, viewport, game_id, seat, token):
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{game_id}#{urlencode({'seat': seat, 'token': token})}")
    expect(status(page)).not_to_have_text("Loading what the game waits for…")


def status(page):
    return page.locator("#record-panel [data-slot=status]")


def on_screen(page, locator) -> bool:
    """Whether the whole of `locator` is inside the window as it is scrolled now."""
    box = locator.bounding_box()
    height = page.evaluate("innerHeight")
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def before(page, first: str, second: str) -> bool:
    """Whether the element `first` comes before `second` in the page."""
    return page.evaluate(
        "([a, b]) => !!(document.querySelector(a).compareDocumentPosition("
        "document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING)",
        [first, second],
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_seat_owed_an_action_opens_on_its_form_and_sees_the_confirmation_where_it_tapped(
    page, viewport
):
    game_id, _, seats = new_game(page)
    open_as(page, viewport, game_id, "joe", seats["joe"])
    expect(status(page)).to_have_text(
        "Your move, joe: joe hires a face-up employee (the first hire)."
    )
    form = page.locator("#record-panel details.record-form")
    expect(form).to_have_count(1)
    expect(form).to_have_attribute("open", "")
    assert on_screen(page, form.get_by_label("Pile (and the employee face up on it)"))
    assert before(page, "#record", "#step") and before(page, "#record", "#events")
    assert_accessible(page, f"joe's move, {viewport}")

    pile, card = JOE_PICKS[0]
    draft_by_form(page, pile, card)
    done = page.locator("#record-panel [data-slot=done]")
    expect(done).to_have_text("Recorded: Employee drafted (step 2).")
    # #32, 8: the card turned up was not asked its department: it is the pile's
    drafted = page.request.get(f"/api/games/{game_id}/events/2").json()["payload"]
    assert drafted["revealed"] == {**card, "department": pile.split(":")[0]}
    expect(done).to_have_attribute("role", "status")
    expect(done).to_be_focused()
    assert on_screen(page, done)
    expect(status(page)).to_have_text(
        "Waiting for ruth: ruth hires a face-up employee (the first hire)."
    )
    assert on_screen(page, status(page))
    assert_accessible(page, f"joe recorded, {viewport}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_seat_not_owed_and_a_device_with_no_seat_open_on_one_line_that_says_so(
    page, site, viewport
):
    game_id, _, seats = new_game(page)
    open_as(page, viewport, game_id, "ruth", seats["ruth"])
    expect(status(page)).to_have_text(
        "Waiting for joe: joe hires a face-up employee (the first hire)."
    )
    assert on_screen(page, status(page))
    expect(page.locator("#record-panel details.record-form")).to_have_count(0)
    assert_accessible(page, f"ruth waits, {viewport}")

    page.evaluate(f"localStorage.removeItem('tablelog.seat.{game_id}')")
    page.reload()
    expect(status(page)).to_have_text("This device holds no seat here, so it records nothing.")
    take = page.locator("#record-panel").get_by_role("link", name="Take a seat")
    take.click()
    expect(page.get_by_label("A seat's join link")).to_be_focused()
    assert_accessible(page, f"no seat, {viewport}")

    pile, card = JOE_PICKS[0]
    draft = {"player": "joe", "department": pile.split(":")[0], "revealed": card}
    page.request.post(
        f"/api/games/{game_id}/events", headers={"Authorization": f"Bearer {seats['joe']}"},
        data={"type": "burnrate.employee_drafted", "actor": "player:joe", "payload": draft},
    )  # fmt: skip
    page.goto(f"/games/{game_id}?at=1")
    expect(status(page)).to_have_text(
        "This is a past step: actions are recorded at the latest one."
    )


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_waiting_for_this_devices_seat_leads_to_its_form(page, viewport):
    game_id, _, seats = new_game(page)
    open_as(page, viewport, game_id, "joe", seats["joe"])
    waiting = page.locator("[data-awaiting]")
    waiting.get_by_role("link", name="Record it").click()
    field = page.get_by_label("Pile (and the employee face up on it)")
    expect(field).to_be_focused()
    assert on_screen(page, field)

    open_as(page, viewport, game_id, "ruth", seats["ruth"])
    expect(page.locator("[data-awaiting]")).to_contain_text("Waiting for joe")
    expect(page.locator("[data-awaiting]").get_by_role("link", name="Record it")).to_have_count(0)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_recorders_forms_say_whose_action_and_a_new_player_is_never_handed_over_silently(
    page, client, services, start_worker, viewport
):
    table = burnrate_game(client, services)  # joe's turn
    open_as(page, viewport, table.game_id, "table", table.token)
    expect(status(page)).to_contain_text("recording for joe")
    forms = page.locator("#record-panel details.record-form")

    def form(title):
        return forms.filter(has=page.locator(":scope > summary", has_text=title))

    for title in ("Funding played", "Cards discarded", "Turn ended"):
        expect(form(title).locator(":scope > summary")).to_have_text(f"{title} for joe")
    discard = form("Cards discarded")
    discard.locator(":scope > summary").click()
    discard.get_by_label("Count").fill("1")
    expect(discard.get_by_role("button", name="Record for joe")).to_be_visible()
    start_worker()
    discard.get_by_role("button", name="Record for joe").click()

    expect(status(page)).to_have_text(
        "Nothing more for joe now: the game waits for ruth. "
        "The forms below record for ruth: open one to record it."
    , timeout=20_000)  # fmt: skip
    expect(form("Turn ended").locator(":scope > summary")).to_have_text("Turn ended for ruth")
    expect(page.locator("#record-panel details.record-form[open]")).to_have_count(0)
    assert_accessible(page, f"the recorder, now for ruth, {viewport}")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_recorder_choosing_among_players_owed_at_once_is_not_told_of_a_hand_over(
    page, client, viewport
):
    game = fcm_game(client, players=("ann", "bob"), placed=2)  # both seal a reserve card
    open_as(page, viewport, game["id"], "table", game["token"])
    expect(status(page)).to_contain_text("recording for")  # the first owed
    first = "ann" if "recording for ann" in status(page).inner_text() else "bob"
    other = {"ann": "bob", "bob": "ann"}[first]
    page.get_by_role("group", name="Recording for").get_by_label(other).check()
    expect(status(page)).to_contain_text(f"recording for {other}")
    expect(status(page)).not_to_contain_text("Nothing more for")
    expect(page.locator("#record-panel details.record-form[open]")).to_have_count(1)
    assert_accessible(page, f"the recorder, for the other, {viewport}")
