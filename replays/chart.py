"""A chart of a game: each chain's or company's figures over the turns, as data and as SVG.

A game says what its chart shows with `chart` in its package (games/fcm/chart.py,
games/burnrate/chart.py): `CHART`, its title and measures (`[{"key", "label"}]`, the first
drawn on top), and `points(state)`, the turn a state is in and each line's values then
(`{"turn", "series": [{"name", "role", "values", "out"}]}`). A game without it has no chart.

`chart` walks the log once, folding each event into the last state as the projector does
(projections/fold.py, retracts included), from the samples cached every CHART_EVERY seqs
(so a chart at step 1,000 folds as few events as one at step 10), and keeps the points of
the latest state of each turn: at the end that is each turn's end, and for the last turn the
step asked. A retract that takes the game back to an earlier turn drops the turns after it,
so the chart is the history that stands. `drawn` draws it by hand: one panel a measure,
turns along the bottom, each line in its own colour, dash pattern and marker (never colour
alone), its name at its end, a hollow marker for a turn still under way, a cross where a
company went out.
"""

import json
import math
from xml.sax.saxutils import escape, quoteattr

from events.keys import chart_samples
from projections.fold import retract_pairs, walk
from projections.state import Projector

CHART_EVERY = 100  # seqs between the cached samples a chart is folded on from
# and the samples of the last chart of the head: a live game's folds only what came since
LATEST = "latest"


class NoChart(Exception):
    """The game's kind says nothing of a chart."""


def chart(projector: Projector, game_id: str, at: int | None = None) -> dict:
    """The chart of the game up to step `at` (the head by default; the caller checks it is
    one of the game's steps): its turns, each `{turn, seq, ended}`, and each line's values by
    turn, None where the line has none (after it went out, `out_turn`). NoChart for a game
    whose kind has none."""
    meta = projector.meta(game_id)
    kind = meta["kind"]
    shows = getattr(projector.games.get(kind), "chart", None)
    if shows is None:
        raise NoChart(f"a game of {kind} has no chart")
    at = meta["version"] if at is None else at
    samples, finished = sampled(projector, game_id, kind, shows.points, at, meta["version"])
    turns = [{"turn": turn, "seq": seq, "ended": True} for turn, (seq, _) in samples.items()]
    if turns and not finished:
        turns[-1]["ended"] = False
    keys = [measure["key"] for measure in shows.CHART["measures"]]
    drawn = {
        "game": game_id,
        "kind": kind,
        "at": at,
        "version": meta["version"],
        "title": shows.CHART["title"],
        "measures": shows.CHART["measures"],
        "turns": turns,
        "series": lines([points for _, points in samples.values()], keys),
    }
    return {**drawn, "description": described(drawn)}


def sampled(projector: Projector, game_id: str, kind: str, points, last: int, version: int):
    """({turn: (seq, points)} of the latest state of each turn up to `last`, in turn order,
    and whether the game is over at `last`). From the nearest samples cached at or below
    `last` (one every CHART_EVERY seqs and the head's, sealed as the states are), folding the
    events after them; the samples it passes, and the head's, are cached for the next chart."""
    base, by_turn, finished = nearest_samples(projector, game_id, last)
    if base == last:  # the head's, kept by the last chart
        return dict(sorted(by_turn.items())), finished
    state = projector.state_at(game_id, base, kind) if base else None
    events = projector.store.read_range(game_id, base + 1, last)
    given_up = not retract_pairs(events)  # no state is gone back to: each may be changed
    steps = walk(
        lambda before, e: projector.evolve(kind, before, e, given_up),
        state,
        events,
        state_before=lambda seq: projector.state_at(game_id, seq, kind),
    )
    fresh = {}
    for envelope, state in steps:
        shown = points(state)
        turn = shown["turn"]
        for later in [t for t in by_turn if t > turn]:
            del by_turn[later]  # withdrawn: the game went back to an earlier turn
        by_turn[turn] = (envelope["seq"], shown)
        if envelope["seq"] % CHART_EVERY == 0:
            fresh[envelope["seq"]] = samples_json(envelope["seq"], by_turn, False)
    finished = state is not None and projector.games.get(kind).finished(state)
    if last == version:
        fresh[LATEST] = samples_json(last, by_turn, finished)
    if fresh:
        sealed = {seq: projector.seal.seal_bytes(game_id, body) for seq, body in fresh.items()}
        projector.redis.hset(chart_samples(game_id), mapping=sealed)
    return dict(sorted(by_turn.items())), finished


