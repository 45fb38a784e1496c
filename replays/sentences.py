"""Any event, step and explanation in words: the game's own where it has them, else what the
machinery can say alone; `retract` and `seat_replaced` are the machinery's, in every game's log.

- `entered`: whose an event is and who entered it (a seat, the table's recorder, the service).
- `sentence`: the event, the game's `describe(event, state_before)`, else its type and the
  payload's plain values.
- `changed`: what a step changed, the game's `changes(before, after)`, else each operation of
  the RFC 6902 patch with its place dotted (`chains.ann.cash`) and its values, short.
- `reasons`: a derived event's explanation, the game's `why(event, state_before)`.
- `where`: where the game stands, the game's `where(state)` ("Turn 3, dinnertime"), for the
  log's headings.
"""

import copy
import json

import jsonpatch

from events.envelope import RECORDED_BY_TABLE
from events.retract import RETRACT
from events.seats import SEAT_REPLACED, TABLE

SHORT = 60  # characters of a value shown in a dotted change


def who(actor: str) -> str:
    """`player:ann` is ann, `admin` the table's recorder, `system:<phase>` the service."""
    if actor.startswith("player:"):
        return actor[7:]
    if actor.startswith("system:"):
        return f"the service ({actor[7:].replace('_', ' ')})"
    return "the table's recorder" if actor == "admin" else actor


def entered(event: dict) -> str:
    """Whose the event is and who entered it: a player's own seat, the table's recorder
    entering it for them (`recorded_by: table`), or the service."""
    actor = event["actor"]
    if actor.startswith("system:"):
        return who(actor)
    if actor == "admin":
        return who(actor)
    if event.get("recorded_by") == RECORDED_BY_TABLE:
        return f"{who(actor)}, entered by the table's recorder"
    return f"{who(actor)}, entered from {who(actor)}'s seat"


def sentence(game, event: dict, state_before) -> str:
    """The event, in words, as its game says it or, failing that, generically."""
    if event["type"] == RETRACT:
        return retracted(event)
    if event["type"] == SEAT_REPLACED:
        return reseated(event)
    describe = getattr(game, "describe", None)
    if describe is not None:
        return describe(event, state_before)
    return generic(event)


TABLE_RECORDER = "the table's recorder"


def recorder(actor: str) -> str:
    """Who did the machinery's own acts: `admin` is the table's recorder, whose token it is."""
    return TABLE_RECORDER if actor == "admin" else who(actor)


def retracted(event: dict) -> str:
    """`the table's recorder withdrew step 6: typo`, by the step's number as the pages show it."""
    reason = event["payload"].get("reason")
    said = f": {reason}" if reason else ""
    return f"{recorder(event['actor'])} withdrew step {event['payload']['seq']}{said}"


def reseated(event: dict) -> str:
    """`the table's recorder gave ruth's seat a new write token`, or took one of its own."""
    seat, actor = event["payload"]["seat"], recorder(event["actor"])
    if seat != TABLE:
        return f"{actor} gave {seat}'s seat a new write token"
    if actor == TABLE_RECORDER:
        return f"{actor} took a new write token"
    return f"{actor} gave {TABLE_RECORDER} a new write token"


def generic(event: dict) -> str:
    """`ann recorded “added” (player ann, amount 3)`: the type in words (without its game's
    prefix) and the payload's scalars."""
    facts = [f"{name} {value}" for name, value in event["payload"].items()
             if isinstance(value, str | int | float | bool) and name != "explanation"]  # fmt: skip
    details = f" ({', '.join(facts)})" if facts else ""
    return f"{who(event['actor'])} recorded “{type_words(event['type'])}”{details}"


def type_words(event_type: str) -> str:
    """`toy.tallied` is "tallied", `fcm.working_ended` "working ended"."""
    return event_type.split(".", 1)[-1].replace("_", " ")


def where(game, state) -> str | None:
    """Where the game stands in `state`, as its game says it; None for a game that does not."""
    said = getattr(game, "where", None)
    return said(state) if said is not None and state is not None else None


def reasons(game, event: dict, state_before) -> list[str] | None:
    """A derived event's explanation as its game's sentences; None from a game without `why`
    (the explanation is then written out as it is, pages/_explained.html)."""
    why = getattr(game, "why", None)
    if why is None:
        return None
    if event["type"] in (RETRACT, SEAT_REPLACED):
        return []
    return why(event, state_before)


def changed(game, before, after, patch: list[dict]) -> list[dict]:
    """What a step changed, each change `{"text"}`: the game's sentences, or for a game that
    does not say them each patch operation dotted, with `path`, `how` (changed, added,
    removed, move, copy), `was` and `now` besides."""
    said = getattr(game, "changes", None)
    if said is not None:
        return [{"text": text} for text in said(before, after)]
    return dotted_changes(patch, before)


def dotted_changes(patch: list[dict], before) -> list[dict]:
    """A step's RFC 6902 patch as people read it: each change's place in the state dotted
    (`chains.ann.cash`) and the value it had and has, short. The operations are applied one
    by one to read each old value where that operation found it."""
    doc, said = copy.deepcopy(before), []
    for operation in patch:
        place = dotted(operation["path"])
        if operation["op"] in ("move", "copy"):
            was = dotted(operation["from"])
            change = {"path": place, "how": operation["op"], "was": was,
                      "text": f"{place}: {operation['op']} from {was}"}  # fmt: skip
        else:
            how = {"replace": "changed", "add": "added", "remove": "removed"}[operation["op"]]
            was = pointed(doc, operation["path"]) if how != "added" else None
            now = short(operation["value"]) if "value" in operation else None
            text = {"changed": f"{place}: {short(was)} → {now}", "added": f"{place}: added {now}",
                    "removed": f"{place}: removed {short(was)}"}[how]  # fmt: skip
            change = {"path": place, "how": how, "was": short(was), "now": now, "text": text}
        said.append(change)
        doc = jsonpatch.apply_patch(doc, [operation])
    return said


def dotted(pointer: str) -> str:
    parts = pointer.split("/")[1:]
    return ".".join(p.replace("~1", "/").replace("~0", "~") for p in parts) or "(the whole state)"


def pointed(doc, pointer: str):
    return jsonpatch.JsonPointer(pointer).resolve(doc, None)


def short(value) -> str:
    """A value in a few words: a thing by its name (never its id beside it), plain values
    spelled out, a list of things counted, anything else as JSON cut short."""
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        said = value["name"]
    elif isinstance(value, dict) and isinstance(value.get("id"), str):
        said = value["id"]
    elif isinstance(value, list) and not flat(value):
        said = f"{len(value)} entries"
    elif isinstance(value, dict):
        said = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    else:
        said = written(value)
    return said if len(said) <= SHORT else said[: SHORT - 1] + "…"


def flat(value) -> bool:
    return isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)


def written(value) -> str:
    """A plain value in words: yes, no, none, a list joined, a mapping's names and values."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, list):
        return ", ".join(written(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {written(v)}" for k, v in value.items()) or "none"
    return str(value)
