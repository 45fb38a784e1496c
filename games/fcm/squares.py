"""The squares of the map a piece may go on now (#32 item 2), for choices.py: a starting
restaurant (FCM-SETUP-8), a house a developer places (FCM-HOUSE-1), a restaurant a manager
places or moves (FCM-REST-1, FCM-REST-2), and for campaign_choices.py a campaign tile a
marketeer lays on the map (FCM-MKT-1 to 3); and the houses a developer may add a garden to
(FCM-HOUSE-1). Every square of the map is a candidate for the field `top_left`, judged by
folding the action with it, as games/choices.py says.

A square is offered when some legal way to put the piece there exists: one of the
entrances (a restaurant) or garden sides (a house) the action takes. A square no way fits is
left out with the refusal most of its ways meet (a square out of a local manager's range: the
range, not the one entrance away from the road), the first way's on a tie. At each square
offered, each way is judged into the field `entrance` (or `garden`), `when` {"top_left":
that square} and the square's own `when`: the form offers the corners (sides) legal at the
square chosen. Every way of a square is folded once, and only the squares offered add
entries; refusals draw no map here (placement.py `unpictured`), which keeps a 5x5-tile map's
625 squares quick.

A garden added is judged for each house on the map (`house`, "House 7" as the form names it),
offered if some side takes the garden, and at each house offered its sides (`garden`, `when`
{"house": 7}), folded once each, with the first developer offered.

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
    when: dict | None = None, field: Field | None = None, way_field: Field | None = None,
) -> Field:  # fmt: skip
    """Each square of the map as `top_left` of `payload`, offered if one of `ways` (values of
    the payload's field `way`, or with no `way` payload fields of their own) is accepted. With
    `way_field`, each way at each square offered is judged into it too, `when` that square."""
    field = field or Field()
    squares = board_of(state["board"]).squares()
    with unpictured():
        for square in squares:
            samples = [{**payload, "top_left": list(square), **({way: each} if way else each)}
                       for each in ways]  # fmt: skip
            checks = [fold_check(state, actor, event_type, sample) for sample in samples]
            if way_field is None:
                field.judge(list(square), square_words(square), some_way(checks), when)
                continue
            checks = [judged_once(check) for check in checks]  # each way folded once
            if field.judge(list(square), square_words(square), some_way(checks), when):
                at = {**(when or {}), "top_left": list(square)}
                for each, check in zip(ways, checks, strict=True):
                    way_field.judge(each, each, check, at)
    return field


def judged_once(check):
    """`check` run now, and a check that says again what it said."""
    try:
        check()
    except RuleViolation as refused:
        return refusing(refused)
    return lambda: None


def refusing(refusal: RuleViolation):
    def refuse():
        raise refusal

    return refuse


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
    """Where the player may put their starting restaurant, by some entrance, and the entrances
    at each (FCM-SETUP-8)."""
    payload, entrances = {"player": player}, Field()
    event_type = "fcm.starting_restaurant_placed"
    top_left = judged_squares(state, actor, event_type, payload, "entrance", CORNERS,
                              way_field=entrances)  # fmt: skip
    return {"top_left": top_left, "entrance": entrances}


def house(state: dict, actor: str, player: str, developers: Field) -> dict:
    """Where a new house may go with its garden on some side, and the sides at each
    (FCM-HOUSE-1)."""
    offered, free = offered_values(developers), state["supply"]["houses"]
    if not offered or not free:
        return {}
    payload = {"player": player, "developer": offered[0], "number": free[0]}
    gardens = Field()
    top_left = judged_squares(state, actor, "fcm.house_placed", payload, "garden", GARDEN_SIDES,
                              way_field=gardens)  # fmt: skip
    return {"top_left": top_left, "garden": gardens}


def garden(state: dict, actor: str, player: str, developers: Field) -> dict:
    """The houses on the map a garden may be added to, on some side, and the sides of each
    while it is chosen (FCM-HOUSE-1); judged with the first developer offered, as all add
    alike."""
    offered = offered_values(developers)
    if not offered:
        return {}
    houses, sides = Field(), Field()
    with unpictured():
        for number in sorted(house["number"] for house in state["board"]["houses"]):
            payload = {"player": player, "developer": offered[0], "house": number}
            checks = [judged_once(fold_check(state, actor, "fcm.garden_added",
                                             {**payload, "garden": side}))
                      for side in GARDEN_SIDES]  # fmt: skip
            if houses.judge(number, f"House {number}", some_way(checks)):
                for side, check in zip(GARDEN_SIDES, checks, strict=True):
                    sides.judge(side, side, check, {"house": number})
    return {"house": houses, "garden": sides}


def restaurant_placed(state: dict, actor: str, player: str, managers: Field) -> dict:
    """Where each manager offered may put a restaurant, by some entrance, and the entrances at
    each (FCM-REST-1 to 3)."""
    field, entrances = Field(), Field()
    for manager in offered_values(managers):
        payload = {"player": player, "manager": manager}
        judged_squares(state, actor, "fcm.restaurant_placed", payload, "entrance", CORNERS,
                       {"manager": manager}, field, entrances)  # fmt: skip
    return {"top_left": field, "entrance": entrances} if managers.offer else {}


def restaurant_moved(state: dict, actor: str, player: str, managers: Field) -> dict:
    """Where a regional manager may move each of the chain's restaurants, by some entrance, and
    the entrances at each (FCM-REST-2); judged with the first manager offered, as all move
    alike."""
    offered = offered_values(managers)
    mine = [r["id"] for r in state["board"]["restaurants"] if r["owner"] == player]
    if not offered or not mine:
        return {}
    field, entrances = Field(), Field()
    for restaurant in mine:
        payload = {"player": player, "manager": offered[0], "restaurant": restaurant}
        judged_squares(state, actor, "fcm.restaurant_moved", payload, "entrance", CORNERS,
                       {"restaurant": restaurant}, field, entrances)  # fmt: skip
    return {"top_left": field, "entrance": entrances}
