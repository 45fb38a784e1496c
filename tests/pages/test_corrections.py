"""#20: a mistake corrected where it was made, on the game page: a player's seat withdraws its
own last action, the table's recorder undoes to a step and redoes (LOG-RETRACT, LOG-UNDO,
LOG-REDO), each with the receipts the service signed, checked from the page; and a dispute
opened, replied to and resolved from three devices, its whole thread on the step and in the
transcript. At a phone's and a desktop's size, axe-core finding nothing."""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible


def toy_game(page, moves):
    """A toy game of ann and ben with `moves` (player, amount) recorded by their seats."""
    body = {"kind": "toy", "players": ["ann", "ben"], "options": {"tally_every": 1000}}
    game = page.request.post("/api/games", data=body).json()
    for player, amount in moves:
        event = {"type": "toy.added", "actor": f"player:{player}",
                 "payload": {"player": player, "amount": amount}}  # fmt: skip
        headers = {"Authorization": f"Bearer {game['seats'][player]}"}
        answer = page.request.post(f"/api/games/{game['id']}/events", data=event, headers=headers)
        assert answer.status == 201, answer.text()
    return game


def device(browser, site, viewport, game, seat):
    """A new device (browser context) holding `seat` of `game`, as a join link leaves it."""
    context = browser.new_context(base_url=site, viewport=viewport)
    context.set_default_timeout(10_000)
    token = game["token"] if seat == "table" else game["seats"][seat]
    value = json.dumps({"seat": seat, "token": token})
    context.add_init_script(
        f"localStorage.setItem('tablelog.seat.{game['id']}', {json.dumps(value)})"
    )
    return context.new_page()


def hold(page, game, seat):
    token = game["token"] if seat == "table" else game["seats"][seat]
    value = json.dumps({"seat": seat, "token": token})
    page.add_init_script(f"localStorage.setItem('tablelog.seat.{game['id']}', {json.dumps(value)})")


