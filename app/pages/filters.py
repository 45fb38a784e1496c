"""How the pages say things: the template filters every page of the pages' blueprint uses
(app/pages/views.py), for a game's kind, a time, players' names and an explanation. Times
are in UTC here, and said so; a page's script shows them in the device's own zone
(js/times.js)."""

import re
from datetime import datetime

import orjson
from markupsafe import Markup, escape

from app.context import services
from app.pages.views import blp
from games import UnknownGame
from replays.sentences import entered, flat, who, written

DEPTH = 4  # how deep an explanation is written out, as in the transcript


@blp.app_template_filter("kind_name")
def kind_name(kind: str) -> str:
    """A kind as people name the game: its TITLE."""
    try:
        return getattr(services().games.get(kind), "TITLE", kind)
    except UnknownGame:
        return kind


blp.add_app_template_filter(who, "who")
blp.add_app_template_filter(entered, "entered")


@blp.app_template_filter("when")
def when(instant: str) -> str:
    """An event's time as people read it: `1 Dec 2026, 06:52 UTC`."""
    moment = datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return f"{moment.day} {moment:%b %Y, %H:%M} UTC"


@blp.app_template_filter("names")
def names(players: list[str]) -> Markup:
    """Players' names listed, each isolated (`<bdi>`): a name holding a right-to-left mark
    does not turn round the words around it."""
    return Markup(", ").join(Markup("<bdi>{}</bdi>").format(name) for name in players)


@blp.app_template_filter("isolated")
def isolated(text: str, players: list[str]) -> Markup:
    """`text` with each player's name in it isolated (`<bdi>`), as `names`."""
    if not players:
        return escape(text)
    alternatives = "|".join(re.escape(name) for name in sorted(players, key=len, reverse=True))
    parts = re.split(f"(?<!\\w)({alternatives})(?!\\w)", text)
    return Markup("").join(
        Markup("<bdi>{}</bdi>").format(part) if n % 2 else escape(part)
        for n, part in enumerate(parts)
    )


@blp.app_template_filter("day")
def day(instant: str) -> str:
    """The day of an instant: `1 Dec 2026`."""
    moment = datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return f"{moment.day} {moment:%b %Y}"


@blp.app_template_filter("clock")
def clock(instant: str) -> str:
    """An event's time of day: `06:52 UTC`."""
    return f"{datetime.fromisoformat(instant.replace('Z', '+00:00')):%H:%M} UTC"


@blp.app_template_filter("explained")
def explained(value, depth: int = 0) -> Markup:
    """An explanation as a nested list, `<ul class="explanation">`: each entry's name, and its
    value said in words, or listed in turn if it is nested (to DEPTH; replays/transcript.py
    writes the same in Markdown), built in one pass here rather than by a recursive macro."""
    items = value.items() if isinstance(value, dict) else enumerate(value, start=1)
    entries = []
    for name, inner in items:
        nested = isinstance(inner, dict | list) and not flat(inner) and depth < DEPTH
        said = explained(inner, depth + 1) if nested else escape(written(inner))
        entries.append(Markup("<li>{}: {}</li>").format(str(name).replace("_", " "), said))
    return Markup('<ul class="explanation">\n{}\n</ul>').format(Markup("\n").join(entries))


@blp.app_template_filter("pretty")
def pretty(value) -> Markup:
    """JSON to read in a `<pre>`: indented, keys sorted, as `tojson(indent=2)` writes it but by
    orjson, twenty times as fast on a late game's state (json indents in Python)."""
    text = orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode()
    # an element's text: quotes need no escaping there, so the JSON reads as it is
    return Markup(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
