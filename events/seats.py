"""Seats: who may write a game's events.

A game has a seat for each player and one for the table's recorder ("table"). Each seat has its
own write token, shown once at creation and kept only as a SHA-256 digest (the game's meta:
`token_sha256` for the table, `seats_sha256` {player: digest} for the players). A player's seat
records that player's actions only (`player:<name>`); the table's recorder records anyone's and
the table's own (`admin`), and a player's action it records is marked `recorded_by: "table"`.

A lost token is replaced by the recorder; the change is the event `seat_replaced`, which names
the seat and the new token's digest (never the token) and changes nothing in the game's state.
"""

from marshmallow import Schema, fields, validate

from events.registry import EventType

TABLE = "table"
SEAT_REPLACED = "seat_replaced"


class SeatReplacedPayload(Schema):
    seat = fields.String(required=True, validate=validate.Length(min=1, max=64))
    token_sha256 = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{64}$"))


SEAT_REPLACED_TYPE = EventType(
    name=SEAT_REPLACED,
    schema=SeatReplacedPayload,
    description=(
        "The table's recorder replaced a seat's write token (a lost tablet): `seat` is a "
        "player's name or `table`; the old token stops working at once. Written by POST "
        "/api/games/{id}/seats/{seat}/token, which answers the new token once."
    ),
    example={"seat": "ann", "token_sha256": "0" * 64},
)


def seat_actor_refusal(seat: str, actor) -> str | None:
    """Why `seat` may not record an event as `actor`, or None when it may."""
    if seat == TABLE or actor == f"player:{seat}":
        return None
    return f"this token is {seat}'s seat: it records player:{seat}'s actions only, not {actor}'s"


def retract_author_refusal(retract: dict, target: dict) -> str | None:
    """Why `retract` may not withdraw `target`, or None: a player withdraws only what that
    player recorded; the table's recorder (actor admin, or a player's action it recorded)
    withdraws anything."""
    actor = retract["actor"]
    if actor == "admin" or retract.get("recorded_by") == TABLE or target["actor"] == actor:
        return None
    return (
        f"{actor} may withdraw only {actor}'s own actions; seq {target['seq']} was recorded as"
        f" {target['actor']} (the table's recorder may withdraw any action)"
    )
