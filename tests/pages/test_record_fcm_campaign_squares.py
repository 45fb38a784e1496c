"""Food Chain Magnate's campaign form narrowed to what the rules allow (#32 item 2), on the
game page, on a phone and a desktop: "Which square" waits for the marketeer, then offers, in
words, only the squares where one of that marketeer's tiles fits; another marketeer chosen,
its own squares. The tiles, their ways round, an airplane's edge and start and the duration
are the chosen marketeer's; a tile on the map's fields and an airplane's show only for
such a tile. axe finds nothing."""

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


def options_text(select):
    return select.locator("option").evaluate_all("(all) => all.map((o) => o.textContent)")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_campaign_form_offers_its_marketeer_s_tiles_and_an_airplane_s_place(page, viewport):
    """FCM-MKT-1, FCM-MKT-3, FCM-MKT-4: the marketing trainee's tiles are billboards and its
    campaigns last 1 or 2 turns; the brand manager's include mailboxes and an airplane. A 2x2
    mailbox lies one way, chosen for the person, with no edge or start to give; an airplane
    has no square or size, but an edge in words and the rows it may start at beside it. The
    airplane recorded as chosen is in the log as such."""
    table = working(ann_work=["marketing_trainee", "brand_manager"])
    [trainee] = at_work(table, "marketing_trainee")
    [brand] = at_work(table, "brand_manager")
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": table.state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Campaign placed")
    marketeer, tile = form.get_by_label("Marketeer"), form.get_by_label("Campaign tile")
    duration = form.get_by_label("Duration")
    marketeer.select_option(trainee)
    expect(tile.locator("option")).to_have_text(
        ["Choose", "Billboard 13 (3×1 squares)", "Billboard 14 (2×1 squares)"])  # fmt: skip
    expect(duration.locator("option")).to_have_text(["Choose", "1 turn", "2 turns"])

    marketeer.select_option(brand)
    assert "Airplane 4 (over 1 row or column)" in options_text(tile)
    tile.select_option(label="Mailbox 7 (2×2 squares)")
    lies = form.get_by_label("How it lies", exact=True)
    expect(lies).to_have_value("0")
    expect(lies.locator("option:checked")).to_have_text("2 rows by 2 columns")
    expect(form.get_by_role("group", name="Edge")).to_be_hidden()
    expect(form.get_by_label("Start")).to_be_hidden()
    assert_accessible(page, f"the campaign form for a mailbox, {viewport}")

    tile.select_option("4")
    expect(form.get_by_role("group", name="How it lies")).to_be_hidden()
    expect(form.get_by_label("Which square")).to_be_hidden()
    edge = form.get_by_role("group", name="Edge")
    expect(edge.locator("label:visible")).to_have_text(["north", "east", "south", "west"])
    start = form.get_by_label("Start")
    expect(start.locator("option")).to_have_text(["Choose the edge first"])
    edge.get_by_label("west").check()
    expect(start.locator("option").nth(1)).to_have_text("row 0")
    assert_accessible(page, f"the campaign form for an airplane, {viewport}")
    start.select_option(label="row 2")
    form.get_by_label("soda").check()
    duration.select_option(label="4 turns")
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    [placed] = [e for e in log if e["type"] == "fcm.campaign_placed"]
    assert placed["payload"] == {
        "player": "ann",
        "marketeer": brand,
        "number": 4,
        "edge": "W",
        "start": 2,
        "product": "soda",
        "duration": 4,
    }
