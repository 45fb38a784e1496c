"""A Deluxe firing sealed on the device offers only what its reveal will fire (#32 item 2), on
the game page, on a phone and a desktop: a chain's own firing its cards but the CEO and busy
marketeers, a firing that must let it pay the whole firings that do (FCM-PAY-1, FCM-PAY-2),
the cards in words; what is sealed is what was chosen. axe finds nothing with the form open."""

import pytest
from playwright.sync_api import expect

from games.sealed import seal
from tests.games.fcm.table import Table, nonce
from tests.games.fcm.test_payday import at_payday, firing
from tests.games.fcm.test_restructuring import ids
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game
from tests.pages.test_record_fcm_narrowed import on_the_beach, opened_type, position_body


def kept(page, game_id, player):
    key = f"tablelog.sealed.{game_id}.{player}.fcm.firing_sealed"
    return page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", key)


def sealed_now(page, game_id, player):
    state = page.request.get(f"/api/games/{game_id}/state").json()["state"]
    return state["payday"]["sealed"][player]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_sealed_firing_offers_only_the_cards_the_reveal_will_fire(page, viewport):
    """FCM-PAY-1: bob's sealed firing offers his two kitchen trainees, never his CEO or his
    busy brand manager, which are told as left out in words; the one chosen is sealed."""
    state = on_the_beach(at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe").state)
    game_id = open_game(page, position_body(state), "bob", viewport)
    form = opened_type(page, "fcm.firing_sealed")
    form.get_by_role("button", name="Add to Cards").click()
    card = form.get_by_label("Card 1", exact=True)
    expect(card.locator("option")).to_have_text(
        ["Choose", "Kitchen Trainee (1st)", "Kitchen Trainee (2nd)"]
    )
    left_out = form.locator("details.left-out").first
    left_out.locator("summary").click()
    expect(left_out).to_contain_text("bob may not fire their CEO (FCM-PAY-1)")
    expect(left_out).to_contain_text("Brand Manager")
    assert_accessible(page, f"bob's sealed firing, {viewport}")
    card.select_option(label="Kitchen Trainee (2nd)")
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    secret = kept(page, game_id, "bob")
    assert secret["choice"] == [ids(state, "bob", "kitchen_trainee")[1]]
    assert sealed_now(page, game_id, "bob") == seal(secret["choice"], secret["nonce"])


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_sealed_firing_to_pay_chooses_among_the_whole_firings_that_let_it_pay(page, viewport):
    """FCM-PAY-2: ann owes $15 with $10 once every first firing is revealed: her second
    firing, sealed, offers the firings that let her pay, each one card of her salaried three,
    in words; the one chosen fills the list in and is what the device seals."""
    table = at_payday(ann=["burger_cook", "pizza_cook"], cash={"ann": 10, "bob": 100},
                      edition="deluxe")  # fmt: skip
    table = Table(table.state["players"], position=on_the_beach(table.state))
    for player in ("ann", "bob"):
        table.record("firing_sealed", player=player, commitment=firing([], player))
    for player in ("ann", "bob"):
        table.record("firing_revealed", player=player, cards=[], nonce=nonce(player))
    state = Table(table.state["players"], position=table.state).state
    game_id = open_game(page, position_body(state), "ann", viewport)
    form = opened_type(page, "fcm.firing_sealed")
    which = form.get_by_label("Which cards", exact=True)
    expect(which.locator("option")).to_have_text(
        ["Choose a firing that lets ann pay", "Burger Cook", "CFO", "Pizza Cook"]
    )
    assert_accessible(page, f"ann's sealed firing to pay, {viewport}")
    which.select_option(label="Pizza Cook")
    [cook] = ids(state, "ann", "pizza_cook")
    expect(form.get_by_label("Card 1", exact=True)).to_have_value(cook)
    expect(form.get_by_label("Card 2", exact=True)).to_have_count(0)
    assert_accessible(page, f"ann's sealed firing to pay, chosen, {viewport}")
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    secret = kept(page, game_id, "ann")
    assert secret["choice"] == [cook]
    assert sealed_now(page, game_id, "ann") == seal([cook], secret["nonce"])
