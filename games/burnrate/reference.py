"""The event reference of docs/burnrate.md, rendered from EVENT_TYPES so the two cannot drift.

`python -c "from games.burnrate.reference import event_reference; print(event_reference())"`
prints the section; a test checks the document holds it.
"""

import json

from .event_types import EVENT_TYPES


def written_by(event_type) -> str:
    if event_type.name == "burnrate.created":
        return "the service, from `POST /api/games` (`kind`, `players`, `options`)"
    if event_type.name == "burnrate.went_bankrupt":
        return (
            "the worker (`system:turn_end` after the salaries, `system:bankruptcy` after a "
            "purple card); the table (`player:<name>` for their own company, or `admin`) when "
            "it must say which card lands on top of an empty pile"
        )
    if event_type.derived:
        return "the worker (`system:turn_end`), derived"
    return "`player:<name>` for their own action, or `admin`"


def event_reference() -> str:
    """One section per event type: description, who writes it, an example payload."""
    sections = []
    for event_type in EVENT_TYPES:
        example = json.dumps(event_type.example, indent=2, ensure_ascii=False)
        sections.append(
            f"### `{event_type.name}` (schema version {event_type.version})\n\n"
            f"{event_type.description}\n\n"
            f"Written by: {written_by(event_type)}.\n\n"
            f"```json\n{example}\n```\n"
        )
    return "\n".join(sections)
