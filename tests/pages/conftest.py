"""The pages in a real browser: the app served on a real HTTP server for the whole session
(tests/pages/live.py), Debian's Chromium driven by Playwright, a fresh browser context (and
so an empty localStorage) and an emptied Redis for each test. A test that fails leaves a
screenshot of its page in test-results/pages/, named after the test.

Without Chromium every browser test errors, saying so: it is never skipped."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.pages.live import CHROMIUM, MISSING, LiveServer, launch_chromium

RESULTS = Path(__file__).parents[2] / "test-results" / "pages"
screenshots: list[Path] = []


@pytest.fixture(scope="session")
def live_server(redis_server):
    from app import create_app
    from projections.services import Settings

    settings = Settings.from_env(redis_url=redis_server.url)
    server = LiveServer(create_app({"TESTING": True, "TABLELOG_SETTINGS": settings}))
    yield server
    server.stop()


@pytest.fixture
def site(live_server, redis_client) -> str:
    """The service's address, its Redis emptied (by redis_client)."""
    return live_server.url


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(MISSING, pytrace=False)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, site, request):
    """A page of a new browser context on the served app (`page.goto("/")`); a script
    error on it fails the test. `@pytest.mark.browser_context(timezone_id=...)` sets the
    context's options."""
    marker = request.node.get_closest_marker("browser_context")
    options = {"viewport": {"width": 1000, "height": 900}, **(marker.kwargs if marker else {})}
    context = browser.new_context(base_url=site, **options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    script_errors = []
    page.on("pageerror", lambda error: script_errors.append(str(error)))
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', request.node.nodeid)}.png"
        page.screenshot(path=path, full_page=True)
        screenshots.append(path)
    context.close()
    assert not script_errors, f"the page's script failed: {script_errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report on the test item, so the page fixture knows the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def pytest_terminal_summary(terminalreporter):
    if screenshots:
        terminalreporter.section("screenshots of the failed pages")
        for path in screenshots:
            terminalreporter.write_line(str(path))
