"""Recording Food Chain Magnate's setup through the record panel, in a browser: a starting
restaurant placed by tapping a square of the map (the game page's map sends
`tablelog:square`; here the test sends it), and a square the rules refuse shown beside the
form with its rule, the rule's words and the map with the squares at fault."""

import re

from playwright.sync_api import expect

from games.fcm.event_types import EXAMPLE_LAYOUT
from tests.pages.record_host import host


def new_game(page):
    body = {"kind": "fcm", "players": ["ann", "bob"],
            "options": {"turn_order": ["ann", "bob"], "layout": EXAMPLE_LAYOUT}}  # fmt: skip
    created = page.request.post("/api/games", data=body).json()
    return created["id"], created["seats"]


def tap(page, row, col):
    """A square of the map tapped, as the game page's map says it."""
    page.evaluate(
        "([row, col]) => document.dispatchEvent("
        "new CustomEvent('tablelog:square', {detail: {row, col}}))",
        [row, col],
    )


def test_a_starting_restaurant_placed_by_tapping_its_square(page, live_server):
    """The service's own refusal, with its map, as a form meets it when the rules' choices do
    not come (with them, a tapped square they refuse is refused on the form before it is sent:
    tests/pages/test_record_fcm_squares.py)."""
    page.context.route("**/choices?*", lambda route: route.abort())
    game_id, seats = new_game(page)
    host(page, live_server, game_id, seat="bob", token=seats["bob"])  # last in turn order
    panel = page.locator("#record-panel")
    expect(panel.locator('[data-slot="status"]')).to_contain_text(
        "bob places a starting restaurant or passes"
    )
    titles = panel.locator("details.record-form > summary")
    expect(titles).to_have_text(["Starting restaurant placed", "Starting restaurant passed"])
    titles.first.click()
    form = panel.locator("details.record-form").first

    form.get_by_role("button", name="Record").click()  # no square yet: the API names the field
    refusal = form.get_by_role("alert")
    expect(refusal.get_by_role("link")).to_have_text(
        ["Top left: This field is required.", "Entrance: This field is required."]
    )
    expect(form.get_by_role("group", name="Top left").locator(".error-message")).to_be_visible()

    tap(page, 1, 1)  # on the road
    square = form.get_by_role("group", name="Top left")
    expect(square.get_by_label("Row")).to_have_value("1")
    expect(square.get_by_label("Column")).to_have_value("1")
    form.get_by_label("NW").check()
    form.get_by_role("button", name="Record").click()

    refusal = form.get_by_role("alert")
    expect(refusal).to_contain_text("a restaurant must lie on empty squares")
    expect(refusal.get_by_role("link", name="FCM-SETUP-8")).to_be_visible()
    expect(refusal.locator(".rule-words")).not_to_be_empty()
    expect(refusal.locator("dt")).to_have_text(["Squares", "Map"])
    expect(refusal.locator("pre")).to_contain_text("!┃!")  # the squares at fault, marked
    expect(page.locator("#record")).to_have_attribute("data-recorded", "0")

    tap(page, 3, 8)
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")
    status = panel.locator('[data-slot="status"]')
    expect(status).to_have_text(re.compile(r"^Waiting for (?!bob\b)"))
    state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
    [restaurant] = state["board"]["restaurants"]
    assert (restaurant["owner"], restaurant["top_left"], restaurant["entrance"]) == (
        "bob", [3, 8], "NW"
    )  # fmt: skip


def test_every_action_of_the_game_has_a_form(page, live_server):
    """Every type a player records is a form built from its description, with no code of the
    page's own for any of them: told the game waits for all of them, the panel shows each."""
    game_id, seats = new_game(page)
    host(page, live_server, game_id, seat="table", token="not needed to build forms")
    expect(page.locator("#record-panel details.record-form")).to_have_count(2)
    forms = page.request.get("/api/fcm/event-types").json()["types"]
    recorded = [form["type"] for form in forms if form["example"] and form["type"] != "fcm.created"]
    page.evaluate(
        """([game, types]) => fetch(`/api/games/${game}/state`).then((r) => r.json()).then((head) =>
          document.dispatchEvent(new CustomEvent("tablelog:state", {detail: {
            game, kind: "fcm", version: head.version, at: head.version, atHead: true,
            state: head.state, seat: "table",
            awaiting: {from: ["player:bob"], types, what: "everything", rule: "FCM-TURN-1"}}})))""",
        [game_id, recorded],
    )
    titles = page.locator("#record-panel details.record-form > summary")
    expect(titles).to_have_count(len(recorded))
    for n in range(len(recorded)):
        titles.nth(n).click()
    expect(page.locator("#record-panel form button[type=submit]")).to_have_count(len(recorded))