def nearest_samples(projector: Projector, game_id: str, last: int) -> tuple[int, dict, bool]:
    """(seq, the samples up to it, whether the game was over there) of the latest cached
    samples at or below `last` that open under the seal: those of the last chart of the head
    (LATEST), or of a multiple of CHART_EVERY; (0, {}, False) for none."""
    seqs = [LATEST, *range(last // CHART_EVERY * CHART_EVERY, 0, -CHART_EVERY)]
    for raw in projector.redis.hmget(chart_samples(game_id), seqs):
        body = projector.seal.open_bytes(game_id, raw)
        if body is None:
            continue
        kept = json.loads(body)
        if kept["seq"] <= last:
            samples = {turn: (at, shown) for turn, at, shown in kept["samples"]}
            return kept["seq"], samples, kept["finished"]
    return 0, {}, False


def samples_json(seq: int, by_turn: dict, finished: bool) -> bytes:
    samples = [[turn, at, shown] for turn, (at, shown) in by_turn.items()]
    return json.dumps({"seq": seq, "samples": samples, "finished": finished}).encode()


def lines(samples: list[dict], keys: list[str]) -> list[dict]:
    """Each line, in the order the lines first appear: its values by sample, and the turn it
    went out at (its last value is that turn's; later ones are None)."""
    found: dict[tuple, dict] = {}
    for index, shown in enumerate(samples):
        for point in shown["series"]:
            key = (point["role"], point["name"])
            if key not in found:
                found[key] = {"name": point["name"], "role": point["role"], "out_turn": None,
                              "values": {k: [None] * len(samples) for k in keys}}  # fmt: skip
            line = found[key]
            if line["out_turn"] is not None:
                continue
            for k in keys:
                line["values"][k][index] = point["values"][k]
            if point["out"]:
                line["out_turn"] = shown["turn"]
    return list(found.values())


def described(drawn: dict) -> str:
    """The chart in a few sentences, for its <desc> and a picture's alt text."""
    turns = drawn["turns"]
    if not turns:
        return f"{drawn['title']}: nothing yet."
    first, last = turns[0], turns[-1]
    span = f"turn {first['turn']}" if first is last else f"turns {first['turn']} to {last['turn']}"
    said = [f"{drawn['title']}, {span}, up to step {drawn['at']} of {drawn['version']}."]
    when = "At the end of turn" if last["ended"] else "In turn"
    figures = []
    for measure in drawn["measures"]:
        values = [
            f"{line['name']} {line['values'][measure['key']][-1]}"
            for line in drawn["series"]
            if line["values"][measure["key"]][-1] is not None
        ]
        figures.append(f"{measure['label']}: {', '.join(values) or 'none'}")
    said.append(f"{when} {last['turn']} (step {last['seq']}), {'; '.join(figures)}.")
    out = [f"{line['name']} at turn {line['out_turn']}" for line in drawn["series"]
           if line["out_turn"] is not None]  # fmt: skip
    if out:
        said.append(f"Out of the game: {', '.join(out)}.")
    return " ".join(said)


# --- the picture ----------------------------------------------------------------------------

WIDTH = 480  # the viewBox's width; the picture scales to its box, a phone's or a desktop's
LEFT, PLOT_HEIGHT, HEADING, TICKS, GAP = 52, 170, 32, 22, 14
TITLE_HEIGHT, AXIS_LABEL = 30, 24
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SIZE, SMALL = 15, 13  # font sizes of the names and headings, and of the ticks
INK, MUTED, GRID, PAPER = "#1d1d1b", "#505050", "#d4d4d4", "#ffffff"
# Each at least 4.5:1 against the paper, so a line and its name read as text does (WCAG).
COLOURS = ["#0b61a4", "#b3261e", "#1b7a3d", "#7b3fa0", "#a35200", "#00727d", "#4a4a4a",
           "#a3166e"]  # fmt: skip
DASHES = ["", "9 4", "3 3", "12 4 3 4", "6 6"]
MARKERS = ["circle", "square", "triangle", "diamond", "triangle-down", "plus"]
NAME_CHARACTERS = 12  # a longer name is cut with "…" beside its line
LABEL_GAP = 17  # the least distance between two names at the lines' ends
KEY_WIDTH = 26  # the line's sample (its dash and marker) before its name


def style(index: int) -> dict:
    """A line's look: a colour, a dash pattern and a marker, each cycling on its own."""
    return {"colour": COLOURS[index % len(COLOURS)], "dash": DASHES[index % len(DASHES)],
            "marker": MARKERS[index % len(MARKERS)]}  # fmt: skip


def short(name: str) -> str:
    return name if len(name) <= NAME_CHARACTERS else name[: NAME_CHARACTERS - 1] + "…"


def label_of(line: dict) -> str:
    return short(line["name"]) + (", out" if line["out_turn"] is not None else "")


def drawn(data: dict) -> str:
    """The chart as a self-contained SVG: shapes and presentation attributes only (no script,
    style sheet, font or image), a <title> and a <desc>, sized by its viewBox."""
    labels = [label_of(line) for line in data["series"]]
    right = 10 + KEY_WIDTH + int(0.62 * SIZE * max((len(label) for label in labels), default=4))
    plot = (LEFT, WIDTH - right)
    panel = HEADING + PLOT_HEIGHT + TICKS + GAP
    height = TITLE_HEIGHT + panel * len(data["measures"]) + AXIS_LABEL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img"'
        f' aria-labelledby="chart-title chart-desc" font-family="{FONT}">',
        f'<title id="chart-title">{escape(data["title"])}, up to step {data["at"]}</title>',
        f'<desc id="chart-desc">{escape(data["description"])}</desc>',
        f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>',
        text(8, 20, f"{data['title']}, up to step {data['at']} of {data['version']}", SIZE,
             anchor="start", weight="bold"),
    ]  # fmt: skip
    turns = [t["turn"] for t in data["turns"]]
    for number, measure in enumerate(data["measures"]):
        top = TITLE_HEIGHT + number * panel
        parts += panel_of(data, measure, turns, plot, top)
    bottom = TITLE_HEIGHT + panel * len(data["measures"]) - GAP
    parts.append(text((plot[0] + plot[1]) / 2, bottom + AXIS_LABEL - 4, "Turn", SIZE, MUTED))
    parts.append("</svg>")
    return "\n".join(parts)


def panel_of(data: dict, measure: dict, turns: list[int], plot: tuple, top: int) -> list[str]:
    """One measure: its heading, the axes with their ticks, a line for each series."""
    key = measure["key"]
    y_top, y_bottom = top + HEADING, top + HEADING + PLOT_HEIGHT
    values = [v for line in data["series"] for v in line["values"][key] if v is not None]
    ticks = nice_ticks(min([0, *values]), max([0, *values]))
    low, high = ticks[0], ticks[-1]
    x_of = turn_scale(turns, plot)

    def y_of(value):
        return y_bottom - (value - low) / (high - low) * PLOT_HEIGHT

    parts = [text(plot[0] - 44, top + HEADING - 8, measure["label"], SIZE, INK, anchor="start",
                  weight="bold")]  # fmt: skip
    for tick in ticks:
        y = y_of(tick)
        colour = MUTED if tick == 0 else GRID
        parts.append(f'<line x1="{plot[0]}" y1="{y:.1f}" x2="{plot[1]}" y2="{y:.1f}"'
                     f' stroke="{colour}" stroke-width="1"/>')  # fmt: skip
        parts.append(text(plot[0] - 6, y + 4, f"{tick:g}", SMALL, MUTED, anchor="end"))
    parts.append(f'<line x1="{plot[0]}" y1="{y_top}" x2="{plot[0]}" y2="{y_bottom}"'
                 f' stroke="{INK}" stroke-width="1.5"/>')  # fmt: skip
    parts.append(f'<line x1="{plot[0]}" y1="{y_bottom}" x2="{plot[1]}" y2="{y_bottom}"'
                 f' stroke="{INK}" stroke-width="1.5"/>')  # fmt: skip
    for turn in turn_ticks(turns):
        x = x_of(turn)
        parts.append(f'<line x1="{x:.1f}" y1="{y_bottom}" x2="{x:.1f}" y2="{y_bottom + 5}"'
                     f' stroke="{INK}" stroke-width="1.5"/>')  # fmt: skip
        parts.append(text(x, y_bottom + 18, str(turn), SMALL, MUTED))
    ends = []
    for index, line in enumerate(data["series"]):
        look = style(index)
        shown = enumerate(zip(turns, line["values"][key], strict=True))
        points = [(x_of(turn), y_of(v), i) for i, (turn, v) in shown if v is not None]
        if not points:
            continue
        parts.append(f'<g class="line" data-name={quoteattr(line["name"])}>')
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in points)
            dash = f' stroke-dasharray="{look["dash"]}"' if look["dash"] else ""
            parts.append(f'<polyline points="{path}" fill="none" stroke="{look["colour"]}"'
                         f' stroke-width="2.5" stroke-linejoin="round"{dash}/>')  # fmt: skip
        for x, y, i in points:
            under_way = not data["turns"][i]["ended"]
            parts.append(marker(look["marker"], x, y, look["colour"], hollow=under_way))
        out = line["out_turn"]
        if out is not None and line["values"][key][turns.index(out)] is not None:
            x, y, _ = points[-1]
            parts.append(cross(x, y, look["colour"]))
        parts.append("</g>")
        ends.append((points[-1][1], index, line))
    parts += end_labels(ends, plot[1], y_top, y_bottom)
    return parts


