"""The audit from the pages: a fork made from the step the game page shows, its tokens kept
as a new game's; two games side by side with their first difference said in words; a log
exported, imported and verified, each result in words. Without script (a client fetching the
pages) the comparison, the check and the export are whole; in a browser, on a phone and a
desktop, the fork and the import too, with no axe-core violation in any state."""

import json
import re

import jsonpatch
import pytest
from playwright.sync_api import expect

from app.pages.audit import differences
from tests.api.helpers import add, append, create_toy
from tests.games.fcm.table import restaurant_spots
from tests.pages.axe import VIEWPORTS, assert_accessible
from tests.pages.test_new_burnrate import lose_the_first_answer
from tests.replays.test_replay import tamper

# --- without script: the pages as a client fetches them -----------------------------------


def toy_game(client, amounts=(2, 3, 4, 1)):
    """A toy game in which ann and ben add `amounts` in turn (no tally before 100 events)."""
    game_id, token = create_toy(client, tally_every=100)
    for index, amount in enumerate(amounts):
        player = ["ann", "ben"][index % 2]
        assert append(client, game_id, token, add(player, amount)).status_code == 201
    return game_id, token


def text_of(response) -> str:
    """A page's text as read: tags out, spaces closed up."""
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_fork_compared_with_its_original_without_script_names_the_first_difference(client):
    original, _ = toy_game(client)
    forked = client.post(f"/api/games/{original}/forks", json={"at": 3}).json
    assert append(client, forked["id"], forked["token"], add("ann", 7)).status_code == 201

    picked = client.get(f"/games/{original}/compare?with={forked['id']}")
    assert picked.status_code == 302
    assert picked.headers["Location"] == f"/games/{original}/compare/{forked['id']}"
    page = client.get(picked.headers["Location"])
    assert page.status_code == 200
    said = text_of(page)
    assert "The two logs share steps 1 to 3: the same events, hashing the same." in said
    assert "They part at step 4" in said
    html = page.get_data(as_text=True)
    first = re.search(r'id="first-difference" data-seq="(\d+)"', html)
    assert first and first.group(1) == "4"
    # the state after step 4: ann added 4 in A, 7 in B
    assert "total : A has 9; B has 12" in said
    assert '"path": "/total"' in html and '<details class="patch">' in html
    # step 5 is A's alone
    assert "B's log has ended." in said
    assert f'href="/games/{original}/compare/{forked["id"]}"' in client.get(
        f"/games/{original}"
    ).get_data(as_text=True)  # the game page lists its fork


def test_the_states_compared_at_another_step_and_at_the_heads(client):
    original, _ = toy_game(client)
    forked = client.post(f"/api/games/{original}/forks", json={"at": 3}).json
    assert append(client, forked["id"], forked["token"], add("ann", 7)).status_code == 201
    address = f"/games/{original}/compare/{forked['id']}"
    assert "The states are the same." in text_of(client.get(f"{address}?at=2"))
    heads = text_of(client.get(f"{address}?at=head"))
    assert "The states at their heads" in heads and "total : A has 10; B has 12" in heads
    assert "A after step 5, B after step 4" in heads
    assert client.get(f"{address}?at=9").status_code == 404
    assert client.get(f"{address}?at=two").status_code == 404


def test_the_steps_both_games_share_fold_away_but_the_last_few(client):
    original, _ = toy_game(client, amounts=(2, 3, 4, 1, 5, 6, 7))
    forked = client.post(f"/api/games/{original}/forks", json={"at": 6}).json
    html = client.get(f"/games/{original}/compare/{forked['id']}").get_data(as_text=True)
    folded = re.search(r"<details><summary>Steps 1 to (\d+), the same in both</summary>", html)
    assert folded and folded.group(1) == "3"  # 4, 5 and 6 shown; 7 and 8 are A's alone
    same = re.findall(r'class="pair same" id="step-(\d+)"', html)
    assert same == ["1", "2", "3", "4", "5", "6"]
    said = text_of(client.get(f"/games/{original}/compare/{forked['id']}"))
    assert "They part at step 7" in said and "B's log has ended." in said
    fork_page = client.get(f"/games/{forked['id']}").get_data(as_text=True)
    back = f'href="/games/{forked["id"]}/compare/{original}">With the game it was forked from'
    assert back in fork_page


