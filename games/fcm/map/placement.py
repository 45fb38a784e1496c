"""Where pieces may go: restaurants, houses with gardens, gardens, and campaign tiles.

Each check raises a RuleViolation with the rule's id and, in `details`, the squares at fault
and the map picture with those squares marked, or returns quietly. The checks know the map,
not the cards: whether the player has a card that may place the piece, and the range it has,
are for the action that calls them. While `unpictured()` holds (games/fcm/squares.py judges
hundreds of squares and keeps only each refusal's rule and words) no map is drawn.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.errors import RuleViolation
from games.fcm.data import CAMPAIGNS, campaign_type
from games.fcm.map.board import Board
from games.fcm.map.pieces import (
    CORNERS,
    GARDEN_SIDES,
    block,
    campaign_squares,
    entrance_square,
    garden_squares,
    occupied,
    what_is_on,
)
from games.fcm.map.render import render

EDGES = ("N", "E", "S", "W")
_PICTURED = ContextVar("pictured", default=True)


@contextmanager
def unpictured() -> Iterator[None]:
    """Refusals name the squares at fault but draw no map: drawing is most of a refusal's time."""
    token = _PICTURED.set(False)
    try:
        yield
    finally:
        _PICTURED.reset(token)


def refusal(rule: str, message: str, board: Board, map_state: dict, squares) -> RuleViolation:
    """A RuleViolation naming the squares at fault and showing them on the map."""
    squares = sorted({tuple(sq) for sq in squares})
    details = {"squares": [list(sq) for sq in squares]}
    if _PICTURED.get():
        details["map"] = render(board, map_state, highlight=squares)
    return RuleViolation(rule, message, details)


def check_empty(rule: str, what: str, board: Board, map_state: dict, squares) -> None:
    """Refuse unless every square is on the map and empty: no road, bridge, drink source,
    printed house or piece on it."""
    taken = occupied(map_state)
    faults = [(sq, what_is_on(board, taken, sq)) for sq in squares]
    faults = [(sq, why) for sq, why in faults if why]
    if faults:
        listed = "; ".join(f"{list(sq)} is {why}" for sq, why in faults)
        message = f"{what} must lie on empty squares: {listed}"
        raise refusal(rule, message, board, map_state, [sq for sq, _ in faults])


def check_restaurant(
    board: Board, map_state: dict, top_left, entrance: str, *, rule: str, at_setup: bool
) -> None:
    """A restaurant sits fully on empty squares and its entrance corner borders a road; at
    setup its entrance is not on the tile of another restaurant's entrance (FCM-SETUP-8).
    `rule` names the rule of the action placing it (FCM-SETUP-8 at setup)."""
    if entrance not in CORNERS:
        raise RuleViolation(rule, f"the entrance is a corner: one of {', '.join(CORNERS)}")
    restaurant = {"top_left": list(top_left), "entrance": entrance}
    check_empty(rule, "a restaurant", board, map_state, block(top_left, 2, 2))
    door = entrance_square(restaurant)
    if not board.touches_road([door]):
        message = f"the entrance {list(door)} must border a road"
        raise refusal(rule, message, board, map_state, [door])
    if at_setup:
        for other in map_state["restaurants"]:
            other_door = entrance_square(other)
            if board.tile_of(other_door) == board.tile_of(door):
                message = (
                    f"at setup the entrance {list(door)} may not be on the tile of another "
                    f"restaurant's entrance ({other['owner']}'s at {list(other_door)})"
                )
                raise refusal(rule, message, board, map_state, [door, other_door])


def check_new_house(board: Board, map_state: dict, top_left, garden: str) -> None:
    """A new house comes with its garden: together a 2x3 rectangle on empty squares,
    connected to a road (FCM-HOUSE-1)."""
    if garden not in GARDEN_SIDES:
        raise RuleViolation("FCM-HOUSE-1", "a new house comes with its garden on side N, E, S or W")
    squares = block(top_left, 2, 2) + garden_squares(top_left, garden)
    check_empty("FCM-HOUSE-1", "a house with its garden", board, map_state, squares)
    if not board.touches_road(squares):
        message = "a new house must be placed next to a road"
        raise refusal("FCM-HOUSE-1", message, board, map_state, squares)