def log_types(page, game):
    items = page.request.get(f"/api/games/{game['id']}/events").json()["items"]
    return [(e["seq"], e["type"], e["actor"]) for e in items]


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_seat_withdraws_its_own_last_action_and_checks_its_receipt(page, browser, site, viewport):
    """LOG-RETRACT: ben's seat withdraws ben's last action; ann's seat is not offered it."""
    page.set_viewport_size(viewport)
    game = toy_game(page, [("ann", 2), ("ben", 3)])
    ann = device(browser, site, viewport, game, "ann")
    ann.goto(f"/games/{game['id']}")
    expect(ann.locator("[data-correct-status]")).to_contain_text(
        "Nothing here that ann may correct"
    )
    expect(ann.get_by_role("button", name="Withdraw step 3")).to_be_hidden()

    hold(page, game, "ben")
    page.goto(f"/games/{game['id']}")
    correct = page.get_by_role("region", name="Correct a mistake")
    expect(correct).to_contain_text("Withdraw step 3, ben's action")
    assert_accessible(page, "the corrections at the head")
    correct.get_by_label("Why (optional)").fill("it was 4, not 3")
    correct.get_by_role("button", name="Withdraw step 3").click()

    corrected = page.get_by_role("region", name="Corrected")
    expect(corrected).to_contain_text("Step 3 is withdrawn")
    expect(page.locator("#seq-3")).to_contain_text("withdrawn by step 4")
    assert log_types(page, game)[-1] == (4, "retract", "player:ben")
    corrected.get_by_role("button", name="Check the receipt of step 4").click()
    expect(corrected).to_contain_text("It holds: signed by key")
    assert_accessible(page, "a withdrawn action, its receipt checked")
    expect(page.locator("#events li.correction")).to_have_text(re.compile("ben withdrew step 3"))
    hold(page, game, "table")  # #32: a player's withdraw is not an undo, so there is no redo
    page.goto(f"/games/{game['id']}")
    correct = page.get_by_role("region", name="Correct a mistake")
    expect(correct.locator("form[data-correction]").first).to_be_visible()
    expect(correct.get_by_role("button", name="Redo")).to_have_count(0)
    correct.get_by_role("button", name="Withdraw step 2").click()  # nor the recorder's withdraw
    expect(page.locator("#events li.correction").last).to_have_text(
        re.compile("the table's recorder withdrew step 2")
    )
    expect(correct.get_by_role("button", name="Withdraw step 2")).to_have_count(0)
    expect(correct.get_by_role("button", name="Redo")).to_have_count(0)
    kept = page.evaluate(f"localStorage.getItem('tablelog.receipts.{game['id']}')")
    assert [r["seq"] for r in json.loads(kept)] == [4, 5]  # each correction written here
    ann.context.close()


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_recorder_undoes_to_a_step_then_redoes(page, viewport):
    """LOG-UNDO then LOG-REDO, from the page: undo to step 2 withdraws 4 and 3 in one append,
    and redo records them again."""
    page.set_viewport_size(viewport)
    game = toy_game(page, [("ann", 2), ("ben", 3), ("ann", 4)])
    hold(page, game, "table")
    page.goto(f"/games/{game['id']}?at=2")
    correct = page.get_by_role("region", name="Correct a mistake")
    expect(correct).to_contain_text("Undo to step 2: withdraw the 2 player actions after it")
    assert_accessible(page, "undo offered at a past step")
    correct.get_by_role("button", name="Undo to step 2").click()

    expect(page.get_by_role("region", name="Corrected")).to_contain_text(
        "Undone to step 2: steps 3, 4 withdrawn"
    )
    expect(page.locator(".stepper [data-step=last]")).to_have_attribute("aria-disabled", "true")
    assert [t for _, t, _ in log_types(page, game)][-2:] == ["retract", "retract"]
    # #32: the undo is one entry of the log, live and loaded, saying what it withdrew; the
    # actions it withdrew are marked by it, and it is not itself marked withdrawn
    for loaded in (False, True):
        if loaded:
            page.reload()
        log = page.locator("#events")
        expect(log.locator("li.correction")).to_have_count(1)
        expect(log.locator("li.correction")).to_have_text(
            re.compile("the table's recorder undid to step 2: steps 3 and 4 withdrawn")
        )
        expect(log.locator("[data-withdrawn]")).to_have_text(["withdrawn by step 6"] * 2)
        expect(log.locator("li.withdrawn")).to_have_count(2)
    assert_accessible(page, "an undo in the log")
    page.get_by_role("region", name="Correct a mistake").get_by_role("button", name="Redo").click()
    corrected = page.get_by_role("region", name="Corrected")
    expect(corrected).to_contain_text("Redone: steps 3, 4 recorded again, as steps 7 to 8")
    # the receipts in one line, each one's hash folded away
    expect(corrected.locator("[data-receipts-said]")).to_have_text(
        re.compile(r"^The service signed 2 receipts, steps 7 to 8, with key \S+\.$")
    )
    expect(corrected.locator("ul.receipts > li")).to_have_count(2)
    expect(corrected.locator("ul.receipts")).to_be_hidden()
    corrected.get_by_role("button", name="Check the receipts").click()
    expect(corrected.locator("[data-receipts-checked]")).to_have_text("All 2 hold.")
    expect(
        page.get_by_role("region", name="Correct a mistake").get_by_role("button", name="Redo")
    ).to_have_count(0)
    state = page.request.get(f"/api/games/{game['id']}/state").json()["state"]
    assert state["total"] == 9
    assert_accessible(page, "redone")
    # #32: the redo is one entry too, live, loaded and in the transcript, saying what it
    # restored; what it restored is not listed again as new play
    redid = "the table's recorder redid the undo at step 6: steps 3 and 4 restored, as steps 7 to 8"  # noqa: E501
    for path in (None, f"/games/{game['id']}", f"/games/{game['id']}/transcript"):
        if path:
            page.goto(path)
        log = page.locator("#events")
        expect(log.locator("li.correction")).to_have_count(2)
        expect(log.locator("li.correction").last).to_contain_text(redid)
        expect(log.locator("li.correction").last.locator(".hint")).to_contain_text(
            re.compile("^the table's recorder · ")
        )
        expect(log.locator("li.correction").last.locator("a.seq")).to_have_text("7–8")
        expect(log.locator("li[data-seq]")).to_have_count(6)  # 1 to 4, the undo, the redo
    assert_accessible(page, "a redo in the transcript")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_dispute_opened_replied_to_and_resolved_from_the_pages(page, browser, site, viewport):
    """ann disputes step 3 from her phone, ben replies from his (ann sees it live), the
    table's recorder upholds it naming the step that corrected it; each sees the whole
    thread, and so does the transcript. A resolution that names no step is refused beside
    its field."""
    page.set_viewport_size(viewport)
    game = toy_game(page, [("ann", 2), ("ben", 3), ("ann", 4), ("ben", 1)])
    ann = device(browser, site, viewport, game, "ann")
    ann.goto(f"/games/{game['id']}?at=3")
    ann.get_by_label("Dispute step 3: what is wrong with it?").fill("ben added 5, not 3")
    ann.get_by_role("button", name="Open a dispute on step 3").click()
    thread = ann.get_by_role("article", name="Dispute 1: open")
    expect(thread).to_contain_text("ann opened it")
    expect(thread).to_contain_text("ben added 5, not 3")
    expect(thread.get_by_role("button", name="Resolve")).to_be_hidden()  # the recorder's
    assert_accessible(ann, "a dispute opened")

    ben = device(browser, site, viewport, game, "ben")
    ben.goto(f"/games/{game['id']}?at=3")
    ben.get_by_label("Your reply to dispute 1").fill("it was 3: I counted twice")
    ben.get_by_role("button", name="Reply").click()
    expect(ben.get_by_role("article", name="Dispute 1: open")).to_contain_text("ben replied")
    # live: ann's page, open at the step, shows the reply without a reload
    expect(ann.get_by_role("article", name="Dispute 1: open")).to_contain_text("ben replied")

    hold(page, game, "table")
    page.goto(f"/games/{game['id']}?at=3")
    thread = page.get_by_role("article", name="Dispute 1: open")
    expect(thread).to_contain_text("it was 3: I counted twice")
    thread.get_by_label("Upheld", exact=True).check()
    thread.get_by_role("button", name="Resolve").click()
    problem = page.locator("[data-dispute-problem]")
    expect(problem).to_contain_text("an upheld dispute names the seq of the action that corrected")
    expect(problem.get_by_role("link")).to_have_attribute("href", "#correcting-1")
    assert_accessible(page, "a resolution refused")
    thread.get_by_label("Upheld: the step that corrected the log").fill("5")
    thread.get_by_label("Why (optional)").fill("ben's 1 at step 5 made up for it")
    thread.get_by_role("button", name="Resolve").click()
    resolved = page.get_by_role("article", name="Dispute 1: upheld, corrected at step 5")
    expect(resolved).to_contain_text("the table's recorder upheld it")
    expect(resolved.locator("form")).to_have_count(0)
    assert_accessible(page, "a dispute resolved")

    page.goto(f"/games/{game['id']}/transcript")
    transcript = page.locator("[data-dispute='1']")
    expect(transcript).to_contain_text("ben replied: it was 3: I counted twice")
    expect(transcript).to_contain_text("ben's 1 at step 5 made up for it")
    ann.context.close()
    ben.context.close()
