"""The squares of the map a piece may go on now (#32 item 2), for choices.py: a starting
restaurant (FCM-SETUP-8), a house a developer places (FCM-HOUSE-1), a restaurant a manager
places or moves (FCM-REST-1, FCM-REST-2), and for campaign_choices.py a campaign tile a
marketeer lays on the map (FCM-MKT-1 to 3). Every square of the map is a candidate for the
field `top_left`, judged by folding the action with it, as games/choices.py says.

A square is offered when some legal way to put the piece there exists: one of the
entrances (a restaurant) or garden sides (a house) the action takes; the form's own field
for those stays, and the service judges the whole. A square no way fits is left out with the
refusal most of its ways meet (a square out of a local manager's range: the range, not
the one entrance away from the road), the first way's on a tie. Refusals draw no map here
(placement.py `unpictured`), which keeps a 5x5-tile map's 625 squares quick.

A restaurant placed is judged for each manager offered (`when` {manager}: a local manager has
a range, a regional one none), a restaurant moved for each of the chain's restaurants on the
map (`when` {restaurant}); a house with the first developer offered, and the first house tile
of the supply (neither changes where a house may go).
"""

from games.choices import Field
from games.errors import RuleViolation
from games.fcm.map.board import board_of
from games.fcm.map.pieces import CORNERS, GARDEN_SIDES
from games.fcm.map.placement import unpictured
from games.fcm.rules import fold
from games.fcm.words import square_words


def judged_squares(
    state: dict, actor: str, event_type: str, payload: dict, way: str | None, ways,
    when: dict | None = None, field: Field | None = None,
) -> Field:  # fmt: skip
    """Each square of the map as `top_left` of `payload`, offered if one of `ways` (values of
    the payload's field `way`, or with no `way` payload fields of their own) is accepted."""
    field = field or Field()
    squares = board_of(state["board"]).squares()
    with unpictured():
        for square in squares:
            samples = [{**payload, "top_left": list(square), **({way: each} if way else each)}
                       for each in ways]  # fmt: skip
            checks = [fold_check(state, actor, event_type, sample) for sample in samples]
            field.judge(list(square), square_words(square), some_way(checks), when)
    return field


def some_way(checks):
    """A check that returns if one of `checks` does, else raises the refusal most of them
    raise (by rule and words), the first one's on a tie."""

    def check() -> None:
        refusals = []
        for each in checks:
            try:
                each()
                return
            except RuleViolation as refusal:
                refusals.append(refusal)
        said = [(refusal.rule, refusal.message) for refusal in refusals]
        raise max(refusals, key=lambda refusal: said.count((refusal.rule, refusal.message)))

    return check


def fold_check(state: dict, actor: str, event_type: str, payload: dict):
    return lambda: fold(state, {"type": event_type, "actor": actor, "payload": payload})


def offered_values(field: Field) -> list:
    return [entry["value"] for entry in field.offer]


def starting_restaurant(state: dict, actor: str, player: str) -> dict:
    """Where the player may put their starting restaurant, by some entrance (FCM-SETUP-8)."""
    payload = {"player": player}
    event_type = "fcm.starting_restaurant_placed"
    return {"top_left": judged_squares(state, actor, event_type, payload, "entrance", CORNERS)}


def house(state: dict, actor: str, player: str, developers: Field) -> dict:
    """Where a new house may go with its garden on some side (FCM-HOUSE-1)."""
    offered, free = offered_values(developers), state["supply"]["houses"]
    if not offered or not free:
        return {}
    payload = {"player": player, "developer": offered[0], "number": free[0]}
    return {"top_left": judged_squares(state, actor, "fcm.house_placed", payload, "garden",
                                       GARDEN_SIDES)}  # fmt: skip


def restaurant_placed(state: dict, actor: str, player: str, managers: Field) -> dict:
    """Where each manager offered may put a restaurant, by some entrance (FCM-REST-1 to 3)."""
    field = Field()
    for manager in offered_values(managers):
        payload = {"player": player, "manager": manager}
        judged_squares(state, actor, "fcm.restaurant_placed", payload, "entrance", CORNERS,
                       {"manager": manager}, field)  # fmt: skip
    return {"top_left": field} if managers.offer else {}


def restaurant_moved(state: dict, actor: str, player: str, managers: Field) -> dict:
    """Where a regional manager may move each of the chain's restaurants, by some entrance
    (FCM-REST-2); judged with the first manager offered, as all move alike."""
    offered = offered_values(managers)
    mine = [r["id"] for r in state["board"]["restaurants"] if r["owner"] == player]
    if not offered or not mine:
        return {}
    field = Field()
    for restaurant in mine:
        payload = {"player": player, "manager": offered[0], "restaurant": restaurant}
        judged_squares(state, actor, "fcm.restaurant_moved", payload, "entrance", CORNERS,
                       {"restaurant": restaurant}, field)  # fmt: skip
    return {"top_left": field}
