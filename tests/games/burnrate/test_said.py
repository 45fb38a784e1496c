"""games/burnrate/said.py: a step's changes, where the game stands and why a turn's end came
out as it did, in words a player reads, over a whole game to a winner (test_whole_game.py's),
folded as the service folds it. Employees and BAD IDEAs by name, never by id (`E4`, `B2`)."""

import copy
import re

import games.burnrate as burnrate
from tests.games.burnrate import test_whole_game as whole
from tests.games.burnrate.table import Table

IDS = re.compile(r"\b[EB]\d+\b|\b[a-z]+_[a-z_]+\b")


class Said(Table):
    """A table that keeps (state before, event, state after) of every step."""

    def __init__(self, *args, **kwargs):
        self.steps = []
        super().__init__(*args, **kwargs)

    def apply(self, type_name, payload, actor):
        before = copy.deepcopy(self.state)
        after = super().apply(type_name, payload, actor)
        self.steps.append((before, self.log[-1], after))
        return after


def played() -> Said:
    table = whole.new_game(Said)
    plays = {"ann": whole.ann_plays, "bob": whole.bob_plays, "cat": whole.cat_plays}
    while not burnrate.finished(table.state):
        plays[table.state["turn"]["player"]](table, table.state["turn"]["number"])
    return table


def test_every_step_of_a_whole_game_is_said_without_an_id():
    """BR-TURN-1 to BR-WIN-1: each step's sentence, changes and why name no id, and a step
    that changed the state says something."""
    table = played()
    for before, event, after in table.steps:
        lines = [burnrate.describe(event, before), *burnrate.changes(before, after),
                 *burnrate.why(event, before)]  # fmt: skip
        assert all(not IDS.search(line) for line in lines), lines
        if before != after:
            assert burnrate.changes(before, after), event["type"]
    derived = [event for _, event, _ in table.steps if event["actor"].startswith("system:")]
    assert derived and all(burnrate.why(event, None) for event in derived[:-1])


def test_a_bad_idea_and_funding_are_said_as_the_table_sees_them():
    """BR-BADIDEA-1, BR-PLAY-1: the card lands on its target, the hand shrinks, the count of
    cards played grows."""
    table = played()
    bad_idea = next(s for s in table.steps if s[1]["type"] == "burnrate.bad_idea_played")
    before, event, after = bad_idea
    target, card = event["payload"]["target"], event["payload"]["card"]
    said = burnrate.changes(before, after)
    assert f"BAD IDEA {card['name']} (x{card['x']}) landed on {target}, from ann" in said
    assert "ann's hand: 6 cards → 5 cards" in said
    assert "cards ann played this turn: 0 → 1" in said
    assert burnrate.where(before) == f"Turn {before['turn']['number']}, ann plays"


def test_salaries_and_a_bankruptcy_say_why():
    """BR-SALARY-1, BR-SALARY-2: the burn rate summed, the funding it leaves; a company below
    zero goes out, what it held going back, each by name."""
    table = played()
    before, paid, after = next(s for s in table.steps if s[1]["type"] == "burnrate.salaries_paid")
    why = paid["payload"]["explanation"]
    player = paid["payload"]["player"]
    assert f"the burn rate: {why['sum']}" in burnrate.why(paid, before)
    funding = f"{why['funding_before']} − {paid['payload']['burn_rate']} = {why['funding_after']}"
    assert f"funding: {funding}" in burnrate.why(paid, before)
    assert f"{player}'s funding: {why['funding_before']} → {why['funding_after']}" in (
        burnrate.changes(before, after)
    )
    assert burnrate.where(before) == f"Turn {before['turn']['number']}, the end of {player}'s turn"

    before, out, after = next(s for s in table.steps if s[1]["type"] == "burnrate.went_bankrupt")
    player = out["payload"]["player"]
    names = [e["name"] for e in before["companies"][player]["employees"]]
    said = burnrate.changes(before, after)
    assert f"{player} is bankrupt and out of the game" in said
    assert any(line.endswith(f"left {player}'s company") and names[0] in line for line in said)
    assert any(line.startswith("back to the labor pool: ") and names[-1] in line
               for line in burnrate.why(out, before))  # fmt: skip


def test_the_first_hire_and_the_end_are_where_the_game_stands():
    """BR-DRAFT-1, BR-WIN-1."""
    table = played()
    first, _, _ = table.steps[0]
    assert burnrate.where(first) == "The first hire"
    assert burnrate.where(table.state) == "The game is over"
    before, won, after = table.steps[-1]
    assert "ann won the game" in burnrate.changes(before, after)
    assert burnrate.why(won, before) == ["every other company went bankrupt: bob and cat"]
    assert burnrate.changes(None, after) == [] and burnrate.changes(after, after) == []
