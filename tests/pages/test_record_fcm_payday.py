"""Payday at the table in a browser, on a phone and a desktop: the table's recorder records in
one action that nobody fires (fcm.nobody_fired, sent as the table's own word), not a firing
for each chain; a chain that cannot pay is then still asked on its own (FCM-PAY-1, FCM-PAY-2).
axe finds nothing with the form open."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_payday import at_payday
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import hold_seat


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_table_records_once_that_nobody_fires(page, viewport):
    """ann and bob can pay: one "Nobody fired" says it for both, and the worker pays next."""
    state = at_payday(cash={"ann": 100, "bob": 100}).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    page.set_viewport_size(viewport)
    created = page.request.post("/api/games", data=body)
    assert created.status == 201, created.text()
    game_id = created.json()["id"]
    hold_seat(page, game_id, "table", created.json()["token"])
    page.goto(f"/games/{game_id}")
    panel = page.locator("#record-panel")
    titles = panel.locator("details.record-form > summary")
    expect(titles).to_have_text(["Fired for ann", "Nobody fired"])  # the table's own word
    expect(panel.locator('[data-slot="status"]')).to_contain_text(
        "or in one action that nobody else does (ann and bob can pay)"
    )
    form = panel.locator("details.record-form", has=page.locator("summary", has_text="Nobody"))
    form.locator("summary").first.click()
    assert_accessible(page, f"payday, nobody fired open, {viewport}")
    form.get_by_role("button", name="Record").click()
    expect(panel.locator('[data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert (event["type"], event["actor"], event["payload"]) == ("fcm.nobody_fired", "admin", {})
    expect(panel.locator('[data-slot="status"]')).to_contain_text("the worker resolves payday")
    state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
    assert state["payday"]["fired"] == ["ann", "bob"]
    assert_accessible(page, f"payday, the worker's turn, {viewport}")
