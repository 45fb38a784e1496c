"""The README's walk through the API, run: every command in it, in order, answers what it says
(tests/api/walkthrough.py plays it)."""

from pathlib import Path

from tests.api.walkthrough import play, shell_commands

README = Path(__file__).parents[2] / "README.md"


def walkthrough() -> list[str]:
    """The commands of the walk-through."""
    text = README.read_text()
    return shell_commands(
        text[text.index("## A walk through the API") : text.index("## Build a tool on tablelog")]
    )


def test_the_readme_walkthrough_answers_as_written(client, start_worker):
    start_worker()
    commands = walkthrough()
    names, files, played = play(client, commands, README.read_text())
    assert len(played) >= 10 and set(names) == {"G", "T", "J", "R", "F", "K"}  # and a fork
    assert sum(command.startswith("# -> ") for command in commands) == len(played)
    checks = [response for _, path, response in played if path.endswith("/receipts/check")]
    assert checks and all(response.json["valid"] for response in checks)
    method, path, imported = played[-1]
    assert path == "/api/games/import" and imported.json["id"] != names["G"]
