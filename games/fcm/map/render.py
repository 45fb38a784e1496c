"""A picture of the map in text, for people settling a board dispute by looking.

Each square is three characters; tile borders are thin lines, roads thick ones, so crossings
can be counted by eye. A road that joins across a tile border crosses it (┿ or ╂); where the
original rules do not join two touching roads the border stays unbroken. Rows and columns are
numbered so a square can be named [row, col]; a key and a list of the pieces follow the grid.
"""

from games.fcm.data import TILE_SIZE, campaign_type
from games.fcm.map.board import Board, board_of
from games.fcm.map.pieces import (
    airplane_lane,
    block,
    campaign_squares,
    entrance_square,
    garden_squares,
    restaurant_squares,
)
from games.fcm.map.roads import road_graph

# thick road through the middle of a square, by the sides it joins (N, E, S, W)
ROAD = {
    (0, 0, 0, 0): "■", (1, 0, 0, 0): "╹", (0, 1, 0, 0): "╺", (0, 0, 1, 0): "╻",
    (0, 0, 0, 1): "╸", (1, 0, 1, 0): "┃", (0, 1, 0, 1): "━", (1, 1, 0, 0): "┗",
    (1, 0, 0, 1): "┛", (0, 1, 1, 0): "┏", (0, 0, 1, 1): "┓", (1, 1, 1, 0): "┣",
    (1, 0, 1, 1): "┫", (0, 1, 1, 1): "┳", (1, 1, 0, 1): "┻", (1, 1, 1, 1): "╋",
}  # fmt: skip
DRINKS = {"B": "{b}", "L": "{l}", "S": "{s}"}
TOKENS = {"burger": "bur", "pizza": "piz", "beer": "bee", "lemonade": "lem", "soda": "sod"}
CAMPAIGN_MARKS = {"billboard": "B", "mailbox": "M", "radio": "R", "airplane": "A"}
KEY = [
    "Key: ━┃╋ road   ━┃━ bridge (the two roads cross without joining)   ┿ ╂ a road joining",
    "     across a tile border   · empty   {b} {l} {s} beer, lemonade, soda source",
    "     H 5 house 5, ▒ its squares, ░ its garden, bur piz bee lem sod its demand tokens",
    "     [A] restaurant of chain A, <A> its entrance (lower case: coming soon)",
    "     B11 M 7 R 1 A 4 billboard 11, mailbox 7, radio 1, airplane 4   !·! a square at fault",
]


def player_marks(players: list[str]) -> dict[str, str]:
    """One capital letter per player: the first letter of the name not taken yet."""
    marks: dict[str, str] = {}
    for name in players:
        letters = [ch.upper() for ch in name if ch.isalpha()] + [chr(65 + i) for i in range(26)]
        marks[name] = next(ch for ch in letters if ch not in marks.values())
    return marks


def _road_links(board: Board) -> set[frozenset]:
    """The pairs of neighbouring squares whose roads join."""
    return {
        frozenset((node[:2], nxt[:2]))
        for node, steps in road_graph(board).items()
        for nxt, _ in steps
    }


def _road_cell(board: Board, links: set, square) -> str:
    r, c = square
    joins = [
        frozenset((square, n)) in links for n in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
    ]
    centre = "┃" if board.is_bridge(square) else ROAD[tuple(int(j) for j in joins)]
    return ("━" if joins[3] else " ") + centre + ("━" if joins[1] else " ")


def _cells(board: Board, links: set, map_state: dict, marks: dict[str, str]) -> dict:
    cells = {}
    for square in board.squares():
        glyph = board.glyph(square)
        if board.is_road(square):
            cells[square] = _road_cell(board, links, square)
        else:
            cells[square] = DRINKS.get(glyph, " · ")
    for house in map_state["houses"]:
        squares = block(house["top_left"], 2, 2)
        garden = garden_squares(house["top_left"], house["garden"]) if house["garden"] else []
        cells.update({sq: "▒▒▒" for sq in squares} | {sq: "░░░" for sq in garden})
        cells[squares[0]] = f"H{house['number']:>2}"
        for square, good in zip(squares[1:] + garden, house["demand"], strict=False):
            cells[square] = TOKENS[good]
    for restaurant in map_state["restaurants"]:
        mark = marks.get(restaurant["owner"], "?")
        if restaurant["status"] == "coming_soon":
            mark = mark.lower()
        cells.update({sq: f"[{mark}]" for sq in restaurant_squares(restaurant)})
        cells[entrance_square(restaurant)] = f"<{mark}>"
    for campaign in map_state["campaigns"]:
        label = f"{CAMPAIGN_MARKS[campaign_type(campaign['number'])]}{campaign['number']:>2}"
        cells.update({sq: label for sq in campaign_squares(campaign)})
    return cells


def _border(board: Board, links: set, r: int, left: str, cross: str, right: str) -> str:
    """The horizontal tile border above square row r (r = height: below the map)."""
    parts = []
    for c in range(board.width):
        if c and c % TILE_SIZE == 0:
            parts.append(cross)
        joined = frozenset(((r - 1, c), (r, c))) in links
        parts.append("─╂─" if joined else "───")
    return left + "".join(parts) + right


