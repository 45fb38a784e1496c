"""A walk through the API written as shell in a document, played on the test client.

The README's and docs/adding-a-game.md's walk-throughs are curl and jq against `$B`; this
reads each command and plays it: a curl is a request whose status is checked against its
`# -> ` line, `-o` keeps the answer as the file the later commands read,
`G=$(jq -r .id game.json)` reads it, `C=$(printf 'rock:<nonce>' | sha256sum | cut -c1-64)`
hashes, and `until curl -s "$B/api/games/$G" | jq -e '.pending
== null' > /dev/null; do sleep 0.2; done` waits for the worker. A command this cannot play
fails the test, so a document holds nothing that is not run."""

import hashlib
import json
import re
import shlex

from tests.conftest import wait_for

BASE = "B=http://127.0.0.1:${PORT:-8000}"
JQ = re.compile(r"^(\w+)=\$\(jq -r \.([\w.]+) ([\w.]+)\)$")
JQ_TO_FILE = re.compile(r"^jq -c '((?:\.\w+|\[\d+\])+)' ([\w.]+) > ([\w.]+)$")
SHA256 = re.compile(r"^(\w+)=\$\(printf '([^'%]*)' \| sha256sum \| cut -c1-64\)$")
WAIT = re.compile(
    r"""^until curl -s "\$B(/api/games/\$\w+)" \| jq -e '\.pending == null' > /dev/null; """
    r"""do sleep [\d.]+; done$"""
)


def shell_commands(section: str) -> list[str]:
    """The commands of the ```sh blocks of `section`, continuation lines joined, `# -> `
    lines kept."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        block = block.replace("\\\n", " ").strip()
        commands += re.split(r"\n(?=curl |jq |until |\w+=|# -> )", block)
    return commands


def curl_request(command: str, names: dict, files: dict) -> dict:
    """The request a curl command makes, and where its answer goes (`-o`)."""
    args = shlex.split(command)
    request = {"method": "GET", "headers": {}, "data": None, "output": None, "write_out": None}
    words = iter(args[1:])
    for word in words:
        if word == "-s":
            continue
        if word == "-X":
            request["method"] = next(words)
        elif word == "-H":
            name, value = next(words).split(": ", 1)
            request["headers"][name] = expand(value, names)
        elif word in ("-d", "--data-binary"):
            data = next(words)
            request["data"] = files[data[1:]] if data.startswith("@") else expand(data, names)
            assert word == "--data-binary" or not data.startswith("@"), "-d @file drops newlines"
        elif word == "-o":
            request["output"] = next(words)
        elif word == "-w":
            request["write_out"] = next(words)
        elif word.startswith("$B/"):
            request["path"] = expand(word.removeprefix("$B"), names)
        else:
            raise AssertionError(f"the test cannot play curl's {word!r}: {command[:80]}")
    return request


def expand(text: str, names: dict) -> str:
    for name, value in names.items():
        text = text.replace(f"${name}", value)
    assert "$" not in text, f"an unset variable in {text}"
    return text


def jq_to_file(command: str, files: dict) -> dict:
    """`jq -c '.a[0]' in.json > out.json`: a part of a kept answer kept as a file."""
    match = JQ_TO_FILE.match(command)
    assert match, f"the test cannot play {command!r}"
    path, source, target = match.groups()
    value = json.loads(files[source])
    for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", path):
        value = value[name] if name else value[int(index)]
    return {target: json.dumps(value, separators=(",", ":")).encode()}


def play(client, commands: list[str], document: str):
    """Play `commands` (the first names the base address) on `client`: the names they set,
    the files they kept and each request played, (method, path, response)."""
    assert commands[0] == BASE, "the walk-through starts by naming the base address"
    names, files, played = {}, {}, []
    for command in commands[1:]:
        if command.startswith("# -> "):
            method, path, response = played[-1]
            expected = int(command.removeprefix("# -> "))
            assert response.status_code == expected, (method, path, response.data[:300])
            if expected == 422:
                assert (response.json.get("rule") or response.json["code"]) in document
        elif command.startswith("curl "):
            request = curl_request(command, names, files)
            assert request["write_out"] and "%{http_code}" in request["write_out"], command[:80]
            response = client.open(
                request["path"],
                method=request["method"],
                headers=request["headers"],
                data=request["data"],
            )
            if request["output"]:
                files[request["output"]] = response.data
            played.append((request["method"], request["path"], response))
        elif command.startswith("until "):
            match = WAIT.match(command)
            assert match, f"the test cannot play {command!r}"
            path = expand(match.group(1), names)
            wait_for(lambda path=path: client.get(path).json["pending"] is None)
        elif command.startswith("jq "):
            files.update(jq_to_file(command, files))
        elif SHA256.match(command):
            name, text = SHA256.match(command).groups()
            names[name] = hashlib.sha256(text.encode()).hexdigest()
        else:
            for assignment in command.split("; "):
                match = JQ.match(assignment)
                assert match, f"the test cannot play {assignment!r}"
                name, path, file = match.groups()
                value = json.loads(files[file])
                for field in path.split("."):
                    value = value[field]
                names[name] = value
    return names, files, played
