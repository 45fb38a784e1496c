"""The record panel offers only what the game's rules allow now (GET /api/games/<id>/choices),
on the game page, on a phone and a desktop: FCM's recruit form only the cards a chain may
recruit, a structure only the legal bosses; Burn Rate's first hire only the piles whose
employee may join. What is left out is told with its rule, a refusal is still shown beside
its field with the rule's id, and axe finds nothing with the form open."""

import json

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_restructuring import at_turn_five, hired, ids
from tests.games.fcm.test_working import working
from tests.pages.axe import VIEWPORTS, assert_accessible


def hold_seat(page, game_id, seat, token):
    """This device holds `seat`'s token, as js/seats.js keeps it."""
    value = json.dumps({"seat": seat, "token": token})
    key = json.dumps(f"tablelog.seat.{game_id}")
    page.add_init_script(f"localStorage.setItem({key}, {json.dumps(value)})")


def open_game(page, body, seat, viewport):
    page.set_viewport_size(viewport)
    created = page.request.post("/api/games", data=body)
    assert created.status == 201, created.text()
    game = created.json()
    hold_seat(page, game["id"], seat, game["seats"][seat])
    page.goto(f"/games/{game['id']}")
    return game["id"]


def opened(page, title):
    """The record form `title`, opened, once the rules' choices are in it."""
    form = page.locator("#record-panel details.record-form",
                        has=page.locator("summary", has_text=title))  # fmt: skip
    if form.get_attribute("open") is None:
        form.locator("summary").first.click()
    expect(form.locator("form")).to_have_attribute("data-choices", "ready")
    return form


def options(select):
    return select.locator("option").evaluate_all("(all) => all.map((o) => o.value)")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_recruit_form_offers_only_recruitable_cards(page, viewport):
    """FCM-RECRUIT-2: bob holds every waitress and one pricing manager is left: ann's recruit
    form offers the entry-level cards in the stock, no waitress and no card above entry level;
    it tells what it left out and why; two pricing managers are refused beside the card."""
    state = working(ann_work=["recruiting_girl"], bob_takes=["waitress"]).state
    hired(
        state, "bob", *["pricing_manager"] * (state["supply"]["employees"]["pricing_manager"] - 1)
    )
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Recruited")
    form.get_by_role("button", name="Add to Cards").click()
    card = form.get_by_label("Card 1", exact=True)
    offered = options(card)
    assert "kitchen_trainee" in offered and "pricing_manager" in offered
    assert "waitress" not in offered and "cfo" not in offered
    expect(card.locator("option", has_text="Pricing Manager (1 in the stock)")).to_have_count(1)
    left_out = form.locator("details.left-out").first
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("FCM-RECRUIT-2")
    expect(left_out.locator("li", has_text="Waitress (0 in the stock)")).to_have_count(1)
    assert_accessible(page, f"the recruit form, {viewport}")

    card.select_option("pricing_manager")
    form.get_by_role("button", name="Add to Cards").click()
    form.get_by_label("Card 2", exact=True).select_option("pricing_manager")
    form.get_by_role("button", name="Record").click()
    refusal = form.get_by_role("alert")
    expect(refusal).to_contain_text("no Pricing Manager is left in the stock")
    expect(refusal.get_by_role("link", name="FCM-RECRUIT-2")).to_be_visible()
    beside = form.locator(".field-error .error-message")
    expect(beside).to_have_text("no Pricing Manager is left in the stock (FCM-RECRUIT-2)")
    assert_accessible(page, f"the recruit form refused, {viewport}")

    form.get_by_role("button", name="Remove Card 2").click()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["cards"] == ["pricing_manager"]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_structure_offers_only_legal_bosses(page, viewport):
    """FCM-RESTR-2: ann's trainer may report to her CEO or to the management trainee in her
    hand; the management trainee to the CEO only; the waitress never heads anyone."""
    state = at_turn_five(ann=["management_trainee", "trainer"]).state
    [ceo], [manager] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    [trainer] = ids(state, "ann", "trainer")
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Structure chosen")
    trainer_boss = form.get_by_label("Trainer", exact=True)
    manager_boss = form.get_by_label("Management Trainee", exact=True)
    assert options(trainer_boss) == ["", ceo, manager]
    assert options(manager_boss) == ["", ceo]
    assert_accessible(page, f"the structure form, {viewport}")

    trainer_boss.select_option(manager)
    manager_boss.select_option(ceo)
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["structure"] == {trainer: manager, manager: ceo}


