"""The game page as a client fetches it (no browser): /games/<id> at the head or at ?at=N is
whole without script (the board, what the step changed, what the game waits for, the log as
the API's sentences), and its parts are served alone for js/game.js."""

import re

import pytest

from app.pages import views
from tests.games.burnrate import test_rulebook_examples as examples
from tests.games.fcm.table import legal_spot
from tests.scenarios.recorded_table import RecordedTable
from workers.jobs import resolve_pending

FUNDING = {"amount": 5, "skill_numbers": [0, 1, 2, 3]}


class PageTable(RecordedTable):
    """A Burn Rate table recorded through the API, its turns' ends resolved here, as the
    worker would (workers/jobs.py), rather than by a worker process."""

    services = None

    def settle(self):
        resolve_pending(self.services, self.game_id)
        return super().settle()


def burnrate_game(client, services) -> PageTable:
    """joe and ruth after the first hire and two turns: ruth gave joe two BAD IDEAs, and the
    worker ended each turn (contractors, salaries, cards drawn); joe's turn now."""
    PageTable.client, PageTable.services = client, services
    return examples.joe_with_two_bad_ideas(PageTable)


def fcm_game(client, players=("ann", "bob", "cid"), placed=2) -> dict:
    """A new game of Food Chain Magnate on a map the service drew, and the first `placed`
    starting restaurants placed where the rules allow."""
    game = client.post("/api/games", json={"kind": "fcm", "players": list(players)}).json
    headers = {"Authorization": f"Bearer {game['token']}"}
    for _ in range(placed):
        state = client.get(f"/api/games/{game['id']}/state").json["state"]
        player = state["setup"]["to_act"][0]
        top_left, entrance = legal_spot(state)
        payload = {"player": player, "top_left": top_left, "entrance": entrance}
        body = {"type": "fcm.starting_restaurant_placed", "actor": f"player:{player}",
                "payload": payload}  # fmt: skip
        assert (
            client.post(f"/api/games/{game['id']}/events", json=body, headers=headers).status_code
            == 201
        )
    return game


@pytest.fixture
def burnrate(client, services):
    yield burnrate_game(client, services)
    PageTable.client = PageTable.services = None


def test_a_burn_rate_game_at_its_head_shows_the_table_and_what_it_waits_for(client, burnrate):
    html = client.get(f"/games/{burnrate.game_id}").text
    version = client.get(burnrate.href).json["version"]
    assert f'<output data-at-text for="at">{version}</output> of' in html
    assert "<bdi>joe</bdi> plays up to 4 cards, or discards, then ends the turn" in html
    assert "Waiting for <bdi>joe</bdi>:" in html
    assert "<dt>Turn</dt><dd>3</dd>" in html and "<dt>Playing</dt><dd>joe</dd>" in html
    for department in ("Sales", "Development", "HR", "Finance"):
        assert f'<th scope="row">{department}</th>' in html
    assert "Free Internet Access" in html and "Online Grocery Store" in html
    assert 'aria-current="step"' in html  # the log marks the step shown
    assert html.count('<li id="seq-') == min(version, views.LOG_TAIL)  # the latest entries


def test_every_event_is_a_sentence_and_each_phase_says_why(client, burnrate, monkeypatch):
    monkeypatch.setattr(views, "LOG_TAIL", 100)  # the whole log listed
    html = client.get(f"/games/{burnrate.game_id}").text
    steps = client.get(f"{burnrate.href}/replay?from=1").json["steps"]
    read = html.replace("<bdi>", "").replace("</bdi>", "")  # #32: the names isolated in it
    for step in steps:
        assert escaped(step["text"]) in read
    derived = [s for s in steps if s["event"]["actor"].startswith("system:")]
    assert derived and html.count('<details class="why">') == len(derived)


def test_a_past_step_shows_the_table_as_it_was_and_what_the_step_changed(client, burnrate):
    state = burnrate.state
    before = state["companies"]["joe"]["funding"]
    burnrate.record("funding_played", player="joe", card=FUNDING)
    played = client.get(burnrate.href).json["version"]

    html = client.get(f"/games/{burnrate.game_id}?at={played}").text
    assert f"<li>joe&#39;s funding: {before} → {before + 5}</li>" in html
    assert f"{before} → {before + 5}" in html
    assert funding(html, "joe") == before + 5
    html = client.get(f"/games/{burnrate.game_id}?at={played - 1}").text
    assert funding(html, "joe") == before
    assert f"At step {played - 1} of {played}" in html
    assert f'<li id="seq-{played}" data-seq="{played}" class="event after"' in html


def test_a_withdrawn_event_is_struck_through_in_the_log(client, burnrate):
    burnrate.record("funding_played", player="joe", card=FUNDING)
    played = client.get(burnrate.href).json["version"]
    retract = {"type": "retract", "actor": "admin", "payload": {"seq": played, "reason": "oops"}}
    headers = {"Authorization": f"Bearer {burnrate.token}"}
    assert client.post(f"{burnrate.href}/events", json=retract, headers=headers).status_code == 201
    html = client.get(f"/games/{burnrate.game_id}").text
    assert re.search(rf'id="seq-{played}"[^>]*class="event withdrawn"', html)
    assert f"withdrawn by step {played + 1}" in html
    assert "the table&#39;s recorder withdrew step" in html


