"""The rules reference, read from `docs/rules/<kind>.md` once, when the app is made.

The Markdown files are the one source: a reader reads them in the repository, the service
answers them at `/api/rules`. Each file has a fixed shape, checked here, so a file that drifts
from it stops the app from starting rather than answering half an entry:

    # <title>                       the kind's title; the file's name is the kind
    <paragraphs>                    what the file is; not served
    ## <section>                    groups the entries that follow
    ### <ID>                        BR-PLAY-3, FCM-SETUP-8, LOG-RETRACT: one entry
    **Rule.** <paragraph>           the rule in our words; its first sentence is the summary
    **Engine.** <paragraph>         what the engine does with it (more paragraphs may follow)

A built-in game's reference is `docs/rules/<kind>.md`. A game loaded from elsewhere
(TABLELOG_EXTRA_GAMES) brings its own in the same shape, as `rules.md` in its package: it is
served only by a service that loads the game.

Links inside an entry are written for a reader of the repository (`[BR-PLAY-4](#br-play-4)`,
`[Seats](../architecture.md#seats)`); as served, a link to another entry becomes its path on
the service and a link to another document becomes that document's path in the repository.
"""

import difflib
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIRECTORY = ROOT / "docs" / "rules"
RULE_ID = re.compile(r"^[A-Z]+(?:-[A-Z]+)+(?:-\d+)?$")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(])")
HREF = "/api/rules/{}"


class RulebookError(ValueError):
    """A reference file that is not in the shape above; the message names file and line."""


class UnknownRule(LookupError):
    """No entry has this id; `near` are the ids that look most like it."""

    def __init__(self, rule_id: str, near: list[str]):
        super().__init__(rule_id)
        self.rule_id = rule_id
        self.near = near


@dataclass(frozen=True)
class Entry:
    """One rule id: its rule in our words and what the engine does, as Markdown."""

    id: str
    kind: str
    section: str
    rule: str
    engine: str
    events: tuple[str, ...] = field(default=())
    file: str = ""  # the reference file, from the repository's root

    @property
    def summary(self) -> str:
        return SENTENCE_END.split(self.rule, maxsplit=1)[0]

    @property
    def href(self) -> str:
        return HREF.format(self.id)

    @property
    def doc(self) -> str:
        return f"{self.file or f'docs/rules/{self.kind}.md'}#{self.id.lower()}"

    def markdown(self) -> str:
        return f"### {self.id}\n\n**Rule.** {self.rule}\n\n**Engine.** {self.engine}\n"


@dataclass(frozen=True)
class Kind:
    """One reference file: a game's rules, or the log's own."""

    kind: str
    title: str
    entries: tuple[Entry, ...]
    file: str = ""

    @property
    def doc(self) -> str:
        return self.file or f"docs/rules/{self.kind}.md"


class Rulebook:
    """Every entry of every reference file, by id."""

    def __init__(self, directory: Path = DIRECTORY, games=()):
        """The files of `directory`, and the `rules.md` of each game module in `games` that
        has none there."""
        self.kinds = {path.stem: read(path) for path in sorted(directory.glob("*.md"))}
        for game in games:
            own = own_reference(game)
            if game.KIND not in self.kinds and own is not None:
                self.kinds[game.KIND] = read(own, game.KIND)
        self._entries: dict[str, Entry] = {}
        for kind in self.kinds.values():
            for entry in kind.entries:
                if entry.id in self._entries:
                    other = self._entries[entry.id].kind
                    raise RulebookError(f"{entry.id} is in {kind.kind}.md and {other}.md")
                self._entries[entry.id] = entry

    def __iter__(self):
        return iter(self._entries.values())

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._entries

    def get(self, rule_id: str) -> Entry:
        """The entry of `rule_id` (in any case), or UnknownRule naming the nearest ids."""
        found = self._entries.get(rule_id.upper())
        if found is None:
            raise UnknownRule(rule_id, self.near(rule_id))
        return found

    def href(self, rule_id: str | None) -> str | None:
        """Where the service answers `rule_id`'s entry, or None if the reference lacks it."""
        return HREF.format(rule_id) if rule_id in self._entries else None

    def near(self, rule_id: str, count: int = 5) -> list[str]:
        """The ids most like `rule_id`: same-family numbers first (FCM-DINNER-11 ->
        FCM-DINNER-1, FCM-DINNER-10), then spelling."""
        wanted = rule_id.upper()
        family = wanted.rstrip("0123456789").rstrip("-")
        same = [i for i in self._entries if i.rstrip("0123456789").rstrip("-") == family]
        alike = difflib.get_close_matches(wanted, list(self._entries), n=count, cutoff=0.6)
        ranked = difflib.get_close_matches(wanted, same, n=count, cutoff=0) + alike
        return list(dict.fromkeys(ranked))[:count]