def check_garden(board: Board, map_state: dict, number: int, side: str) -> None:
    """A garden goes beside a house that has none, on empty squares, so that house and garden
    make a 2x3 rectangle; one garden per house (FCM-HOUSE-1)."""
    house = next((h for h in map_state["houses"] if h["number"] == number), None)
    if house is None:
        raise RuleViolation("FCM-HOUSE-1", f"there is no house {number} on the map")
    if house["garden"]:
        squares = garden_squares(house["top_left"], house["garden"])
        message = f"house {number} already has its garden: one garden per house"
        raise refusal("FCM-HOUSE-1", message, board, map_state, squares)
    if side not in GARDEN_SIDES:
        raise RuleViolation("FCM-HOUSE-1", "a garden goes on side N, E, S or W of its house")
    squares = garden_squares(house["top_left"], side)
    check_empty("FCM-HOUSE-1", f"the garden of house {number}", board, map_state, squares)


def check_campaign(board: Board, map_state: dict, campaign: dict) -> None:
    """A campaign tile in its place: an airplane beside an edge over 1, 3 or 5 rows or columns
    of the map (FCM-MKT-4); any other on empty squares in its footprint, either way round, next
    to a road (FCM-MKT-3)."""
    number = campaign["number"]
    if campaign_type(number) == "airplane":
        check_airplane(board, map_state, campaign)
        return
    kind = campaign_type(number)
    if "top_left" not in campaign or "size" not in campaign:
        raise RuleViolation("FCM-MKT-3", f"{kind} {number} needs a top_left square and a size")
    footprint = CAMPAIGNS[number]["footprint"]
    if sorted(campaign["size"], reverse=True) != footprint:
        raise RuleViolation(
            "FCM-MKT-3",
            f"{kind} {number} is {footprint[0]}x{footprint[1]} squares (either way round),"
            f" not {campaign['size'][0]}x{campaign['size'][1]}",
        )
    squares = campaign_squares(campaign)
    check_empty("FCM-MKT-3", f"{kind} {number}", board, map_state, squares)
    if not board.touches_road(squares):
        message = f"{kind} {number} must be next to a road"
        raise refusal("FCM-MKT-3", message, board, map_state, squares)


def check_airplane(board: Board, map_state: dict, campaign: dict) -> None:
    """An airplane sits beside an edge of the map and flies over exactly its 1, 3 or 5 rows
    (beside the west or east edge) or columns (north or south) without leaving the map; two
    airplanes do not overlap beside the same edge (FCM-MKT-4)."""
    number = campaign["number"]
    if campaign.get("edge") not in EDGES or "start" not in campaign:
        raise RuleViolation(
            "FCM-MKT-4", f"airplane {number} needs an edge (N, E, S, W) and a start"
        )
    lane = CAMPAIGNS[number]["lane"]
    edge, start = campaign["edge"], campaign["start"]
    span = board.height if edge in ("W", "E") else board.width
    lines = "rows" if edge in ("W", "E") else "columns"
    if start < 0 or start + lane > span:
        raise RuleViolation(
            "FCM-MKT-4",
            f"airplane {number} flies over {lane} {lines} from {start}, past the map's"
            f" {lines} 0-{span - 1}",
        )
    mine = set(range(start, start + lane))
    for other in map_state["campaigns"]:
        if other.get("edge") == edge and other["number"] != number:
            width = CAMPAIGNS[other["number"]]["lane"]
            if mine & set(range(other["start"], other["start"] + width)):
                raise RuleViolation(
                    "FCM-MKT-4",
                    f"airplane {number} would overlap airplane {other['number']}"
                    f" beside edge {edge}",
                )


def check_in_range(rule: str, what: str, tiles: int, nearest: int | None) -> None:
    """Refuse unless `nearest` (tile crossings by road, None when no road joins) is within
    `tiles`; the refusal says `what` must be and how near the nearest is."""
    if nearest is not None and nearest <= tiles:
        return
    found = f"the nearest is {nearest}" if nearest is not None else "no road joins them"
    raise RuleViolation(rule, f"{what}; {found}", {"range": tiles, "nearest": nearest})
