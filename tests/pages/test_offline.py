"""Recording with no connection (docs/architecture.md, "Recording offline"): the service
worker and the manifest as a client fetches them; in a browser, a visited game page opened
again with no connection."""

import json
import re

from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS
from tests.pages.test_device import join_link
from tests.pages.test_record_burnrate import after_the_first_hires


def test_the_service_worker_is_served_from_the_root_with_the_static_files_to_keep(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"  # a new version is found at once
    policy = answer.headers["Content-Security-Policy"]
    assert "connect-src 'self'" in policy and "worker-src 'self'" in policy
    shell = json.loads(re.search(r"const SHELL = (\[.*\]);", answer.text).group(1))
    assert {"/static/js/record.js", "/static/js/outbox.js", "/static/css/pages.css"} <= set(shell)
    assert "/static/favicon.svg" in shell


def test_the_pages_allow_their_worker_and_manifest_and_name_the_manifest(client):
    page = client.get("/")
    policy = page.headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert (body["name"], body["start_url"], body["display"]) == ("tablelog", "/", "standalone")
    assert body["icons"] == [
        {"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
    ]


def phone(browser, site):
    context = browser.new_context(base_url=site, viewport=VIEWPORTS["phone"])
    context.set_default_timeout(10_000)
    return context.new_page()


def controlled(page):
    """Until the service worker controls the page and has kept it."""
    for _ in range(100):
        if page.evaluate("caches.match(location.pathname).then((kept) => Boolean(kept))"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("no service worker controls the page")


def test_a_visited_game_page_opens_again_with_no_connection(browser, site):
    game_id, table, _ = after_the_first_hires(phone(browser, site))
    tablet = phone(browser, site)
    tablet.goto(join_link(site, game_id, "table", table))
    expect(tablet.locator("#record-panel")).to_contain_text("recording for ruth")
    controlled(tablet)
    tablet.context.set_offline(True)
    tablet.reload()
    expect(tablet.locator("h1")).to_contain_text(game_id)
    expect(tablet.locator("#record-panel")).to_contain_text("recording for ruth")
    tablet.goto("/games/nothing-here")
    expect(tablet.locator("h1")).to_have_text("No connection")
