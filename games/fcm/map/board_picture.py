"""The whole board as a picture: `render_svg(state)`, what GET /api/games/{id}/map.svg
answers. Every tile drawn as the tile picker draws it (drawing.py), and on it the pieces of
the state: houses with their numbers, gardens and demand tokens, restaurants in their
chain's colour with their entrance, campaigns with their product and turns left, airplanes
beside the edge over their lane; a legend of chains, goods and pieces below. Every piece is
named in words too (its `<title>`, the picture's `<desc>`), never by colour alone. The same
state always gives the same bytes.

The coordinate contract, for a page that maps a click to a square:

- `viewBox="0 0 W H"` in pixels (and `width`, `height` the same); square [row, col] (the
  [row, col] of the API) is the SQUARE x SQUARE box whose top-left corner is (MAP_LEFT +
  SQUARE * col, MAP_TOP + SQUARE * row): SQUARE 48, MAP_LEFT 86, MAP_TOP 122. The root
  `<svg>` says so in `data-square-size`, `data-map-left`, `data-map-top`, `data-rows` and
  `data-cols`. W is 2 * MAP_LEFT + SQUARE * cols; H grows with the rows and the legend's
  lines; both depend only on the map's size and the players, so they stay the same at every
  seq of a game.
- The last layer, `<g class="squares">`, holds one transparent `<rect class="square"
  data-square="ROW,COL">` per square, rows x cols of them, on top of everything: a click
  on the map lands on one (when the SVG is put inline in a page; as an `<img>` it is only a
  picture). Beside the map, the airplanes' bands hold `<rect class="lane" data-edge="N"
  data-start="COL">` (rows for W and E), one per row or column an airplane may start from.
- Pieces are groups with the facts a page may want: `<g class="house" data-number>`,
  `<g class="restaurant" data-id data-owner data-status>` (its entrance marked
  `class="entrance" data-square`), `<g class="campaign" data-number data-kind data-owner>`.
"""

from xml.sax.saxutils import escape, quoteattr

from games.fcm.data import CAMPAIGNS, TILE_SIZE, campaign_type
from games.fcm.map.board import Board, board_of
from games.fcm.map.board_key import (
    GARDEN,
    GARDEN_EDGE,
    WHITE,
    chain_colours,
    key,
    key_height,
    token,
)
from games.fcm.map.drawing import (
    CELL,
    INK,
    Frame,
    drinks,
    house,
    house_block,
    roads,
    text,
    tile_edge,
    tile_ground,
)
from games.fcm.map.pieces import CORNERS, entrance_square, garden_squares
from games.fcm.map.render import describe, player_marks
from games.fcm.sentences import phase_name

SQUARE = CELL
NUMBERS = 24  # the band of row and column numbers
BAND = CELL  # the band beside each edge where airplanes sit
GAP = 6
HEAD = 44  # the heading above it all
MAP_LEFT = 8 + NUMBERS + BAND + GAP
MAP_TOP = HEAD + NUMBERS + BAND + GAP
KEY_LEFT = MAP_LEFT - GAP - BAND  # the key below the map lines up with the bands
KIND_LETTERS = {"billboard": "B", "mailbox": "M", "radio": "R", "airplane": "A"}


def size(board: Board, players: list[str]) -> tuple[int, int]:
    """The picture's width and height: the map, its bands and numbers, the key. Only the
    map's size and the players decide them, so they stay the same all game."""
    width = 2 * MAP_LEFT + board.width * SQUARE
    return width, _key_top(board) + key_height(players, width - 2 * KEY_LEFT)


def _map_bottom(board: Board) -> int:
    return MAP_TOP + board.height * SQUARE


def _key_top(board: Board) -> int:
    return _map_bottom(board) + GAP + BAND + NUMBERS + 16


def attributes(**facts) -> str:
    """data-* attributes, values escaped; `drive_in` becomes data-drive-in."""
    return "".join(f" data-{key.replace('_', '-')}={quoteattr(str(v))}" for key, v in facts.items())


def titled(css: str, words: str, parts: list[str], **facts) -> str:
    """A piece as a group with its name in words (a screen reader's, a tooltip's)."""
    head = f'<g class="{css}"{attributes(**facts)}><title>{escape(words)}</title>'
    return head + "".join(parts) + "</g>"


