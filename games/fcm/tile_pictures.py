"""The map tiles as a person at the table sees them, so a tile and its turn are found by
looking: the letters A-T are not printed on the tiles, the roads, houses and drinks are.

For each tile and each of its four turns (clockwise, as in tiles.py) this gives what is on it
(`seen`: the sides its roads leave by, which sides one road joins, houses with their numbers,
drinks, bridges), a text picture drawn with the glyphs of the map picture (render.py), and a
self-contained SVG picture. In both the top of the picture is the north edge of the map, the
side of row 0, where the table's layout counts rows from.

The SVG has no script, no style sheet, no external font or image: only shapes and
presentation attributes, so a Content Security Policy that allows nothing still shows it.
"""

import copy
from functools import cache

from games.fcm.board import Board, printed_house_records
from games.fcm.data import DRINK_GLYPHS, TILE_SIZE, TILES
from games.fcm.render import render
from games.fcm.roads import road_graph
from games.fcm.tiles import MIDDLE, ROTATIONS, SIDES, exits, turned_tile

FORMS = ("svg", "txt")
TEXT_KEY = "Key: ━┃╋ road   ━┃━ bridge   H 8 house 8, ▒ its squares   {b} {l} {s} drinks"
# the middle square of each side, and the square beyond it
EDGE_MIDDLES = {
    "N": ((0, MIDDLE), (-1, MIDDLE)),
    "E": ((MIDDLE, TILE_SIZE - 1), (MIDDLE, TILE_SIZE)),
    "S": ((TILE_SIZE - 1, MIDDLE), (TILE_SIZE, MIDDLE)),
    "W": ((MIDDLE, 0), (MIDDLE, -1)),
}
STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}

# SVG geometry, in pixels: a square, the tile's place in the picture, the road's width
CELL = 48
LEFT, TOP = 36, 84
SIZE = CELL * TILE_SIZE
WIDTH, HEIGHT = LEFT * 2 + SIZE, TOP + SIZE + 48
ROAD_WIDTH = 18
PAPER, ROAD, INK, GRID = "#f3efe2", "#5b5b5b", "#222222", "#d9d3c0"
HOUSE, HOUSE_EDGE = "#b3472f", "#6e2616"
DRINK_COLOURS = {"beer": "#d9961a", "lemonade": "#f2e04b", "soda": "#3f8fd2"}
DRINK_LETTERS = {"beer": "B", "lemonade": "L", "soda": "S"}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def check_turn(tile_id: str, rotation: int) -> None:
    """KeyError for a tile that is not one of the 20, ValueError for a turn that is not a
    whole quarter."""
    if tile_id not in TILES:
        raise KeyError(tile_id)
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation}")


@cache
def _tile_board(tile_id: str, rotation: int) -> Board:
    grid, houses = turned_tile(tile_id, rotation)
    return Board(list(grid), houses)


def _squares(grid, glyph: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(grid) for c, g in enumerate(row) if g == glyph]


def separate_roads(board: Board) -> list[list[str]]:
    """The sides each separate road of a lone tile leaves by, in side order N E S W (a bridge
    carries two roads that do not join)."""
    graph = road_graph(board)
    middles = {square: side for side, (square, _) in EDGE_MIDDLES.items()}
    seen: set = set()
    roads = []
    for start in sorted(graph):
        if start in seen:
            continue
        component, stack = {start}, [start]
        while stack:
            for nxt, _ in graph[stack.pop()]:
                if nxt not in component:
                    component.add(nxt)
                    stack.append(nxt)
        seen |= component
        sides = {middles[node[:2]] for node in component if node[:2] in middles}
        if sides:
            roads.append([side for side in SIDES if side in sides])
    return sorted(roads, key=lambda road: SIDES.index(road[0]))


@cache
def _seen(tile_id: str, rotation: int) -> dict:
    board = _tile_board(tile_id, rotation)
    grid = board.rows
    houses = [
        {
            "number": number,
            "top_left": [r, c],
            "squares": [[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1)],
        }
        for number, (r, c) in board.printed_houses.items()
    ]
    drinks = [
        {"drink": DRINK_GLYPHS[grid[r][c]], "square": [r, c]}
        for r, c in board.squares()
        if grid[r][c] in DRINK_GLYPHS
    ]
    side_exits = exits(grid)
    return {
        "rotation": rotation,
        "grid": list(grid),
        "exits": {side: side in side_exits for side in SIDES},
        "roads": separate_roads(board),
        "houses": houses,
        "drinks": drinks,
        "bridges": [list(square) for square in _squares(grid, "+")],
    }