def test_the_states_differences_say_what_each_game_holds_at_each_place():
    a = {"cash": {"ann": 10}, "hand": [{"name": "CEO"}], "done": False, "at": [0, 14]}
    b = {"cash": {"ann": 12, "bob": 3}, "hand": [{"name": "Waitress"}], "done": False,
         "at": [13, 18]}  # fmt: skip
    patch = jsonpatch.make_patch(a, b).patch
    assert sorted(differences(patch, a, b), key=lambda d: d["path"]) == [
        {"path": "at", "a": "0, 14", "b": "13, 18"},  # a list of plain values, whole
        {"path": "cash.ann", "a": "10", "b": "12"},
        {"path": "cash.bob", "a": None, "b": "3"},
        {"path": "hand.0.name", "a": "CEO", "b": "Waitress"},
    ]
    assert differences([{"op": "replace", "path": "", "value": {}}], {"x": [1, 2]}, {}) == [
        {"path": "(the whole state)", "a": '{"x": [1, 2]}', "b": "{}"}
    ]


def test_a_game_that_cannot_be_compared_is_said_beside_the_field(client):
    original, _ = toy_game(client)
    missing = client.get(f"/games/{original}/compare/01NOSUCHGAME0000000000000")
    assert missing.status_code == 404
    assert "There is no game 01NOSUCHGAME0000000000000." in text_of(missing)
    assert 'aria-invalid="true"' in missing.get_data(as_text=True)
    other = client.post("/api/games", json={"kind": "fcm", "players": ["ann", "bob"]}).json
    refused = client.get(f"/games/{original}/compare/{other['id']}")
    assert refused.status_code == 422 and "(LOG-COMPARE)" in text_of(refused)
    assert client.get(f"/games/{original}/compare").status_code == 200


def test_the_check_in_words_and_where_a_changed_log_fails(client, redis_client):
    game_id, _ = toy_game(client)
    head_hash = client.get(f"/api/games/{game_id}/events/5").json["hash"]
    said = text_of(client.get(f"/games/{game_id}/verify"))
    assert "The log verifies: 5 events re-hashed, checked and refolded" in said
    assert f"head hash {head_hash}" in said
    tamper(redis_client, game_id, 4, lambda raw: raw.replace(b'"amount":4', b'"amount":9'))
    said = text_of(client.get(f"/games/{game_id}/verdict"))
    assert "The log does not verify at step 4 : its bytes do not hash" in said
    assert "Steps 1 to 3 hold" in said


def test_the_export_link_downloads_a_named_log_that_imports(client):
    game_id, _ = toy_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    link = re.search(r'href="(/games/[^"]+/export)" download="([^"]+)"', page)
    assert link and link.group(2) == f"tablelog-toy-{game_id}.jsonl"
    exported = client.get(link.group(1))
    disposition = f'attachment; filename="tablelog-toy-{game_id}.jsonl"'
    assert exported.headers["Content-Disposition"] == disposition
    assert exported.data == client.get(f"/api/games/{game_id}/export").data
    assert len(exported.data.splitlines()) == 5
    home = client.get("/").get_data(as_text=True)
    assert 'href="/games/import"' in home and client.get("/games/import").status_code == 200


# --- in a browser: phone and desktop ------------------------------------------------------


