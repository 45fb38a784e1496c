"""The map tiles as a person at the table sees them, so a tile and its turn are found by
looking: the letters A-T are not printed on the tiles, the roads, houses and drinks are.

For each tile and each of its four turns (clockwise, as in tiles.py) this gives what is on it
(`seen`: the sides its roads leave by, which sides one road joins, houses with their numbers,
drinks, bridges), a text picture drawn with the glyphs of the map picture (render.py), and a
self-contained SVG picture. In both the top of the picture is the north edge of the map, the
side of row 0, where the table's layout counts rows from.

The SVG has no script, no style sheet, no external font or image: only shapes and
presentation attributes, so a Content Security Policy that allows nothing still shows it. Its
roads, bridges, houses and drinks are drawn by drawing.py, as the whole board's picture
(board_picture.py) draws them.
"""

import copy
from functools import cache

from games.fcm.data import DRINK_GLYPHS, TILE_SIZE, TILES
from games.fcm.map.board import Board, printed_house_records
from games.fcm.map.drawing import (
    CELL,
    FONT,
    INK,
    Frame,
    drinks,
    house,
    roads,
    text,
    tile_edge,
    tile_ground,
)
from games.fcm.map.render import render
from games.fcm.map.roads import road_graph
from games.fcm.map.tiles import MIDDLE, ROTATIONS, SIDES, exits, turned_tile

FORMS = ("svg", "txt")
TEXT_KEY = "Key: ━┃╋ road   ━┃━ bridge   H 8 house 8, ▒ its squares   {b} {l} {s} drinks"
# the middle square of each side, and the square beyond it
EDGE_MIDDLES = {
    "N": ((0, MIDDLE), (-1, MIDDLE)),
    "E": ((MIDDLE, TILE_SIZE - 1), (MIDDLE, TILE_SIZE)),
    "S": ((TILE_SIZE - 1, MIDDLE), (TILE_SIZE, MIDDLE)),
    "W": ((MIDDLE, 0), (MIDDLE, -1)),
}

# SVG geometry, in pixels: the tile's place in the picture, the picture's size
LEFT, TOP = 36, 84
SIZE = CELL * TILE_SIZE
WIDTH, HEIGHT = LEFT * 2 + SIZE, TOP + SIZE + 48


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
    frame = Frame(LEFT, TOP)
    found = [DRINK_GLYPHS[glyph] for glyph in "".join(grid) if glyph in DRINK_GLYPHS]
    words = summary(
        {
            "roads": separate_roads(board),
            "bridges": _squares(grid, "+"),
            "houses": [{"number": number} for number in sorted(houses)],
            "drinks": [{"drink": name} for name in found],
        }
    )
    leaving = {EDGE_MIDDLES[side][0]: side for side in exits(grid)}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" role="img">',
        f"<title>{title}: {words}; the top of the picture is the top of the map</title>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        text(WIDTH // 2, 30, title, 16, INK, "bold"),
        *_top_arrow(),
        *tile_ground(frame, (0, 0)),
        *roads(frame, board, leaving),
        *[house(frame, number, houses[number]) for number in sorted(houses)],
        *drinks(frame, board),
        tile_edge(frame, (0, 0)),
        text(WIDTH // 2, TOP + SIZE + 30, words, 12),
        "</svg>",
    ]
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