def own_reference(game) -> Path | None:
    """The `rules.md` beside a game package's `__init__.py`, if it has one."""
    path = Path(game.__file__).parent / "rules.md"
    return path if Path(game.__file__).name == "__init__.py" and path.is_file() else None


def read(path: Path, kind: str | None = None) -> Kind:
    """The entries of one reference file, checked for the shape in the module docstring;
    the file's name is the kind unless `kind` says it."""
    kind, title, section = kind or path.stem, None, None
    file = (
        path.resolve().relative_to(ROOT).as_posix()
        if path.resolve().is_relative_to(ROOT)
        else str(path)
    )
    entries: list[Entry] = []
    current: tuple[str, int, list[str]] | None = None  # id, line, its lines

    def close():
        if current is not None:
            entries.append(_entry(path, kind, section, *current, file=file))

    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if line.startswith("# ") and title is None:
            title = line[2:].strip()
        elif line.startswith("## "):
            close()
            current, section = None, line[3:].strip()
        elif line.startswith("### "):
            close()
            rule_id = line[4:].strip()
            if not RULE_ID.match(rule_id):
                raise RulebookError(f"{path.name}:{number}: {rule_id!r} is not a rule id")
            if section is None:
                raise RulebookError(f"{path.name}:{number}: {rule_id} comes before any section")
            current = (rule_id, number, [])
        elif line.startswith("#"):
            raise RulebookError(f"{path.name}:{number}: only #, ## and ### headings belong here")
        elif current is not None:
            current[2].append(line)
    close()
    if title is None or not entries:
        raise RulebookError(f"{path.name}: a # title and at least one ### entry are needed")
    return Kind(kind, title, tuple(entries), file)


def _entry(path, kind, section, rule_id, line, lines, file=""):
    paragraphs = [" ".join(p.split()) for p in "\n".join(lines).split("\n\n") if p.strip()]
    if len(paragraphs) < 2 or not paragraphs[0].startswith("**Rule.** "):
        raise RulebookError(f"{path.name}:{line}: {rule_id} must open with a **Rule.** paragraph")
    if not paragraphs[1].startswith("**Engine.** "):
        raise RulebookError(f"{path.name}:{line}: {rule_id} needs an **Engine.** paragraph next")
    rule = served(paragraphs[0].removeprefix("**Rule.** "))
    engine = served("\n\n".join([paragraphs[1].removeprefix("**Engine.** "), *paragraphs[2:]]))
    named = re.findall(rf"`({re.escape(kind)}\.[a-z_]+|retract)`", engine)  # event types
    events = tuple(dict.fromkeys(named))
    return Entry(rule_id, kind, section, rule, engine, events, file)


def served(text: str) -> str:
    """`text` with its links as the service answers them: another entry by its path on the
    service, another document by its path in the repository, written out after the words."""

    def link(match: re.Match) -> str:
        words, target = match.groups()
        if "://" in target:
            return match.group(0)
        path, _, anchor = target.partition("#")
        where = posixpath.normpath(posixpath.join("docs/rules", path)) if path else ""
        if (not path or where.startswith("docs/rules/")) and RULE_ID.match(anchor.upper()):
            return f"[{words}]({HREF.format(anchor.upper())})"
        return f"{words} (`{where}{'#' + anchor if anchor else ''}`)"

    return LINK.sub(link, text)


def links(directory: Path = DIRECTORY) -> list[tuple[str, str]]:
    """Every link of the reference files as written: (file name, target), for the test that
    they all lead somewhere."""
    return [
        (path.name, target)
        for path in sorted(directory.glob("*.md"))
        for _, target in LINK.findall(path.read_text("utf-8"))
    ]