def place(api, game_id, token, spot=0):
    """The next starting restaurant placed at the `spot`th legal place; its payload."""
    state = api.get(f"/api/games/{game_id}/state").json()["state"]
    player = state["setup"]["to_act"][0]
    spots = list(restaurant_spots(state))
    top_left, entrance = spots[spot if spot >= 0 else len(spots) + spot]
    payload = {"player": player, "top_left": top_left, "entrance": entrance}
    answer = api.post(f"/api/games/{game_id}/events",
                      headers={"Authorization": f"Bearer {token}"},
                      data={"type": "fcm.starting_restaurant_placed",
                            "actor": f"player:{player}", "payload": payload})  # fmt: skip
    assert answer.status == 201, answer.text()
    return payload


def fcm_game(api, placed=2):
    game = api.post("/api/games", data={"kind": "fcm", "players": ["ann", "bob", "cid"]}).json()
    for _ in range(placed):
        place(api, game["id"], game["token"])
    return game


def held(page, game_id):
    kept = page.evaluate(f"localStorage.getItem('tablelog.seat.{game_id}')")
    return json.loads(kept) if kept else None


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_fork_from_a_past_step_then_compared_shows_the_first_difference(page, viewport):
    page.set_viewport_size(viewport)
    game = fcm_game(page.request)
    page.goto(f"/games/{game['id']}")
    audit = page.locator("#audit")
    fork_button = audit.get_by_role("button", name="Fork from step 3")
    expect(fork_button).to_be_enabled()
    assert_accessible(page, "the game page with its audit")

    page.locator(".stepper").get_by_role("link", name="Back").click()  # the page steps
    expect(page.locator("#now-title")).to_have_text("At step 2 of 3")
    audit.get_by_role("button", name="Fork from step 2").click()

    made = audit.get_by_role("region", name="Fork created")
    expect(made).to_be_visible()
    fork_id = made.locator('[data-slot="id"]').text_content()
    assert fork_id != game["id"]
    assert page.request.get(f"/api/games/{fork_id}").json()["forked_from"]["seq"] == 2
    seats = [row.get_attribute("data-seat") for row in made.locator("tr[data-seat]").all()]
    assert seats == ["table", "ann", "bob", "cid"]
    expect(made.get_by_role("button", name="Copy cid's join link")).to_be_visible()
    kept = held(page, fork_id)
    assert kept["seat"] == "table" and held(page, game["id"]) is None
    assert_accessible(page, "the fork's tokens")

    # the what-if: the second restaurant somewhere else in the fork
    original_place = page.request.get(f"/api/games/{game['id']}/events/3").json()["payload"]
    forks_place = place(page.request, fork_id, kept["token"], spot=-1)
    assert forks_place["top_left"] != original_place["top_left"]

    made.get_by_role("link", name="Compare it with this game").click()
    expect(page).to_have_url(re.compile(f"/games/{game['id']}/compare/{fork_id}$"))
    expect(page.locator("[data-parted]")).to_contain_text(
        "The two logs share steps 1 to 2: the same events, hashing the same. They part at step 3"
    )
    first = page.locator("#first-difference")
    player = original_place["player"]  # the turn order is the service's draw
    assert forks_place["player"] == player
    expect(first.locator(".side-a .sentence")).to_contain_text(f"{player} placed")
    expect(first.locator(".side-b .sentence")).to_contain_text(f"{player} placed")
    row, col = forks_place["top_left"]
    expect(first.locator(".side-b .sentence")).to_contain_text(f"row {row}, col {col}")
    expect(page.locator("#state-title")).to_have_text("The states after step 3")
    # in the game's words, then place by place (folded), then the patch (folded)
    moved = f"{player}'s restaurant moved from row {original_place['top_left'][0]}"
    expect(page.locator("ul[data-said]")).to_contain_text(moved)
    expect(page.locator("ul[data-said]")).to_contain_text(f"to row {row}, col {col}")
    expect(page.locator("details.compared-places")).not_to_have_attribute("open", "")
    expect(page.locator("details.patch")).not_to_have_attribute("open", "")
    page.get_by_role("link", name="step 3", exact=True).click()
    expect(page).to_have_url(re.compile("#first-difference$"))
    assert_accessible(page, "two games side by side")

    page.locator("details.compared-places > summary").click()
    expect(page.locator("ul[data-differences] li").first).to_contain_text("A has")
    page.locator("details.patch > summary").click()
    page.get_by_label("Only B").check()
    expect(first.locator(".side-a")).to_be_hidden()
    expect(first.locator(".side-b")).to_be_visible()
    assert_accessible(page, "B alone, the places and the patch open")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_log_exported_imported_and_verified_each_said_in_words(page, viewport, tmp_path):
    page.set_viewport_size(viewport)
    game = fcm_game(page.request, placed=1)
    page.goto(f"/games/{game['id']}")
    audit = page.locator("#audit")
    audit.get_by_role("link", name="Verify the log").click()
    verdict = audit.locator("[data-verdict-box]")
    expect(verdict).to_contain_text("The log verifies: 2 events re-hashed, checked and refolded")
    assert_accessible(page, "the game page with the check")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    place(page.request, game["id"], game["token"])  # recorded on another device: the page follows
    expect(verdict).to_have_text("The game has moved on since the check: verify it again.")
    audit.get_by_role("link", name="Verify the log").click()
    expect(verdict).to_contain_text("The log verifies: 3 events")

    with page.expect_download() as download:
        audit.get_by_role("link", name="Export the log").click()
    assert download.value.suggested_filename == f"tablelog-fcm-{game['id']}.jsonl"
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    lines = exported.read_bytes().splitlines()
    assert len(lines) == 3
    head_hash = page.request.get(f"/api/games/{game['id']}/events/3").json()["hash"]

    page.goto("/")
    page.get_by_role("link", name="Import a log").click()
    expect(page.get_by_role("heading", name="Import a log")).to_be_visible()
    assert_accessible(page, "the import page")

    # a log with a changed byte: refused, the line named beside the field
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b"\n".join([*lines[:2], lines[2].replace(b'"player":"', b'"player":"x')]))
    page.get_by_label("The file").set_input_files(broken)
    page.get_by_role("button", name="Import the log").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("line 3")
    expect(page.locator("[data-field=log] .error-message")).to_contain_text("line 3")
    assert_accessible(page, "the import refused")

    page.get_by_label("The file").set_input_files(exported)
    page.get_by_role("button", name="Import the log").click()
    imported = page.get_by_role("region", name="Game imported")
    expect(imported).to_be_visible()
    expect(imported).to_contain_text("The log was checked whole and imported: 3 events")
    expect(summary).to_be_hidden()
    new_id = imported.locator('[data-slot="id"]').text_content()
    assert new_id != game["id"] and held(page, new_id)["seat"] == "table"
    assert_accessible(page, "the game imported")

    imported.get_by_role("link", name="verify it").click()
    expect(page.locator("[data-verdict]")).to_contain_text(
        f"The log verifies: 3 events re-hashed, checked and refolded; head hash {head_hash}"
    )
    assert_accessible(page, "the check's page")


