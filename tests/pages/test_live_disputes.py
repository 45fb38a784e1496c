"""Disputes live on a page at the latest step (#32, item 5), in a browser at a phone's size
and a desktop's: a dispute opened on an earlier step, its reply and its resolution appear on
that step's entry of the log as they are written, with no reload; and a page whose stream
was refused opens its next one after the last dispute entry it knew, so an entry written
meanwhile is not lost."""

import pytest
from playwright.sync_api import expect

from tests.pages.axe import VIEWPORTS, assert_accessible


def toy_game(page) -> tuple[str, dict]:
    created = page.request.post("/api/games", data={"kind": "toy", "players": ["ann", "ben"]})
    game = created.json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    for player in ("ann", "ben", "ann"):
        event = {"type": "toy.added", "actor": f"player:{player}",
                 "payload": {"player": player, "amount": 2}}  # fmt: skip
        assert page.request.post(f"/api/games/{game['id']}/events", data=event, headers=auth).ok
    return game["id"], auth


def dispute(page, game_id, auth, text="it was 3"):
    body = {"seq": 2, "author": "player:ben", "text": text}
    answer = page.request.post(f"/api/games/{game_id}/disputes", data=body, headers=auth)
    assert answer.status == 201, answer.text()


def entry(page, seq):
    return page.locator(f"#events li[data-seq='{seq}']")


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_a_dispute_on_an_earlier_step_appears_on_its_log_entry_as_it_is_written(page, viewport):
    game_id, auth = toy_game(page)
    page.set_viewport_size(VIEWPORTS[viewport])
    page.goto(f"/games/{game_id}")
    expect(page.locator("[data-live-status]")).to_have_text("live")

    dispute(page, game_id, auth)
    said = entry(page, 2).locator(".dispute")
    expect(said).to_have_text("Dispute 1 (open): it was 3")
    reply = {"author": "player:ann", "text": "I saw 2"}
    page.request.post(f"/api/games/{game_id}/disputes/1/replies", data=reply, headers=auth)
    resolution = {"author": "admin", "outcome": "dismissed", "text": "2 it was"}
    answer = page.request.post(
        f"/api/games/{game_id}/disputes/1/resolution", data=resolution, headers=auth
    )
    assert answer.status == 201, answer.text()
    expect(said).to_have_text("Dispute 1 (dismissed): it was 3")
    expect(page.locator("#step")).to_contain_text("Now")  # still at the head
    assert_accessible(page, f"a dispute live, {viewport}")


def test_a_page_whose_stream_was_refused_hears_of_a_dispute_written_meanwhile(page):
    game_id, auth = toy_game(page)
    refused = []

    def once_busy(route):
        if not refused:
            refused.append(route.request.url)
            dispute(page, game_id, auth)  # written while the page has no stream
            return route.fulfill(status=503, body="busy", headers={"Retry-After": "1"})
        return route.continue_()

    page.route("**/stream*", once_busy)
    page.goto(f"/games/{game_id}")
    expect(entry(page, 2).locator(".dispute")).to_have_text(
        "Dispute 1 (open): it was 3", timeout=15_000
    )
    assert refused
