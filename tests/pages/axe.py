"""axe-core, the accessibility checker, run on a page as it is shown now
(axe-playwright-python injects it; a Chromium DevTools evaluation, so the pages' CSP does not
stop it). Every rule of axe's default set applies; a violation fails with what axe says."""

from axe_playwright_python.sync_playwright import Axe

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}

axe = Axe()


def assert_accessible(page, where: str = "") -> None:
    """No axe-core violation on `page` in the state it is in (open what should be checked
    first: a folded <details> hides its content from axe too)."""
    results = axe.run(page)
    assert results.violations_count == 0, f"{where or page.url}:\n{results.generate_report()}"
