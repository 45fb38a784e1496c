"""The chart on the game page and in the transcript (pages/_chart.html, js/chart.js): the
service's picture of each company's figures over the turns, its words as alt text, the
numbers in tables; on the game page it follows the step shown and the live game."""

import re

import pytest
from playwright.sync_api import expect

from tests.api.helpers import create_toy
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_game_browser import play_funding
from tests.pages.test_game_page import fcm_game
from tests.replays.test_chart import Table, joe_and_ruth


@pytest.fixture
def table(client, services):
    yield joe_and_ruth(client, services)
    Table.client = Table.services = None


def chart_of(client, table, at) -> dict:
    return client.get(f"{table.href}/chart?at={at}").json


# --- without a browser ----------------------------------------------------------------------


def test_the_game_page_draws_the_chart_up_to_its_step_without_script(client, table):
    html = client.get(f"/games/{table.game_id}?at=5").text
    section = html[html.index('<section class="chart"') :]
    section = section[: section.index("</section>")]
    chart = chart_of(client, table, 5)
    assert f'src="/api/games/{table.game_id}/chart.svg?at=5"' in section
    assert f'alt="{chart["description"]}"' in section
    assert '<h2 id="chart-heading" data-slot="title">Funding over the turns</h2>' in section
    assert section.count("<table>") == 2  # the funding, the burn rate
    assert '<th scope="row">0 <small>(step 5, under way)</small></th><td>100</td><td>100</td>' in (
        section
    )


def test_the_transcript_shows_the_chart_of_the_whole_game(client, table):
    html = client.get(f"/games/{table.game_id}/transcript").text
    version = table.summary()["version"]
    assert f'src="/api/games/{table.game_id}/chart.svg?at={version}"' in html
    assert "js/chart.js" not in html  # the transcript runs no script
    assert html.index('class="chart"') < html.index('id="disputes-title"')


def test_a_food_chain_magnate_page_charts_each_chains_cash_and_the_banks(client):
    """FCM-SETUP-4: the chains start with no money, the bank with $50 a player."""
    game_id = fcm_game(client)["id"]
    html = client.get(f"/games/{game_id}").text
    section = html[html.index('<section class="chart"') :]
    assert '<h2 id="chart-heading" data-slot="title">Cash over the turns</h2>' in section
    assert '<th scope="col">Bank</th>' in section
    assert "<td>0</td><td>0</td><td>0</td><td>150</td></tr>" in section
    assert "Cash ($): ann 0, bob 0, cid 0, Bank 150." in section


def test_a_game_without_a_chart_shows_none(client):
    game_id, _ = create_toy(client)
    assert 'class="chart"' not in client.get(f"/games/{game_id}").text


# --- in a browser ---------------------------------------------------------------------------


def picture(page):
    return page.locator("#chart img")


def drawn_at(page) -> int:
    """The step the chart's picture shows, once the browser has it."""
    image = picture(page)
    expect(image).to_have_js_property("complete", True)
    assert image.evaluate("img => img.naturalWidth") > 0, "the picture did not load"
    return int(re.search(r"at=(\d+)", image.get_attribute("src")).group(1))


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_chart_is_drawn_on_the_game_page_and_fits_the_screen(page, client, table, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    version = table.summary()["version"]
    page.goto(f"/games/{table.game_id}")
    assert drawn_at(page) == version
    expect(picture(page)).to_have_attribute("alt", chart_of(client, table, version)["description"])
    box = picture(page).bounding_box()
    assert 0 < box["width"] <= VIEWPORTS[viewport]["width"] and box["height"] > 100
    page.locator("#chart summary").click()  # the numbers, open for axe to read them too
    expect(page.locator("#chart table").first).to_be_visible()
    assert_accessible(page, f"the chart on the game page ({viewport})")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_chart_follows_a_step_back_and_the_live_game(page, client, table, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    version = table.summary()["version"]
    page.goto(f"/games/{table.game_id}")
    assert drawn_at(page) == version
    page.locator(".stepper [data-step=first]").click()
    expect(picture(page)).to_have_attribute("src", re.compile(r"chart\.svg\?at=1$"))
    assert drawn_at(page) == 1
    expect(picture(page)).to_have_attribute("alt", chart_of(client, table, 1)["description"])
    page.locator("#chart summary").click()
    rows = page.locator("#chart table").first.locator("tbody tr")
    expect(rows).to_have_count(1)  # at step 1 only the first hire, turn 0
    page.locator(".stepper [data-step=last]").click()
    expect(picture(page)).to_have_attribute("src", re.compile(rf"\?at={version}$"))
    expect(rows).to_have_count(4)
    seq = play_funding(page.request, table)  # meanwhile, at the table: the page follows
    expect(picture(page)).to_have_attribute("src", re.compile(rf"\?at={seq}$"))
    assert drawn_at(page) == seq
    expect(page.locator("#chart [data-slot=caption]")).to_contain_text(f"Up to step {seq} of {seq}")
    assert_accessible(page, f"the chart after the live game moved ({viewport})")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_transcript_chart_is_accessible(page, table, viewport):
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{table.game_id}/transcript")
    assert drawn_at(page) == table.summary()["version"]
    page.locator("#chart summary").click()
    assert_accessible(page, f"the transcript with its chart ({viewport})")
