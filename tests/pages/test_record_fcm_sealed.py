"""FCM's sealed choices through the record panel, in a browser: bob's device seals his $200
reserve card (it makes the nonce, posts only the commitment and keeps the choice), and once
the bank broke its reveal form comes filled in from what the device kept, and is accepted;
a structure face down and a Deluxe firing the same way."""

import copy
import json

from playwright.sync_api import expect

from games.fcm import reserve_commitment
from games.fcm.event_types import EXAMPLE_LAYOUT
from games.sealed import seal
from tests.games.fcm.table import legal_spot, nonce, turn_five
from tests.games.fcm.test_payday import at_payday
from tests.games.fcm.test_restructuring import ids
from tests.pages.record_host import hold, host

KEPT = "tablelog.sealed.{game}.{player}.fcm.reserve_card_sealed"


def new_game(page, **options):
    body = {"kind": "fcm", "players": ["ann", "bob"],
            "options": {"turn_order": ["ann", "bob"], **options}}  # fmt: skip
    created = page.request.post("/api/games", data=body).json()
    return created["id"], created["seats"]


def record(page, game_id, seats, type_name, **payload):
    player = payload["player"]
    body = {"type": f"fcm.{type_name}", "actor": f"player:{player}", "payload": payload}
    headers = {"Authorization": f"Bearer {seats[player]}"}
    answer = page.request.post(f"/api/games/{game_id}/events", data=body, headers=headers)
    assert answer.status == 201, answer.json()


def state_of(page, game_id):
    return page.request.get(f"/api/games/{game_id}/state").json()["state"]


def after_the_starting_restaurants(page):
    game_id, seats = new_game(page, layout=EXAMPLE_LAYOUT)
    for player in ("bob", "ann"):  # last in turn order first
        top_left, entrance = legal_spot(state_of(page, game_id))
        record(page, game_id, seats, "starting_restaurant_placed", player=player,
               top_left=top_left, entrance=entrance)  # fmt: skip
    assert state_of(page, game_id)["phase"] == "setup_reserve"
    return game_id, seats


def kept(page, key):
    return page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", key)


def test_a_reserve_card_sealed_on_the_device_and_revealed_from_what_it_kept(page, live_server):
    game_id, seats = after_the_starting_restaurants(page)
    host(page, live_server, game_id, seat="bob", token=seats["bob"])
    panel = page.locator("#record-panel")
    form = panel.locator('details.record-form[data-type="fcm.reserve_card_sealed"]')
    expect(form).to_contain_text(
        "kept on this device until you reveal it; if this device is lost, the choice cannot be"
        " revealed"
    )
    expect(form.get_by_label("Commitment")).to_have_count(0)  # the device makes it
    form.get_by_label("200").check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")

    secret = kept(page, KEPT.format(game=game_id, player="bob"))
    assert secret["choice"] == 200 and len(secret["nonce"]) == 32
    int(secret["nonce"], 16)
    commitment = state_of(page, game_id)["chains"]["bob"]["reserve"]["commitment"]
    assert commitment == reserve_commitment(200, secret["nonce"]) == secret["commitment"]
    [event] = page.evaluate("window.recorded")[0]["events"]
    assert event["payload"] == {"player": "bob", "commitment": commitment}  # the card stays secret

    # ann seals through the API; then the same table, declared again with the bank broken
    # once. This device's kept choice goes with it to the new game's id.
    record(page, game_id, seats, "reserve_card_sealed", player="ann",
           commitment=reserve_commitment(100, nonce("ann")))  # fmt: skip
    position = copy.deepcopy(state_of(page, game_id))
    position.update(phase="dinnertime", order_of_business=None, working=None)
    position["bank"]["breaks"] = 1
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": True}
    broken_id, broken_seats = new_game(page, position=position)
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [KEPT.format(game=broken_id, player="bob"), json.dumps(secret)],
    )
    hold(page, broken_id, "bob", broken_seats["bob"], reload=False)
    host(page, live_server, broken_id)

    form = panel.locator('details.record-form[data-type="fcm.reserve_card_revealed"]')
    expect(form).to_contain_text("Filled in from what this device kept")
    expect(form.get_by_label("200")).to_be_checked()
    expect(form.get_by_label("Nonce")).to_have_value(secret["nonce"])
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")
    assert state_of(page, broken_id)["chains"]["bob"]["reserve"]["revealed"] == 200
    assert kept(page, KEPT.format(game=broken_id, player="bob")) is None  # nothing left to keep