def end_labels(ends: list[tuple], x: float, y_top: float, y_bottom: float) -> list[str]:
    """Each line's name at the height of its last point, right of the plot, moved apart
    where two would overlap; before it a sample of the line (dash and marker)."""
    ends = sorted(ends, key=lambda end: end[0])
    placed = []
    for y, _, _ in ends:
        placed.append(max(y, placed[-1] + LABEL_GAP) if placed else y)
    overflow = (placed[-1] - y_bottom) if placed else 0
    if overflow > 0:  # pushed past the bottom: move the lowest up, and the others with it
        placed[-1] -= overflow
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - LABEL_GAP)
    parts = []
    for (_, index, line), y in zip(ends, placed, strict=True):
        look = style(index)
        dash = f' stroke-dasharray="{look["dash"]}"' if look["dash"] else ""
        parts.append(f'<line x1="{x + 6}" y1="{y:.1f}" x2="{x + KEY_WIDTH}" y2="{y:.1f}"'
                     f' stroke="{look["colour"]}" stroke-width="2.5"{dash}/>')  # fmt: skip
        parts.append(marker(look["marker"], x + 6 + (KEY_WIDTH - 6) / 2, y, look["colour"]))
        parts.append(text(x + KEY_WIDTH + 4, y + 5, label_of(line), SIZE, look["colour"],
                          anchor="start"))  # fmt: skip
    return parts


