"""A page to host the record panel in the tests until the game page has it: `host(page,
live_server, game_id)` serves it to the browser at /test/record/<game id> (a Playwright
route, so the app has no test-only route; the context's, which the pages' service worker's
own fetches go through too), under the pages' own Content-Security-Policy, and opens it
holding `seat`'s token as this device's (js/seats.js)."""

import json
from pathlib import Path

from app.pages.views import POLICY

HERE = Path(__file__).parent


def render(app, game_id: str) -> str:
    with app.test_request_context():
        template = app.jinja_env.from_string((HERE / "host.html").read_text())
        return template.render(game=game_id)


def host(page, live_server, game_id: str, seat: str | None = None, token: str | None = None):
    html = render(live_server.app, game_id)
    script = (HERE / "host.js").read_text()
    headers = {"Content-Security-Policy": POLICY}
    page.context.route(
        f"**/test/record/{game_id}",
        lambda route: route.fulfill(body=html, content_type="text/html", headers=headers),
    )
    page.context.route(
        "**/test/record-host.js",
        lambda route: route.fulfill(body=script, content_type="text/javascript", headers=headers),
    )
    if seat is not None:
        hold(page, game_id, seat, token, reload=False)
    page.goto(f"/test/record/{game_id}")


def hold(page, game_id: str, seat: str, token: str, reload: bool = True):
    """This device holds `seat`'s token in `game_id`, as js/seats.js keeps it."""
    value = json.dumps({"seat": seat, "token": token})
    script = f"localStorage.setItem({json.dumps('tablelog.seat.' + game_id)}, {json.dumps(value)})"
    if page.url.startswith("http"):
        page.evaluate(script)
    else:
        page.add_init_script(script)
    if reload:
        page.evaluate("window.hostLoad()")
