"""The README's walk through the API, run: every curl in it, in order, answers what it says."""

import re
import shlex
from pathlib import Path

README = Path(__file__).parents[2] / "README.md"


def walkthrough_calls():
    """(method, path, headers, body, expected status) of each curl in the walk-through."""
    text = README.read_text()
    section = text[text.index("## A walk through the API") : text.index("## Configuration")]
    calls = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        commands = re.split(r"\n(?=curl )", block.replace("\\\n", " ").strip())
        for command in commands:
            line, _, expected = command.partition("# -> ")
            args = shlex.split(line)
            method = args[args.index("-X") + 1] if "-X" in args else "GET"
            url = next(a for a in args if a.startswith("localhost:8000"))
            headers = dict(args[i + 1].split(": ", 1) for i, a in enumerate(args) if a == "-H")
            body = args[args.index("-d") + 1] if "-d" in args else None
            calls.append((method, url.removeprefix("localhost:8000"), headers, body,
                          int(expected.strip())))  # fmt: skip
    return calls


def test_the_readme_walkthrough_answers_as_written(client, start_worker):
    start_worker()
    names = {}
    calls = walkthrough_calls()
    assert len(calls) >= 8
    for method, path, headers, body, expected in calls:
        for name, value in names.items():
            path = path.replace(f"${name}", value)
            headers = {k: v.replace(f"${name}", value) for k, v in headers.items()}
        response = client.open(path, method=method, headers=headers, data=body)
        assert response.status_code == expected, (method, path, response.data[:300])
        if expected == 422:
            assert response.json["rule"] in README.read_text()
        if path == "/api/games" and method == "POST":
            names = {"G": response.json["id"], "T": response.json["token"]}
