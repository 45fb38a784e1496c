"""The rules a game is recorded under: tablelog's version and a digest of its game's code and
data, kept in the creation event's payload as `rules`, `{"version", "digest"}`.

The rest of a creation payload is the game's own (its schema's `{"players", "options"}`);
`rules` is the machinery's. The recorder adds it after the game's schema has loaded the
payload, and whatever hands a creation to the game (its schema, `initial`) takes it off
first, so no game knows of it. Being in the payload, it is hashed with the event: a rules
version cannot be changed without breaking the chain, and the envelope keeps its fields, so
every log written before keeps verifying. Such a log has no `rules`: recorded under rules
nobody wrote down. An import keeps the `rules` of the log it carries.

The table's name for the game (`name`, when one was given) is the machinery's too, kept the
same way: in the log, so an export, an import and a fork keep it, and absent when none was
given, so a game created without one has the bytes it always had.

The digest is of the files that decide the game's rules (`.py`, `.json`, `.lua`): its own
package's, and what every game's rules are made with (the modules of games/ itself and the
whole of events/). The same digests key the sealed caches (projections/services.py,
`rules_fingerprint`).
"""

import functools
import hashlib
import importlib.metadata
import inspect
import re
import tomllib
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from games import RESERVED

RULES, NAME = RESERVED  # "rules", "name"
NAME_LENGTH = 80  # characters of a table's name, at most
RULE_FILES = (".py", ".json", ".lua")
DIGEST = re.compile(r"^[0-9a-f]{64}$")
ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
GAMES, EVENTS = ROOT / "games", ROOT / "events"


def rule_files(module: ModuleType) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of each file that decides a game's rules, in order: its own package's
    (named by its kind), then what every game's rules are made with, named from the
    project's root: the modules of games/ itself (sealed choices, actors, rule errors, plain
    data) and the whole of events/ (envelope, payload schemas, retract)."""
    source = Path(inspect.getfile(module))
    files = sorted(source.parent.rglob("*")) if source.name == "__init__.py" else [source]
    for path in files:
        if path.suffix in RULE_FILES and path.is_file():
            yield f"{module.KIND}/{path.relative_to(source.parent)}", path.read_bytes()
    for path in sorted([*GAMES.glob("*"), *EVENTS.rglob("*")]):
        if path.suffix in RULE_FILES and path.is_file():
            yield str(path.relative_to(ROOT)), path.read_bytes()


@functools.cache
def package_version() -> str:
    """tablelog's version as installed, else as pyproject.toml says, else "unknown"."""
    try:
        return importlib.metadata.version("tablelog")
    except importlib.metadata.PackageNotFoundError:
        pass
    try:
        return tomllib.loads(PYPROJECT.read_text())["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


@functools.cache
def rules_of(module: ModuleType) -> dict:
    """The rules a game of this module is recorded under today: `{"version", "digest"}`."""
    digest = hashlib.sha256()
    for name, data in rule_files(module):
        digest.update(f"{name}\n".encode())
        digest.update(data)
    return {"version": package_version(), "digest": digest.hexdigest()}


def recorded_rules(creation: dict) -> dict | None:
    """The rules a creation event names, or None for a log from before they were kept."""
    payload = creation.get("payload")
    return payload.get(RULES) if isinstance(payload, dict) else None


def for_the_game(creation: dict) -> dict:
    """The creation event as its game knows it: without the machinery's `rules` and `name`."""
    payload = creation.get("payload")
    if not isinstance(payload, dict) or not set(RESERVED) & set(payload):
        return creation
    return {**creation, "payload": {k: v for k, v in payload.items() if k not in RESERVED}}


def name_errors(name) -> list[str]:
    """What is wrong with a table's name for a game ([] if nothing): text of 1 to NAME_LENGTH
    characters, with no space at either end and no control character (it is a title line)."""
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_LENGTH or name != name.strip():
        return [f"must be text of 1 to {NAME_LENGTH} characters, without spaces at either end"]
    if any(unicodedata.category(c) == "Cc" for c in name):
        return ["must not hold a line break, a tab or another control character"]
    return []


def rules_errors(creation: dict) -> list[str]:
    """What is wrong with the `rules` a stored creation event names ([] if nothing)."""
    payload = creation.get("payload")
    if not isinstance(payload, dict) or RULES not in payload:
        return []
    rules = payload[RULES]
    if (
        not isinstance(rules, dict)
        or set(rules) != {"version", "digest"}
        or not isinstance(rules["version"], str)
        or not 1 <= len(rules["version"]) <= 64
        or not isinstance(rules["digest"], str)
        or not DIGEST.match(rules["digest"])
    ):
        return ['must be {"version": tablelog\'s version, "digest": 64 hex digits}']
    return []


def described(rules: dict | None, kind: str) -> str:
    """The rules in a few words: "tablelog 0.1.0, fcm rules 3f2a9c1d0b7e"."""
    if rules is None:
        return "rules not recorded (the game was created before the rules version was kept)"
    return f"tablelog {rules['version']}, {kind} rules {rules['digest'][:12]}"
