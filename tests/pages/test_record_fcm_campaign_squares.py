"""The squares of Food Chain Magnate's campaign form narrowed to what the rules allow (#32
item 2), on the game page, on a phone and a desktop: "Which square" waits for the marketeer,
then offers, in words, only the squares where one of that marketeer's tiles fits; another
marketeer chosen, its own squares; axe finds nothing."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_building import at_work
from tests.games.fcm.test_working import working
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game, opened


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_campaign_s_square_is_one_its_marketeer_may_use(page, viewport):
    """FCM-MKT-1 to 3: ann has a marketing trainee (billboards, two tile crossings from her
    entrances) and a brand manager (billboards and mailboxes, anywhere by a road). "Which
    square" asks for the marketeer first, then lists only the chosen marketeer's squares the
    choices offer, a square out of the trainee's range among none of them but the brand
    manager's; one from the list fills the row and column in."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    [trainee] = at_work(table, "marketing_trainee")
    [brand] = at_work(table, "brand_manager")
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": table.state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Campaign placed")
    field = page.request.get(f"/api/games/{game_id}/choices",
                             params={"actor": "player:ann", "type": "fcm.campaign_placed"}
                             ).json()["fields"]["top_left"]  # fmt: skip
    which = form.get_by_label("Which square")
    expect(which.locator("option")).to_have_text(["Choose the marketeer first"])

    def labels(marketeer):
        return [e["label"] for e in field["offer"] if e["when"] == {"marketeer": marketeer}]

    far = next(e["label"] for e in field["left_out"]
               if e["when"] == {"marketeer": trainee} and e["rule"] == "FCM-MKT-2")  # fmt: skip
    marketeer = form.get_by_label("Marketeer")
    for card in (trainee, brand):
        marketeer.select_option(card)
        expect(which.locator("option")).to_have_text(["Choose", *labels(card)])
    assert far in labels(brand) and far not in labels(trainee)
    assert_accessible(page, f"the campaign form's squares for a brand manager, {viewport}")

    marketeer.select_option(trainee)
    expect(which.locator("option")).to_have_text(["Choose", *labels(trainee)])
    assert_accessible(page, f"the campaign form's squares for a marketing trainee, {viewport}")
    row, col = next(e["value"] for e in field["offer"] if e["when"] == {"marketeer": trainee})
    which.select_option(label=f"row {row}, column {col}")
    expect(form.get_by_label("Row", exact=True)).to_have_value(str(row))
    expect(form.get_by_label("Column", exact=True)).to_have_value(str(col))
