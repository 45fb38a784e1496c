"""The component data of Food Chain Magnate: the JSON files next to this module, loaded once.

Every file is checked when it is loaded; a file that does not hold what the box holds (20 map
tiles, 222 employee cards, 84 milestone cards, 16 campaign tiles, 18 reserve cards) stops the
import with a `DataError` rather than letting a game run on wrong components.
"""

import json
from collections import Counter
from importlib import resources

from games.fcm.turn.sequence import TURN_PHASES

TILE_SIZE = 5
GLYPHS = set("#+.HBLS")
DRINK_GLYPHS = {"B": "beer", "L": "lemonade", "S": "soda"}


class DataError(Exception):
    """A component file that does not match the box."""


def _read(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath(f"{name}.json").read_text("utf-8"))


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise DataError(message)


def check_tiles(tiles: list[dict], components: dict) -> None:
    """20 tiles A-T, 5x5 grids of known glyphs, each house a numbered 2x2 block, bridges on
    a crossing, and the box's totals of printed houses and drink sources."""
    _require(len(tiles) == components["map_tiles"], f"{len(tiles)} map tiles, the box has 20")
    ids = [t["id"] for t in tiles]
    _require(len(set(ids)) == len(ids), "tile ids repeat")
    drinks: Counter = Counter()
    numbers = []
    for tile in tiles:
        grid = tile["grid"]
        where = f"tile {tile['id']}"
        _require(len(grid) == TILE_SIZE, f"{where}: {len(grid)} rows")
        _require(all(len(row) == TILE_SIZE for row in grid), f"{where}: a row is not 5 wide")
        _require(set("".join(grid)) <= GLYPHS, f"{where}: unknown glyph")
        house_squares = set()
        for house in tile["houses"]:
            r, c = house["top_left"]
            block = {(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)}
            _require(
                all(
                    0 <= y < TILE_SIZE and 0 <= x < TILE_SIZE and grid[y][x] == "H"
                    for y, x in block
                ),
                f"{where}: house {house['number']} is not a 2x2 block of H",
            )
            house_squares |= block
            numbers.append(house["number"])
        marked = {(r, c) for r in range(TILE_SIZE) for c in range(TILE_SIZE) if grid[r][c] == "H"}
        _require(marked == house_squares, f"{where}: H squares outside its numbered houses")
        for r in range(TILE_SIZE):
            for c in range(TILE_SIZE):
                glyph = grid[r][c]
                if glyph in DRINK_GLYPHS:
                    drinks[DRINK_GLYPHS[glyph]] += 1
                if glyph == "+":
                    around = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    _require(
                        all(
                            0 <= y < TILE_SIZE and 0 <= x < TILE_SIZE and grid[y][x] == "#"
                            for y, x in around
                        ),
                        f"{where}: the bridge at [{r}, {c}] is not where two roads cross",
                    )
    _require(
        sorted(numbers) == components["printed_house_numbers"],
        f"printed houses {sorted(numbers)}, the box has {components['printed_house_numbers']}",
    )
    _require(dict(drinks) == components["drink_sources"], f"drink sources {dict(drinks)}")


def check_employees(employees: dict, components: dict) -> None:
    """222 cards, ids unique, careers leading to known cards, three copies of each top-position
    card (enough for five players, FCM-SETUP-3)."""
    cards = employees["employees"]
    ids = [e["id"] for e in cards]
    _require(len(set(ids)) == len(ids), "employee ids repeat")
    total = sum(e["count"] for e in cards)
    _require(total == components["employee_cards"], f"{total} employee cards, the box has 222")
    for card in cards:
        unknown = set(card["trains_into"]) - set(ids)
        _require(not unknown, f"{card['id']} trains into unknown cards {sorted(unknown)}")
        if card["top_position"]:
            _require(
                card["count"] == components["top_position_copies_in_box"],
                f"top-position card {card['id']} has {card['count']} copies, not 3",
            )
    most = max(components["top_position_copies_by_players"].values())
    _require(
        most <= components["top_position_copies_in_box"], "more top-position copies than the box"
    )
    _require(employees["ceo"]["slots"] == components["ceo_slots"], "the CEO does not have 3 slots")


def check_milestones(milestones: list[dict], components: dict) -> None:
    """84 milestone cards over 18 milestones."""
    ids = [m["id"] for m in milestones]
    _require(len(set(ids)) == len(ids) == 18, f"{len(set(ids))} distinct milestones, not 18")
    total = sum(m["copies"] for m in milestones)
    _require(total == components["milestone_cards"], f"{total} milestone cards, the box has 84")
    for milestone in milestones:
        where = milestone["id"]
        _require(
            sorted(milestone["claimed_by"]) == ["deluxe", "original"]
            and set(milestone["claimed_by"].values()) <= {*TURN_PHASES, None},
            f"{where}: claimed_by names a phase of the turn for each edition",
        )
        _require(milestone["effect_from"] in ("at_once", "next_turn"), f"{where}: effect_from")


