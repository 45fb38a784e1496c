"""The API docs at /api/docs in a browser: Swagger UI, loaded from this service alone, tries a
write out with a game's token. The examples follow one game of Burn Rate (its event types'
examples): created as its example says, joe's first hire is the example to record."""

import re

from playwright.sync_api import expect

from games.burnrate.event_types import CREATED, EMPLOYEE_DRAFTED

APPEND = "/api/games/{game_id}/events"
PADLOCK = re.compile("^authorization button")  # an operation that takes the write token


def try_out_joes_first_hire(page):
    """Create the example game, then on /api/docs authorize with joe's seat token, try out
    the append with the example of his first hire and execute it. The game's id, the token,
    and the append's operation on the page."""
    created = page.request.post("/api/games", data=CREATED.example_body()).json()
    game_id, token = created["id"], created["seats"]["joe"]

    page.goto("/api/docs")
    page.get_by_role("button", name="Authorize").click()
    authorizations = page.locator(".modal-ux")  # Swagger UI's, not an ARIA dialog
    # a game's write token, beside the key for tools each scheme in a form of its own
    write_token = authorizations.locator(".auth-container", has_text="writeToken (http, Bearer)")
    write_token.get_by_role("textbox").fill(token)
    write_token.get_by_role("button", name="Apply credentials").click()
    authorizations.get_by_role("button", name="Close").first.click()

    append = page.locator(f'.opblock-post:has(.opblock-summary-path[data-path="{APPEND}"])')
    append.locator(".opblock-summary-control").click()
    append.get_by_role("button", name="Try it out").click()
    append.get_by_role("textbox", name="game_id").fill(game_id)
    append.locator("select.examples-select-element").select_option(EMPLOYEE_DRAFTED.name)
    expect(append.get_by_role("tabpanel", name="Edit Value")).to_contain_text("Mary DeLany")
    append.get_by_role("button", name="Execute").click()
    expect(append.locator(".live-responses-table tr.response .response-col_status")).to_have_text(
        "201"
    )
    return game_id, token, append


def test_a_write_tried_out_with_a_seats_token_is_recorded(page, site):
    asked, errors = [], []
    page.on("request", lambda request: asked.append(request))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))

    game_id, token, _ = try_out_joes_first_hire(page)

    [sent] = [r for r in asked if r.method == "POST" and r.url.endswith(f"/{game_id}/events")]
    assert sent.headers["authorization"] == f"Bearer {token}"
    log = page.request.get(f"/api/games/{game_id}/events").json()["items"]
    hire = EMPLOYEE_DRAFTED.example_body()
    assert [event["seq"] for event in log] == [1, 2]
    assert {key: log[1][key] for key in hire} == hire
    assert "recorded_by" not in log[1]  # joe's own seat, not the table's recorder
    assert all(r.url.startswith(f"{site}/") for r in asked), [r.url for r in asked]
    assert errors == []  # among them, whatever the page's policy refused


def test_the_page_works_offline_and_shows_the_token_and_every_example(page, site):
    """Every request but this service's is refused, as offline: the page still draws every
    operation, a padlock on each that takes the write token and on no other, and the
    append's example body for every event type."""
    elsewhere = []

    def only_here(route):
        if route.request.url.startswith(f"{site}/"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_here)
    spec = page.request.get("/api/openapi.json").json()
    operations = [
        op for item in spec["paths"].values() for op in item.values() if "responses" in op
    ]
    page.goto("/api/docs")

    expect(page.locator(".opblock")).to_have_count(len(operations))
    writes = [op for op in operations if op.get("security")]
    expect(page.get_by_role("button", name=PADLOCK)).to_have_count(len(writes))
    append = page.locator(f'.opblock-post:has(.opblock-summary-path[data-path="{APPEND}"])')
    expect(append.get_by_role("button", name=PADLOCK)).to_be_visible()
    append.locator(".opblock-summary-control").click()
    examples = spec["paths"][APPEND]["post"]["requestBody"]["content"]["application/json"]
    options = append.locator("select.examples-select-element option")
    expect(options).to_have_text(list(examples["examples"]))
    assert EMPLOYEE_DRAFTED.name in examples["examples"]
    assert elsewhere == []
