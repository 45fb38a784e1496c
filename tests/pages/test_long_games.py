"""A long game's pages cost what a short one's do (#23): the game page lists the log's latest
entries and those around the step shown, with a gap for the rest that the page fills on
asking; the transcript tells its steps a page at a time; what is said of an event is said
once and kept (sealed); the transcript's check is kept for the head it checked."""

import re
from html import unescape

import pytest
from playwright.sync_api import expect

from app.pages import views
from events import keys
from replays import checked as kept_checks
from replays import steps
from tests.api.helpers import add, append, create_toy
from tests.pages.test_game_page import PageTable, burnrate_game
from tests.replays.test_replay import played, tamper


def listed(html: str) -> list[int]:
    return [int(seq) for seq in re.findall(r'<li id="seq-\d+" data-seq="(\d+)"', html)]


def gaps(html: str) -> list[tuple[int, int]]:
    found = re.findall(r'data-gap-from="(\d+)" data-gap-to="(\d+)"', html)
    return [(int(first), int(last)) for first, last in found]


def test_the_game_page_lists_the_latest_entries_and_a_gap_for_the_rest(client):
    game_id, _ = played(client, moves=80)  # 81 events with the creation
    html = client.get(f"/games/{game_id}").text
    assert listed(html) == list(range(81 - views.LOG_TAIL + 1, 82))
    assert gaps(html) == [(1, 81 - views.LOG_TAIL)]
    assert f'href="/games/{game_id}/transcript?from=1"' in html


def test_an_earlier_step_lists_the_entries_around_it_too(client):
    game_id, _ = played(client, moves=80)
    html = client.get(f"/games/{game_id}?at=20").text
    around = list(range(20 - views.LOG_AROUND, 20 + views.LOG_AROUND + 1))
    tail = list(range(81 - views.LOG_TAIL + 1, 82))
    assert listed(html) == around + tail
    assert gaps(html) == [(1, around[0] - 1), (around[-1] + 1, tail[0] - 1)]
    assert 'aria-current="step"' in html[html.index('id="seq-20"') - 20 :][:200]
    near_the_tail = client.get(f"/games/{game_id}?at={tail[0] - 3}").text
    assert listed(near_the_tail) == list(range(tail[0] - 3 - views.LOG_AROUND, 82))


def test_a_short_game_lists_its_whole_log_without_a_gap(client):
    game_id, _ = played(client, moves=8)
    html = client.get(f"/games/{game_id}?at=2").text
    assert listed(html) == list(range(1, 10)) and gaps(html) == []


def test_a_stretch_of_the_log_is_served_for_the_script(client):
    game_id, _ = played(client, moves=40)
    assert listed(client.get(f"/games/{game_id}/log?after=10&upto=14").text) == [11, 12, 13, 14]
    assert listed(client.get(f"/games/{game_id}/log?after=39&upto=99").text) == [40, 41]
    assert client.get(f"/games/{game_id}/log?after=3&upto=x").status_code == 404


def test_what_is_said_of_an_event_is_said_once(client, services, monkeypatch):
    game_id, _ = played(client, moves=30)
    first = re.sub("</?bdi>", "", client.get(f"/games/{game_id}/log?after=0").text)  # names
    folded = []
    evolve = services.projector.evolve
    monkeypatch.setattr(
        services.projector, "evolve", lambda *a, **k: folded.append(a[2]) or evolve(*a, **k)
    )
    told = steps.told(services.projector, game_id, 1, 31)
    assert folded == [] and [t["event"]["seq"] for t in told] == list(range(1, 32))
    assert [t["text"] for t in told] == [
        unescape(said) for said in re.findall(r'<p class="sentence">([^<]*)</p>', first)
    ]


def test_words_not_sealed_by_tablelog_or_said_by_other_code_are_said_again(client, services):
    game_id, _ = played(client, moves=6)
    truth = [t["text"] for t in steps.told(services.projector, game_id, 1, 7)]
    key, seal = keys.said(game_id), services.projector.seal
    services.redis.hset(key, 3, services.redis.hget(key, 3).replace(b"ann", b"bob"))
    older = b'{"text": "said by older code", "why": null, "where": null, "by": "older"}'
    services.redis.hset(key, 4, seal.seal_bytes(game_id, older))
    assert [t["text"] for t in steps.told(services.projector, game_id, 1, 7)] == truth


def test_a_step_seen_before_is_folded_for_only_its_state_after(client, services, monkeypatch):
    game_id, _ = played(client, moves=30)
    first, changes = steps.viewed(services.projector, game_id, 17)
    folded_to = []
    state_at = services.projector.state_at
    monkeypatch.setattr(
        services.projector,
        "state_at",
        lambda g, seq, *a: folded_to.append(seq) or state_at(g, seq, *a),
    )
    again, changes_again = steps.viewed(services.projector, game_id, 17)
    assert folded_to == [17] and (again, changes_again) == (first, changes)
    assert again["patch"] and changes and again["text"] == first["text"]


def test_step_words_not_sealed_by_tablelog_are_made_again(client, services):
    game_id, _ = played(client, moves=8)
    truth = steps.viewed(services.projector, game_id, 5)
    key = keys.steps_seen(game_id)
    services.redis.hset(key, 5, services.redis.hget(key, 5).replace(b"ann", b"bob"))
    assert steps.viewed(services.projector, game_id, 5) == truth


