"""Recording a game of Burn Rate through the record panel's forms, in a browser: the forms
are built from GET /api/burnrate/event-types, offered to the seat this device holds when the
game waits for it, and post to POST /api/games/<id>/events with that seat's token."""

import re

from playwright.sync_api import expect

from tests.pages.record_host import hold, host
from tests.pages.screenshots import burnrate_body


def employee(name, department, skill, salary, vp=False, engineer=False):
    return {"name": name, "department": department, "skill": skill, "salary": salary,
            "vp": vp, "engineer": engineer}  # fmt: skip


RUTH_PICKS = [  # ruth's picks, recorded from her own seat through the API
    ("sales", employee("Sam Ortiz", "sales", 2, 2)),
    ("hr", employee("Kim Park", "hr", 2, 2)),
    ("finance", employee("Ann Ray", "finance", 1, 1)),
    ("development", employee("Engineer", "development", None, 1, engineer=True)),
]
JOE_PICKS = [  # joe's, the dealer's, through the forms: the pile by the card face up on it
    ("finance: Ben Zhao", employee("Mary DeLany", "finance", 2, 2)),
    ("development: Brad Duke", employee("Engineer", "development", None, 1, engineer=True)),
    ("sales: Sam Ortiz", employee("Lee Chan", "sales", 1, 1)),
    ("hr: Kim Park", employee("Bo Li", "hr", 3, 2)),
]


def new_game(page):
    created = page.request.post("/api/games", data=burnrate_body(["joe", "ruth"], "joe")).json()
    return created["id"], created["token"], created["seats"]


def after_the_first_hires(page):
    """A new game (`new_game`) after joe's and ruth's first hires (JOE_PICKS, RUTH_PICKS),
    each recorded from the player's own seat: ruth to play."""
    game_id, table_token, seats = new_game(page)
    for (pile, joes), (department, ruths) in zip(JOE_PICKS, RUTH_PICKS, strict=True):
        for player, card, dept in (("joe", joes, pile.split(":")[0]), ("ruth", ruths, department)):
            answer = page.request.post(
                f"/api/games/{game_id}/events",
                headers={"Authorization": f"Bearer {seats[player]}"},
                data={"type": "burnrate.employee_drafted", "actor": f"player:{player}",
                      "payload": {"player": player, "department": dept, "revealed": card}},
            )  # fmt: skip
            assert answer.status == 201, answer.text()
    return game_id, table_token, seats


def panel(page):
    return page.locator("#record-panel")


def record_form(page, title):
    """The form of one event type, opened."""
    form = panel(page).locator("details.record-form", has=page.locator("summary", has_text=title))
    if form.get_attribute("open") is None:
        form.locator("summary").first.click()
    return form


def type_card(form, card):
    """An employee as printed, typed into the form's `revealed` fields."""
    revealed = form.get_by_role("group", name="The card turned up in its place")
    revealed.get_by_label("Which card").select_option("As printed (enter it below)")
    revealed.get_by_label("Name", exact=True).fill(card["name"])
    # #32, 8: its department is the pile's, so the form does not ask it
    expect(revealed.get_by_role("group", name="Department")).to_have_count(0)
    revealed.get_by_label("Skill").fill("" if card["skill"] is None else str(card["skill"]))
    revealed.get_by_label("Salary").fill(str(card["salary"]))
    revealed.get_by_label("VP").set_checked(card["vp"])
    revealed.get_by_label("Engineer").set_checked(card["engineer"])


def draft_by_form(page, pile, card):
    form = record_form(page, "Employee drafted")
    form.get_by_label("Pile (and the employee face up on it)").select_option(pile)
    type_card(form, card)
    form.get_by_role("button", name="Record").click()


def api_draft(page, game_id, token, department, card):
    answer = page.request.post(
        f"/api/games/{game_id}/events",
        headers={"Authorization": f"Bearer {token}"},
        data={"type": "burnrate.employee_drafted", "actor": "player:ruth",
              "payload": {"player": "ruth", "department": department, "revealed": card}},
    )  # fmt: skip
    assert answer.status == 201, answer.text()
    page.evaluate("window.hostLoad()")


def recorded_count(page):
    return page.evaluate("window.recorded.length")


def wait_recorded(page, count):
    """Until the host has had `count` tablelog:recorded and sent the state after the last."""
    expect(page.locator("#record")).to_have_attribute("data-recorded", str(count))


def test_a_draft_and_a_turn_recorded_through_the_forms(page, live_server):
    game_id, table_token, seats = new_game(page)
    host(page, live_server, game_id, seat="joe", token=seats["joe"])
    status = panel(page).locator('[data-slot="status"]')
    expect(status).to_contain_text("joe hires a face-up employee")
    expect(panel(page).locator("details.record-form")).to_have_count(1)

    # A refused pick: Ben Zhao is being taken, so he is not the card turned up after him.
    form = record_form(page, "Employee drafted")
    form.get_by_label("Pile (and the employee face up on it)").select_option("finance: Ben Zhao")
    type_card(form, employee("Ben Zhao", "finance", 3, 3, vp=True))
    form.get_by_role("button", name="Record").click()
    refusal = form.get_by_role("alert")
    expect(refusal).to_contain_text("There is a problem")
    expect(refusal.get_by_role("link", name="BR-SETUP-1")).to_have_attribute(
        "href", "/api/rules/BR-SETUP-1"
    )
    expect(refusal.locator(".rule-words")).not_to_be_empty()
    assert recorded_count(page) == 0

    for (pile, card), (department, ruths) in zip(JOE_PICKS, RUTH_PICKS, strict=True):
        before = recorded_count(page)
        draft_by_form(page, pile, card)
        wait_recorded(page, before + 1)
        expect(status).to_contain_text("Waiting for ruth")
        expect(panel(page).locator("details.record-form")).to_have_count(0)
        api_draft(page, game_id, seats["ruth"], department, ruths)

    # The first turn is ruth's (the player after the dealer); this device becomes the table's.
    hold(page, game_id, "table", table_token)
    expect(status).to_contain_text("recording for ruth")
    funding = record_form(page, "Funding played")
    funding.get_by_label("Which card").select_option("FUNDING 10 (0,1,2,3)")
    expect(funding.get_by_label("Amount")).to_have_value("10")
    expect(funding.get_by_role("checkbox", name="3")).to_be_checked()
    funding.get_by_role("button", name="Record").click()
    wait_recorded(page, 5)

    ended = record_form(page, "Turn ended")
    ended.get_by_role("button", name="Record").click()
    wait_recorded(page, 6)
    expect(status).to_contain_text(re.compile("the worker resolves turn end"))

    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    drafted = [e for e in log if e["type"] == "burnrate.employee_drafted"]
    assert [e["payload"]["department"] for e in drafted if e["actor"] == "player:joe"] == [
        "finance", "development", "sales", "hr"
    ]  # fmt: skip
    assert drafted[0]["payload"]["revealed"] == JOE_PICKS[0][1]
    assert drafted[2]["payload"]["revealed"]["skill"] is None
    funding_event, turn_end = log[-2:]
    assert funding_event["type"] == "burnrate.funding_played"
    assert funding_event["payload"] == {
        "player": "ruth", "card": {"amount": 10, "skill_numbers": [0, 1, 2, 3]}
    }  # fmt: skip
    assert (funding_event["actor"], funding_event["recorded_by"]) == ("player:ruth", "table")
    assert turn_end["type"] == "burnrate.turn_ended"
