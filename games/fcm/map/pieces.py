"""The pieces on the map and the squares each covers.

A game's map state holds the pieces as plain records (see docs/fcm.md):

- house: {"number", "top_left", "garden", "printed", "demand"}; the house is 2x2 from
  `top_left`; `garden` is null or the side ("N", "E", "S", "W") its 2x1 garden lies on, so
  house and garden make a 2x3 rectangle;
- restaurant: {"owner", "top_left", "entrance", "status"}; 2x2 from `top_left`, `entrance`
  the corner ("NW", "NE", "SW", "SE") with the doors, status "open" or "coming_soon";
- campaign: {"number", "owner", "product", "remaining", "eternal", ...} with "top_left" and
  "size" ([rows, cols]) on the map, or for an airplane "edge" (the side of the map it sits
  beside) and "start" (the first row or column it flies over).
"""

from games.fcm.data import CAMPAIGNS, campaign_type
from games.fcm.map.board import Board, Square

CORNERS = {"NW": (0, 0), "NE": (0, 1), "SW": (1, 0), "SE": (1, 1)}
GARDEN_SIDES = ("N", "E", "S", "W")


def block(top_left, rows: int, cols: int) -> list[Square]:
    """The rows x cols squares from `top_left`, row by row."""
    r, c = top_left
    return [(r + dr, c + dc) for dr in range(rows) for dc in range(cols)]


def restaurant_squares(restaurant: dict) -> list[Square]:
    return block(restaurant["top_left"], 2, 2)


def entrance_square(restaurant: dict) -> Square:
    """The corner square with the doors."""
    dr, dc = CORNERS[restaurant["entrance"]]
    return restaurant["top_left"][0] + dr, restaurant["top_left"][1] + dc


def entrance_squares(restaurant: dict, drive_in: bool = False) -> list[Square]:
    """Where routes from this restaurant start: its entrance, or every corner while the chain
    has a local or regional manager at work (a drive-in, FCM-REST-3)."""
    return restaurant_squares(restaurant) if drive_in else [entrance_square(restaurant)]


def garden_squares(house_top_left, side: str) -> list[Square]:
    """The 2x1 garden beside a 2x2 house on `side`."""
    r, c = house_top_left
    corner = {"N": (r - 1, c), "S": (r + 2, c), "W": (r, c - 1), "E": (r, c + 2)}[side]
    return block(corner, 1, 2) if side in "NS" else block(corner, 2, 1)


def house_squares(house: dict) -> list[Square]:
    """The house's own four squares and, if it has one, its garden's two: a garden counts as
    part of its house (FCM-CAMP-4)."""
    squares = block(house["top_left"], 2, 2)
    if house["garden"]:
        squares += garden_squares(house["top_left"], house["garden"])
    return squares


def campaign_squares(campaign: dict) -> list[Square]:
    """The map squares a billboard, mailbox or radio covers; none for an airplane, which sits
    beside the map."""
    if "top_left" not in campaign:
        return []
    rows, cols = campaign["size"]
    return block(campaign["top_left"], rows, cols)


def airplane_lane(board: Board, campaign: dict) -> list[Square]:
    """Every square of the rows (beside the west or east edge) or columns (beside the north
    or south edge) an airplane flies over."""
    width = CAMPAIGNS[campaign["number"]]["lane"]
    lines = range(campaign["start"], campaign["start"] + width)
    if campaign["edge"] in ("W", "E"):
        return [(r, c) for r in lines for c in range(board.width)]
    return [(r, c) for r in range(board.height) for c in lines]


def piece_squares(map_state: dict) -> list[tuple[str, list[Square]]]:
    """Every piece on the map with the squares it covers, named for messages: houses (a garden
    separately), restaurants, then campaigns."""
    pieces = []
    for house in map_state["houses"]:
        pieces.append((f"house {house['number']}", block(house["top_left"], 2, 2)))
        if house["garden"]:
            squares = garden_squares(house["top_left"], house["garden"])
            pieces.append((f"the garden of house {house['number']}", squares))
    for restaurant in map_state["restaurants"]:
        pieces.append((f"a restaurant of {restaurant['owner']}", restaurant_squares(restaurant)))
    for campaign in map_state["campaigns"]:
        name = f"{campaign_type(campaign['number'])} {campaign['number']}"
        pieces.append((name, campaign_squares(campaign)))
    return pieces


def occupied(map_state: dict) -> dict[Square, str]:
    """Square -> the piece on it, for every square a piece covers."""
    return {square: name for name, squares in piece_squares(map_state) for square in squares}


def what_is_on(board: Board, taken: dict[Square, str], square: Square) -> str | None:
    """Why a square is not empty ("off the map", "a road", "house 5", ...), or None if it is
    empty: on the map, no road, bridge, drink source or printed house, and no piece on it."""
    if not board.on_board(square):
        return "off the map"
    if square in taken:
        return taken[square]
    glyph = board.glyph(square)
    if glyph == "#":
        return "a road"
    if glyph == "+":
        return "a bridge"
    if board.drink(square):
        return f"a {board.drink(square)} source"
    if glyph == "H":
        return "a printed house"
    return None
