"""games/burnrate/chart.py: what the chart of a Burn Rate game shows, read off a state."""

import copy

import games.burnrate as burnrate
from games.burnrate import chart
from tests.games.burnrate import test_rulebook_examples as examples
from tests.games.burnrate import test_whole_game as whole
from tests.games.burnrate.table import three_players


def line(points: dict, name: str) -> dict:
    (found,) = [s for s in points["series"] if s["name"] == name]
    return found


def test_the_first_hire_is_turn_0_with_every_company_funded():
    """BR-SETUP-3: 100 units of funding each (80 at four players), before any turn."""
    table = three_players()
    points = chart.points(burnrate.initial(table.log[0]))
    assert points["turn"] == 0
    assert [s["name"] for s in points["series"]] == ["joe", "ruth", "ann"]
    assert {s["name"]: s["values"]["funding"] for s in points["series"]} == dict.fromkeys(
        ["joe", "ruth", "ann"], 100
    )
    assert {s["role"] for s in points["series"]} == {"company"}
    assert chart.points(table.state)["turn"] == 1  # the hire over, joe's turn is the first


def test_the_burn_rate_is_what_the_turn_end_takes():
    """BR-SALARY-1: at the end of joe's turn his funding drops by the burn rate the chart
    showed for him: 2 + 2 + 1 + 1 and two contractors at 3 (BR-CONTRACT-1)."""
    table = examples.joe_with_two_bad_ideas()
    shown = line(chart.points(table.state), "joe")["values"]
    ended = table.end_turn("joe")
    assert ended["salaries_paid"]["burn_rate"] == 12
    after = line(chart.points(table.state), "joe")["values"]
    # the contractors the turn's end added count from then on
    assert after["burn_rate"] == 12 and shown["burn_rate"] == 6
    assert after["funding"] == shown["funding"] - 12


def test_a_bankrupt_company_is_out_and_the_turns_are_the_games():
    """BR-SALARY-2, BR-WIN-1: the game of three played to a winner; bob, then cat, go out,
    and the turn is the number the game gives each player's turn."""
    table = whole.new_game()
    plays = {"ann": whole.ann_plays, "bob": whole.bob_plays, "cat": whole.cat_plays}
    went_out = {}
    while not table.state["winner"]:
        number = table.state["turn"]["number"]
        plays[table.state["turn"]["player"]](table, number)
        points = chart.points(table.state)
        for s in points["series"]:
            if s["out"]:
                went_out.setdefault(s["name"], points["turn"])
        assert points["turn"] == table.state["turn"]["number"]
    assert list(went_out) == ["bob", "cat"] == table.state["bankrupt"]
    assert not line(chart.points(table.state), "ann")["out"]
    for name in went_out:  # out, it pays no salaries
        assert line(chart.points(table.state), name)["values"]["burn_rate"] is None


def test_points_leave_the_state_alone():
    state = examples.joe_with_two_bad_ideas().state
    before = copy.deepcopy(state)
    chart.points(state)
    assert state == before