def keys_of_posts(page, path: str) -> list[str]:
    """The Idempotency-Key of each POST the page sends to `path`, as it sends them."""
    keys: list[str] = []
    page.on("request", lambda r: r.method == "POST" and r.url.endswith(path)
            and keys.append(r.headers["idempotency-key"]))  # fmt: skip
    return keys


def test_an_import_sent_again_after_a_lost_answer_is_the_same_game(page, tmp_path):
    """The first answer is lost on the way (the tablet left the Wi-Fi); sending again makes
    no second game: the same Idempotency-Key answers the game the first made."""
    game = fcm_game(page.request, placed=1)
    exported = tmp_path / "log.jsonl"
    exported.write_bytes(page.request.get(f"/api/games/{game['id']}/export").body())
    page.goto("/games/import")
    keys_sent = keys_of_posts(page, "/api/games/import")
    lose_the_first_answer(page, "**/api/games/import")
    page.get_by_label("The file").set_input_files(exported)
    page.get_by_role("button", name="Import the log").click()
    expect(page.locator("#error-summary")).to_contain_text("could not be reached")
    page.get_by_role("button", name="Import the log").click()
    expect(page.get_by_role("region", name="Game imported")).to_be_visible()
    assert keys_sent[0] == keys_sent[1] and len(keys_sent[0]) >= 16
    games = page.request.get("/api/games").json()["items"]
    assert len(games) == 2  # the original and one import


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_changed_log_verified_from_the_game_page_says_where(page, viewport, redis_client):
    page.set_viewport_size(viewport)
    game = fcm_game(page.request, placed=2)
    tamper(redis_client, game["id"], 2, lambda raw: raw.replace(b'"player":"', b'"player":"z'))
    page.goto(f"/games/{game['id']}/verify")
    expect(page.locator("[data-verdict]")).to_contain_text(
        "The log does not verify at step 2: its bytes do not hash"
    )
    expect(page.locator("[data-verdict]")).to_contain_text("Step 1 holds")
    assert_accessible(page, "a log that fails its check")