def check_forbidden_cards(milestones: list[dict], employees: dict) -> None:
    """Every card a milestone forbids (`forbidden_cards`, FCM-MILE-1) is an employee card that
    is not entry level and that no milestone brings: the chain never hires one nor gains one,
    so once it has fired those it held it never holds one again (forbidden.py `must_fire`)."""
    cards = {e["id"]: e for e in employees["employees"]}
    gained = {card for m in milestones for card in m["effect_data"].get("gain_cards", {})}
    for milestone in milestones:
        for card in milestone["effect_data"].get("forbidden_cards", []):
            where = f"{milestone['id']} forbids {card}"
            _require(card in cards, f"{where}, not an employee card")
            _require(not cards[card]["entry_level"], f"{where}, an entry-level card")
            _require(card not in gained, f"{where}, which a milestone brings")


def check_campaigns(campaigns: list[dict], components: dict) -> None:
    """16 campaign tiles numbered 1-16: 3 radios, 3 airplanes (lanes 1, 3, 5), 4 mailboxes,
    6 billboards; the billboards removed by player count are billboards (FCM-SETUP-2)."""
    numbers = [c["number"] for c in campaigns]
    _require(
        sorted(numbers) == list(range(1, components["campaign_tiles"] + 1)), "campaigns not 1-16"
    )
    kinds = Counter(c["type"] for c in campaigns)
    _require(
        kinds == Counter(radio=3, airplane=3, mailbox=4, billboard=6),
        f"campaign kinds {dict(kinds)}",
    )
    by_number = {c["number"]: c for c in campaigns}
    lanes = sorted(c["lane"] for c in campaigns if c["type"] == "airplane")
    _require(lanes == [1, 3, 5], f"airplane lanes {lanes}")
    for c in campaigns:
        if c["type"] != "airplane":
            long, short = c["footprint"]
            _require(long >= short >= 1, f"campaign {c['number']}: footprint not [long, short]")
    for removed in components["billboards_removed_by_players"].values():
        _require(
            all(by_number[n]["type"] == "billboard" for n in removed), "removed a non-billboard"
        )


def check_components(components: dict) -> None:
    """18 reserve cards, six each of $100/2 slots, $200/3 and $300/4; house numbers 1-19 split
    between the printed and the placeable houses."""
    reserve = components["reserve_cards"]
    _require(
        len(reserve) * components["reserve_copies_of_each"]
        == components["reserve_cards_in_box"]
        == 18,
        "reserve cards do not make 18",
    )
    _require(
        sorted(components["printed_house_numbers"] + components["placeable_house_numbers"])
        == list(range(1, 20)),
        "house numbers are not 1-19",
    )
    sizes = components["map_size_by_players"]
    for players in range(components["players"]["min"], components["players"]["max"] + 1):
        rows, cols = sizes[str(players)]
        _require(rows * cols <= components["map_tiles"], f"map for {players} needs too many tiles")


def load() -> dict:
    """All component data, checked. Keys: tiles, employees, ceo, milestones, campaigns,
    components."""
    components = _read("components")
    tiles = _read("tiles")["tiles"]
    employees = _read("employees")
    milestones = _read("milestones")["milestones"]
    campaigns = _read("campaigns")["campaigns"]
    check_components(components)
    check_tiles(tiles, components)
    check_employees(employees, components)
    check_milestones(milestones, components)
    check_forbidden_cards(milestones, employees)
    check_campaigns(campaigns, components)
    return {
        "components": components,
        "tiles": {t["id"]: t for t in tiles},
        "employees": {e["id"]: e for e in employees["employees"]},
        "ceo": employees["ceo"],
        "milestones": {m["id"]: m for m in milestones},
        "campaigns": {c["number"]: c for c in campaigns},
    }


DATA = load()
COMPONENTS = DATA["components"]
TILES = DATA["tiles"]
EMPLOYEES = DATA["employees"]
MILESTONES = DATA["milestones"]
CAMPAIGNS = DATA["campaigns"]
GOODS = tuple(COMPONENTS["goods"])
INTRODUCTORY = COMPONENTS["introductory_game"]
PLAYERS_MIN = COMPONENTS["players"]["min"]
PLAYERS_MAX = COMPONENTS["players"]["max"]


def campaign_type(number: int) -> str:
    """billboard, mailbox, airplane or radio."""
    return CAMPAIGNS[number]["type"]