def _airplanes(board: Board, map_state: dict) -> dict[str, dict[int, tuple[int, str]]]:
    """Edge -> row or column beside it -> (airplane number, what to draw there): the label by
    the first line it flies over, a double line along the rest."""
    lanes: dict[str, dict[int, tuple[int, str]]] = {"N": {}, "E": {}, "S": {}, "W": {}}
    for campaign in map_state["campaigns"]:
        if "edge" in campaign:
            number, edge = campaign["number"], campaign["edge"]
            axis = 0 if edge in ("W", "E") else 1
            lines = sorted({square[axis] for square in airplane_lane(board, campaign)})
            along = " ║ " if axis == 0 else "═══"
            for line in lines:
                lanes[edge][line] = (number, f"A{number:>2}" if line == lines[0] else along)
    return lanes


def render(board: Board, map_state: dict, players=None, highlight=(), exits=()) -> str:
    """The map with its pieces; `highlight` squares are marked !x! (squares at fault).
    `exits` are (road square, square beyond the map) pairs: where the road of a lone tile
    leaves it, drawn crossing the frame as a road joining the next tile crosses a border."""
    owners = [p["owner"] for p in map_state["restaurants"] + map_state["campaigns"]]
    marks = player_marks(list(players or dict.fromkeys(owners)))
    links = _road_links(board) | {frozenset(pair) for pair in exits}
    cells = _cells(board, links, map_state, marks)
    for square in highlight:
        if tuple(square) in cells:
            cells[tuple(square)] = f"!{cells[tuple(square)][1]}!"
    planes = _airplanes(board, map_state)
    west = "    " if planes["W"] else ""

    def plane_row(edge: str) -> str:
        lane = planes[edge]
        parts = []
        for c in range(board.width):
            if c and c % TILE_SIZE == 0:
                same = c - 1 in lane and c in lane and lane[c - 1][0] == lane[c][0]
                parts.append("═" if same else " ")
            parts.append(lane[c][1] if c in lane else "   ")
        return "   " + west + " " + "".join(parts)

    header = "".join(
        (" " if c and c % TILE_SIZE == 0 else "") + f"{c:^3}" for c in range(board.width)
    )
    lines = ["   " + west + " " + header]
    if planes["N"]:
        lines.append(plane_row("N"))
    for r in range(board.height):
        if r % TILE_SIZE == 0:
            edge = ("┌", "┬", "┐") if r == 0 else ("├", "┼", "┤")
            lines.append("   " + west + _border(board, links, r, *edge))
        row = []
        for c in range(board.width + 1):
            if c % TILE_SIZE == 0:
                row.append("┿" if frozenset(((r, c - 1), (r, c))) in links else "│")
            if c < board.width:
                row.append(cells[(r, c)])
        side = (planes["W"].get(r, (0, "   "))[1] + " ") if west else ""
        east = (" " + planes["E"][r][1]) if r in planes["E"] else ""
        lines.append(f"{r:>2} " + side + "".join(row) + east)
    lines.append("   " + west + _border(board, links, board.height, "└", "┴", "┘"))
    if planes["S"]:
        lines.append(plane_row("S"))
    return "\n".join(line.rstrip() for line in lines)


def describe(map_state: dict, marks: dict[str, str]) -> list[str]:
    """The pieces in words, beneath the picture."""
    lines = []
    if "layout" in map_state:
        tiles = sorted(map_state["layout"]["tiles"], key=lambda t: (t["row"], t["col"]))
        placed = "  ".join(f"[{t['row']},{t['col']}] {t['tile']} {t['rotation']}°" for t in tiles)
        lines.append(f"Tiles ({map_state['connection']} road connection): {placed}")
    for house in sorted(map_state["houses"], key=lambda h: h["number"]):
        garden = f", garden {house['garden']}" if house["garden"] else ""
        demand = ", demand " + " ".join(house["demand"]) if house["demand"] else ""
        origin = "printed" if house["printed"] else "placed"
        lines.append(f"House {house['number']} at {house['top_left']} ({origin}{garden}){demand}")
    for restaurant in map_state["restaurants"]:
        mark = marks.get(restaurant["owner"], "?")
        number = restaurant["id"].rsplit("-", 1)[-1]
        status = restaurant["status"].replace("_", " ")
        lines.append(
            f"Restaurant [{mark}] {restaurant['owner']} no. {number} at {restaurant['top_left']},"
            f" entrance {restaurant['entrance']} {list(entrance_square(restaurant))}, {status}"
        )
    for campaign in sorted(map_state["campaigns"], key=lambda c: c["number"]):
        kind = campaign_type(campaign["number"])
        if "edge" in campaign:
            where = f"beside edge {campaign['edge']} from {campaign['start']}"
        else:
            where = f"at {campaign['top_left']} size {campaign['size'][0]}x{campaign['size'][1]}"
        turns = "eternal" if campaign["eternal"] else f"{campaign['remaining']} turns left"
        lines.append(
            f"Campaign {campaign['number']} {kind} of {campaign['owner']}, {campaign['product']},"
            f" {turns}, {where}"
        )
    return lines


def render_map(state: dict, highlight=()) -> str:
    """The picture of a game's map with a key and its pieces in words: what
    GET /api/games/{id}/map.txt answers."""
    map_state = state["board"]
    board = board_of(map_state)
    marks = player_marks(state["players"])
    parts = [
        render(board, map_state, state["players"], highlight),
        "",
        *describe(map_state, marks),
        "",
        *KEY,
    ]
    return "\n".join(parts) + "\n"
