"""What the campaign form may offer now (FCM-MKT-1 to 4), for choices.py, judged for each
marketeer offered (`when` {marketeer}):

- `number`: the tiles of the supply the marketeer may place (its kinds, marketing.py
  `check_tile`) that fit somewhere now: a tile on the map on some square, either way round,
  within the marketeer's range (FCM-MKT-2, FCM-MKT-3); an airplane beside some edge
  (FCM-MKT-4). Tiles of one footprint fit alike, whatever their kind: once one fits, the
  others are not tried.
- `duration`: 1 turn up to the marketeer's longest (FCM-MKT-1).
- `top_left`: the squares where some tile the marketeer may place fits, either way round
  (squares.py `judged_squares`), and `size`, the two ways a tile lies (`when` {number}).
  Judging each square for each tile would multiply the answer by the tiles, so a square fits
  some tile; the service judges the tile chosen there.
- `edge` and `start` for an airplane: the edges it may fly beside (`when` {marketeer, number})
  and the rows or columns it may start at beside each (`when` {marketeer, number, edge}).

A square and a size are a tile on the map's, an edge and a start an airplane's (`only`
{number}): the form leaves out the other two. Every value is judged by folding the action
with it, as games/choices.py says.
"""

from games.choices import Field, accepts
from games.fcm.actions.marketing import check_tile, marketeer_of
from games.fcm.data import CAMPAIGNS, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.placement import EDGES, unpictured
from games.fcm.squares import fold_check, judged_once, judged_squares, offered_values, some_way

SAMPLE_PRODUCT = "burger"  # any product: what a campaign advertises is no matter of its place
TYPE = "fcm.campaign_placed"
AIRPLANES = sorted(number for number in CAMPAIGNS if campaign_type(number) == "airplane")
ON_THE_MAP = sorted(number for number in CAMPAIGNS if number not in AIRPLANES)
EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def campaign(state: dict, actor: str, player: str, marketeers: Field) -> dict:
    """The campaign form's fields but the marketeer (`marketeers`, judged by choices.py) and
    the product (any: FCM-MKT-1 names no limit)."""
    fields = {
        "number": Field(),
        "size": Field(only={"number": ON_THE_MAP}),
        "top_left": Field(only={"number": ON_THE_MAP}),
        "edge": Field(only={"number": AIRPLANES}),
        "start": Field(only={"number": AIRPLANES}),
        "duration": Field(),
    }
    for marketeer in offered_values(marketeers):
        judge_marketeer(state, actor, player, marketeer, fields)
    for number in state["supply"]["campaigns"]:
        if number in ON_THE_MAP:  # its printed size, either way round (FCM-MKT-3)
            fields["size"].offer.extend(ways_round(number))
    return fields


def judge_marketeer(state, actor, player, marketeer, fields) -> None:
    """Judges into `fields` what `marketeer` may place, where and for how long."""
    card = marketeer_of(state["chains"][player], marketeer)
    when = {"marketeer": marketeer}
    base = {"player": player, "marketeer": marketeer, "product": SAMPLE_PRODUCT, "duration": 1}
    placeable, on_the_map = [], {}  # a tile on the map: the check that it fits somewhere
    fits = set()  # the footprints found to fit: another tile of one fits as well
    for number in state["supply"]["campaigns"]:
        kind = lambda n=number: check_tile(state, card, n, 1)  # noqa: E731
        if not accepts(kind):
            fields["number"].judge(number, tile_words(number), kind, when)
            continue
        placeable.append(number)
        if number in AIRPLANES:
            check = airplane(state, actor, {**base, "number": number}, fields, when)
        else:
            check = on_the_map[number] = judged_once(somewhere(state, actor, base, number, fits))
        fields["number"].judge(number, tile_words(number), check, when)
    fitting = [{"number": number, "size": way["value"]} for number, check in on_the_map.items()
               if accepts(check) for way in ways_round(number)]  # fmt: skip
    if not placeable:
        return
    if fitting:
        judged_squares(state, actor, TYPE, base, None, one_of_each_size(fitting), when,
                       fields["top_left"])  # fmt: skip
    for duration in range(1, 6):
        check = lambda d=duration: check_tile(state, card, placeable[0], d)  # noqa: E731
        label = f"{duration} turn{'s' if duration > 1 else ''}"
        fields["duration"].judge(duration, label, check, when)


def somewhere(state: dict, actor: str, base: dict, number: int, fits: set):
    """The check that tile `number` fits on some square of the map, either way round: the
    first fit found, else the refusal most squares met. Whatever its kind, a tile of a
    footprint in `fits` fits too; its own is added there once found."""

    def check() -> None:
        footprint = tuple(CAMPAIGNS[number]["footprint"])
        if footprint in fits:
            return
        ways = [way["value"] for way in ways_round(number)]
        squares = board_of(state["board"]).squares()
        samples = ({**base, "number": number, "top_left": list(square), "size": size}
                   for square in squares for size in ways)  # fmt: skip
        with unpictured():
            some_way(fold_check(state, actor, TYPE, sample) for sample in samples)()
        fits.add(footprint)

    return check


def airplane(state, actor, payload, fields, when) -> callable:
    """Judges each edge and start of airplane `payload["number"]` for `when`'s marketeer; the
    check that it flies beside some edge. A lane of 5 fits beside any side of a map."""
    board = board_of(state["board"])
    lane = CAMPAIGNS[payload["number"]]["lane"]
    when = {**when, "number": payload["number"]}
    sides = []
    for edge in EDGES:
        span = board.height if edge in ("W", "E") else board.width
        starts = [fold_check(state, actor, TYPE, {**payload, "edge": edge, "start": start})
                  for start in range(span - lane + 1)]  # fmt: skip
        for start, check in enumerate(starts):
            label = lane_words(edge, start, lane)
            fields["start"].judge(start, label, check, {**when, "edge": edge})
        side = judged_once(some_way(starts))
        fields["edge"].judge(edge, EDGE_WORDS[edge], side, when)
        sides.append(side)
    return some_way(sides)


def ways_round(number: int) -> list[dict]:
    """The sizes tile `number` may lie as, [rows, columns], in words."""
    rows, cols = CAMPAIGNS[number]["footprint"]
    return [{"value": [r, c], "label": size_words(r, c), "when": {"number": number}}
            for r, c in dict.fromkeys([(rows, cols), (cols, rows)])]  # fmt: skip


def one_of_each_size(tiles: list[dict]) -> list[dict]:
    """One tile of each size as it lies: two such fit the same squares."""
    return list({tuple(tile["size"]): tile for tile in tiles}.values())


def tile_words(number: int) -> str:
    kind = campaign_type(number)
    if kind == "airplane":
        lane = CAMPAIGNS[number]["lane"]
        over = "1 row or column" if lane == 1 else f"{lane} rows or columns"
        return f"Airplane {number} (over {over})"
    rows, cols = CAMPAIGNS[number]["footprint"]
    covers = "1 square" if rows * cols == 1 else f"{rows}×{cols} squares"
    return f"{kind.capitalize()} {number} ({covers})"


def size_words(rows: int, cols: int) -> str:
    return f"{rows} row{'s' if rows > 1 else ''} by {cols} column{'s' if cols > 1 else ''}"


def lane_words(edge: str, start: int, lane: int) -> str:
    lines = "row" if edge in ("W", "E") else "column"
    return f"{lines} {start}" if lane == 1 else f"{lines}s {start} to {start + lane - 1}"