def test_with_nothing_kept_the_reveal_is_typed(page, live_server):
    game_id, seats = after_the_starting_restaurants(page)
    for player in ("ann", "bob"):
        record(page, game_id, seats, "reserve_card_sealed", player=player,
               commitment=reserve_commitment(300, nonce(player)))  # fmt: skip
    position = copy.deepcopy(state_of(page, game_id))
    position.update(phase="dinnertime", order_of_business=None, working=None)
    position["bank"]["breaks"] = 1
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": True}
    broken_id, broken_seats = new_game(page, position=position)
    host(page, live_server, broken_id, seat="bob", token=broken_seats["bob"])
    form = page.locator('#record-panel details.record-form[data-type="fcm.reserve_card_revealed"]')
    expect(form).to_contain_text("This device kept nothing for this choice")
    expect(form.get_by_label("Nonce")).to_have_value("")
    form.get_by_label("300").check()
    form.get_by_label("Nonce").fill(nonce("bob"))
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")
    assert state_of(page, broken_id)["chains"]["bob"]["reserve"]["revealed"] == 300


def test_a_structure_sealed_face_down_with_the_structure_picker_and_revealed(page, live_server):
    """The structure is asked for as fcm.structure_chosen asks for it (a boss for each card of
    the hand), sealed as canonical JSON, and turned face up from what the device kept."""
    game_id, seats = new_game(page, position=turn_five())
    host(page, live_server, game_id, seat="bob", token=seats["bob"])
    form = page.locator('#record-panel details.record-form[data-type="fcm.structure_sealed"]')
    form.locator(":scope > summary").click()
    expect(form).to_contain_text("kept on this device until you reveal it")
    structure = {"kitchen_trainee-5": "ceo-2", "kitchen_trainee-6": "ceo-2"}
    # both in hand: told apart by their order in the chain (#20, item 6)
    named = dict(zip(structure, ["Kitchen Trainee (1st)", "Kitchen Trainee (2nd)"], strict=True))
    for card, boss in structure.items():
        form.get_by_label(named[card], exact=True).select_option(boss)
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")
    key = f"tablelog.sealed.{game_id}.bob.fcm.structure_sealed"
    secret = kept(page, key)
    assert secret["choice"] == structure
    sealed_now = state_of(page, game_id)["restructuring"]["bob"]["sealed"]
    assert sealed_now == seal(structure, secret["nonce"])

    record(page, game_id, seats, "structure_chosen", player="ann", structure={})
    page.evaluate("window.hostLoad()")
    form = page.locator('#record-panel details.record-form[data-type="fcm.structure_revealed"]')
    expect(form).to_contain_text("Filled in from what this device kept")
    for card, boss in structure.items():
        expect(form.get_by_label(named[card], exact=True)).to_have_value(boss)
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "2")
    cards = {card["id"]: card for card in state_of(page, game_id)["chains"]["bob"]["cards"]}
    assert [cards[card]["boss"] for card in structure] == ["ceo-2", "ceo-2"]
    assert kept(page, key) is None


def test_a_deluxe_firing_sealed_with_the_cards_to_fire_and_revealed(page, live_server):
    """The cards to fire are asked for as fcm.fired asks for them, sealed as a JSON list, and
    the reveal's list is made again from what the device kept."""
    position = at_payday(cash={"ann": 100, "bob": 100}, edition="deluxe").state
    [waitress] = ids(position, "ann", "waitress")
    [card] = [card for card in position["chains"]["ann"]["cards"] if card["id"] == waitress]
    card.update(place="work", boss="ceo-1")  # at work this turn, as the picker offers
    game_id, seats = new_game(page, position=position)
    host(page, live_server, game_id, seat="ann", token=seats["ann"])
    form = page.locator('#record-panel details.record-form[data-type="fcm.firing_sealed"]')
    expect(form).to_contain_text("kept on this device until you reveal it")
    form.get_by_role("button", name="Add to Cards").click()
    form.get_by_label("Card 1", exact=True).select_option(waitress)
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "1")
    key = f"tablelog.sealed.{game_id}.ann.fcm.firing_sealed"
    secret = kept(page, key)
    assert secret["choice"] == [waitress]
    sealed_now = state_of(page, game_id)["payday"]["sealed"]["ann"]
    assert sealed_now == seal([waitress], secret["nonce"])

    record(page, game_id, seats, "firing_sealed", player="bob", commitment=seal([], nonce("bob")))
    page.evaluate("window.hostLoad()")
    form = page.locator('#record-panel details.record-form[data-type="fcm.firing_revealed"]')
    expect(form).to_contain_text("Filled in from what this device kept")
    expect(form.get_by_label("Card 1", exact=True)).to_have_value(waitress)
    form.get_by_role("button", name="Record").click()
    expect(page.locator("#record")).to_have_attribute("data-recorded", "2")
    assert waitress not in ids(state_of(page, game_id), "ann", "waitress")
    assert kept(page, key) is None