def employee(name, department, skill, vp=False):
    return {"name": name, "department": department, "skill": skill, "salary": 2, "vp": vp,
            "engineer": False}  # fmt: skip


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_first_hire_offers_only_the_piles_whose_employee_may_join(page, viewport):
    """BR-VP-2: joe took the Finance VP and the pile now shows another: his next pick is
    offered every pile but Finance, which is told as left out with its rule."""
    pool = {d: employee(f"{d.title()} One", d, 1) for d in ("sales", "development", "hr")}
    pool["finance"] = employee("Ben Zhao", "finance", 3, vp=True)
    body = {"kind": "burnrate", "players": ["joe", "ruth"],
            "options": {"dealer": "joe", "labor_pool": pool}}  # fmt: skip
    created = page.request.post("/api/games", data=body).json()
    game_id, seats = created["id"], created["seats"]
    for player, department, revealed in (
        ("joe", "finance", employee("Vera Vee", "finance", 2, vp=True)),
        ("ruth", "sales", employee("Sales Two", "sales", 2)),
    ):
        answer = page.request.post(
            f"/api/games/{game_id}/events",
            headers={"Authorization": f"Bearer {seats[player]}"},
            data={"type": "burnrate.employee_drafted", "actor": f"player:{player}",
                  "payload": {"player": player, "department": department, "revealed": revealed}},
        )  # fmt: skip
        assert answer.status == 201, answer.text()
    page.set_viewport_size(viewport)
    hold_seat(page, game_id, "joe", seats["joe"])
    page.goto(f"/games/{game_id}")
    form = opened(page, "Employee drafted")
    pile = form.get_by_label("Pile (and the employee face up on it)")
    assert options(pile) == ["", "sales", "development", "hr"]
    left_out = form.locator("details.left-out")
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("finance: Vera Vee")
    expect(left_out).to_contain_text("(BR-VP-2)")
    assert_accessible(page, f"the first hire's form, {viewport}")


def burn_rate_after_the_first_hire(page, viewport):
    """joe and ruth after the first hire (test_record_burnrate's picks), ruth to play; this
    device holds the table's seat."""
    from tests.pages.test_record_burnrate import after_the_first_hires

    game_id, table_token, seats = after_the_first_hires(page)
    page.set_viewport_size(viewport)
    hold_seat(page, game_id, "table", table_token)
    page.goto(f"/games/{game_id}")
    return game_id


def judged(page, game_id, event_type, field):
    query = {"actor": "player:ruth", "type": event_type}
    answer = page.request.get(f"/api/games/{game_id}/choices", params=query).json()
    return answer["fields"][field]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_bad_hires_piles_wait_for_its_target_and_follow_it(page, viewport):
    """BR-PLAY-3, BR-VP-2: the table records ruth's BAD HIRE: joe is the one opponent offered,
    the piles and the cards are offered once a target is chosen: the piles whose employee may
    join the target's company and the cards that match the target's HR head, as the service
    judges them."""
    game_id = burn_rate_after_the_first_hire(page, viewport)
    form = opened(page, "Bad hire played")
    pile = form.get_by_label("Pile (and the employee face up on it)")
    expect(pile.locator("option")).to_have_text(["Choose the target first"])
    target = form.get_by_label("Target", exact=True)
    assert options(target) == ["", "joe"]
    target.select_option("joe")
    offer = judged(page, game_id, "burnrate.bad_hire_played", "department")["offer"]
    piles = [entry["label"] for entry in offer if entry["value"] is not None]
    assert piles and len(piles) == len(offer)  # someone may join joe's company
    expect(pile.locator("option")).to_have_text(["Choose", *piles])
    cards = judged(page, game_id, "burnrate.bad_hire_played", "card")["offer"]
    matching = [entry["label"] for entry in cards if entry["when"] == {"target": "joe"}]
    shown = form.get_by_label("Which card").first.locator("option:not([hidden])")
    expect(shown).to_have_text(["As printed (enter it below)", *matching])
    assert_accessible(page, f"the BAD HIRE form, {viewport}")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_funding_offers_only_the_cards_that_match_the_finance_head(page, viewport):
    """BR-PLAY-2: ruth's Finance head has skill 1: among the FUNDING cards as printed, by the
    money they bring, only those showing a 1 are offered; the others are told as left out."""
    game_id = burn_rate_after_the_first_hire(page, viewport)
    form = opened(page, "Funding played")
    which = form.get_by_label("Which card")
    shown = which.locator("option:not([hidden])")
    card = judged(page, game_id, "burnrate.funding_played", "card")
    allowed = [entry["label"] for entry in card["offer"]]
    assert allowed and card["left_out"]
    expect(shown).to_have_text(["As printed (enter it below)", *allowed])
    form.locator("details.left-out summary").click()
    expect(form.locator("details.left-out")).to_contain_text("(BR-PLAY-2)")
    assert_accessible(page, f"the FUNDING form, {viewport}")
    which.select_option(allowed[-1])
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_cooks_food_is_offered_once_the_cook_is_chosen(page, viewport):
    """FCM-FOOD-1: of ann's cards at work only the kitchen trainee takes food; the food waits
    for the cook, then offers what the cook prints, and the errand boy is told as left out."""
    state = working(ann_work=["kitchen_trainee", "errand_boy"]).state
    [cook] = ids(state, "ann", "kitchen_trainee")
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Food taken")
    food = form.get_by_role("group", name="Food")
    expect(food).to_contain_text("Choose the cook first.")
    expect(food.get_by_role("radio")).to_have_count(0)  # hidden: none may be taken yet
    cooks = form.get_by_label("Cook", exact=True)
    assert options(cooks) == ["", cook]
    form.locator("details.left-out summary").first.click()
    expect(form.locator("details.left-out").first).to_contain_text("Errand Boy")
    cooks.select_option(cook)
    expect(food.get_by_role("radio")).to_have_count(2)
    assert_accessible(page, f"the food form, {viewport}")
    food.get_by_label("pizza").check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"] == {"player": "ann", "cook": cook, "food": "pizza"}
