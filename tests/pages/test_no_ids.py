"""No internal id in what a player reads (#20, item 6), in a browser on a phone and a desktop:
the game page of a Food Chain Magnate game and of a Burn Rate game, at several heads, as the
table's recorder with every record form open (what the rules leave out, and why, shown too)
and its lists given an item, says no card id (`errand_boy`, `ceo-1`), no event type
(`fcm.working_ended`), no restaurant id (`ann-1`) and no Burn Rate employee or BAD IDEA id
(`E6`, `B2`): not in the page's text, not among the choices of a list, not in the map's
labels and titles. The ids looked for are the game's own,
read from its data, its event types and its states, not written here. axe finds nothing.

FCM is the two-player game of tests/events/stored_logs imported as far as a head (the firing
after a dinnertime, the structures of a new turn, ann working with five cards at work and
three restaurants on the map); Burn Rate is joe's and ruth's first hire, then joe's turn with
two BAD IDEAs of ruth's (tests/pages/test_game_page.py)."""

import json
import re

import pytest
from playwright.sync_api import expect

from games.fcm.data import DATA, EMPLOYEES, MILESTONES
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.screenshots import burnrate_body
from tests.pages.test_fcm_board import imported
from tests.pages.test_game_page import burnrate_game

FIRING, STRUCTURES, WORKING = 99, 107, 141  # heads of the stored game, as test_fcm_board's

# What a player reads of the page: its text (a folded <details> shows only its summary), the
# choices of every list shown, and the map picture's words, drawn and titled.
READ = """() => [
  document.body.innerText,
  ...[...document.querySelectorAll("select")].filter((s) => s.offsetParent !== null)
    .flatMap((s) => [...s.options].filter((o) => !o.hidden).map((o) => o.text)),
  ...[...document.querySelectorAll("svg text, svg title, svg desc")].map((t) => t.textContent),
].join("\\n")"""


def hold_table(page, game_id: str, token: str) -> None:
    """This device is the table's recorder, as the new-game page leaves it (js/seats.js)."""
    value = json.dumps({"seat": "table", "token": token})
    key = json.dumps(f"tablelog.seat.{game_id}")
    page.add_init_script(f"localStorage.setItem({key}, {json.dumps(value)})")


def forms_opened(page) -> int:
    """Every record form open, once the rules' choices are in it, with what they leave out
    and why, each list given an item."""
    forms = page.locator("#record-panel details.record-form")
    expect(forms.first).to_be_attached()
    for n in range(forms.count()):
        form = forms.nth(n)
        if form.get_attribute("open") is None:
            form.locator("summary").first.click()
        expect(form.locator("form")).to_have_attribute("data-choices", "ready")
        for left_out in form.locator("details.left-out").all():  # what the rules refuse, and why
            if left_out.is_visible() and left_out.get_attribute("open") is None:
                left_out.locator("summary").click()
        for add in form.locator("button.add").all():
            if add.is_visible() and add.is_enabled():
                add.click()
    return forms.count()


def ids_in(text: str, ids: set[str]) -> list[str]:
    """The ids of `ids` written in `text` as words of their own (`ann-1`, not `ann-12`), each
    with the words around it."""
    found = []
    for id_ in sorted(ids):
        for hit in re.finditer(rf"(?<![\w.-]){re.escape(id_)}(?![\w-])", text):
            found.append(f"{id_}: …{text[max(0, hit.start() - 60) : hit.end() + 40]}…")
    return found


def event_types(page, kind: str) -> set[str]:
    answer = page.request.get(f"/api/{kind}/event-types").json()
    return {form["type"] for form in answer["types"]} | {"retract", "seat_replaced"}


def fcm_ids(page, state: dict) -> set[str]:
    """FCM's ids: its cards' and milestones' names in the data (of more than one word: a
    `waitress` is a word, as in the milestone "First waitress played"), the cards of every
    chain and the restaurants on the map in `state`, and its event types."""
    cards = {card["id"] for chain in state["chains"].values() for card in chain["cards"]}
    restaurants = {restaurant["id"] for restaurant in state["board"]["restaurants"]}
    named = {name for name in (*EMPLOYEES, DATA["ceo"]["id"], *MILESTONES) if "_" in name}
    return cards | restaurants | named | event_types(page, "fcm")


def burnrate_ids(page, state: dict) -> set[str]:
    """Burn Rate's ids: every employee's (companies and piles) and BAD IDEA's in `state`, and
    its event types."""
    companies = state["companies"].values()
    employees = [e for company in companies for e in company["employees"]]
    employees += [e for e in state["labor_pool"].values() if e]
    bad_ideas = [b for company in companies for b in company["bad_ideas"]]
    return (
        {e["id"] for e in employees} | {b["id"] for b in bad_ideas} | event_types(page, "burnrate")
    )


def read_at_head(page, game_id: str, where: str) -> str:
    page.goto(f"/games/{game_id}")
    expect(page.locator("[data-map-svg] svg, .board").first).to_be_visible()
    assert forms_opened(page) > 0, f"{where}: no record form to open"
    assert_accessible(page, where)
    return page.evaluate(READ)


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
@pytest.mark.parametrize("head", [FIRING, STRUCTURES, WORKING])
def test_the_fcm_page_and_its_forms_name_no_id(page, viewport, head):
    page.set_viewport_size(viewport)
    game = imported(page, head)
    hold_table(page, game["id"], game["token"])
    state = page.request.get(f"/api/games/{game['id']}/state").json()["state"]
    forbidden = fcm_ids(page, state)
    assert {"errand_boy", "ceo-1", "ann-1", "fcm.working_ended"} <= forbidden  # what is looked for
    text = read_at_head(page, game["id"], f"FCM at step {head}, its forms open")
    assert "ann" in text and "CEO" in text, "the page read is the game's"
    assert ids_in(text, forbidden) == []


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_burn_rate_page_and_its_forms_name_no_id(page, client, services, viewport):
    page.set_viewport_size(viewport)
    drafting = page.request.post("/api/games", data=burnrate_body(["joe", "ruth"], "joe")).json()
    playing = burnrate_game(client, services)  # joe's turn, his two BAD IDEAs from ruth
    for game_id, token, where in (
        (drafting["id"], drafting["token"], "Burn Rate's first hire"),
        (playing.game_id, playing.token, "joe's turn with two BAD IDEAs"),
    ):
        hold_table(page, game_id, token)
        state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
        forbidden = burnrate_ids(page, state)
        text = read_at_head(page, game_id, f"{where}, its forms open")
        assert ids_in(text, forbidden) == [], where
    assert {"E1", "B2", "burnrate.fire_played"} <= forbidden  # what is looked for
    assert "Free Internet Access" in text, "the page read shows joe's BAD IDEAs"
