"""docs/adding-a-game.md, run: its code blocks are the code, and its walk-through answers as
written, on a service with the game loaded and a real worker scoring the rounds.

A block titled `title="<path>"` is part of that file: the blocks of one file, in order,
joined by the two blank lines between top-level definitions, are the whole file. A block
marked `excerpt="<path>"` appears in that file as it is. The ```sh blocks are played by
tests/api/walkthrough.py, as the README's are."""

import json
import re
from pathlib import Path

from tests.api.walkthrough import play, shell_commands

ROOT = Path(__file__).parents[3]
DOC = ROOT / "docs" / "adding-a-game.md"
BLOCK = re.compile(r'```\w+ (title|excerpt)="([^"]+)"\n(.*?)```', re.S)


def blocks() -> list[tuple[str, str, str]]:
    return BLOCK.findall(DOC.read_text("utf-8"))


def test_the_doc_s_code_is_the_game_s_code():
    whole: dict[str, list[str]] = {}
    for mark, path, code in blocks():
        if mark == "title":
            whole.setdefault(path, []).append(code)
        else:
            assert code in (ROOT / path).read_text("utf-8"), f"{path} no longer has this excerpt"
    assert set(whole) == {"tests/rps/__init__.py", "tests/rps/rules.md"}
    for path, parts in whole.items():
        assert "\n\n".join(parts) == (ROOT / path).read_text("utf-8"), path


def test_the_readme_links_to_the_doc():
    assert "(docs/adding-a-game.md)" in (ROOT / "README.md").read_text("utf-8")


def test_the_walkthrough_answers_as_written(rps_client, rps_worker):
    text = DOC.read_text("utf-8")
    commands = shell_commands(text[text.index("### 7. Record a match") :])
    names, files, played = play(rps_client, commands, text)
    assert sum(command.startswith("# -> ") for command in commands) == len(played) >= 12
    summary = json.loads(files["summary.json"])
    assert summary["status"] == "finished" and summary["awaiting"]["what"] == "ben won, 2 to 0"
    assert '"what": "ben won, 2 to 0"' in text
    verdict = json.loads(files["verdict.json"])
    assert verdict["ok"] is True and verdict["recompute"]["derived"] == 2
    assert '"derived": 2' in text
    step = rps_client.get(f"/api/games/{names['G']}/replay/6").json
    assert step["event"]["actor"] == "system:score" and step["event"]["caused_by"] == 5
    assert step["explanation"]["throws"] == {"ann": "rock", "ben": "paper"}
