"""Food Chain Magnate's board on the game page, in a browser, on a phone and a desktop: each
chain whole (its structure as a tree under the CEO, the beach, busy marketeers and their
campaigns, the reserve card face down until it is revealed, milestones by name, stock and
freezer), and the map the service draws, zoomed in and out (with the buttons, a pinch, or ctrl
and the wheel) and fitted again, with the square tapped marked on it and said in words until an
action is recorded.

The game is the two-player game of tests/events/stored_logs (recorded under the rules of #19),
imported through the API as far as a step: at step 141 its chains have a manager with two
cards reporting to it, two marketeers busy on eternal campaigns, eight milestones each and
the freezer; at step 94 the bank has just broken and the reserve cards are still face down."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible

STORED = (
    Path(__file__).parents[1] / "events" / "stored_logs"
    / "fcm-two-players-whole-game-rules-of-19.jsonl"
)  # fmt: skip
WORKING = 141  # ann's working in turn 7, her burger cook's food taken
BANK_BROKE = 94  # the first break, before the reserve cards are turned up


def imported(page, steps: int) -> dict:
    """The stored game's first `steps` events imported as a new game: its id and tokens."""
    lines = STORED.read_bytes().splitlines()[:steps]
    response = page.request.post("/api/games/import", data=b"\n".join(lines) + b"\n")
    assert response.status == 201, response.text()
    return response.json()


def chain(page, name):
    return page.locator(f'[data-chain-whole="{name}"]')


