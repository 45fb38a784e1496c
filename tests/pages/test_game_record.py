"""The game page and its record panel together, in a browser, as a table uses them: the
device holds the table's seat; the page says whose move it is, the panel offers that move's
form, a square is picked by tapping the map itself, and the page moves on once the action is
recorded, while a second tablet sees it live."""

import json

from playwright.sync_api import expect

from games.fcm.event_types import EXAMPLE_LAYOUT
from tests.games.fcm.table import legal_spot


def seat_device(page, game_id, seat, token):
    """What the new-game page leaves in a device: the seat it holds, kept in localStorage."""
    value = json.dumps({"seat": seat, "token": token})
    page.add_init_script(f"localStorage.setItem({json.dumps(f'tablelog.seat.{game_id}')}, "
                         f"{json.dumps(value)})")  # fmt: skip


def test_a_starting_restaurant_recorded_on_the_game_page_by_tapping_the_map(page, browser, site):
    body = {"kind": "fcm", "players": ["ann", "bob"],
            "options": {"turn_order": ["ann", "bob"], "layout": EXAMPLE_LAYOUT}}  # fmt: skip
    game = page.request.post("/api/games", data=body).json()
    seat_device(page, game["id"], "table", game["token"])
    page.goto(f"/games/{game['id']}")
    watcher = browser.new_context(base_url=site).new_page()
    watcher.goto(f"/games/{game['id']}")

    expect(page.locator(".awaiting")).to_contain_text("bob places a starting restaurant")
    panel = page.locator("#record-panel")
    form = panel.locator("details.record-form", has=page.locator("summary",
                         has_text="Starting restaurant placed"))  # fmt: skip
    form.locator("summary").first.click()
    (row, col), entrance = legal_spot(game["state"])
    page.locator(f'#record svg rect.square[data-square="{row},{col}"], '
                 f'svg rect.square[data-square="{row},{col}"]').first.click()  # fmt: skip
    square = form.get_by_role("group", name="Top left")
    expect(square.get_by_label("Row")).to_have_value(str(row))
    expect(square.get_by_label("Column")).to_have_value(str(col))
    form.get_by_label(entrance, exact=True).check()
    form.get_by_role("button", name="Record").click()

    expect(page.locator("#events > li").last).to_contain_text("bob")
    expect(page.locator(".awaiting")).to_contain_text("ann places a starting restaurant")
    expect(watcher.locator(".awaiting")).to_contain_text("ann places a starting restaurant")
    state = page.request.get(f"/api/games/{game['id']}/state").json()["state"]
    [placed] = state["board"]["restaurants"]
    assert (placed["owner"], placed["top_left"], placed["entrance"]) == (
        "bob",
        [row, col],
        entrance,
    )
    event = page.request.get(f"/api/games/{game['id']}/events/2").json()
    assert event["actor"] == "player:bob" and event["recorded_by"] == "table"


def test_a_burn_rate_turn_recorded_on_the_game_page_appears_live_on_another_tablet(
    page, browser, site
):
    """Two tablets: this one holds the table's seat and records ruth's FUNDING card and the
    end of her turn through the game page's forms; the other follows the game live."""
    from tests.pages.test_record_burnrate import after_the_first_hires, record_form

    game_id, table_token, seats = after_the_first_hires(page)
    seat_device(page, game_id, "table", table_token)
    page.goto(f"/games/{game_id}")
    watcher = browser.new_context(base_url=site).new_page()
    watcher.goto(f"/games/{game_id}")
    expect(watcher.locator("[data-live-status]")).to_have_text("live")

    funding = record_form(page, "Funding played")
    funding.get_by_label("Which card").select_option("FUNDING 10 (0,1,2,3)")
    funding.get_by_role("button", name="Record").click()
    expect(watcher.locator("#events > li").last).to_contain_text("ruth played FUNDING")
    expect(watcher.locator(".awaiting")).to_contain_text("ruth has played 1 card")
    record_form(page, "Turn ended").get_by_role("button", name="Record").click()
    expect(watcher.locator("#events > li").last).to_contain_text("ruth ended their play step")
    expect(page.locator(".awaiting")).to_contain_text("the worker resolves turn end")


