"""The picture of the board in docs/fcm.md, taken again: `python -m
tests.games.fcm.board_screenshot` draws a crowded five-player board (render_svg, no service
needed) and photographs it with Debian's Chromium as a tablet held upright shows it, fitted
to the screen's width, into docs/screenshots/fcm-board.png."""

from pathlib import Path

from playwright.sync_api import sync_playwright

from games.fcm.map.board_picture import render_svg
from tests.games.fcm.table import crowded_five
from tests.pages.live import launch_chromium

OUT = Path(__file__).parents[3] / "docs" / "screenshots" / "fcm-board.png"
TABLET = {"width": 820, "height": 800}  # a tablet held upright; the page as tall as the picture


def main():
    svg = render_svg(crowded_five()).replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport=TABLET)
        page.set_content(f'<!doctype html><body style="margin:0">{svg}</body>')
        page.screenshot(path=OUT, full_page=True)
        browser.close()
    print(f"{OUT.relative_to(OUT.parents[2])}: {OUT.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
