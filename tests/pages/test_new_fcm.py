"""A new game of Food Chain Magnate through the form at /games/new?kind=fcm, in a browser:
the map the table laid, each tile found by its picture and turned until it matches."""

import re

import pytest
from playwright.sync_api import expect

from games.fcm.event_types import EXAMPLE_LAYOUT
from tests.pages.axe import VIEWPORTS, assert_accessible


def lay(page, tile, rotation, row, col):
    """Pick `tile` for the place at `row`, `col` (from 0), then turn it to `rotation`."""
    where = f"row {row + 1}, column {col + 1}"
    page.get_by_role("button", name=f"{where.capitalize()}: pick its tile").click()
    page.get_by_role("dialog").get_by_role("button", name=re.compile(f"^Tile {tile}:")).click()
    for _ in range(rotation // 90):
        page.get_by_role("button", name=f"Turn the tile at {where}").click()
    seen = re.compile(f"^{where.capitalize()}: Tile {tile}, turned {rotation}°")
    expect(page.get_by_role("img", name=seen)).to_be_visible()


def test_a_map_the_table_laid_tile_by_tile(page):
    page.goto("/games/new?kind=fcm")
    page.get_by_label("Player 1").fill("ann")
    page.get_by_label("Player 2").fill("bob")
    page.get_by_label("The table drew it").check()
    page.get_by_label("1st").select_option("bob")
    page.get_by_label("2nd").select_option("ann")
    page.get_by_label("The table laid it").check()
    first, *others = EXAMPLE_LAYOUT["tiles"]

    lay(page, **first)
    page.get_by_role("button", name="Create the game").click()
    summary = page.get_by_role("alert")
    expect(summary.get_by_role("link")).to_have_text(
        ["The map: every place of the tile grid takes exactly one tile (FCM-SETUP-1)"]
    )
    map_field = page.get_by_role("group", name="The map")
    expect(map_field.locator(".error-message")).to_contain_text("FCM-SETUP-1")

    for placed in others:
        lay(page, **placed)
    page.get_by_role("button", name="Create the game").click()

    created = page.get_by_role("region", name="Game created")
    expect(created).to_be_visible()
    game_id = created.locator("code").inner_text()
    state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
    assert state["turn_order"] == ["bob", "ann"]
    layout = state["board"]["layout"]
    assert (layout["rows"], layout["cols"], layout["drawn_by"]) == (3, 3, "table")
    key = lambda placed: (placed["row"], placed["col"])  # noqa: E731
    assert sorted(layout["tiles"], key=key) == sorted(EXAMPLE_LAYOUT["tiles"], key=key)


def test_what_the_service_drew_is_shown_for_the_table_to_lay(page):
    page.goto("/games/new?kind=fcm")
    for n, name in enumerate(["ann", "bob", "cid"]):
        page.get_by_label(f"Player {n + 1}").fill(name)
    page.get_by_role("button", name="Create the game").click()

    created = page.get_by_role("region", name="Game created")
    expect(created).to_contain_text("The service drew the turn order:")
    expect(created).to_contain_text("The service drew the map.")
    tiles = created.get_by_role("img", name=re.compile(r"^Row \d, column \d: tile [A-T]"))
    expect(tiles).to_have_count(12)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_table_chooses_what_becomes_of_a_chain_that_cannot_pay(page, viewport):
    """FCM-DINNER-5: today's reading is checked; the designer's ruling, chosen, is the game's
    option and said in the creation's sentence."""
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto("/games/new?kind=fcm")
    for n, name in enumerate(["ann", "bob"]):
        page.get_by_label(f"Player {n + 1}").fill(name)
    chosen = page.get_by_role("group", name="A chain that cannot pay the bank")
    expect(chosen.get_by_label("It pays what it has and plays on")).to_be_checked()
    # a radio beside words that wrap (the designer's, on a phone) is as wide as the others
    widths = {radio.bounding_box()["width"] for radio in chosen.get_by_role("radio").all()}
    assert len(widths) == 1, widths
    assert_accessible(page, f"the new game's bankruptcy, {viewport}")
    chosen.get_by_label(re.compile("goes bankrupt")).check()
    page.get_by_role("button", name="Create the game").click()
    game_id = page.get_by_role("region", name="Game created").locator("code").inner_text()
    state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
    assert state["options"]["bankruptcy"] == "designer"
    first = page.request.get(f"/api/games/{game_id}/replay/1").json()
    assert "a chain that cannot pay the bank goes bankrupt" in str(first)
