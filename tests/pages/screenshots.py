"""The pictures of the pages in the README, taken again: `make screenshots` writes
docs/screenshots/*.png from a service of its own (an embedded Redis in a temporary folder,
the app on a free port), as a tablet held upright shows them."""

import os
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.pages.live import LiveServer, launch_chromium
from tests.pages.test_api_docs import try_out_joes_first_hire
from tests.pages.test_game_page import FUNDING, burnrate_game, fcm_game
from tests.pages.test_new_burnrate import LABOR_POOL
from tests.pages.test_new_burnrate import fill_in as fill_in_burnrate
from tests.pages.test_new_fcm import lay

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
TABLET = {"width": 820, "height": 1180}
SIDEWAYS = {"width": 1024, "height": 768}
GAME_CLIP = {"x": 0, "y": 0, "width": 1024, "height": 1180}
FIRST_TILES = [  # the north-west corner of the map in the README's pictures
    {"tile": "H", "rotation": 0, "row": 0, "col": 0},
    {"tile": "S", "rotation": 0, "row": 0, "col": 1},
    {"tile": "E", "rotation": 180, "row": 1, "col": 0},
    {"tile": "G", "rotation": 90, "row": 1, "col": 1},
]


def burnrate_body(players, dealer):
    pool = {
        pile.lower(): {
            "name": name, "department": pile.lower(), "skill": int(skill),
            "salary": int(salary), "vp": vp, "engineer": False,
        }
        for pile, (name, skill, salary, vp) in LABOR_POOL.items()
    }  # fmt: skip
    return {
        "kind": "burnrate",
        "players": players,
        "options": {"dealer": dealer, "labor_pool": pool},
    }


def take(browser, url):
    OUT.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(base_url=url, viewport=TABLET)
    api = page.request
    api.post("/api/games", data={"kind": "fcm", "players": ["ann", "bob", "cid"], "options": {}})
    api.post("/api/games", data=burnrate_body(["joe", "ruth", "ann"], "ruth"))

    fill_in_burnrate(page, ["joe", "ruth"], dealer="joe")
    page.get_by_role("group", name="HR", exact=True).get_by_label("Salary").fill("")
    page.get_by_role("group", name="Finance", exact=True).get_by_label("Salary").fill("three")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_role("alert")).to_be_visible()
    page.screenshot(path=OUT / "new-burnrate.png", full_page=True)

    page.get_by_role("group", name="HR", exact=True).get_by_label("Salary").fill("1")
    page.get_by_role("group", name="Finance", exact=True).get_by_label("Salary").fill("3")
    page.get_by_role("button", name="Create the game").click()
    expect(page.get_by_role("region", name="Game created")).to_be_visible()
    page.screenshot(path=OUT / "created.png", full_page=True)

    page.goto("/")
    page.screenshot(path=OUT / "home.png", full_page=True)

    page.goto("/games/new?kind=fcm")
    page.get_by_label("Player 1").fill("ann")
    page.get_by_label("Player 2").fill("bob")
    page.get_by_label("The table laid it").check()
    for placed in FIRST_TILES:
        lay(page, **placed)
    page.get_by_role("button", name="Row 1, column 3: pick its tile").click()
    page.screenshot(path=OUT / "new-fcm-tiles.png")
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    page.screenshot(path=OUT / "new-fcm.png", full_page=True)

    _, _, append = try_out_joes_first_hire(page)
    append.evaluate("operation => operation.scrollIntoView({block: 'start'})")
    page.screenshot(path=OUT / "api-docs.png")
    page.close()


def games(app) -> tuple[str, str]:
    """A Burn Rate game two turns in, joe's FUNDING played, withdrawn and played again; an
    FCM game with two starting restaurants placed. Their ids."""
    client = app.test_client()
    table = burnrate_game(client, app.extensions["tablelog"])
    table.record("funding_played", player="joe", card=FUNDING)
    seq = client.get(table.href).json["version"]
    retract = {"type": "retract", "actor": "admin", "payload": {"seq": seq, "reason": "a 10"}}
    headers = {"Authorization": f"Bearer {table.token}"}
    assert client.post(f"{table.href}/events", json=retract, headers=headers).status_code == 201
    table.record("funding_played", player="joe", card={"amount": 10, "skill_numbers": [0, 1, 2, 3]})
    return table.game_id, fcm_game(client)["id"]


def take_games(browser, url, burnrate, fcm):
    """The game pages on a tablet held sideways, the board beside the step and the log."""
    page = browser.new_page(base_url=url, viewport=SIDEWAYS)
    for name, game_id in (("game-burnrate", burnrate), ("game-fcm", fcm)):
        page.goto(f"/games/{game_id}")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        page.screenshot(path=OUT / f"{name}.png", full_page=True, clip=GAME_CLIP)
    page.close()


def main():
    folder = Path(tempfile.mkdtemp(prefix="tablelog-screenshots-"))
    os.environ["SECRET_KEY_FILE"] = str(folder / "secret.key")
    from app import create_app
    from app.run.embedded_redis import EmbeddedRedis
    from projections.services import Settings

    redis_server = EmbeddedRedis(folder / "redis").start()
    app = create_app({"TABLELOG_SETTINGS": Settings.from_env(redis_url=redis_server.url)})
    server = LiveServer(app)
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            take(browser, server.url)
            take_games(browser, server.url, *games(app))
            browser.close()
    finally:
        server.stop()
        redis_server.stop()
    for path in sorted(OUT.glob("*.png")):
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
