"""A new game of Burn Rate through the form at /games/new?kind=burnrate, in a browser."""

from playwright.sync_api import expect

LABOR_POOL = {  # pile: name, skill, salary, VP
    "Sales": ("Martin Able", "1", "1", False),
    "Development": ("Brad Duke", "2", "2", False),
    "HR": ("Tony Fuji", "1", "1", False),
    "Finance": ("Ben Zhao", "3", "3", True),
}


def fill_in(page, players, dealer):
    page.goto("/games/new?kind=burnrate")
    for n, name in enumerate(players):
        page.get_by_label(f"Player {n + 1}").fill(name)
    page.get_by_label("Dealer").select_option(dealer)
    for pile, (name, skill, salary, vp) in LABOR_POOL.items():
        group = page.get_by_role("group", name=pile, exact=True)
        group.get_by_label("Name").fill(name)
        group.get_by_label("Skill").fill(skill)
        group.get_by_label("Salary").fill(salary)
        group.get_by_label("VP").set_checked(vp)


def create(page):
    page.get_by_role("button", name="Create the game").click()


def test_the_form_creates_the_game_shows_its_tokens_once_and_keeps_one(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    fill_in(page, ["joe", "ruth"], dealer="joe")
    create(page)

    created = page.get_by_role("region", name="Game created")
    expect(created).to_contain_text("Each token is shown once, here, and never again.")
    game_id = created.locator("code").inner_text()
    seats = {"table": "The table's recorder", "joe": "joe", "ruth": "ruth"}
    tokens = {
        seat: page.get_by_label(f"{label}'s token").input_value() for seat, label in seats.items()
    }
    assert len(set(tokens.values())) == 3 and all(len(token) >= 40 for token in tokens.values())

    page.get_by_role("row", name="joe").get_by_role("button", name="Copy", exact=True).click()
    expect(page.get_by_role("row", name="joe")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == tokens["joe"]

    held = f"JSON.parse(localStorage.getItem('tablelog.seat.{game_id}'))"
    assert page.evaluate(held) == {"seat": "table", "token": tokens["table"]}
    page.get_by_label("ruth (records ruth's actions only)").check()
    expect(created).to_contain_text("This device keeps the token of ruth for this game.")
    assert page.evaluate(held) == {"seat": "ruth", "token": tokens["ruth"]}

    # the token shown is the seat's: joe hires from his own
    hire = {
        "type": "burnrate.employee_drafted",
        "actor": "player:joe",
        "payload": {"player": "joe", "department": "finance", "revealed": None},
    }
    joe = {"Authorization": f"Bearer {tokens['joe']}"}
    assert page.request.post(f"/api/games/{game_id}/events", data=hire, headers=joe).status == 201

    created.get_by_role("link", name="All games").click()
    row = page.get_by_role("row").filter(has_text=game_id)
    expect(row.get_by_role("link", name="Burn Rate")).to_have_attribute("href", f"/games/{game_id}")
    expect(row).to_contain_text("joe, ruth")
    expect(row).to_contain_text("ruth hires")  # what it waits for, after joe's hire
    expect(row.locator("[data-seat-of]")).to_have_text("ruth")


def test_a_refusal_is_summed_up_at_the_top_and_said_beside_its_field(page):
    fill_in(page, ["joe", "joe"], dealer="joe")
    create(page)

    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("There is a problem")
    distinct = "Players, in seating order: player names must be distinct"
    summary.get_by_role("link", name=distinct).click()
    expect(page.get_by_label("Player 1")).to_be_focused()
    players = page.get_by_role("group", name="Players, in seating order")
    expect(players.locator(".error-message")).to_have_text("player names must be distinct")

    page.get_by_label("Player 2").fill("ruth")
    sales = page.get_by_role("group", name="Sales", exact=True)
    sales.get_by_label("Salary").fill("")
    create(page)

    missing = "This field is required."
    expect(summary.get_by_role("link")).to_have_text([f"Sales: Salary: {missing}"])
    expect(players.locator(".error-message")).to_have_count(0)
    expect(sales.get_by_label("Salary")).to_have_attribute("aria-invalid", "true")
    expect(sales.locator(".error-message")).to_have_text(missing)

    sales.get_by_label("Salary").fill("1")
    create(page)
    expect(page.get_by_role("region", name="Game created")).to_be_visible()
    expect(summary).to_be_hidden()


def test_without_script_the_form_says_it_needs_one_and_cannot_be_sent(browser, site):
    context = browser.new_context(base_url=site, java_script_enabled=False)
    page = context.new_page()
    page.goto("/games/new?kind=burnrate")
    notice = page.locator("noscript .notice")  # Playwright's text search passes over <noscript>
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This form needs JavaScript")
    expect(page.get_by_role("button", name="Create the game")).to_be_disabled()
    context.close()


def lose_the_first_answer(page, address: str):
    """The first POST to `address` reaches the service, and its answer never reaches the
    page, as when a tablet leaves the Wi-Fi at the wrong moment."""
    lost = []

    def handle(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch())  # the service takes it and answers
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(address, handle)
    return lost


def burnrate_games(page) -> set[str]:
    return {g["id"] for g in page.request.get("/api/games?kind=burnrate&limit=500").json()["items"]}


def test_creating_again_after_a_lost_answer_shows_the_game_made_not_a_second(page):
    before = burnrate_games(page)
    lost = lose_the_first_answer(page, "**/api/games")
    fill_in(page, ["joe", "ruth"], dealer="joe")
    create(page)
    expect(page.locator("#error-summary")).to_contain_text("could not be reached")
    assert lost[0].status == 201
    create(page)

    created = page.get_by_role("region", name="Game created")
    expect(created.locator("code")).to_have_text(lost[0].json()["id"])
    joe = page.get_by_label("joe's token").input_value()
    assert joe == lost[0].json()["seats"]["joe"]
    assert burnrate_games(page) - before == {lost[0].json()["id"]}