def test_a_fork_asked_again_after_a_lost_answer_is_the_same_fork(page):
    """The fork's first answer is lost; the button pressed again sends the same
    Idempotency-Key, and the service answers the fork the first made, with its tokens."""
    game = fcm_game(page.request, placed=1)
    keys_sent = keys_of_posts(page, f"/api/games/{game['id']}/forks")
    lose_the_first_answer(page, f"**/api/games/{game['id']}/forks")
    page.goto(f"/games/{game['id']}")
    fork = page.locator("#audit").get_by_role("button", name="Fork from step 2")
    fork.click()
    expect(page.locator("#fork-problem")).to_contain_text("could not be reached")
    fork.click()
    expect(page.get_by_role("region", name="Fork created")).to_be_visible()
    expect(page.locator("#fork-problem")).to_be_hidden()
    assert keys_sent[0] == keys_sent[1] and len(keys_sent[0]) >= 16
    assert len(page.request.get("/api/games").json()["items"]) == 2  # the game and one fork


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_a_long_shared_start_folds_and_a_wrong_game_is_said_beside_its_field(page, viewport):
    page.set_viewport_size(viewport)
    api = page.request
    created = api.post("/api/games", data={"kind": "toy", "players": ["ann", "ben"],
                                           "options": {"tally_every": 100}}).json()  # fmt: skip
    for index, amount in enumerate((2, 3, 4, 1, 5, 6, 7)):
        player = ["ann", "ben"][index % 2]
        answer = api.post(f"/api/games/{created['id']}/events",
                          headers={"Authorization": f"Bearer {created['token']}"},
                          data={"type": "toy.added", "actor": f"player:{player}",
                                "payload": {"player": player, "amount": amount}})  # fmt: skip
        assert answer.status == 201
    forked = api.post(f"/api/games/{created['id']}/forks", data={"at": 6}).json()
    page.goto(f"/games/{created['id']}/compare/{forked['id']}")
    folded = page.locator(".folded details")
    expect(folded.locator("summary")).to_have_text("Steps 1 to 3, the same in both")
    folded.locator("summary").click()
    expect(folded.locator("#step-1")).to_be_visible()
    expect(page.locator("#first-difference .side-b")).to_contain_text("B's log has ended.")
    assert_accessible(page, "a long shared start, unfolded")

    page.get_by_label("The other game's id").fill("01NOSUCHGAME0000000000000")
    page.get_by_role("button", name="Compare", exact=True).last.click()
    expect(page.get_by_role("alert")).to_contain_text("There is no game 01NOSUCHGAME0000000000000.")
    expect(page.get_by_label("The other game's id")).to_have_attribute("aria-invalid", "true")
    assert_accessible(page, "a game that is not there")
