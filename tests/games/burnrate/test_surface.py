"""games/burnrate/__init__.py: the surface the machinery imports, and the rule ids cited."""

import ast
from pathlib import Path

import pytest

import games.burnrate as burnrate
from events.registry import EventTypeRegistry
from games import GameRegistry
from tests.games.burnrate.table import three_players

PACKAGE = Path(burnrate.__file__).parent
TESTS = Path(__file__).parent

# The Burn Rate ids of the rules checklist, each with an entry in docs/rules/burnrate.md.
CHECKLIST = [
    "BR-SETUP-1",
    "BR-SETUP-2",
    "BR-SETUP-3",
    "BR-DRAFT-1",
    "BR-DRAFT-2",
    "BR-ORG-1",
    "BR-VP-1",
    "BR-VP-2",
    "BR-VP-3",
    "BR-DEAL-1",
    "BR-TURN-1",
    "BR-PLAY-1",
    "BR-PLAY-2",
    "BR-PLAY-3",
    "BR-PLAY-4",
    "BR-PLAY-5",
    "BR-PLAY-6",
    "BR-BADIDEA-1",
    "BR-CONTRACT-1",
    "BR-CONTRACT-2",
    "BR-SALARY-1",
    "BR-SALARY-2",
    "BR-DRAW-1",
    "BR-WIN-1",
]


def test_the_game_registers_with_the_machinery():
    types = EventTypeRegistry()
    games = GameRegistry(["games.burnrate"], types)
    assert games.kinds() == ["burnrate"] and burnrate.KIND == "burnrate"
    assert "burnrate.created" in types and "burnrate.game_won" in types


def test_an_unknown_event_type_is_an_error():
    with pytest.raises(ValueError):
        burnrate.evolve(
            three_players().state, {"type": "toy.added", "payload": {}, "actor": "admin"}
        )


def test_finished_only_after_a_winner():
    assert not burnrate.finished(three_players().state)


def cited_rules():
    """The constant rule ids passed to RuleViolation anywhere in the package."""
    cited = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleViolation":
                first = node.args[0]
                constants = [
                    n.value for n in ast.walk(first) if isinstance(getattr(n, "value", None), str)
                ]
                assert constants or isinstance(first, ast.Name), f"{path.name}:{node.lineno}"
                cited.update(constants)
    return cited


def test_every_refusal_cites_a_checklist_rule():
    cited = cited_rules()
    assert cited <= set(CHECKLIST), cited - set(CHECKLIST)


def test_every_checklist_rule_is_named_in_a_test():
    text = "\n".join(
        p.read_text() for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name
    )
    assert [rule for rule in CHECKLIST if f"{rule}" not in text] == []