def map_drawn(page):
    expect(page.locator(".map .map-view svg .square").first).to_be_attached()
    return page.locator(".map .map-view")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_each_chain_is_shown_whole_by_the_names_on_its_cards(page, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    game = imported(page, WORKING)
    page.goto(f"/games/{game['id']}")
    ann = chain(page, "ann")
    expect(ann.get_by_role("heading", level=3)).to_have_text("ann working now")

    tree = ann.get_by_role("list", name="ann's structure, 5 cards at work")
    expect(tree.locator(":scope > li > .card")).to_have_text("CEO")
    under_ceo = tree.locator(":scope > li > ul > li > .card")
    expect(under_ceo).to_have_text(["Burger Cook", "Management Trainee"])
    expect(under_ceo.first.locator("xpath=..")).to_contain_text("acted")  # her cook took food
    reports = ann.get_by_role("list", name="Reporting to ann's Management Trainee")
    expect(reports.get_by_role("listitem")).to_have_text(["Burger Cook", "Waitress"])
    expect(tree).to_contain_text("CEO 2 slots, 2 filled")  # the reserve cards made it two

    places = ann.locator(".places")
    expect(places.locator("div").filter(has_text="On the beach").locator("li")).to_have_text(
        ["Trainer", "Waitress new"]
    )
    expect(places.locator("div").filter(has_text="Busy").locator("li")).to_have_text([
        "Marketing Trainee Billboard 11: burger, eternal",
        "Campaign Manager Mailbox 9: burger, eternal",
    ])  # fmt: skip
    expect(ann.locator(".milestones li")).to_have_count(8)
    expect(ann.locator(".milestones li").first).to_have_text("First billboard placed turn 2")
    expect(ann.locator(".milestones")).to_contain_text("First to throw away drink/food turn 4")
    expect(ann.locator("dd")).to_have_text(
        ["$135", "$100, 2 CEO slots", "8 burger", "keeps up to 10 food and drinks at cleanup"]
    )
    expect(chain(page, "bob").get_by_role("list", name="Reporting to bob's Management Trainee")
           .get_by_role("listitem")).to_have_text(["Pizza Cook", "Waitress"])  # fmt: skip

    board = page.locator(".board").inner_text()
    for internal in ("ceo-1", "management_trainee", "first_billboard", "marketing_trainee-3"):
        assert internal not in board
    map_drawn(page)
    assert_accessible(page, f"the chains whole, {viewport}")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_reserve_card_stays_face_down_until_it_is_revealed(page, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    game = imported(page, BANK_BROKE)
    page.goto(f"/games/{game['id']}")
    for name in ("ann", "bob"):
        expect(chain(page, name).locator("[data-reserve]")).to_have_text("face down")
        expect(page.locator(f'tr[data-chain="{name}"] td').last).to_have_text("face down")
    assert "$100" not in page.locator(".board").inner_text()
    assert_accessible(page, f"reserve cards face down, {viewport}")

    payload = {"player": "ann", "money": 100, "nonce": "ann-nonce-0123456789"}
    reveal = {"type": "fcm.reserve_card_revealed", "actor": "player:ann", "payload": payload}
    response = page.request.post(f"/api/games/{game['id']}/events", data=reveal,
                                 headers={"Authorization": f"Bearer {game['token']}"})  # fmt: skip
    assert response.status == 201, response.text()
    # the page follows the game live: ann's card turned up, bob's still face down
    expect(chain(page, "ann").locator("[data-reserve]")).to_have_text("$100, 2 CEO slots")
    expect(chain(page, "bob").locator("[data-reserve]")).to_have_text("face down")


def zoomed(box) -> int:
    return int(re.search(r"zoom-(\d)", box.get_attribute("class")).group(1))


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_map_zooms_in_and_out_and_fits_again(page, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    game = imported(page, WORKING)
    page.goto(f"/games/{game['id']}")
    box = map_drawn(page)
    buttons = page.get_by_role("group", name="Zoom the map")
    zoom_in, zoom_out, fit = (
        buttons.get_by_role("button", name=n) for n in ("Zoom in", "Zoom out", "Fit")
    )
    expect(zoom_out).to_have_attribute("aria-disabled", "true")
    expect(fit).to_have_attribute("aria-disabled", "true")
    fitted = box.evaluate(
        "b => [b.clientWidth, b.scrollWidth, b.querySelector('svg').getBoundingClientRect().width]"
    )
    assert fitted[1] == fitted[0] and abs(fitted[2] - fitted[0]) < 2  # the whole map in view

    zoom_in.click()
    zoom_in.click()
    expect(box).to_have_class(re.compile(r"\bzoom-3\b"))
    wide = box.evaluate("b => [b.clientWidth, b.scrollWidth]")
    assert wide[1] >= 1.9 * wide[0]  # twice as wide: the box scrolls to the rest
    middle = box.evaluate("b => b.scrollLeft")
    assert middle > 0  # it stays on the map's middle
    expect(box).to_have_attribute("tabindex", "0")  # zoomed in, a Tab stop: the keys scroll it
    box.focus()
    page.keyboard.press("ArrowLeft")  # the map moves, not the step
    page.wait_for_function("(m) => document.querySelector('.map-view').scrollLeft < m", arg=middle)
    expect(page.locator("#now-title")).to_have_text("Now")
    expect(zoom_out).not_to_have_attribute("aria-disabled", "true")
    assert_accessible(page, f"the map zoomed, {viewport}")

    for _ in range(2):
        zoom_in.click()
    expect(box).to_have_class(re.compile(r"\bzoom-5\b"))
    expect(zoom_in).to_have_attribute("aria-disabled", "true")
    zoom_in.click(force=True)  # at the most, nothing more
    expect(box).to_have_class(re.compile(r"\bzoom-5\b"))
    zoom_out.click()
    expect(box).to_have_class(re.compile(r"\bzoom-4\b"))
    fit.click()
    expect(box).to_have_class(re.compile(r"\bzoom-1\b"))
    assert box.evaluate("b => b.scrollWidth - b.clientWidth") == 0
    assert box.get_attribute("tabindex") is None  # fitted, it is no Tab stop


def test_a_pinch_on_the_map_zooms_it_on_a_phone(page):
    page.set_viewport_size(VIEWPORTS["phone"])
    game = imported(page, WORKING)
    page.goto(f"/games/{game['id']}")
    box = map_drawn(page)
    box.scroll_into_view_if_needed()
    frame = box.bounding_box()
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    touch = page.context.new_cdp_session(page)

    def fingers(kind, gap):
        points = [{"x": x - gap, "y": y, "id": 1}, {"x": x + gap, "y": y, "id": 2}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 20)
    for gap in (30, 40, 50, 60):
        fingers("touchMove", gap)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert zoomed(box) >= 3  # fingers three times further apart: at least two steps in
    level = zoomed(box)
    fingers("touchStart", 60)
    fingers("touchMove", 40)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert zoomed(box) == level - 1


def test_ctrl_and_the_wheel_a_trackpads_pinch_zoom_the_map_not_the_page(page):
    page.set_viewport_size(VIEWPORTS["desktop"])
    game = imported(page, WORKING)
    page.goto(f"/games/{game['id']}")
    box = map_drawn(page)
    box.locator('.square[data-square="7,7"]').hover()  # the map's middle, in view
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)
    page.keyboard.up("Control")
    expect(box).to_have_class(re.compile(r"\bzoom-2\b"))
    page.mouse.wheel(0, 100)  # without ctrl the wheel scrolls, as ever
    expect(box).to_have_class(re.compile(r"\bzoom-2\b"))


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_tapped_square_is_marked_on_the_map_and_said_in_words(page, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    page.add_init_script("""
        window.squares = [];
        document.addEventListener("tablelog:square", (e) => window.squares.push(e.detail));""")
    game = imported(page, WORKING)
    page.goto(f"/games/{game['id']}")
    box = map_drawn(page)
    page.get_by_role("button", name="Zoom in").click()
    square = box.locator('.square[data-square="3,4"]')
    square.click()
    assert page.evaluate("window.squares") == [{"row": 3, "col": 4}]  # the contract as it was
    said = page.locator(".map [role=status]")
    expect(said).to_have_text("Square 3, 4 chosen")
    mark = box.locator(".chosen-square")
    expect(mark).to_have_count(1)
    assert mark.evaluate("m => ['x', 'y', 'width', 'height'].map((a) => m.getAttribute(a))") == (
        square.evaluate("s => ['x', 'y', 'width', 'height'].map((a) => s.getAttribute(a))")
    )
    assert mark.evaluate("m => getComputedStyle(m).fillOpacity") != "0"  # it shows
    assert_accessible(page, f"a square chosen on the zoomed map, {viewport}")

    other = box.locator('.square[data-square="5,10"]')
    other.click()
    expect(said).to_have_text("Square 5, 10 chosen")
    expect(mark).to_have_count(1)  # the one tapped last only
    expect(mark).to_have_attribute("x", other.get_attribute("x"))
    expect(mark).to_have_attribute("y", other.get_attribute("y"))

    page.get_by_role("link", name="Back").click()  # a step back: the map drawn again
    expect(page.locator("#now-title")).to_have_text(f"At step {WORKING - 1} of {WORKING}")
    box = map_drawn(page)
    expect(box).to_have_class(re.compile(r"\bzoom-2\b"))  # the zoom and the mark outlive it
    expect(box.locator(".chosen-square")).to_have_count(1)
    expect(page.locator(".map [role=status]")).to_have_text("Square 5, 10 chosen")

    # An action recorded from this page used the square: the head it goes to marks none.
    event = json.loads(STORED.read_bytes().splitlines()[WORKING])  # ann's next food taken
    body = {name: event[name] for name in ("type", "actor", "payload")}
    posted = page.request.post(f"/api/games/{game['id']}/events", data=body,
                               headers={"Authorization": f"Bearer {game['token']}"})  # fmt: skip
    assert posted.status == 201, posted.text()
    recorded = {"game": game["id"], "type": body["type"], "version": WORKING + 1}
    page.evaluate("(detail) => document.dispatchEvent(new CustomEvent('tablelog:recorded',"
                  " {detail}))", recorded)  # fmt: skip
    expect(page.locator("#now-title")).to_have_text("Now")
    expect(page.locator(".map .chosen-square")).to_have_count(0)
    expect(page.locator(".map [role=status]")).to_have_text("")
