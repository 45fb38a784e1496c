"""Food Chain Magnate's record forms offer what the rules allow and start where the table
most likely is (#32 items 2 and 4), on the game page, on a phone and a desktop: the structure
starts from last turn's; the acting cards and the fired cards are only those the rules let act
or go, in words; axe finds nothing with the form open."""

import pytest
from playwright.sync_api import expect

from tests.games.fcm.test_choices import after_a_turn_at_work
from tests.games.fcm.test_restructuring import ids
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_record_choices import open_game, opened


def position_body(state):
    return {"kind": "fcm", "players": ["ann", "bob"], "options": {"position": state}}


def shot(form, name, viewport):
    """The form as a person sees it, for a person to look at (/tmp/fcm2-*.png)."""
    size = "phone" if viewport == VIEWPORTS["phone"] else "desktop"
    form.screenshot(path=f"/tmp/fcm2-{name}-{size}.png")


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
    shot(form, "structure-default", viewport)

    form.get_by_label("Waitress", exact=True).select_option("")
    form.get_by_label("CFO", exact=True).select_option(ceo)
    form.get_by_label("CFO", exact=True).select_option("")  # the form is offered again
    expect(form.get_by_label("Waitress", exact=True)).to_have_value("")
    expect(form.get_by_label("Trainer", exact=True)).to_have_value(manager)
    form.get_by_role("button", name="Record").click()
    expect(page.locator('#record-panel [data-slot="done"]')).to_contain_text("Recorded")
    event = page.request.get(f"/api/games/{game_id}/events/2").json()
    assert event["payload"]["structure"] == {trainer: manager, manager: ceo}
