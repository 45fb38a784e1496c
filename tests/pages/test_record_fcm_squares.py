"""The squares of Food Chain Magnate's record forms narrowed to what the rules allow (#32
item 2), on the game page, on a phone and a desktop: a house's square is chosen from a list of
the squares allowed, in words; a square tapped on the map that the rules refuse is refused
beside the field, with the rule's words, before anything is sent; axe finds nothing."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_building import house_spots
from tests.games.fcm.test_working import working
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game, opened


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_house_s_square_is_one_of_those_allowed_and_a_tapped_one_refused_is_said(page, viewport):
    """FCM-HOUSE-1: ann's new business developer places a house. "Which square" offers the
    squares the choices allow, in words, and no other; a square tapped on the map where no
    house may go is refused beside the field with the rule's words, its boxes emptied, and
    nothing is sent; a square from the list and a garden side that fits are recorded."""
    state = working(ann_work=["new_business_developer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    form = opened(page, "House placed")
    field = page.request.get(f"/api/games/{game_id}/choices",
                             params={"actor": "player:ann", "type": "fcm.house_placed"}
                             ).json()["fields"]["top_left"]  # fmt: skip
    which = form.get_by_label("Which square")
    labels = [entry["label"] for entry in field["offer"]]
    expect(which.locator("option")).to_have_text(["Choose", *labels])
    assert_accessible(page, f"the house form's squares, {viewport}")

    refused = next(e for e in field["left_out"] if "is a road" in e["message"])
    row, col = refused["value"]
    page.locator(f'.map rect.square[data-square="{row},{col}"]').click()
    said = form.locator(".square-refused")
    expect(said).to_have_text(
        f"row {row}, column {col} is not allowed now: {refused['message']} (FCM-HOUSE-1)"
    )
    assert "is a road" in refused["message"] and f"row {row}, column {col}" in refused["message"]
    expect(form.get_by_label("Row", exact=True)).to_have_value("")
    expect(form.get_by_label("Column", exact=True)).to_have_value("")
    expect(which).to_have_value("")
    assert not [url for url in sent if "/events" in url]
    assert_accessible(page, f"a tapped square refused, {viewport}")

    top_left, side = house_spots(state)[0]
    which.select_option(label=f"row {top_left[0]}, column {top_left[1]}")
    expect(form.get_by_label("Row", exact=True)).to_have_value(str(top_left[0]))
    expect(form.get_by_label("Column", exact=True)).to_have_value(str(top_left[1]))
    expect(said).to_have_count(0)
    form.get_by_label("Developer").select_option(index=1)
    form.get_by_label("Number").select_option(index=1)
    form.get_by_label(side, exact=True).check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["top_left"] == top_left and event["payload"]["garden"] == side
