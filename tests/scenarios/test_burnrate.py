"""Burn Rate through the HTTP API with a real worker: the rulebook's examples, and a whole
three-player game recorded to a winner, then replayed step by step and verified."""

import pytest

from tests.games.burnrate import test_rulebook_examples as examples
from tests.games.burnrate import test_whole_game as whole_game
from tests.games.burnrate.table import Table, drafted, employee, staffed
from tests.scenarios.recorded_table import RecordedTable


@pytest.fixture
def recorded(client, start_worker):
    start_worker()
    RecordedTable.client = client
    yield RecordedTable
    RecordedTable.client = None


def test_joe_drafts_ben_zhao(recorded):
    """BR-DRAFT-1: the dealer hires Ben Zhao and turns up Mary DeLany."""
    pool = {
        "sales": employee("Martin Able", "sales", 1),
        "development": employee("Brad Duke", "development", 2),
        "hr": employee("Tony Fuji", "hr", 1),
        "finance": employee("Ben Zhao", "finance", 3, vp=True),
    }
    table = recorded(["joe", "ruth"], pool, dealer="joe")
    table.refused("employee_drafted", "BR-DRAFT-1", player="ruth", department="sales",
                  revealed=employee("Someone", "sales", 1))  # fmt: skip
    mary = employee("Mary DeLany", "finance", 2)
    table.record("employee_drafted", player="joe", department="finance", revealed=mary)
    assert table.names("joe") == ["Ben Zhao"]
    assert table.state["labor_pool"]["finance"]["name"] == "Mary DeLany"


def test_hire_1_2_3_against_an_hr_head_of_1(recorded):
    """BR-PLAY-3, example 1: the defensive HIRE matches Joe's own HR head."""
    table = examples.joe_and_ruth(recorded)
    table.record("hire_played", player="joe", card={"skill_numbers": [1, 2, 3]},
                 department="finance", revealed=employee("Next Up", "finance", 1))  # fmt: skip
    assert table.names("joe")[-1] == "Spare finance"


def test_a_hire_printed_only_0_does_not_exist(recorded):
    """BR-SETUP-2: the edition has no such HIRE card."""
    table = examples.joe_and_ruth(recorded)
    table.refused("hire_played", "BR-SETUP-2", player="joe", card={"skill_numbers": [0]},
                  department="finance", revealed=None)  # fmt: skip


def test_bad_idea_0_1_blocked_by_ruths_sales_head_of_2(recorded):
    """BR-PLAY-3, example 2: the offensive card misses the target's head; nothing is written."""
    table = examples.joe_and_ruth(recorded)
    problem = table.refused("bad_idea_played", "BR-PLAY-3", player="joe", target="ruth",
                            card=examples.FREE_INTERNET)  # fmt: skip
    assert "skill 2" in problem["detail"]


def test_release_with_its_0_on_an_unstaffed_development(recorded):
    """BR-PLAY-4, example 3."""
    table = examples.joe_with_two_bad_ideas(recorded)
    table.record("release_played", player="joe", card={"skill_numbers": [0]}, bad_idea="B2")
    assert [b["name"] for b in table.company("joe")["bad_ideas"]] == ["Free Internet Access"]


def test_two_engineers_and_bad_ideas_x1_and_x3_need_two_contractors(recorded, client):
    """BR-CONTRACT-1 and BR-SALARY-1, resolved by the worker and explained in the replay."""
    table = examples.joe_with_two_bad_ideas(recorded)
    ended = table.end_turn("joe")
    explanation = ended["contractors_adjusted"]["explanation"]
    assert (explanation["engineers"], explanation["x_total"]) == (2, 4)
    assert (explanation["contractors_before"], explanation["contractors_after"]) == (0, 2)
    assert ended["salaries_paid"]["explanation"]["sum"] == "2 + 2 + 1 + 1 + 2x3 = 12"
    log = client.get(f"{table.href}/events?limit=1000").json["items"]
    [adjusted] = [e for e in log if e["type"] == "burnrate.contractors_adjusted"][-1:]
    step = client.get(f"{table.href}/replay/{adjusted['seq']}").json
    assert step["explanation"] == explanation
    assert {"op": "replace", "path": "/companies/joe/contractors", "value": 2} in step["patch"]


def test_a_whole_three_player_game_to_a_winner_replayed_and_verified(recorded, client):
    """BR-TURN-1 to BR-WIN-1 over HTTP, the same moves as the pure whole-game test: the
    recorded state equals the pure fold's, every step replays, and the log verifies."""
    plays = {"ann": whole_game.ann_plays, "bob": whole_game.bob_plays,
             "cat": whole_game.cat_plays}  # fmt: skip
    pure, table = whole_game.new_game(Table), whole_game.new_game(recorded)
    while not (state := pure.state)["winner"]:
        player, number = state["turn"]["player"], state["turn"]["number"]
        plays[player](pure, number)
        plays[player](table, number)
    summary = client.get(table.href).json
    assert summary["status"] == "finished"
    assert table.state == pure.state
    # the rules refuse a move after the winner (BR-WIN-1); the log refuses it first
    late = table.post("turn_ended", None, {"player": "ann"})
    assert late.status_code == 422 and late.json["code"] == "LOG-FINISHED", late.json
    assert late.json["details"]["awaiting"]["rule"] == "BR-WIN-1"
    assert table.state["winner"] == "ann"
    assert client.get("/api/games?kind=burnrate&status=finished").json["items"][0]["id"] == (
        table.game_id
    )
    steps, page = [], f"{table.href}/replay?from=1"
    while page:
        answer = client.get(page).json
        steps += answer["steps"]
        page = answer["next"]
    assert [s["event"]["seq"] for s in steps] == list(range(1, summary["version"] + 1))
    assert steps[-1]["state"] == pure.state
    assert steps[-1]["event"]["type"] == "burnrate.game_won"
    assert steps[-1]["explanation"] == {
        "rule": "BR-WIN-1",
        "winner": "ann",
        "bankrupt": ["bob", "cat"],
    }
    verdict = client.get(f"{table.href}/verify").json
    assert verdict["ok"] is True and verdict["checked"] == summary["version"]


def test_a_purple_card_bankruptcy_where_the_table_names_the_top_card(recorded, client):
    """BR-SALARY-2 over HTTP: ruth's purple card puts her below zero; three different cards go
    back to the empty Development pile, so the worker waits and ruth records which is on top."""
    table = drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales", "hr"], prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, prefix="J "),
        },
        dealer="joe",
        table=recorded,
    )
    table.record("hire_played", player="ruth", card={"skill_numbers": [0, 1, 2, 3]},
                 department="development", revealed=None)  # fmt: skip
    card = {"name": "Hostile Takeover", "vps_required": 2, "effect": "ruth paid joe 101"}
    table.record("vp_card_played", player="ruth", card=card,
                 funding_changes={"ruth": -101, "joe": 101})  # fmt: skip
    assert client.get(table.href).json["pending"] is None
    problem = table.refused("turn_ended", "BR-SALARY-2", player="ruth")
    top = table.employee_id("ruth", "R Engineer 2")
    assert top in problem["detail"]
    table.record("went_bankrupt", player="ruth", returned_on_top={"development": top})
    assert [e["type"] for e in table.settle()] == ["burnrate.game_won"]
    assert table.state["labor_pool"]["development"]["id"] == top
    assert table.state["winner"] == "joe"
