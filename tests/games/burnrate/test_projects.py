"""games/burnrate/projects.py: BAD IDEAs stay until RELEASEd (BR-BADIDEA-1)."""

from tests.games.burnrate.table import three_players

GROCERY = {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]}


def test_a_bad_idea_stays_with_its_target():
    """BR-BADIDEA-1: it is not discarded; it stays, numbered, through later turns."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    assert table.company("ann")["bad_ideas"] == [
        {"id": "B1", "name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1], "from": "joe"}
    ]
    assert table.state["discard"] == 0 and table.company("joe")["hand"] == 5
    table.end_turn("joe")
    table.end_turn("ruth")
    assert [b["id"] for b in table.company("ann")["bad_ideas"]] == ["B1"]
    assert table.state["catalogue"]["bad_ideas"] == {}


def test_release_removes_one_of_the_players_bad_ideas():
    """BR-BADIDEA-1: matched to ann's Development head (1); both cards are discarded."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    table.record(
        "bad_idea_played",
        player="joe",
        target="ann",
        card={"name": "Online Pet Store", "x": 2, "skill_numbers": [0]},
    )
    table.end_turn("joe")
    table.end_turn("ruth")
    table.refused(
        "release_played", "BR-PLAY-2", player="ann", card={"skill_numbers": [0]}, bad_idea="B1"
    )
    table.record("release_played", player="ann", card={"skill_numbers": [0, 1]}, bad_idea="B1")
    assert [b["name"] for b in table.company("ann")["bad_ideas"]] == ["Online Pet Store"]
    assert table.state["discard"] == 2


def test_release_names_a_bad_idea_the_player_holds():
    """BR-BADIDEA-1: the refusal lists the player's own BAD IDEAs."""
    table = three_players()
    table.record("bad_idea_played", player="joe", target="ann", card=GROCERY)
    violation = table.refused(
        "release_played", "BR-BADIDEA-1", player="joe", card={"skill_numbers": [0]}, bad_idea="B1"
    )
    assert violation.details["bad_ideas"] == []