def marker(shape: str, x: float, y: float, colour: str, hollow: bool = False) -> str:
    """A marker of `shape` centred on (x, y): filled, or hollow for a turn still under way."""
    fill = PAPER if hollow else colour
    paint = f'fill="{fill}" stroke="{colour}" stroke-width="1.8"'
    r = 4.5
    corners = {
        "square": [(-r, -r), (r, -r), (r, r), (-r, r)],
        "triangle": [(0, -r * 1.2), (r * 1.1, r * 0.8), (-r * 1.1, r * 0.8)],
        "triangle-down": [(0, r * 1.2), (r * 1.1, -r * 0.8), (-r * 1.1, -r * 0.8)],
        "diamond": [(0, -r * 1.3), (r * 1.3, 0), (0, r * 1.3), (-r * 1.3, 0)],
        "plus": [(-r, -1.6), (-1.6, -1.6), (-1.6, -r), (1.6, -r), (1.6, -1.6), (r, -1.6),
                 (r, 1.6), (1.6, 1.6), (1.6, r), (-1.6, r), (-1.6, 1.6), (-r, 1.6)],
    }  # fmt: skip
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {paint}/>'
    points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners[shape])
    return f'<polygon points="{points}" {paint}/>'


def cross(x: float, y: float, colour: str) -> str:
    """Where a line's company went out: a cross over its last marker."""
    r = 8
    left, right, up, down = x - r, x + r, y - r, y + r
    strokes = (
        f"M{left:.1f},{up:.1f} L{right:.1f},{down:.1f} M{left:.1f},{down:.1f} L{right:.1f},{up:.1f}"
    )
    return f'<path d="{strokes}" stroke="{colour}" stroke-width="2.5"/>'


def text(x, y, words: str, size: int, colour: str = INK, anchor: str = "middle",
         weight: str = "normal") -> str:  # fmt: skip
    """`words` are escaped: a player's name is drawn as written."""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{colour}"'
            f' text-anchor="{anchor}"{bold}>{escape(words)}</text>')  # fmt: skip


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values from at most `low` to at least `high`, a step of 1, 2, 2.5 or 5 times a
    power of ten apart (and at least 1): about `most` of them, and at least two."""
    if high <= low:
        high = low + 1
    raw = (high - low) / (most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    step = max(step, 1)  # the figures are whole numbers
    first, last = math.floor(low / step), math.ceil(high / step)
    return [round(n * step, 6) for n in range(first, last + 1)]


def turn_scale(turns: list[int], plot: tuple):
    """x of a turn: the first at the plot's left, the last at its right (one turn: the middle)."""
    first, last = (turns[0], turns[-1]) if turns else (0, 0)
    inset = 8
    if last == first:
        return lambda turn: (plot[0] + plot[1]) / 2
    width = plot[1] - plot[0] - 2 * inset
    return lambda turn: plot[0] + inset + (turn - first) / (last - first) * width


def turn_ticks(turns: list[int], most: int = 12) -> list[int]:
    """The turns marked on the axis: every one, or every 2nd, 5th, 10th... when there are
    more than `most`."""
    if not turns:
        return []
    first, last = turns[0], turns[-1]
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 10**9) if (last - first) / s < most)
    return [t for t in range(first, last + 1) if (t - first) % step == 0]
