"""The transcript: a game told in Markdown, its disputes and its verification included."""

from freezegun import freeze_time

from tests.api.helpers import add, append, create_toy, retract
from tests.conftest import wait_for
from tests.replays.disputes.test_threads import opened, played, post, tamper
from tests.replays.test_replay import tamper as tamper_log


def test_the_transcript_tells_the_game_its_disputes_and_its_verification(client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=3, text="ben added 3, *not* 2")
    assert append(client, game_id, token, retract(6, reason="see dispute 1")).status_code == 201
    body = {"outcome": "upheld", "correcting_seq": 7, "author": "admin", "text": "withdrawn"}
    assert post(client, game_id, token, "/1/resolution", body).status_code == 201
    with freeze_time("2025-03-01T21:00:00Z"):
        response = client.get(f"/api/games/{game_id}/transcript")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/markdown; charset=utf-8"
    text = response.data.decode()
    assert text.startswith(f"# Transcript of game {game_id}\n")
    assert "Written 2025-03-01T21:00:00.000000Z." in text
    assert "- **2.** ann recorded “added” (amount 1, player ann) _(ann, " in text
    assert "- ~~**6.** ann recorded “added” (amount 5, player ann)~~ (withdrawn by step 7)" in text
    withdrew = "- **7.** the table's recorder withdrew step 6: see dispute 1 _(the table's recorder"
    assert withdrew in text
    assert "  - Dispute 1 (upheld, corrected at seq 7): ben added 3, \\*not\\* 2" in text
    assert "### Dispute 1 on seq 3: upheld, corrected at seq 7" in text
    assert "- the table's recorder upheld it, corrected at seq 7 (" in text
    head_hash = client.get(f"/api/games/{game_id}/events/7").json["hash"]
    verified = "- The log verified: 7 events re-hashed, checked and refolded; head hash"
    assert f"{verified} `{head_hash}`." in text
    assert "- The disputes: the chain holds: 2 entries; head hash `" in text


def test_each_action_says_who_entered_it_and_when(client):
    """#20: the seat whose action it is, or the table's recorder entering it for them, and
    the date and time, in the Markdown and on the transcript page."""
    with freeze_time("2026-12-01T06:52:00Z"):
        game = client.post("/api/games", json={"kind": "toy", "players": ["ann", "ben"]}).json
        own = {"Authorization": f"Bearer {game['seats']['ann']}"}
        assert client.post(f"/api/games/{game['id']}/events", json=add("ann", 1),
                           headers=own).status_code == 201  # fmt: skip
        assert append(client, game["id"], game["token"], add("ben", 2)).status_code == 201
    text = client.get(f"/api/games/{game['id']}/transcript").data.decode()
    assert "_(ann, entered from ann's seat, 2026-12-01T06:52:00.000000Z)_" in text
    assert "_(ben, entered by the table's recorder, 2026-12-01T06:52:00.000000Z)_" in text
    page = client.get(f"/games/{game['id']}/transcript").text
    assert (  # #32: each name isolated
        "<bdi>ann</bdi>, entered from <bdi>ann</bdi>&#39;s seat · "
        '<time datetime="2026-12-01T06:52:00.000000Z"' in page
    )
    assert ">1 Dec 2026, 06:52 UTC</time>" in page
    assert "<bdi>ben</bdi>, entered by the table&#39;s recorder · " in page


def test_an_automatic_phase_comes_with_its_explanation(client, start_worker):
    start_worker()
    game_id, token = create_toy(client, tally_every=5, goal=1000)
    assert append(client, game_id, token, add("ann", 6)).status_code == 201
    wait_for(lambda: client.get(f"/api/games/{game_id}").json["version"] == 3)
    text = client.get(f"/api/games/{game_id}/transcript").data.decode()
    assert "- **3.** the service (tally) recorded “tallied” (total 6) _(the service (tally)" in text
    assert "  - every: 5\n  - previous: 0\n  - total: 6\n" in text


def test_a_log_or_disputes_that_do_not_hold_are_said_to(client, redis_client):
    game_id, token = played(client)
    opened(client, game_id, token, seq=3)
    tamper(redis_client, game_id, 1, lambda raw: raw.replace(b"not 2", b"not 9"))
    tamper_log(redis_client, game_id, 5, lambda raw: raw.replace(b'"amount":4', b'"amount":5'))
    text = client.get(f"/api/games/{game_id}/transcript").data.decode()
    assert "- **4.** " in text and "- **5.** " not in text
    assert "Seq 5 on does not hold" in text
    assert "- The log does NOT verify: seq 5, hash:" in text
    assert "- The disputes: the chain does NOT hold at entry 1: hash" in text


def employee(name, department, skill, salary, vp=False):
    return {"name": name, "department": department, "skill": skill, "salary": salary,
            "vp": vp, "engineer": False}  # fmt: skip


def test_a_burn_rate_game_is_told_in_its_own_words(client):
    pool = {"sales": employee("Martin Able", "sales", 1, 1),
            "development": employee("Brad Duke", "development", 2, 2),
            "hr": employee("Tony Fuji", "hr", 1, 1),
            "finance": employee("Ben Zhao", "finance", 3, 3, vp=True)}  # fmt: skip
    game = {"kind": "burnrate", "players": ["joe", "ruth"],
            "options": {"dealer": "joe", "labor_pool": pool}}  # fmt: skip
    created = client.post("/api/games", json=game).json
    drafted = {"type": "burnrate.employee_drafted", "actor": "player:joe",
               "payload": {"player": "joe", "department": "finance",
                           "revealed": employee("Mary DeLany", "finance", 2, 2)}}  # fmt: skip
    assert append(client, created["id"], created["token"], drafted).status_code == 201
    text = client.get(f"/api/games/{created['id']}/transcript").data.decode()
    set_up = "- **1.** the game was set up for joe and ruth; joe deals _(the table's recorder, "
    assert set_up in text
    assert (
        "- **2.** joe hired Ben Zhao (finance) from the labor pool; Mary DeLany turned up" in text
    )


def test_a_named_game_is_told_by_its_name_escaped_as_markdown(client):
    """The name is the table's text: its Markdown is escaped, so it reads as it was typed."""
    body = {"kind": "toy", "players": ["ann", "ben"], "name": "Ann's *big* #2 [draft]"}
    game_id = client.post("/api/games", json=body).json["id"]
    text = client.get(f"/api/games/{game_id}/transcript").data.decode()
    first, blank, said = text.splitlines()[:3]
    assert first == f"# Transcript of Ann's \\*big\\* \\#2 \\[draft\\] (game {game_id})"
    assert blank == "" and said.startswith("toy, players ann, ben: 1 events, active.")
