"""The map as a grid of squares: what each square is, which tile it lies on, and the printed
houses. Built from a tile layout (a game) or from a picture (a test, a document).

Squares are [row, column] from the north-west corner of the map; a tile is 5x5 squares, so
square [r, c] lies on tile [r // 5, c // 5]. Glyphs: `#` road, `+` bridge (a north-south and
a west-east road crossing without joining), `.` empty, `H` printed house, `B` `L` `S` beer,
lemonade and soda sources.
"""

import json
from functools import lru_cache

import orjson

from games.fcm.data import DRINK_GLYPHS, TILE_SIZE
from games.fcm.map.tiles import turned_tile

Square = tuple[int, int]
CONNECTIONS = ("original", "deluxe")
STEPS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class Board:
    """The static map: glyphs, tiles, printed houses and the connection rule for roads.

    `connection` is "original" (roads of neighbouring tiles join only where they meet at the
    middle of the shared edge) or "deluxe" (any two orthogonally adjacent road squares join).
    A Board never changes; pieces placed during play (restaurants, houses, gardens, campaigns)
    live in the game state and are passed alongside it.
    """

    def __init__(self, rows: list[str], houses: dict[int, Square], connection: str = "original"):
        if connection not in CONNECTIONS:
            raise ValueError(f"connection must be one of {CONNECTIONS}, not {connection!r}")
        widths = {len(row) for row in rows}
        if not rows or len(rows) % TILE_SIZE or len(widths) != 1 or widths.pop() % TILE_SIZE:
            raise ValueError("a board is a rectangle of whole 5x5 tiles")
        self.rows = tuple(rows)
        self.height = len(rows)
        self.width = len(rows[0])
        self.tile_rows = self.height // TILE_SIZE
        self.tile_cols = self.width // TILE_SIZE
        self.printed_houses = dict(sorted(houses.items()))
        self.connection = connection

    @classmethod
    def from_layout(cls, layout: dict, connection: str = "original") -> "Board":
        """The board the tiles of `layout` make (see layout.check_layout for its form)."""
        height, width = layout["rows"] * TILE_SIZE, layout["cols"] * TILE_SIZE
        grid = [["."] * width for _ in range(height)]
        houses = {}
        for placed in layout["tiles"]:
            tile_grid, tile_houses = turned_tile(placed["tile"], placed["rotation"])
            top, left = placed["row"] * TILE_SIZE, placed["col"] * TILE_SIZE
            for r, row in enumerate(tile_grid):
                grid[top + r][left : left + TILE_SIZE] = row
            for number, (r, c) in tile_houses.items():
                houses[number] = (top + r, left + c)
        return cls(["".join(row) for row in grid], houses, connection)

    @classmethod
    def from_picture(cls, picture: str, connection: str = "original") -> "Board":
        """A board drawn as text: one line per row of squares, spaces and blank lines ignored
        (write them between tiles for legibility). A digit marks a square of the printed house
        with that number, so each digit must fill one 2x2 block."""
        rows = [line.replace(" ", "") for line in picture.strip("\n").splitlines()]
        rows = [row for row in rows if row]
        houses: dict[int, Square] = {}
        for r, row in enumerate(rows):
            for c, glyph in enumerate(row):
                if glyph.isdigit() and int(glyph) not in houses:
                    houses[int(glyph)] = (r, c)
        for number, (r, c) in houses.items():
            block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
            count = sum(row.count(str(number)) for row in rows)
            if count != 4 or any(rows[y][x] != str(number) for y, x in block):
                raise ValueError(f"house {number} is not one 2x2 block")
        plain = ["".join("H" if g.isdigit() else g for g in row) for row in rows]
        return cls(plain, houses, connection)

    def on_board(self, square: Square) -> bool:
        r, c = square
        return 0 <= r < self.height and 0 <= c < self.width

    def glyph(self, square: Square) -> str:
        r, c = square
        return self.rows[r][c]

    def is_road(self, square: Square) -> bool:
        """Road or bridge."""
        return self.on_board(square) and self.glyph(square) in "#+"

    def is_bridge(self, square: Square) -> bool:
        return self.on_board(square) and self.glyph(square) == "+"

    def drink(self, square: Square) -> str | None:
        """beer, lemonade or soda if the square is a drink source."""
        return DRINK_GLYPHS.get(self.glyph(square))

    def tile_of(self, square: Square) -> tuple[int, int]:
        r, c = square
        return r // TILE_SIZE, c // TILE_SIZE

    def squares(self):
        """Every square, row by row."""
        for r in range(self.height):
            for c in range(self.width):
                yield r, c

    def tile_squares(self, tile: tuple[int, int]) -> list[Square]:
        top, left = tile[0] * TILE_SIZE, tile[1] * TILE_SIZE
        return [(top + r, left + c) for r in range(TILE_SIZE) for c in range(TILE_SIZE)]

    def neighbours(self, square: Square) -> list[tuple[str, Square]]:
        """The orthogonal neighbours on the board, with the direction of each."""
        r, c = square
        around = [(side, (r + dr, c + dc)) for side, (dr, dc) in STEPS.items()]
        return [(side, sq) for side, sq in around if self.on_board(sq)]

    def touches_road(self, squares) -> bool:
        """Whether any of `squares` borders a road square orthogonally."""
        return any(self.is_road(n) for sq in squares for _, n in self.neighbours(sq))


@lru_cache(maxsize=64)
def _board(layout_json: bytes, connection: str) -> Board:
    return Board.from_layout(json.loads(layout_json), connection)


def board_of(map_state: dict) -> Board:
    """The Board of a game's map state ({"layout", "connection", ...}), built once per layout.
    The layout's JSON with sorted keys names it: orjson writes it in a fraction of json's
    time, and every event folded and every house served asks for the board."""
    layout = orjson.dumps(map_state["layout"], option=orjson.OPT_SORT_KEYS)
    return _board(layout, map_state["connection"])


def printed_house_records(board: Board) -> list[dict]:
    """The state records of the printed houses as the board shows them: no garden, no demand."""
    return [
        {"number": number, "top_left": list(square), "garden": None, "printed": True, "demand": []}
        for number, square in board.printed_houses.items()
    ]