def test_a_page_reads_a_dicts_key_first_and_what_it_lacks_as_jinja_does(app):
    """views.PagesEnvironment: `a.b` of a dict is its key `b`, even one named as a dict's
    method, which Jinja alone reads as the method; a key it has not is looked up as Jinja
    looks it up (an attribute, then undefined)."""
    with app.app_context():
        template = app.jinja_env.from_string("{{ d.items }} {{ d.keys() | join }} [{{ d.none }}]")
        assert template.render(d={"items": "3 cards"}) == "3 cards items []"


def test_the_transcript_tells_its_steps_a_page_at_a_time(client):
    page = views.TRANSCRIPT_PAGE
    events = 2 * page + page // 2
    game_id, _ = played(client, moves=events - 1)
    first = client.get(f"/games/{game_id}/transcript").text
    assert listed(first) == list(range(1, page + 1))
    assert f"Steps 1 to {page} of {events}." in first
    assert f'href="?from={page + 1}" rel="next"' in first and 'rel="prev"' not in first
    assert f'href="?from={events - page + 1}">Last steps' in first
    last = client.get(f"/games/{game_id}/transcript?from={2 * page + 1}").text
    assert listed(last) == list(range(2 * page + 1, events + 1))
    assert f'href="?from={page + 1}" rel="prev"' in last and 'rel="next"' not in last
    anywhere = client.get(f"/games/{game_id}/transcript?from=7").text
    assert listed(anywhere) == list(range(7, 7 + page))
    assert 'href="?from=1" rel="prev"' in anywhere
    for beyond in ("0", str(events + 1), "x"):
        assert client.get(f"/games/{game_id}/transcript?from={beyond}").status_code == 404
    short, _ = played(client, moves=3)
    assert 'class="pages"' not in client.get(f"/games/{short}/transcript").text


def test_the_transcript_keeps_its_check_for_the_head_it_checked(client, monkeypatch):
    game_id, token = played(client, moves=12)
    verifies = []
    verify = kept_checks.verify
    monkeypatch.setattr(kept_checks, "verify", lambda *a: verifies.append(a) or verify(*a))
    page = f"/games/{game_id}/transcript"
    assert 'data-log-check="true"' in client.get(page).text
    assert 'data-log-check="true"' in client.get(page).text and len(verifies) == 1
    assert append(client, game_id, token, add("ann", 1)).status_code == 201
    assert 'data-log-check="true"' in client.get(page).text and len(verifies) == 2


def test_an_event_changed_since_its_check_is_found_by_the_page_that_reads_it(client, redis_client):
    game_id, _ = played(client, moves=12)
    assert 'data-log-check="true"' in client.get(f"/games/{game_id}/transcript").text
    tamper(redis_client, game_id, 5, lambda raw: raw.replace(b'"amount":4', b'"amount":5'))
    html = client.get(f"/games/{game_id}/transcript").text
    assert 'data-log-check="false"' in html and re.search(r"seq 5,\s+hash", html)
    assert listed(html) == [1, 2, 3, 4]


@pytest.fixture
def burnrate(client, services):
    yield burnrate_game(client, services)
    PageTable.client = PageTable.services = None


def test_the_page_fills_a_gap_a_stretch_at_a_time(page, client):
    """A gap of 50 steps: the 30 nearest what is listed (js/game.js, GAP_STRETCH), then the
    20 left, and the gap goes."""
    events = views.LOG_TAIL + 50
    game_id, token = create_toy(client, tally_every=1000, goal=1000)
    for n in range(events - 1):
        assert append(client, game_id, token, add(["ann", "ben"][n % 2], 1)).status_code == 201
    page.goto(f"/games/{game_id}")
    log = page.locator("#events")
    gap = log.locator(".log-gap")
    expect(gap.get_by_role("button")).to_have_text("Show steps 21 to 50")
    gap.get_by_role("button").click()
    expect(gap).to_contain_text("Steps 1 to 20 are not listed here")
    expect(gap.get_by_role("button")).to_have_text("Show steps 1 to 20")
    expect(log.locator("li[data-seq]")).to_have_count(events - 20)
    gap.get_by_role("button").click()
    expect(gap).to_have_count(0)
    seqs = log.locator("li[data-seq]").evaluate_all("items => items.map(i => +i.dataset.seq)")
    assert seqs == list(range(1, events + 1))


def test_a_filled_gap_has_the_headings_the_whole_log_has(page, client, burnrate, monkeypatch):
    """Each turn and phase is headed once: where a stretch meets what was listed, a heading
    that says what the one before it says is dropped."""
    monkeypatch.setattr(views, "LOG_TAIL", 100)  # the whole log listed
    whole = client.get(f"/games/{burnrate.game_id}").text
    headings = [
        unescape(h) for h in re.findall(r'<li class="log-heading" data-where="([^"]*)"', whole)
    ]
    monkeypatch.setattr(views, "LOG_TAIL", 4)
    monkeypatch.setattr(views, "LOG_AROUND", 2)
    page.goto(f"/games/{burnrate.game_id}?at=8")
    log = page.locator("#events")
    expect(log.locator(".log-gap")).to_have_count(2)
    while log.locator(".log-gap").count():
        log.locator(".log-gap").first.get_by_role("button").click()
        expect(log.locator(".log-gap button[disabled]")).to_have_count(0)
    seqs = log.locator("li[data-seq]").evaluate_all("items => items.map(i => +i.dataset.seq)")
    assert seqs == listed(whole)
    shown = log.locator(".log-heading").evaluate_all("items => items.map(i => i.dataset.where)")
    assert shown == headings
