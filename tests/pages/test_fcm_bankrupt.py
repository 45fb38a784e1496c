"""A chain gone bankrupt under the designer's ruling (games/fcm/bankruptcy.py, FCM-DINNER-5), on
the game page in a browser, on a phone and a desktop: the board shows it last, marked and with
when and why; the table's choice is among where the game stands; the step where it went says
so in words, and so does its explanation.

The game: ann and bob at turn 5's dinnertime (tests/games/fcm/test_bankruptcy.py, `two_houses`),
created through the API as a declared position under `bankruptcy: "designer"`, the worker's
dinnertime resolved here as the worker would: ann sells house 2 at -$2 with $1 and goes
bankrupt, house 13 goes to bob."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_bankruptcy import two_houses
from tests.pages.axe import VIEWPORTS, assert_accessible
from workers.jobs import resolve_pending


@pytest.fixture
def game(client, services) -> str:
    position = two_houses().state
    body = {"kind": "fcm", "players": position["players"], "options": {"position": position}}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.json
    resolve_pending(services, created.json["id"])
    return created.json["id"]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_bankrupt_chain_is_shown_last_marked_with_when_and_why(page, game, viewport):
    """FCM-DINNER-5, FCM-BANK-4."""
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{game}")
    chosen = page.locator("dl.situation div").filter(has_text="A chain that cannot pay the bank")
    expect(chosen.locator("dd")).to_have_text(
        "pays what it has and goes bankrupt (the designer's ruling)"
    )
    rows = page.locator("table.chains tbody th")
    expect(rows).to_have_text(["bob", "ann bankrupt"])
    expect(page.locator("table.chains caption")).to_have_text(
        "The chains, in turn order, the bankrupt last"
    )
    ann = page.locator('[data-chain-whole="ann"]')
    expect(ann.get_by_role("heading", level=3)).to_have_text("ann bankrupt")
    expect(ann.locator("[data-bankrupt]")).to_have_text(
        "ann went bankrupt at house 2 of turn 5: it owed the bank $2 and had $1: out of the game"
    )
    assert_accessible(page, f"a bankrupt chain on the board, {viewport}")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_step_where_it_went_bankrupt_says_so(page, game, viewport):
    """FCM-DINNER-5: the house ann could not pay for, in the log's sentence, in what changed
    and in why the worker decided as it did."""
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{game}?at=2")
    expect(page.locator("#seq-2")).to_contain_text(
        "house 2 went to ann at a loss: ann owed the bank $2 and had $1: ann went bankrupt,"
        " out of the game"
    )
    changed = page.get_by_role("region", name="Step 2: what changed")
    expect(changed.locator("ul.changes")).to_contain_text(
        "ann went bankrupt at house 2 of turn 5: it owed the bank $2 and had $1: out of the game"
    )
    expect(changed.locator("ul.changes")).to_contain_text("the turn order: ann, bob → bob")
    why = changed.locator("details.why")
    why.locator("summary").first.click()
    expect(why.locator("ul.reasons")).to_contain_text(
        "ann went bankrupt: by the designer's ruling, which this table chose (FCM-DINNER-5)"
    )
    assert_accessible(page, f"the step of a bankruptcy, {viewport}")
