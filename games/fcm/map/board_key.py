"""The board picture's key and palette: each chain's colour and letter, each good's token
(a colour and two letters, so no good is told by colour alone), and what each mark on the
board means, drawn as a key below the map (board_picture.py)."""

from games.fcm.map.drawing import HOUSE, HOUSE_EDGE, INK, text
from games.fcm.map.render import player_marks

WHITE, GARDEN, GARDEN_EDGE = "#ffffff", "#9ccc84", "#4f7f45"
# each chain's colour and the colour of words on it, by the player's place in `players`
CHAIN_COLOURS = [
    ("#1f5fbf", WHITE),
    ("#e8a33d", INK),
    ("#2e9d4a", WHITE),
    ("#8e44ad", WHITE),
    ("#d147a3", WHITE),
    ("#17a2b8", INK),
]
# a demand token or a campaign's product: its letters, colour, and the colour of the letters
GOODS = {
    "burger": ("Bu", "#6d3b1f", WHITE),
    "pizza": ("Pi", "#c62828", WHITE),
    "beer": ("Be", "#d9961a", INK),
    "lemonade": ("Le", "#f2e04b", INK),
    "soda": ("So", "#2f7fc8", WHITE),
}


def chain_colours(players: list[str]) -> dict[str, tuple[str, str]]:
    return {name: CHAIN_COLOURS[i % len(CHAIN_COLOURS)] for i, name in enumerate(players)}


def token(x: int, y: int, good: str, radius: int = 12) -> str:
    """A good as a round token: its colour and its two letters."""
    letters, fill, ink = GOODS[good]
    return (
        f'<circle class="token" data-good="{good}" cx="{x}" cy="{y}" r="{radius}" fill="{fill}"'
        f' stroke="{WHITE}" stroke-width="2"/>'
        + text(x, y + radius * 4 // 11, letters, radius - 1, ink, "bold")
    )


def _swatch(fill: str, stroke: str, letter: str = "", ink: str = WHITE, dashed=False):
    """A legend's square mark, with a letter on it."""
    dash = ' stroke-dasharray="5 3"' if dashed else ""

    def draw(x: int, y: int) -> str:
        box = (f'<rect x="{x}" y="{y}" width="26" height="26" rx="3" fill="{fill}"'
               f' stroke="{stroke}" stroke-width="2"{dash}/>')  # fmt: skip
        return box + (text(x + 13, y + 19, letter, 15, ink, "bold") if letter else "")

    return draw


def _entrance_key(x: int, y: int) -> str:
    return _swatch("#888888", INK)(x, y) + (
        f'<polygon points="{x},{y} {x + 16},{y} {x},{y + 16}" fill="{WHITE}" stroke="{INK}"'
        ' stroke-width="2"/>'
    )


def _legend_items(players: list[str]) -> list[tuple]:
    """(its mark, drawn at a corner, or None; its words) for each chain, good and piece."""
    marks, colours = player_marks(players), chain_colours(players)
    items: list[tuple] = [
        (_swatch(colours[name][0], INK, marks[name], colours[name][1]), f"{marks[name]} {name}")
        for name in players
    ]
    items += [
        (lambda x, y, good=good: token(x + 13, y + 13, good), f"{good} ({letters})")
        for good, (letters, _, _) in GOODS.items()
    ]
    return items + [
        (_swatch(HOUSE, HOUSE_EDGE, "7"), "house 7 with its demand tokens"),
        (_swatch(GARDEN, GARDEN_EDGE), "garden"),
        (_entrance_key, "restaurant's entrance (a drive-in: every corner)"),
        (_swatch(WHITE, "#888888", dashed=True), "coming soon"),
        (None, "campaigns: B billboard, M mailbox, R radio, A airplane (beside the map)"),
        (None, "×2 turns left, ∞ eternal"),
    ]


def _item_width(item) -> int:
    mark, words = item
    return (34 if mark else 0) + len(words) * 8 + 24


def _flow(items, left: int, top: int, width: int) -> list[tuple[int, int]]:
    """The top-left corner of each item, left to right, a new line when one is full."""
    right = left + width
    x, y, places = left, top + 14, []
    for item in items:
        if x > left and x + _item_width(item) > right:
            x, y = left, y + 34
        places.append((x, y))
        x += _item_width(item)
    return places


def key(players: list[str], left: int, top: int, width: int) -> list[str]:
    """Chains, goods and pieces, each with its mark, flowed into lines `width` wide from
    (left, top)."""
    items = _legend_items(players)
    parts = [text(left, top, "Key", 14, INK, "bold", "start")]
    for (x, y), (mark, words) in zip(_flow(items, left, top, width), items, strict=True):
        parts += [mark(x, y)] if mark else []
        parts.append(text(x + (34 if mark else 0), y + 18, words, 13, INK, "normal", "start"))
    return parts


def key_height(players: list[str], width: int) -> int:
    """How tall the key is, `width` wide: it depends on the players alone, not the state."""
    return _flow(_legend_items(players), 0, 0, width)[-1][1] + 40