def _garden(frame: Frame, house_record: dict) -> str:
    squares = garden_squares(house_record["top_left"], house_record["garden"])
    (x, y), (x2, y2) = frame.corner(squares[0]), frame.corner(squares[-1])
    w, h = x2 - x + SQUARE - 10, y2 - y + SQUARE - 10
    cx, cy = x + 5 + w // 2, y + 5 + h // 2
    words = text(cx, cy + 4, "garden", 11, GARDEN_EDGE, "bold")
    if h > w:  # beside the house to the west or east: the word runs up the garden
        words = words.replace("<text ", f'<text transform="rotate(-90 {cx} {cy})" ', 1)
    return (
        f'<rect class="garden" x="{x + 5}" y="{y + 5}" width="{w}" height="{h}" rx="6"'
        f' fill="{GARDEN}" stroke="{GARDEN_EDGE}" stroke-width="2"/>' + words
    )


def _house(frame: Frame, record: dict) -> str:
    """A house with its number, its garden and its demand tokens (up to six in two rows of
    three; a seventh and more as "+n")."""
    number, demand = record["number"], record["demand"]
    parts = [_garden(frame, record)] if record["garden"] else []
    if not demand:
        parts.append(house(frame, number, record["top_left"]))
    else:
        block, x, y, side = house_block(frame, record["top_left"])
        parts += [block, text(x + side // 2, y + 29, str(number), 28, WHITE, "bold")]
        shown = demand if len(demand) <= 6 else demand[:5]
        for i, good in enumerate(shown):
            parts.append(token(x + side // 2 + (i % 3 - 1) * 28, y + 46 + (i // 3) * 26, good))
        if len(demand) > 6:
            parts.append(text(x + side // 2 + 28, y + 76, f"+{len(demand) - 5}", 13, WHITE))
    origin = "printed" if record["printed"] else "placed"
    words = f"House {number} ({origin})"
    words += f", garden {record['garden']}" if record["garden"] else ""
    words += f", demand {', '.join(demand)}" if demand else ", no demand"
    return titled("house", words, parts, number=number, printed=str(record["printed"]).lower())


def _corner_mark(x: int, y: int, corner: str, css: str, square) -> str:
    """A white triangle in the restaurant's `corner`, its right angle at the corner."""
    dr, dc = CORNERS[corner]
    cx, cy = x + dc * 88, y + dr * 88
    sx, sy = (1 if dc == 0 else -1), (1 if dr == 0 else -1)
    points = f"{cx},{cy} {cx + sx * 24},{cy} {cx},{cy + sy * 24}"
    return (
        f'<polygon class="{css}" data-square="{square[0]},{square[1]}" points="{points}"'
        f' fill="{WHITE}" stroke="{INK}" stroke-width="2"/>'
    )


CORNER_WORDS = {"NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east"}
LABEL_FITS = 12  # characters of bold 11 px text that fit across a restaurant


def restaurant_label(record: dict) -> str:
    """What a restaurant is called on the board: its owner's and its number (`ann-2` is
    "ann no. 2"), or, where the owner's name is too long to fit, "no. 2" under the letter."""
    label = f"{record['owner']} no. {restaurant_number(record)}"
    return label if len(label) <= LABEL_FITS else f"no. {restaurant_number(record)}"


def restaurant_number(record: dict) -> str:
    return record["id"].rsplit("-", 1)[-1]


def _restaurant(frame: Frame, record: dict, mark: str, colour: tuple[str, str]) -> str:
    """A restaurant in its chain's colour with the chain's letter and its owner and number,
    its entrance corner marked; coming soon: outlined, dashed; a drive-in: every corner
    marked. Its title says it in words: "ann's restaurant no. 1 at row 0, column 4"."""
    x, y = frame.corner(record["top_left"])
    x, y = x + 4, y + 4
    fill, ink = colour
    soon = record["status"] == "coming_soon"
    drive_in = record.get("drive_in", False)
    body = f'<rect x="{x}" y="{y}" width="88" height="88" rx="4"'
    if soon:
        body += f' fill="{WHITE}" stroke="{fill}" stroke-width="4" stroke-dasharray="8 5"/>'
        ink = INK
    else:
        body += f' fill="{fill}" stroke="{INK}" stroke-width="2"/>'
    parts = [
        body,
        text(x + 44, y + 42, mark if not soon else mark.lower(), 32, ink, "bold"),
        text(x + 44, y + 58, restaurant_label(record), 11, ink, "bold"),
    ]
    if soon or drive_in:
        parts.append(text(x + 44, y + 72, "soon" if soon else "drive-in", 10, ink, "bold"))
    top, left = record["top_left"]
    for corner, (dr, dc) in CORNERS.items():
        if corner == record["entrance"]:
            parts.append(_corner_mark(x, y, corner, "entrance", entrance_square(record)))
        elif drive_in:
            parts.append(_corner_mark(x, y, corner, "drive-in", (top + dr, left + dc)))
    status = "coming soon" if soon else "open"
    words = (
        f"{record['owner']}'s restaurant no. {restaurant_number(record)} at row {top}, column"
        f" {left}, its entrance the {CORNER_WORDS[record['entrance']]} corner, {status}"
    )
    words += ", a drive-in: every corner an entrance" if drive_in else ""
    facts = {"id": record["id"], "owner": record["owner"], "status": record["status"]}
    return titled("restaurant", words, parts, **facts, drive_in=str(drive_in).lower())


def _card(x: int, y: int, w: int, h: int, record: dict, mark: str, colour) -> list[str]:
    """A campaign tile on its box: a strip in its owner's colour with the kind's letter and
    number and the owner's letter, under it the product and the turns left (∞: eternal)."""
    fill, ink = colour
    kind = campaign_type(record["number"])
    label = f"{kind} {record['number']}" if w >= 130 else f"{KIND_LETTERS[kind]}{record['number']}"
    x, y, w, h = x + 3, y + 3, w - 6, h - 6
    size_ = 12 if w >= 60 else 10
    parts = [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{WHITE}" stroke="{fill}"'
        f' stroke-width="3"/>',
        f'<rect x="{x}" y="{y}" width="{w}" height="18" rx="4" fill="{fill}"/>',
        text(x + 3, y + 14, label, size_, ink, "bold", "start"),
        text(x + w - 3, y + 14, mark, size_, ink, "bold", "end"),
    ]
    wide = w >= 80
    turns = "eternal" if record["eternal"] else f"{record['remaining']} left"
    if not wide:
        turns = "∞" if record["eternal"] else f"×{record['remaining']}"
    body_top, body_h = y + 18, h - 18
    if wide or body_h < 50:  # the product and the turns side by side
        cy = body_top + body_h // 2
        tx = x + 12 if not wide else x + w // 2 - 24
        parts += [token(tx, cy, record["product"], 11), text(tx + 13, cy + 5, turns, 12, INK,
                  "bold", "start")]  # fmt: skip
    else:  # a tall narrow box: one above the other
        cx = x + w // 2
        parts += [token(cx, body_top + 16, record["product"], 11),
                  text(cx, body_top + 44, turns, 12, INK, "bold")]  # fmt: skip
    return parts


def _lane_box(board: Board, campaign: dict) -> tuple[int, int, int, int]:
    """Where an airplane sits: in the band beside its edge, over the rows or columns it
    flies over."""
    lane = CAMPAIGNS[campaign["number"]]["lane"]
    start, edge = campaign["start"], campaign["edge"]
    if edge in ("N", "S"):
        y = MAP_TOP - GAP - BAND if edge == "N" else _map_bottom(board) + GAP
        return MAP_LEFT + start * SQUARE, y, lane * SQUARE, BAND
    x = MAP_LEFT - GAP - BAND if edge == "W" else MAP_LEFT + board.width * SQUARE + GAP
    return x, MAP_TOP + start * SQUARE, BAND, lane * SQUARE


def _campaign(board: Board, frame: Frame, record: dict, mark: str, colour) -> str:
    kind = campaign_type(record["number"])
    if "edge" in record:
        box = _lane_box(board, record)
        lane = CAMPAIGNS[record["number"]]["lane"]
        where = f"beside edge {record['edge']} over {lane} from {record['start']}"
    else:
        (x, y), (rows, cols) = frame.corner(record["top_left"]), record["size"]
        box = (x, y, cols * SQUARE, rows * SQUARE)
        where = f"at {record['top_left']}, {rows}x{cols}"
    turns = "eternal" if record["eternal"] else f"{record['remaining']} turns left"
    words = f"{kind.capitalize()} {record['number']} of {record['owner']}, {record['product']},"
    words += f" {turns}, {where}"
    facts = {"number": record["number"], "kind": kind, "owner": record["owner"],
             "product": record["product"], "remaining": record["remaining"],
             "eternal": str(record["eternal"]).lower()}  # fmt: skip
    return titled("campaign", words, _card(*box, record, mark, colour), **facts)


def _numbers(board: Board) -> list[str]:
    """Row numbers left and right of the map, column numbers above and below it."""
    parts = []
    right = MAP_LEFT + board.width * SQUARE + GAP + BAND + NUMBERS // 2
    for r in range(board.height):
        y = MAP_TOP + r * SQUARE + SQUARE // 2 + 4
        parts += [text(8 + NUMBERS // 2, y, str(r), 12), text(right, y, str(r), 12)]
    below = _map_bottom(board) + GAP + BAND + NUMBERS - 8
    for c in range(board.width):
        x = MAP_LEFT + c * SQUARE + SQUARE // 2
        parts += [text(x, HEAD + NUMBERS - 8, str(c), 12), text(x, below, str(c), 12)]
    return parts


def _bands(board: Board) -> list[str]:
    """The four bands beside the map where airplanes sit, faintly."""
    width, height = board.width * SQUARE, board.height * SQUARE
    boxes = [
        (MAP_LEFT, MAP_TOP - GAP - BAND, width, BAND),
        (MAP_LEFT, _map_bottom(board) + GAP, width, BAND),
        (MAP_LEFT - GAP - BAND, MAP_TOP, BAND, height),
        (MAP_LEFT + width + GAP, MAP_TOP, BAND, height),
    ]
    return [
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="#f7f5ee" stroke="#e4dfcf"/>'
        for x, y, w, h in boxes
    ]


def _click_layer(board: Board) -> list[str]:
    """On top of everything, one transparent box per square, and per row or column of each
    airplane band, for a page to know which was touched."""
    parts = ['<g class="squares" fill="#ffffff" fill-opacity="0" pointer-events="all">']
    for r, c in board.squares():
        x, y = MAP_LEFT + c * SQUARE, MAP_TOP + r * SQUARE
        parts.append(
            f'<rect class="square" data-square="{r},{c}" x="{x}" y="{y}"'
            f' width="{SQUARE}" height="{SQUARE}"/>'
        )
    for edge in ("N", "E", "S", "W"):
        for start in range(board.width if edge in ("N", "S") else board.height):
            x, y, w, h = _lane_box(board, {"number": 4, "edge": edge, "start": start})
            parts.append(
                f'<rect class="lane" data-edge="{edge}" data-start="{start}" x="{x}" y="{y}"'
                f' width="{w}" height="{h}"/>'
            )
    parts.append("</g>")
    return parts


def _tiles(board: Board, frame: Frame) -> list[str]:
    corners = [(r * TILE_SIZE, c * TILE_SIZE) for r in range(board.tile_rows)
               for c in range(board.tile_cols)]  # fmt: skip
    parts = [part for corner in corners for part in tile_ground(frame, corner)]
    parts += roads(frame, board)
    parts += drinks(frame, board)
    return parts + [tile_edge(frame, corner) for corner in corners]


def render_svg(state: dict) -> str:
    """The board at this state as a self-contained SVG (see the module's docstring for the
    coordinates a page may rely on)."""
    map_state, players = state["board"], state["players"]
    board = board_of(map_state)
    frame = Frame(MAP_LEFT, MAP_TOP)
    marks, colours = player_marks(players), chain_colours(players)
    width, height = size(board, players)
    heading = f"Food Chain Magnate, turn {state['turn']}: {phase_name(state['phase'])}"
    summary = (
        f"{heading}. The map, {board.tile_rows} by {board.tile_cols} tiles, with"
        f" {len(map_state['houses'])} houses, {len(map_state['restaurants'])} restaurants and"
        f" {len(map_state['campaigns'])} campaigns"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img" data-square-size="{SQUARE}"'
        f' data-map-left="{MAP_LEFT}" data-map-top="{MAP_TOP}" data-rows="{board.height}"'
        f' data-cols="{board.width}">',
        f"<title>{escape(summary)}</title>",
        f"<desc>{escape(chr(10).join(describe(map_state, marks)))}</desc>",
        f'<rect width="{width}" height="{height}" fill="{WHITE}"/>',
        text(width // 2, 30, heading, 18, INK, "bold"),
        *_numbers(board),
        *_bands(board),
        *_tiles(board, frame),
    ]
    parts += [_house(frame, record) for record in map_state["houses"]]
    parts += [
        _restaurant(frame, record, marks[record["owner"]], colours[record["owner"]])
        for record in map_state["restaurants"]
    ]
    parts += [
        _campaign(board, frame, record, marks[record["owner"]], colours[record["owner"]])
        for record in sorted(map_state["campaigns"], key=lambda c: c["number"])
    ]
    parts += key(players, KEY_LEFT, _key_top(board), width - 2 * KEY_LEFT)
    parts += _click_layer(board)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
