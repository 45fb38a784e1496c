"""Food Chain Magnate's record forms offer what the rules allow and start where the table
most likely is (#32 items 2 and 4), on the game page, on a phone and a desktop: the structure
starts from last turn's; the acting cards and the fired cards are only those the rules let act
or go, in words; axe finds nothing with the form open."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_choices import after_a_turn_at_work
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game, opened


def position_body(state):
    return {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}


def on_the_beach(state):
    """The state with the cards in hand on the beach, as they are after restructuring."""
    for chain in state["chains"].values():
        for card in chain["cards"]:
            card["place"] = "beach" if card["place"] == "hand" else card["place"]
    return state


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_structure_form_starts_from_last_turn_s_structure(page, viewport):
    """#32 item 4: after a turn with her waitress and manager under her CEO and her trainer
    under the manager, ann's structure form starts so, her CFO on the beach; she sends her
    waitress to the beach, and that choice stays while the form is offered again; recorded,
    the rest is last turn's structure."""
    state = after_a_turn_at_work().state
    [ceo], [manager] = ids(state, "ann", "ceo"), ids(state, "ann", "management_trainee")
    [trainer] = ids(state, "ann", "trainer")
    game_id = open_game(page, position_body(state), "ann", viewport)
    form = opened(page, "Structure chosen")
    expect(form.get_by_label("Trainer", exact=True)).to_have_value(manager)
    expect(form.get_by_label("Management Trainee", exact=True)).to_have_value(ceo)
    expect(form.get_by_label("Waitress", exact=True)).to_have_value(ceo)
    expect(form.get_by_label("CFO", exact=True)).to_have_value("")
    assert_accessible(page, f"the structure form as last turn's, {viewport}")

    form.get_by_label("Waitress", exact=True).select_option("")
    form.get_by_label("CFO", exact=True).select_option(ceo)
    form.get_by_label("CFO", exact=True).select_option("")  # the form is offered again
    expect(form.get_by_label("Waitress", exact=True)).to_have_value("")
    expect(form.get_by_label("Trainer", exact=True)).to_have_value(manager)
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["structure"] == {trainer: manager, manager: ceo}


def opened_type(page, event_type):
    """The record form of `event_type`, opened, once the rules' choices are in it."""
    form = page.locator(f'#record-panel details.record-form[data-type="{event_type}"]')
    if form.get_attribute("open") is None:
        form.locator("summary").first.click()
    expect(form.locator("form")).to_have_attribute("data-choices", "ready")
    return form


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_campaign_s_marketeer_and_a_drinks_route_s_card_are_only_those_that_may_act(
    page, viewport
):
    """#32 item 2, FCM-MKT-1, FCM-FOOD-3: ann works a kitchen trainee, a marketing trainee and
    a cart operator under her CEO. The campaign's marketeer offers the marketing trainee alone,
    never the CEO or the kitchen trainee; the drinks collected offer the cart operator alone;
    each says in words what it left out, no card's id."""
    state = working(ann_work=["kitchen_trainee", "marketing_trainee", "cart_operator"]).state
    open_game(page, position_body(state), "ann", viewport)
    form = opened(page, "Campaign placed")
    marketeer = form.get_by_label("Marketeer", exact=True)
    expect(marketeer.locator("option")).to_have_text(["Choose", "Marketing Trainee, at work"])
    left_out = form.locator("details.left-out").first
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("Kitchen Trainee is not a marketeer (FCM-MKT-1)")
    assert "-" not in left_out.inner_text().replace("FCM-MKT-1", "")
    assert_accessible(page, f"the campaign form, {viewport}")
    form.locator("summary").first.click()  # closed again

    form = opened(page, "Drinks collected")
    card = form.get_by_label("Card", exact=True)
    expect(card.locator("option")).to_have_text(["Choose", "Cart Operator"])
    left_out = form.locator("details.left-out").first
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("Kitchen Trainee")
    assert "_" not in left_out.inner_text()
    assert_accessible(page, f"the drinks route form, {viewport}")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_firing_offers_only_the_cards_a_chain_may_fire(page, viewport):
    """#32 item 2, FCM-PAY-1: bob's firing offers his two kitchen trainees, in words, never
    his CEO or his busy brand manager, which are told as left out."""
    from tests.games.fcm.test_payday import at_payday

    state = on_the_beach(at_payday(cash={"ann": 100, "bob": 100}).state)
    game_id = open_game(page, position_body(state), "bob", viewport)
    form = opened_type(page, "fcm.fired")
    form.get_by_role("button", name="Add to Cards").click()
    card = form.get_by_label("Card 1", exact=True)
    expect(card.locator("option")).to_have_text(
        ["Choose", "Kitchen Trainee (1st)", "Kitchen Trainee (2nd)"]
    )
    left_out = form.locator("details.left-out").first
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("bob may not fire their CEO (FCM-PAY-1)")
    expect(left_out).to_contain_text("Brand Manager")
    assert_accessible(page, f"bob's firing, {viewport}")
    card.select_option(label="Kitchen Trainee (2nd)")
    expect(card).to_have_value(ids(state, "bob", "kitchen_trainee")[1])
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["cards"] == [ids(state, "bob", "kitchen_trainee")[1]]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_chain_that_must_fire_chooses_among_the_whole_firings_that_let_it_pay(page, viewport):
    """#32 item 2, FCM-PAY-2: ann owes $15 with $10 after every first firing: the form offers
    the firings that let her pay, each one card of her salaried three, in words; the one
    chosen fills the list in and is recorded."""
    from tests.games.fcm.table import Table
    from tests.games.fcm.test_payday import at_payday

    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100})
    table = Table(table.state["players"], position=on_the_beach(table.state))
    for player in ("ann", "bob"):
        table.record("fired", player=player, cards=[])
    state = Table(table.state["players"], position=table.state).state
    game_id = open_game(page, position_body(state), "ann", viewport)
    form = opened_type(page, "fcm.fired")
    which = form.get_by_label("Which cards", exact=True)
    expect(which.locator("option")).to_have_text(
        ["Choose a firing that lets ann pay", "Burger Cook", "CFO", "Pizza Cook"]
    )
    assert_accessible(page, f"ann's firing to pay, {viewport}")
    which.select_option(label="Pizza Cook")
    [cook] = ids(state, "ann", "pizza_cook")
    expect(form.get_by_label("Card 1", exact=True)).to_have_value(cook)
    expect(form.get_by_label("Card 2", exact=True)).to_have_count(0)
    expect(which).to_have_value("2")
    assert_accessible(page, f"ann's firing to pay, chosen, {viewport}")
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["cards"] == [cook]