def seen(tile_id: str, rotation: int) -> dict:
    """What a person sees on tile `tile_id` turned `rotation` degrees clockwise: its grid
    (tiles.json glyphs), `exits` {side: whether a road leaves there}, `roads` (the sides each
    separate road joins), `houses` (number, top-left square, squares), `drinks` (drink,
    square) and `bridges` (squares). Squares are [row, col] inside the tile, from the top-left
    corner of the picture."""
    check_turn(tile_id, rotation)
    return copy.deepcopy(_seen(tile_id, rotation))


def map_tiles() -> list[dict]:
    """Every tile: its id, its house numbers and drinks (the same in every turn), and what a
    person sees on it in each of the four turns (see `seen`)."""
    catalogue = []
    for tile_id in sorted(TILES):
        turns = [seen(tile_id, rotation) for rotation in ROTATIONS]
        catalogue.append(
            {
                "tile": tile_id,
                "houses": [house["number"] for house in turns[0]["houses"]],
                "drinks": sorted({drink["drink"] for drink in turns[0]["drinks"]}),
                "rotations": turns,
            }
        )
    return catalogue


def caption(tile_id: str, rotation: int) -> str:
    """The title naming the tile and its turn."""
    turned = f"rotation {rotation}° clockwise" if rotation else "rotation 0°"
    return f"Tile {tile_id}, {turned}"


def summary(view: dict) -> str:
    """One line in words: roads by the sides they join, houses, drinks."""
    roads = " and ".join("-".join(road) for road in view["roads"])
    parts = [f"road{'s' if len(view['roads']) > 1 else ''} {roads}"]
    if view["bridges"]:
        parts.append("a bridge")
    parts += [f"house {house['number']}" for house in view["houses"]]
    parts += [drink["drink"] for drink in view["drinks"]]
    return ", ".join(parts)


@cache
def tile_text(tile_id: str, rotation: int) -> str:
    """The tile drawn as map.txt draws it, its roads crossing the frame where they leave it
    (FCM-SETUP-1: the table lays tiles turned at random)."""
    check_turn(tile_id, rotation)
    board = _tile_board(tile_id, rotation)
    view = _seen(tile_id, rotation)
    pieces = {"houses": printed_house_records(board), "restaurants": [], "campaigns": []}
    leaving = [EDGE_MIDDLES[side] for side in SIDES if view["exits"][side]]
    picture = render(board, pieces, [], exits=leaving)
    words = summary(view)
    lines = [caption(tile_id, rotation), "", "       ↑ top (the map's north edge, row 0)"]
    lines += [picture, "", words[0].upper() + words[1:], TEXT_KEY]
    return "\n".join(lines) + "\n"


def _centre(square) -> tuple[int, int]:
    r, c = square
    return LEFT + c * CELL + CELL // 2, TOP + r * CELL + CELL // 2


def _line(a, b, colour: str, width: int) -> str:
    return (
        f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}" stroke="{colour}"'
        f' stroke-width="{width}" stroke-linecap="butt"/>'
    )


def _half_road(square, side: str, colour: str = ROAD, width: int = ROAD_WIDTH) -> str:
    """From the middle of `square` to the middle of its `side` edge."""
    x, y = _centre(square)
    dr, dc = STEPS[side]
    return _line((x, y), (x + dc * CELL // 2, y + dr * CELL // 2), colour, width)


def _text(x, y, words: str, size: int, colour=INK, weight="normal", anchor="middle") -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}"'
        f' font-weight="{weight}" fill="{colour}" text-anchor="{anchor}">{words}</text>'
    )


