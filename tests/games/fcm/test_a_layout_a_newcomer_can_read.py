"""games/fcm/turn/: "the turn's order in one table that each phase reads, so no phase imports
the next" (issue #22, "A layout a newcomer can read"). The phase modules once imported each
other in a circle, each beginning the next; these tests keep it from coming back."""

import ast
from pathlib import Path

import pytest

import games.fcm
from games.fcm.turn import sequence

PACKAGE = Path(games.fcm.__file__).parent
NOT_PHASES = ("__init__", "sequence")
PHASE_MODULES = sorted(p.stem for p in (PACKAGE / "turn").glob("*.py") if p.stem not in NOT_PHASES)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str) -> set[str]:
    """The modules of games.fcm that `name` imports, at the top or inside a function."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return found & set(MODULES)


def reached(start: str) -> dict[str, list[str]]:
    """Every module of games.fcm that importing `start` imports, with the way to it."""
    ways, todo = {start: [start]}, [start]
    while todo:
        name = todo.pop()
        for other in sorted(imported(name)):
            if other not in ways:
                ways[other] = [*ways[name], other]
                todo.append(other)
    return ways


def test_the_phase_modules_are_found():
    assert PHASE_MODULES == [
        "campaigns", "cleanup", "dinnertime", "order", "payday", "reserve", "restructuring",
        "setup", "working",
    ]  # fmt: skip


@pytest.mark.parametrize("phase", PHASE_MODULES)
def test_no_phase_imports_the_next(phase):
    """A phase module imports no other phase module, not even inside a function: only the
    table (turn/sequence.py)."""
    name = f"games.fcm.turn.{phase}"
    others = {f"games.fcm.turn.{other}" for other in PHASE_MODULES if other != phase}
    assert imported(name) & others == set()
    assert "games.fcm" not in imported(name), "the package's surface imports every phase"


@pytest.mark.parametrize("phase", PHASE_MODULES)
def test_no_phase_reaches_another_through_the_modules_it_imports(phase):
    """Nor by way of another module: the circle cannot come back through the map, the cards
    or the data."""
    ways = reached(f"games.fcm.turn.{phase}")
    others = [f"games.fcm.turn.{other}" for other in PHASE_MODULES if other != phase]
    assert {other: ways[other] for other in others if other in ways} == {}


def test_the_turn_s_order_is_one_table_that_begins_every_phase_but_the_first():
    """FCM-TURN-1: setup's two phases, then the turn's seven, and after cleanup the next turn's
    restructuring; each phase begun by its own module's function, the first made by creation."""
    assert sequence.PHASES == (
        "setup_restaurants", "setup_reserve", "restructuring", "order_of_business", "working",
        "dinnertime", "payday", "marketing", "cleanup",
    )  # fmt: skip
    assert set(sequence.BEGINS) == set(sequence.PHASES) - {"setup_restaurants"}
    assert [sequence.next_phase(p) for p in sequence.PHASES[:-1]] == list(sequence.PHASES[1:])
    assert sequence.next_phase("cleanup") == "restructuring"
    for phase, begin in sequence.BEGINS.items():
        assert begin.__module__.startswith("games.fcm.turn."), (phase, begin)


def test_a_phase_is_registered_once():
    with pytest.raises(ValueError, match="not a phase"):
        sequence.begins("lunch")
    with pytest.raises(ValueError, match="begins with begin_working already"):
        sequence.begins("working")(lambda state: None)
