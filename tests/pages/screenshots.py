"""The pictures of the pages in the README, taken again: `make screenshots` writes
docs/screenshots/*.png from a service of its own (an embedded Redis in a temporary folder,
the app on a free port), as a tablet held upright shows them."""

import json
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


def burnrate_created(app) -> dict:
    """A Burn Rate game of joe and ruth, joe dealing, after each one's first hire: the
    creation's answer, its tokens with it."""
    client = app.test_client()
    game = client.post("/api/games", json=burnrate_body(["joe", "ruth"], "joe")).json
    for player, pile, name in (("joe", "finance", "Mary DeLany"), ("ruth", "sales", "Sam Ortiz")):
        revealed = {"name": name, "department": pile, "skill": 2, "salary": 2, "vp": False,
                    "engineer": False}  # fmt: skip
        payload = {"player": player, "department": pile, "revealed": revealed}
        event = {"type": "burnrate.employee_drafted", "actor": f"player:{player}",
                 "payload": payload}  # fmt: skip
        headers = {"Authorization": f"Bearer {game['seats'][player]}"}
        assert client.post(f"/api/games/{game['id']}/events", json=event,
                           headers=headers).status_code == 201  # fmt: skip
    return game


def take_games(browser, url, burnrate, fcm):
    """The game pages on a tablet held sideways, the board beside the step and the log."""
    page = browser.new_page(base_url=url, viewport=SIDEWAYS)
    for name, game_id in (("game-burnrate", burnrate), ("game-fcm", fcm)):
        page.goto(f"/games/{game_id}")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        page.screenshot(path=OUT / f"{name}.png", full_page=True, clip=GAME_CLIP)
    page.close()


# Tall, so that a part is taken where it lies on the page, not under the steps' sticky bar.
PHONE = {"width": 390, "height": 5000}
DESKTOP = {"width": 1280, "height": 3000}
PHONE_SCREEN = {"width": 390, "height": 844}  # a phone's first screen, as a player sees it


def seated(page, game_id, seat, token):
    value = json.dumps({"seat": seat, "token": token})
    page.add_init_script(f"localStorage.setItem('tablelog.seat.{game_id}', {json.dumps(value)})")


def take_journeys(browser, url, burnrate):
    """What #20 added, on a phone and a desktop: a chain whole and the chart, a dispute and
    the corrections at a step, two games compared, this device's seat."""
    from tests.pages.test_fcm_board import imported

    phone = browser.new_page(base_url=url, viewport=PHONE)
    fcm = imported(phone, 141)
    seated(phone, fcm["id"], "table", fcm["token"])
    phone.goto(f"/games/{fcm['id']}")
    expect(phone.locator(".map .map-view svg .square").first).to_be_attached()
    phone.locator('[data-chain-whole="ann"]').screenshot(path=OUT / "phone-chain.png")
    device = phone.get_by_role("region", name="This device")
    device.get_by_role("button", name="Replace bob's token").click()
    phone.get_by_role("button", name="Replace it").click()
    expect(device).to_contain_text("join link")
    device.screenshot(path=OUT / "phone-device.png")
    chart = phone.locator("section.chart").first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=OUT / "phone-chart.png")
    phone.close()

    page = browser.new_page(base_url=url, viewport=DESKTOP)
    api, game_id = page.request, burnrate["id"]
    auth = {"Authorization": f"Bearer {burnrate['token']}"}
    opened = {"seq": 2, "author": "player:ruth", "text": "joe hired before the deal was agreed"}
    api.post(f"/api/games/{game_id}/disputes", data=opened, headers=auth)
    reply = {"author": "player:joe", "text": "ruth dealt: she said go"}
    api.post(f"/api/games/{game_id}/disputes/1/replies", data=reply, headers=auth)
    seated(page, game_id, "table", burnrate["token"])
    page.goto(f"/games/{game_id}?at=2")
    changed = page.locator("section.changed")
    changed.screenshot(path=OUT / "dispute.png")
    page.locator("section.correct").screenshot(path=OUT / "correct.png")
    fork = api.post(f"/api/games/{game_id}/forks", data={"at": 2},
                    headers={"Idempotency-Key": "screenshots-fork-at-2"}).json()  # fmt: skip
    page.goto(f"/games/{game_id}/compare/{fork['id']}")
    page.screenshot(path=OUT / "compare.png", full_page=True)
    page.close()


def take_phone_turn(browser, url):
    """A player's phone on the game page: the first screen in their turn, then two actions
    kept on the phone with no connection."""
    from tests.pages.test_offline import end_turn, kept_by_the_worker, record_funding
    from tests.pages.test_record_burnrate import after_the_first_hires

    context = browser.new_context(base_url=url, viewport=PHONE_SCREEN)
    phone = context.new_page()
    game_id, _, seats = after_the_first_hires(phone)
    seated(phone, game_id, "ruth", seats["ruth"])
    phone.goto(f"/games/{game_id}")
    expect(phone.locator("#record-panel details.record-form").first).to_be_visible()
    kept_by_the_worker(phone)
    phone.screenshot(path=OUT / "phone-your-move.png")
    context.set_offline(True)
    record_funding(phone)
    end_turn(phone)
    expect(phone.get_by_role("region", name="Not sent yet (2)")).to_be_visible()
    phone.locator("#record").screenshot(path=OUT / "phone-offline.png")
    context.close()


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
            burnrate, fcm = games(app)
            take_games(browser, server.url, burnrate, fcm)
            take_journeys(browser, server.url, burnrate_created(app))
            take_phone_turn(browser, server.url)
            browser.close()
    finally:
        server.stop()
        redis_server.stop()
    for path in sorted(OUT.glob("*.png")):
        print(f"{path.relative_to(OUT.parents[1])}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