def _bridge(square) -> str:
    """The north-south road of a bridge, over a gap in the west-east road, between
    parapets."""
    x, y = _centre(square)
    top, bottom = y - CELL // 2, y + CELL // 2
    parts = [_line((x, top), (x, bottom), PAPER, ROAD_WIDTH + 10)]
    parts += [_half_road(square, side) for side in ("N", "S")]
    for dx in (-ROAD_WIDTH // 2 - 3, ROAD_WIDTH // 2 + 3):
        parts.append(_line((x + dx, top + 3), (x + dx, bottom - 3), INK, 3))
    return '<g class="bridge">' + "".join(parts) + "</g>"


def _roads(grid, exit_sides: list[str]) -> list[str]:
    """Thick lines joining square middles; a bridge's north-south road drawn over its
    west-east one, with a gap and parapets either side, so the two visibly do not join."""
    road = set(_squares(grid, "#") + _squares(grid, "+"))
    leaving = {EDGE_MIDDLES[side][0]: side for side in exit_sides}
    under, over = [], []
    half = ROAD_WIDTH // 2
    for square in sorted(road):
        r, c = square
        x, y = _centre(square)
        sides = [s for s, (dr, dc) in STEPS.items() if (r + dr, c + dc) in road]
        sides += [leaving[square]] if square in leaving else []
        if grid[r][c] == "+":
            under += [_half_road(square, side) for side in ("W", "E")]
            over.append(_bridge(square))
            continue
        under.append(
            f'<rect x="{x - half}" y="{y - half}" width="{ROAD_WIDTH}" height="{ROAD_WIDTH}"'
            f' fill="{ROAD}"/>'
        )
        under += [_half_road(square, side) for side in sides]
    return under + over


def _house(number: int, top_left) -> str:
    r, c = top_left
    x, y = LEFT + c * CELL + 5, TOP + r * CELL + 5
    size = 2 * CELL - 10
    return "".join(
        [
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="6" fill="{HOUSE}"'
            f' stroke="{HOUSE_EDGE}" stroke-width="3"/>',
            _text(x + size // 2, y + 22, "house", 13, "#ffffff"),
            _text(x + size // 2, y + size - 14, str(number), 40, "#ffffff", "bold"),
        ]
    )


def _label(square, y: int, words: str) -> str:
    """A drink's name under its mark; a long one is kept inside the tile on the first and
    last column."""
    x, _ = _centre(square)
    if square[1] == 0 and len(words) > 5:
        return _text(LEFT + 3, y, words, 9, INK, "bold", "start")
    if square[1] == TILE_SIZE - 1 and len(words) > 5:
        return _text(LEFT + SIZE - 3, y, words, 9, INK, "bold", "end")
    return _text(x, y, words, 9, INK, "bold")


def _drink(drink: str, square) -> str:
    x, y = _centre(square)
    return "".join(
        [
            f'<circle cx="{x}" cy="{y - 6}" r="15" fill="{DRINK_COLOURS[drink]}"'
            f' stroke="{INK}" stroke-width="2"/>',
            _text(x, y - 1, DRINK_LETTERS[drink], 15, INK, "bold"),
            _label(square, y + 20, drink),
        ]
    )


def _top_arrow() -> list[str]:
    x, y = LEFT + SIZE // 2, TOP - 10
    return [
        f'<polygon points="{x},{y - 18} {x - 9},{y - 4} {x + 9},{y - 4}" fill="{INK}"/>',
        f'<text x="{x + 14}" y="{y - 5}" font-family="{FONT}" font-size="12" fill="{INK}"'
        f' text-anchor="start">top</text>',
    ]


def grid_svg(grid, houses: dict[int, tuple[int, int]], title: str) -> str:
    """A tile's picture from its grid (tiles.json glyphs, already turned) and its printed
    houses (number -> top-left square), titled `title`."""
    grid = tuple(grid)
    board = Board(list(grid), houses)
    drinks = [
        (DRINK_GLYPHS[grid[r][c]], (r, c)) for r, c in board.squares() if grid[r][c] in DRINK_GLYPHS
    ]
    words = summary(
        {
            "roads": separate_roads(board),
            "bridges": _squares(grid, "+"),
            "houses": [{"number": number} for number in sorted(houses)],
            "drinks": [{"drink": drink} for drink, _ in drinks],
        }
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" role="img">',
        f"<title>{title}: {words}; the top of the picture is the top of the map</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        _text(WIDTH // 2, 30, title, 16, INK, "bold"),
        *_top_arrow(),
        f'<rect x="{LEFT}" y="{TOP}" width="{SIZE}" height="{SIZE}" fill="{PAPER}"/>',
    ]
    for i in range(1, TILE_SIZE):
        parts.append(_line((LEFT + i * CELL, TOP), (LEFT + i * CELL, TOP + SIZE), GRID, 1))
        parts.append(_line((LEFT, TOP + i * CELL), (LEFT + SIZE, TOP + i * CELL), GRID, 1))
    parts += _roads(grid, exits(grid))
    parts += [_house(number, houses[number]) for number in sorted(houses)]
    parts += [_drink(drink, square) for drink, square in drinks]
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{SIZE}" height="{SIZE}" fill="none"'
        f' stroke="{INK}" stroke-width="2"/>'
    )
    parts.append(_text(WIDTH // 2, TOP + SIZE + 30, words, 12))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


@cache
def tile_svg(tile_id: str, rotation: int) -> str:
    """The picture of tile `tile_id` turned `rotation` degrees clockwise, as SVG."""
    check_turn(tile_id, rotation)
    grid, houses = turned_tile(tile_id, rotation)
    return grid_svg(grid, houses, caption(tile_id, rotation))


def tile_picture(tile_id: str, rotation: int, form: str) -> str:
    """The picture of a tile in a turn: `form` "svg" or "txt". KeyError for an unknown tile,
    ValueError for an unknown turn or form."""
    if form not in FORMS:
        raise ValueError(f"a tile is drawn as {' or '.join(FORMS)}, not {form}")
    return tile_svg(tile_id, rotation) if form == "svg" else tile_text(tile_id, rotation)
