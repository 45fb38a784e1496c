"""The squares of Food Chain Magnate's record forms narrowed to what the rules allow (#32
item 2), on the game page, on a phone and a desktop: a house's square is chosen from a list of
the squares allowed, in words; a square tapped on the map that the rules refuse is refused
beside the field, with the rule's words, before anything is sent; a restaurant's entrance
offers the corners allowed at the square chosen, a garden added the houses and sides allowed;
axe finds nothing."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_building import house_spots
from tests.games.fcm.test_working import working
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game, opened


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_house_s_square_is_one_of_those_allowed_and_a_tapped_one_refused_is_said(page, viewport):
    """FCM-HOUSE-1: ann's new business developer places a house. "Which square" offers the
    squares the choices allow, in words, and no other; a square tapped on the map where no
    house may go is refused beside the field with the rule's words, its boxes emptied, and
    nothing is sent; a square from the list and a garden side that fits are recorded."""
    state = working(ann_work=["new_business_developer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    form = opened(page, "House placed")
    field = page.request.get(f"/api/games/{game_id}/choices",
                             params={"actor": "player:ann", "type": "fcm.house_placed"}
                             ).json()["fields"]["top_left"]  # fmt: skip
    which = form.get_by_label("Which square")
    labels = [entry["label"] for entry in field["offer"]]
    expect(which.locator("option")).to_have_text(["Choose", *labels])
    assert_accessible(page, f"the house form's squares, {viewport}")

    refused = next(e for e in field["left_out"] if "is a road" in e["message"])
    row, col = refused["value"]
    page.locator(f'.map rect.square[data-square="{row},{col}"]').click()
    said = form.locator(".square-refused")
    expect(said).to_have_text(
        f"row {row}, column {col} is not allowed now: {refused['message']} (FCM-HOUSE-1)"
    )
    assert "is a road" in refused["message"] and f"row {row}, column {col}" in refused["message"]
    expect(form.get_by_label("Row", exact=True)).to_have_value("")
    expect(form.get_by_label("Column", exact=True)).to_have_value("")
    expect(which).to_have_value("")
    assert not [url for url in sent if "/events" in url]
    assert_accessible(page, f"a tapped square refused, {viewport}")

    top_left, side = house_spots(state)[0]
    which.select_option(label=f"row {top_left[0]}, column {top_left[1]}")
    expect(form.get_by_label("Row", exact=True)).to_have_value(str(top_left[0]))
    expect(form.get_by_label("Column", exact=True)).to_have_value(str(top_left[1]))
    expect(said).to_have_count(0)
    form.get_by_label("Developer").select_option(index=1)
    form.get_by_label("Number").select_option(index=1)
    form.get_by_label(side, exact=True).check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["top_left"] == top_left and event["payload"]["garden"] == side


def entrances_at(field, square, **when):
    return [e["value"] for e in field["offer"] if e["when"] == {**when, "top_left": square}]


def shown_radios(form, legend):
    """The values of the radios of the field `legend` a person sees."""
    field = form.locator("fieldset", has=form.page.locator("legend", has_text=legend))
    return field.locator("label:visible input[type=radio]").evaluate_all(
        "(all) => all.map((radio) => radio.value)"
    )


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_restaurant_s_entrances_narrow_to_those_allowed_at_the_square_chosen(page, viewport):
    """FCM-REST-2: ann's regional manager places a restaurant. Before a square is chosen the
    entrance says it waits for the square and offers none; a square chosen from "Which square",
    typed, or tapped on the map offers exactly the corners the choices allow there, and tells
    why the others are not; a road typed is refused and the entrance waits again; one offered
    is recorded; axe finds nothing."""
    state = working(ann_work=["regional_manager"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Restaurant placed")
    fields = page.request.get(f"/api/games/{game_id}/choices",
                              params={"actor": "player:ann", "type": "fcm.restaurant_placed"}
                              ).json()["fields"]  # fmt: skip
    [manager] = {e["when"]["manager"] for e in fields["entrance"]["offer"]}
    form.get_by_label("Manager").select_option(manager)
    entrance = form.locator("fieldset", has=form.page.locator("legend", has_text="Entrance"))
    expect(entrance.locator(".hint", has_text="first")).to_have_text("Choose the square first.")
    assert shown_radios(form, "Entrance") == []
    assert_accessible(page, f"the entrance waiting for its square, {viewport}")

    squares = [e["value"] for e in fields["top_left"]["offer"]]
    some = [s for s in squares if 0 < len(entrances_at(fields["entrance"], s, manager=manager)) < 4]
    roads = [e["value"] for e in fields["top_left"]["left_out"]
             if e["when"] == {"manager": manager} and "is a road" in e["message"]]  # fmt: skip
    # a road typed in the row of the square typed before: one change, the column's
    typed = next(s for s in some[1:] if any(r[0] == s[0] for r in roads))
    road = next(r for r in roads if r[0] == typed[0])
    chosen, tapped = some[0], next(s for s in some[1:] if s != typed)
    form.get_by_label("Which square").select_option(label=f"row {chosen[0]}, column {chosen[1]}")
    want = entrances_at(fields["entrance"], chosen, manager=manager)
    expect(entrance.locator("label:visible")).to_have_count(len(want))
    assert shown_radios(form, "Entrance") == want
    expect(entrance.locator(".hint", has_text="first")).to_have_count(0)
    entrance.locator("summary").click()
    refused = next(e for e in fields["entrance"]["left_out"]
                   if e["when"] == {"manager": manager, "top_left": chosen})  # fmt: skip
    expect(entrance.locator(".left-out")).to_contain_text(refused["message"])
    assert_accessible(page, f"the entrances at the square chosen, {viewport}")

    form.get_by_label("Row", exact=True).fill(str(typed[0]))
    form.get_by_label("Column", exact=True).fill(str(typed[1]))
    form.get_by_label("Column", exact=True).press("Tab")
    want = entrances_at(fields["entrance"], typed, manager=manager)
    expect(entrance.locator("label:visible")).to_have_count(len(want))
    assert shown_radios(form, "Entrance") == want

    form.get_by_label("Row", exact=True).fill(str(road[0]))
    form.get_by_label("Column", exact=True).fill(str(road[1]))
    form.get_by_label("Column", exact=True).press("Tab")
    expect(form.locator(".square-refused")).to_be_visible()
    expect(entrance.locator(".hint", has_text="first")).to_have_text("Choose the square first.")
    assert shown_radios(form, "Entrance") == []

    page.locator(f'.map rect.square[data-square="{tapped[0]},{tapped[1]}"]').click()
    want = entrances_at(fields["entrance"], tapped, manager=manager)
    expect(form.get_by_label("Row", exact=True)).to_have_value(str(tapped[0]))
    expect(entrance.locator("label:visible")).to_have_count(len(want))
    assert shown_radios(form, "Entrance") == want
    form.get_by_label(want[0], exact=True).check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["top_left"] == tapped and event["payload"]["entrance"] == want[0]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_garden_is_added_to_a_house_allowed_on_a_side_allowed(page, viewport):
    """FCM-HOUSE-1: ann's new business developer adds a garden. The house list offers only the
    houses the choices allow; the garden waits for the house, then offers exactly the sides
    allowed beside it; one offered is recorded; axe finds nothing."""
    state = working(ann_work=["new_business_developer"]).state
    body = {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}
    game_id = open_game(page, body, "ann", viewport)
    form = opened(page, "Garden added")
    fields = page.request.get(f"/api/games/{game_id}/choices",
                              params={"actor": "player:ann", "type": "fcm.garden_added"}
                              ).json()["fields"]  # fmt: skip
    house = form.get_by_label("House")
    labels = [e["label"] for e in fields["house"]["offer"]]
    expect(house.locator("option")).to_have_text(["Choose", *labels])
    garden = form.locator("fieldset", has=form.page.locator("legend", has_text="Garden"))
    expect(garden.locator(".hint", has_text="first")).to_have_text("Choose the house first.")
    assert shown_radios(form, "Garden") == []
    assert_accessible(page, f"the garden waiting for its house, {viewport}")

    number = fields["house"]["offer"][0]["value"]
    sides = [e["value"] for e in fields["garden"]["offer"] if e["when"] == {"house": number}]
    house.select_option(str(number))
    expect(garden.locator("label:visible")).to_have_count(len(sides))
    assert shown_radios(form, "Garden") == sides
    assert_accessible(page, f"the sides beside the house chosen, {viewport}")
    form.get_by_label("Developer").select_option(index=1)
    form.get_by_label(sides[0], exact=True).check()
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["house"] == number and event["payload"]["garden"] == sides[0]