def test_recording_again_after_a_lost_answer_records_the_action_once(page):
    """The record panel sends an action with an event id of its own, kept in the outbox until
    answered, so sending it again after a lost answer is the same action: recorded once, and
    said so."""
    from tests.pages.test_new_burnrate import lose_the_first_answer
    from tests.pages.test_record_burnrate import record_form

    body = {"kind": "toy", "players": ["ann", "ben"], "options": {"tally_every": 1000}}
    game = page.request.post("/api/games", data=body).json()
    seat_device(page, game["id"], "table", game["token"])
    lost = lose_the_first_answer(page, f"**/api/games/{game['id']}/events")
    page.route("**/stream*", lambda route: route.abort("internetdisconnected"))  # offline too
    page.goto(f"/games/{game['id']}")
    added = record_form(page, "Added")
    added.get_by_label("Player").fill("ann")
    added.get_by_label("Amount").fill("3")
    added.get_by_role("button", name="Record").click()
    outbox = page.get_by_role("region", name="Not sent yet (1)")
    expect(outbox).to_contain_text("Added player ann, amount 3")
    expect(outbox).to_contain_text("Not sent yet: tried 1 time, no answer.")
    assert lost[0].status == 201, lost[0].text()
    outbox.get_by_role("button", name="Send now").click()

    expect(page.locator("#record-panel")).to_contain_text("Recorded: Added (step 2)")
    log = page.request.get(f"/api/games/{game['id']}/events").json()["items"]
    assert [e["type"] for e in log] == ["toy.created", "toy.added"]
    assert page.request.get(f"/api/games/{game['id']}/state").json()["state"]["total"] == 3


def test_a_second_device_joins_its_seat_by_the_link_and_records_its_own_action(page, browser, site):
    """#20: the new-game page copies each seat's join link; opened on a phone, it keeps the
    seat's token there, takes it out of the address, and the phone records its own action."""
    from tests.pages.test_new_burnrate import create, fill_in
    from tests.pages.test_record_burnrate import draft_by_form, employee

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fill_in(page, ["joe", "ruth"], dealer="joe")
    create(page)
    created = page.get_by_role("region", name="Game created")
    game_id = created.locator("code").inner_text()
    joe = page.get_by_label("joe's token").input_value()
    created.get_by_role("button", name="Copy joe's join link").click()
    expect(page.get_by_role("row", name="joe")).to_contain_text("Join link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{site}/games/{game_id}#") and joe in link

    phone = browser.new_context(base_url=site, viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"/games/{game_id}")
    expect(phone.locator("#record-panel")).to_contain_text("This device holds no seat here")
    phone.goto(link)
    expect(phone.locator("#record-panel")).to_contain_text("joe hires a face-up employee")
    assert phone.url == f"{site}/games/{game_id}"  # the token is out of the address
    held = phone.evaluate(f"JSON.parse(localStorage.getItem('tablelog.seat.{game_id}'))")
    assert held == {"seat": "joe", "token": joe}
    draft_by_form(phone, "finance: Ben Zhao", employee("Mary DeLany", "finance", 2, 2))
    expect(phone.locator("#events > li").last).to_contain_text("joe hired")
    event = phone.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["actor"] == "player:joe" and "recorded_by" not in event


def test_a_seats_qr_code_is_its_join_link_and_only_its_token_draws_it(page):
    """The QR code of a seat's join link, drawn by the service and read back as a phone's
    camera would (zxing), is the link the page copies; the service draws it only for a token
    of the game, for the seat that token opens."""
    import io

    import zxingcpp
    from PIL import Image

    from tests.pages.test_new_burnrate import create, fill_in

    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fill_in(page, ["joe", "ruth"], dealer="joe")
    create(page)
    created = page.get_by_role("region", name="Game created")
    created.get_by_role("button", name="Show ruth's join link as a QR code").click()
    code = page.get_by_role("row", name="ruth").get_by_role("img", name="The join link of ruth")
    [read] = zxingcpp.read_barcodes(Image.open(io.BytesIO(code.screenshot())))
    created.get_by_role("button", name="Copy ruth's join link").click()
    expect(page.get_by_role("row", name="ruth")).to_contain_text("Join link copied")
    assert read.text == page.evaluate("navigator.clipboard.readText()")

    game_id = created.locator("code").inner_text()
    drawn = page.request.post(f"/games/{game_id}/join-code.svg")
    assert drawn.status == 401 and drawn.json()["type"] == "/problems/unauthorized"
    other = page.request.post("/api/games", data={"kind": "toy", "players": ["a", "b"]}).json()
    drawn = page.request.post(f"/games/{game_id}/join-code.svg",
                              headers={"Authorization": f"Bearer {other['token']}"})  # fmt: skip
    assert drawn.status == 403 and drawn.json()["type"] == "/problems/forbidden"