def test_a_dispute_shows_at_its_step_and_a_new_token_is_said(client, burnrate):
    headers = {"Authorization": f"Bearer {burnrate.token}"}
    opened = {"seq": 3, "author": "player:ruth", "text": "Joe picked before the deal was agreed"}
    assert client.post(f"{burnrate.href}/disputes", json=opened, headers=headers).status_code == 201
    assert client.post(f"{burnrate.href}/seats/ruth/token", headers=headers).status_code == 201
    html = client.get(f"/games/{burnrate.game_id}").text
    item = html[html.index('<li id="seq-3"') : html.index('<li id="seq-4"')]
    assert "Dispute 1 (open): Joe picked before the deal was agreed" in item
    assert "the table&#39;s recorder gave ruth&#39;s seat a new write token" in html
    step = client.get(f"/games/{burnrate.game_id}?at=3").text.split("The log")[0]
    assert re.search(r"Dispute 1: open</h3>\s*<ol class=\"thread\">\s*<li><strong>ruth</strong> "
                     r"opened it .*: Joe picked before the deal was agreed</li>", step)  # fmt: skip


def test_an_fcm_game_shows_its_map_in_text_and_its_chains(client):
    game_id = fcm_game(client)["id"]
    html = client.get(f"/games/{game_id}?at=2").text
    picture = client.get(f"/api/games/{game_id}/map.txt?at=2").text
    assert escaped(picture) in html
    assert picture != client.get(f"/api/games/{game_id}/map.txt").text  # a restaurant more
    assert f'data-map-svg="/api/games/{game_id}/map.svg?at=2"' in html
    for name in ("ann", "bob", "cid"):
        assert (
            f'<tr data-chain="{name}">\n      <th scope="row">{name}</th>\n      <td>$0</td>'
            in html
        )
    assert "<dt>Phase</dt><dd>setup restaurants</dd>" in html


def test_the_step_and_the_log_are_served_alone_for_the_script(client, burnrate):
    version = client.get(burnrate.href).json["version"]
    part = client.get(f"/games/{burnrate.game_id}/step?at=3").text
    assert "<html" not in part and "At step 3 of" in part
    assert '<script type="application/json" id="step-data">' in part
    log = client.get(f"/games/{burnrate.game_id}/log?after={version - 2}").text
    assert re.findall(r'data-seq="(\d+)"', log) == [str(version - 1), str(version)]
    assert client.get(f"/games/{burnrate.game_id}/log?after={version}").text.strip() == ""


@pytest.mark.parametrize("query", ["?at=0", "?at=999", "?at=two", "/step?at=999"])
def test_a_step_the_game_does_not_have_is_a_page_not_found(client, burnrate, query):
    response = client.get(f"/games/{burnrate.game_id}{query}")
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_a_game_that_does_not_exist_is_a_page_not_found(client):
    response = client.get("/games/01J00000000000000000000000")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "There is no game" in response.text


def test_the_record_panel_is_in_its_section_and_listens_before_the_page_speaks(client, burnrate):
    html = client.get(f"/games/{burnrate.game_id}?at=4").text
    assert html.index("js/record.js") < html.index("js/game.js")  # listening before the first
    section = html[html.index('<section id="record"') :]
    assert 'id="record-panel"' in section[: section.index("</section>")]


def funding(html: str, player: str) -> int:
    company = html[html.index(f'data-company="{player}"') :]
    return int(re.search(r"<dd data-funding>(-?\d+)</dd>", company).group(1))


def escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        "'", "&#39;").replace('"', "&#34;")  # fmt: skip


@pytest.mark.parametrize("part", ["", "?at=2", "/step?at=2", "/log?after=3"])
def test_the_game_page_runs_only_this_services_scripts(client, burnrate, part):
    policy = client.get(f"/games/{burnrate.game_id}{part}").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe" not in policy


def test_the_transcript_page_tells_the_game_its_disputes_and_the_check(client, burnrate):
    """Transcripts as a page: the check with the head hashes, every event as a sentence, the
    disputes with their threads; a damaged disputes chain is said, not hidden."""
    from tests.replays.disputes.test_threads import tamper

    headers = {"Authorization": f"Bearer {burnrate.token}"}
    opened = {"seq": 3, "author": "player:ruth", "text": "Joe picked before the deal was agreed"}
    client.post(f"{burnrate.href}/disputes", json=opened, headers=headers)
    reply = {"author": "player:joe", "text": "We had agreed"}
    client.post(f"{burnrate.href}/disputes/1/replies", json=reply, headers=headers)
    page = client.get(f"/games/{burnrate.game_id}/transcript")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.text
    meta = client.get(f"/api/games/{burnrate.game_id}").json
    head_hash = client.get(f"{burnrate.href}/events/{meta['version']}").json["hash"]
    assert 'data-log-check="true"' in html and head_hash in html
    assert 'data-disputes-check="true"' in html
    assert html.count('<li id="seq-') == meta["version"]
    thread = html[html.index('data-dispute="1"') :]
    assert (
        "Dispute 1 on" in thread
        and "ruth opened it: Joe picked before the deal was agreed" in thread
    )
    assert "joe replied: We had agreed" in thread
    assert (
        f'href="/games/{burnrate.game_id}/transcript"'
        in client.get(f"/games/{burnrate.game_id}").text
    )
    tamper(burnrate.services.redis, burnrate.game_id, 1, lambda raw: raw.replace(b"Joe", b"Ann"))
    assert 'data-disputes-check="false"' in client.get(f"/games/{burnrate.game_id}/transcript").text
