"""Any event as a sentence: the game's own `describe(event, state_before)` where it has one,
else what the machinery can say from the envelope alone; `retract` and `seat_replaced` are
the machinery's, in every game's log."""

from events.retract import RETRACT
from events.seats import SEAT_REPLACED, TABLE


def who(actor: str) -> str:
    """`player:ann` is ann, `admin` the table's admin, `system:<phase>` the service."""
    if actor.startswith("player:"):
        return actor[7:]
    if actor.startswith("system:"):
        return f"the service ({actor[7:].replace('_', ' ')})"
    return actor


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


def retracted(event: dict) -> str:
    reason = event["payload"].get("reason")
    said = f": {reason}" if reason else ""
    return f"{who(event['actor'])} withdrew seq {event['payload']['seq']}{said}"


def reseated(event: dict) -> str:
    seat = event["payload"]["seat"]
    holder = "the table's recorder" if seat == TABLE else f"{seat}'s seat"
    return f"{who(event['actor'])} gave {holder} a new write token"


def generic(event: dict) -> str:
    """`ann recorded toy.added (player ann, amount 3)`: the type and the payload's scalars."""
    facts = [f"{name} {value}" for name, value in event["payload"].items()
             if isinstance(value, str | int | float | bool) and name != "explanation"]  # fmt: skip
    details = f" ({', '.join(facts)})" if facts else ""
    return f"{who(event['actor'])} recorded {event['type']}{details}"
