"""The tile layout of a map: which tiles, turned how, where (FCM-SETUP-1).

A layout is {"rows", "cols", "tiles": [{"tile", "rotation", "row", "col"}], "drawn_by"}:
`rows` x `cols` tiles, each tile id once, rotation 0/90/180/270 degrees clockwise, row and
col its place in the tile grid, and `drawn_by` "table" (the players laid it) or "service"
(drawn by `draw_layout` before the game was created).

Map sizes are tile rows by columns as FCM-SETUP-1 reads: 3x3, 3x4, 4x4, 5x4. The service
draws them that way round; a table may lay a non-square map the other way (4x3, 4x5): it is
the same map seen from another side of the table.
"""

from games.errors import RuleViolation
from games.fcm.data import COMPONENTS, PLAYERS_MAX, PLAYERS_MIN, TILES
from games.fcm.map.tiles import ROTATIONS


def map_size(players: int) -> tuple[int, int]:
    """Tile rows and columns for `players`: 3x3, 3x4, 4x4, 5x4 (FCM-SETUP-1); a table may
    lay a non-square map the other way round (see check_layout)."""
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise RuleViolation(
            "FCM-SETUP-1", f"Food Chain Magnate takes 2 to 5 players, not {players}"
        )
    rows, cols = COMPONENTS["map_size_by_players"][str(players)]
    return rows, cols


def check_layout(layout: dict, players: int) -> None:
    """Refuse a layout that is not a full map of the right size for `players`, made of
    distinct base tiles, each turned a whole quarter (FCM-SETUP-1). A non-square map may lie
    either way round (rows and columns swapped)."""
    rows, cols = map_size(players)
    if sorted((layout["rows"], layout["cols"])) != sorted((rows, cols)):
        other = f" (or {cols}x{rows})" if rows != cols else ""
        raise RuleViolation(
            "FCM-SETUP-1",
            f"{players} players play on {rows}x{cols} tiles{other}, not"
            f" {layout['rows']}x{layout['cols']}",
        )
    ids = [placed["tile"] for placed in layout["tiles"]]
    unknown = sorted(set(ids) - set(TILES))
    if unknown:
        raise RuleViolation("FCM-SETUP-1", f"no such tiles: {', '.join(unknown)} (tiles are A-T)")
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise RuleViolation("FCM-SETUP-1", f"tiles used twice: {', '.join(repeated)}")
    turned = [p["tile"] for p in layout["tiles"] if p["rotation"] not in ROTATIONS]
    if turned:
        raise RuleViolation(
            "FCM-SETUP-1", f"rotation must be 0, 90, 180 or 270; see tiles {', '.join(turned)}"
        )
    places = [(p["row"], p["col"]) for p in layout["tiles"]]
    grid = [(r, c) for r in range(layout["rows"]) for c in range(layout["cols"])]
    if sorted(places) != grid:
        missing = sorted(set(grid) - set(places))
        extra = sorted(p for p in places if p not in grid or places.count(p) > 1)
        raise RuleViolation(
            "FCM-SETUP-1",
            "every place of the tile grid takes exactly one tile",
            {"empty_places": [list(p) for p in missing], "bad_places": [list(p) for p in extra]},
        )


def draw_layout(rng, players: int) -> dict:
    """A random map for `players`: tiles drawn from the 20 and each turned at random
    (FCM-SETUP-1). `rng` is a random.Random (or anything with sample and choice); the caller
    owns the randomness and records the outcome in the creation event."""
    rows, cols = map_size(players)
    drawn = rng.sample(sorted(TILES), rows * cols)
    tiles = [
        {"tile": tile, "rotation": rng.choice(ROTATIONS), "row": i // cols, "col": i % cols}
        for i, tile in enumerate(drawn)
    ]
    return {"rows": rows, "cols": cols, "tiles": tiles, "drawn_by": "service"}


def draw_turn_order(rng, players: list[str]) -> list[str]:
    """A random turn order (FCM-SETUP-6), for a table that lets the service decide."""
    return rng.sample(list(players), len(players))
