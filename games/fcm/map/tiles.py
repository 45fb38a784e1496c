"""Map tiles turned on the table: a tile's 5x5 grid and printed houses in any of four rotations.

Rotation is clockwise in degrees. Turning a tile 90 degrees clockwise moves the square
[r, c] to [c, 4 - r], so the new grid is new[r][c] = old[4 - c][r], and a road leaving the
north edge now leaves the east edge (N -> E -> S -> W -> N).
"""

from games.fcm.data import TILE_SIZE, TILES

ROTATIONS = (0, 90, 180, 270)
SIDES = ("N", "E", "S", "W")
MIDDLE = TILE_SIZE // 2


def rotate_square(square: tuple[int, int], rotation: int) -> tuple[int, int]:
    """Where the tile square [r, c] lands after turning the tile `rotation` degrees clockwise."""
    r, c = square
    for _ in range(rotation // 90):
        r, c = c, TILE_SIZE - 1 - r
    return r, c


def rotate_grid(grid: tuple[str, ...] | list[str], rotation: int) -> tuple[str, ...]:
    """The tile grid turned `rotation` degrees clockwise."""
    rows = tuple(grid)
    for _ in range(rotation // 90):
        rows = tuple(
            "".join(rows[TILE_SIZE - 1 - c][r] for c in range(TILE_SIZE)) for r in range(TILE_SIZE)
        )
    return rows


def turned_tile(tile_id: str, rotation: int) -> tuple[tuple[str, ...], dict[int, tuple[int, int]]]:
    """The grid of tile `tile_id` turned `rotation` degrees, and the top-left square of each of
    its printed houses (house number -> [r, c] inside the tile)."""
    tile = TILES[tile_id]
    houses = {}
    for house in tile["houses"]:
        r, c = house["top_left"]
        block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
        houses[house["number"]] = min(rotate_square(square, rotation) for square in block)
    return rotate_grid(tile["grid"], rotation), houses


def exits(grid: tuple[str, ...] | list[str]) -> list[str]:
    """The sides of a tile whose edge middle square is road: where the original rules let a
    road join the neighbouring tile."""
    middles = {
        "N": grid[0][MIDDLE],
        "E": grid[MIDDLE][TILE_SIZE - 1],
        "S": grid[TILE_SIZE - 1][MIDDLE],
        "W": grid[MIDDLE][0],
    }
    return [side for side in SIDES if middles[side] in "#+"]
