"""The things printed on the map tiles, drawn in SVG wherever a picture puts its squares:
roads, bridges, drink sources, houses, the ground of a tile. One tile's picture
(tile_pictures.py) and the whole board (board_picture.py) draw with these, so a tile looks
the same in the tile picker and on the board.

A `Frame` says where square [0, 0]'s top-left corner lies in the picture; every square is
CELL pixels wide. Only shapes and presentation attributes: no script, style sheet, external
font or image, so a Content Security Policy that allows nothing still shows the picture.
"""

from typing import NamedTuple
from xml.sax.saxutils import escape

from games.fcm.data import DRINK_GLYPHS, TILE_SIZE
from games.fcm.map.board import Board
from games.fcm.map.roads import roads_join

CELL = 48  # a square, in pixels
ROAD_WIDTH = 18
PAPER, ROAD, INK, GRID = "#f3efe2", "#5b5b5b", "#222222", "#d9d3c0"
HOUSE, HOUSE_EDGE = "#b3472f", "#6e2616"
DRINK_COLOURS = {"beer": "#d9961a", "lemonade": "#f2e04b", "soda": "#3f8fd2"}
DRINK_LETTERS = {"beer": "B", "lemonade": "L", "soda": "S"}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class Frame(NamedTuple):
    """Where the squares lie in a picture: the pixel of square [0, 0]'s top-left corner."""

    left: int
    top: int

    def corner(self, square) -> tuple[int, int]:
        """The top-left pixel of `square`."""
        r, c = square
        return self.left + c * CELL, self.top + r * CELL

    def centre(self, square) -> tuple[int, int]:
        x, y = self.corner(square)
        return x + CELL // 2, y + CELL // 2


def line(a, b, colour: str, width: int) -> str:
    return (
        f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}" stroke="{colour}"'
        f' stroke-width="{width}" stroke-linecap="butt"/>'
    )


def text(x, y, words: str, size: int, colour=INK, weight="normal", anchor="middle") -> str:
    """`words` are escaped: a player's name is drawn as written."""
    return (
        f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}"'
        f' font-weight="{weight}" fill="{colour}" text-anchor="{anchor}">{escape(words)}</text>'
    )


def half_road(frame: Frame, square, side: str, colour: str = ROAD, width: int = ROAD_WIDTH) -> str:
    """From the middle of `square` to the middle of its `side` edge."""
    x, y = frame.centre(square)
    dr, dc = STEPS[side]
    return line((x, y), (x + dc * CELL // 2, y + dr * CELL // 2), colour, width)


def bridge(frame: Frame, square) -> str:
    """The north-south road of a bridge, over a gap in the west-east road, between
    parapets."""
    x, y = frame.centre(square)
    top, bottom = y - CELL // 2, y + CELL // 2
    parts = [line((x, top), (x, bottom), PAPER, ROAD_WIDTH + 10)]
    parts += [half_road(frame, square, side) for side in ("N", "S")]
    for dx in (-ROAD_WIDTH // 2 - 3, ROAD_WIDTH // 2 + 3):
        parts.append(line((x + dx, top + 3), (x + dx, bottom - 3), INK, 3))
    return '<g class="bridge">' + "".join(parts) + "</g>"


def roads(frame: Frame, board: Board, leaving: dict | None = None) -> list[str]:
    """Thick lines joining the middles of road squares that join (on one tile always, across
    a tile border by the board's connection rule, so roads that touch without joining show a
    gap); a bridge's north-south road drawn over its west-east one, with a gap and parapets
    either side, so the two visibly do not join. `leaving` {road square: side}: where a road
    of a lone tile leaves it, drawn to the tile's edge."""
    leaving = leaving or {}
    under, over = [], []
    half = ROAD_WIDTH // 2
    for square in board.squares():
        if not board.is_road(square):
            continue
        if board.is_bridge(square):
            under += [half_road(frame, square, side) for side in ("W", "E")]
            over.append(bridge(frame, square))
            continue
        sides = [
            side
            for side, nxt in board.neighbours(square)
            if board.is_road(nxt) and roads_join(board, square, nxt)
        ]
        sides += [leaving[square]] if square in leaving else []
        x, y = frame.centre(square)
        under.append(
            f'<rect x="{x - half}" y="{y - half}" width="{ROAD_WIDTH}" height="{ROAD_WIDTH}"'
            f' fill="{ROAD}"/>'
        )
        under += [half_road(frame, square, side) for side in sides]
    return under + over


def house_block(frame: Frame, top_left) -> tuple[str, int, int, int]:
    """A house's brick block on its 2x2 squares, and its inner top-left pixel and size."""
    x, y = frame.corner(top_left)
    x, y, size = x + 5, y + 5, 2 * CELL - 10
    block = (
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="6" fill="{HOUSE}"'
        f' stroke="{HOUSE_EDGE}" stroke-width="3"/>'
    )
    return block, x, y, size


def house(frame: Frame, number: int, top_left) -> str:
    """A house as printed: a brick block with its number, upright in every turn."""
    block, x, y, size = house_block(frame, top_left)
    return "".join(
        [
            block,
            text(x + size // 2, y + 22, "house", 13, "#ffffff"),
            text(x + size // 2, y + size - 14, str(number), 40, "#ffffff", "bold"),
        ]
    )


def _label(frame: Frame, square, y: int, words: str) -> str:
    """A drink's name under its mark; a long one is kept inside its tile on the tile's first
    and last column."""
    x, _ = frame.centre(square)
    column = square[1] % TILE_SIZE
    tile_left, _ = frame.corner((0, square[1] - column))
    if column == 0 and len(words) > 5:
        return text(tile_left + 3, y, words, 9, INK, "bold", "start")
    if column == TILE_SIZE - 1 and len(words) > 5:
        return text(tile_left + TILE_SIZE * CELL - 3, y, words, 9, INK, "bold", "end")
    return text(x, y, words, 9, INK, "bold")


def drink(frame: Frame, name: str, square) -> str:
    """A drink source: a coloured mark with its letter, its name beneath."""
    x, y = frame.centre(square)
    return "".join(
        [
            f'<circle cx="{x}" cy="{y - 6}" r="15" fill="{DRINK_COLOURS[name]}"'
            f' stroke="{INK}" stroke-width="2"/>',
            text(x, y - 1, DRINK_LETTERS[name], 15, INK, "bold"),
            _label(frame, square, y + 20, name),
        ]
    )


def drinks(frame: Frame, board: Board) -> list[str]:
    """Every drink source on the board, row by row."""
    return [
        drink(frame, DRINK_GLYPHS[board.glyph(square)], square)
        for square in board.squares()
        if board.glyph(square) in DRINK_GLYPHS
    ]


def tile_ground(frame: Frame, tile_top_left) -> list[str]:
    """The paper of one tile and the thin lines between its squares."""
    x, y = frame.corner(tile_top_left)
    size = TILE_SIZE * CELL
    parts = [f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{PAPER}"/>']
    for i in range(1, TILE_SIZE):
        parts.append(line((x + i * CELL, y), (x + i * CELL, y + size), GRID, 1))
        parts.append(line((x, y + i * CELL), (x + size, y + i * CELL), GRID, 1))
    return parts


def tile_edge(frame: Frame, tile_top_left) -> str:
    """The outline of one tile, drawn over its roads where they leave it."""
    x, y = frame.corner(tile_top_left)
    size = TILE_SIZE * CELL
    return (
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="none"'
        f' stroke="{INK}" stroke-width="2"/>'
    )
