"""A declared starting position: a game that begins from a given state, written in the same
JSON that GET state returns (a table that starts recording at turn 5, a test that needs a
particular board).

The schema has already checked the form; this module checks that the position could stand on
a real table: the map is a legal layout with its printed houses where the tiles print them,
no square holds two pieces, every piece is where its rule lets it be, and the cards, campaign
tiles, houses and gardens add up to what the box put in play. This module checks the map and
the supply; position_chains.py each chain's cards and milestones, position_phases.py the setup,
the bank and the record of the phase the position is in.
"""

from collections import Counter

from games.errors import RuleViolation
from games.fcm.cards.forbidden import check_forbidden_kept
from games.fcm.data import COMPONENTS
from games.fcm.map.board import Board
from games.fcm.map.layout import check_layout
from games.fcm.map.placement import check_campaign, check_garden, check_new_house, check_restaurant
from games.fcm.start.position_chains import check_cards
from games.fcm.start.position_phases import (
    check_bank_and_reserve,
    check_dinnertime,
    check_marketing,
    check_order_of_business,
    check_restructuring,
    check_setup_rounds,
    check_working,
)
from games.fcm.turn.sequence import SETUP_PHASES
from games.fcm.turn.setup import campaigns_in_play, check_turn_order


def check_position(state: dict) -> None:
    """Refuse a position that is not consistent; each refusal names the rule it breaks."""
    players = state["players"]
    if len(set(players)) != len(players):
        raise RuleViolation("FCM-SETUP-5", f"player names repeat: {players}")
    # a bankrupt chain has left the turn order (bankruptcy.py)
    playing = [name for name in players if not (state["chains"].get(name) or {}).get("bankrupt")]
    check_turn_order(playing, state["turn_order"])
    if sorted(state["chains"]) != sorted(players):
        raise RuleViolation("FCM-SETUP-5", "there is one chain for each player, named for them")
    map_state = state["board"]
    check_layout(map_state["layout"], len(players))
    board = Board.from_layout(map_state["layout"], map_state["connection"])
    check_houses(board, map_state)
    check_restaurants(board, map_state, players, at_setup=state["phase"] in SETUP_PHASES)
    check_campaigns(board, map_state, players)
    check_supply_of_pieces(state)
    check_cards(state)
    check_bank_and_reserve(state)
    check_setup_rounds(state)
    check_restructuring(state)
    check_order_of_business(state)
    check_working(state)
    check_dinnertime(state)
    check_marketing(state)
    check_forbidden_kept(state)


KINDS = ("houses", "restaurants", "campaigns")


def _before(map_state: dict, kind: str, index: int) -> dict:
    """The map as it was before this piece came: the pieces listed before it, houses first,
    then restaurants, then campaigns. Checking each piece against those finds every square
    held twice, and blames the piece that most likely came last."""
    later = KINDS[KINDS.index(kind) + 1 :]
    return {**map_state, kind: map_state[kind][:index], **{k: [] for k in later}}


def check_houses(board: Board, map_state: dict) -> None:
    """Printed houses exactly where the tiles print them; placed houses numbered from the
    house tiles, each with its garden; every garden on free squares; no demand over the cap
    (FCM-SETUP-1, FCM-HOUSE-1, FCM-CAMP-2)."""
    houses = map_state["houses"]
    numbers = [h["number"] for h in houses]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("FCM-HOUSE-1", f"house numbers repeat: {sorted(numbers)}")
    printed = {h["number"]: tuple(h["top_left"]) for h in houses if h["printed"]}
    if printed != board.printed_houses:
        raise RuleViolation(
            "FCM-SETUP-1",
            "the printed houses must be those the tiles print, where they print them",
            {"tiles_print": {str(n): list(sq) for n, sq in board.printed_houses.items()}},
        )
    for index, house in enumerate(houses):
        others = _before(map_state, "houses", index)
        if house["printed"]:
            if house["garden"]:
                bare = {**others, "houses": others["houses"] + [{**house, "garden": None}]}
                check_garden(board, bare, house["number"], house["garden"])
        else:
            if house["number"] not in COMPONENTS["placeable_house_numbers"]:
                raise RuleViolation(
                    "FCM-HOUSE-1", f"house {house['number']} is printed on a tile, not a house tile"
                )
            if not house["garden"]:
                raise RuleViolation("FCM-HOUSE-1", f"house {house['number']} came with a garden")
            check_new_house(board, others, house["top_left"], house["garden"])
        cap = COMPONENTS["demand_cap"]["house_with_garden" if house["garden"] else "house"]
        if len(house["demand"]) > cap:
            raise RuleViolation(
                "FCM-CAMP-2", f"house {house['number']} holds at most {cap} demand tokens"
            )


def check_restaurants(board: Board, map_state: dict, players: list[str], at_setup: bool) -> None:
    """At most three restaurants a chain, each on free squares with its entrance by a road;
    during setup no two entrances on one tile (FCM-SETUP-5, FCM-SETUP-8)."""
    ids = [r["id"] for r in map_state["restaurants"]]
    if len(set(ids)) != len(ids) or any(r["id"].rsplit("-", 1)[0] != r["owner"]
                                        for r in map_state["restaurants"]):  # fmt: skip
        raise RuleViolation(
            "FCM-SETUP-5", f"restaurant ids are <owner>-1 to <owner>-3, once each: {ids}"
        )
    owners = Counter(r["owner"] for r in map_state["restaurants"])
    for owner, count in owners.items():
        if owner not in players:
            raise RuleViolation("FCM-SETUP-5", f"{owner} does not play in this game")
        if count > COMPONENTS["restaurants_per_player"]:
            raise RuleViolation("FCM-SETUP-5", f"{owner} has {count} restaurants; a chain has 3")
    for index, restaurant in enumerate(map_state["restaurants"]):
        if at_setup and restaurant["status"] != "open":
            raise RuleViolation("FCM-SETUP-8", "starting restaurants are open")
        others = _before(map_state, "restaurants", index)
        check_restaurant(
            board,
            others,
            restaurant["top_left"],
            restaurant["entrance"],
            rule="FCM-SETUP-8",
            at_setup=at_setup,
        )


def check_campaigns(board: Board, map_state: dict, players: list[str]) -> None:
    """Each campaign once, owned by a player, placed as its kind must be (FCM-MKT-3,
    FCM-MKT-4)."""
    numbers = [c["number"] for c in map_state["campaigns"]]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("FCM-MKT-1", f"campaign numbers repeat: {sorted(numbers)}")
    for index, campaign in enumerate(map_state["campaigns"]):
        if campaign["owner"] not in players:
            raise RuleViolation("FCM-MKT-1", f"{campaign['owner']} does not play in this game")
        check_campaign(board, _before(map_state, "campaigns", index), campaign)


def check_supply_of_pieces(state: dict) -> None:
    """Campaign tiles, house tiles and gardens are each either in the supply or on the map:
    the campaigns in play for the player count (FCM-SETUP-2), the 8 house tiles and the 8
    gardens (FCM-HOUSE-1)."""
    map_state, supply = state["board"], state["supply"]
    on_map = [c["number"] for c in map_state["campaigns"]]
    in_play = campaigns_in_play(len(state["players"]))
    if sorted(supply["campaigns"] + on_map) != in_play:
        raise RuleViolation(
            "FCM-SETUP-2",
            f"the campaigns in the supply and on the map must be those in play,"
            f" {in_play}, once each",
        )
    placed = [h["number"] for h in map_state["houses"] if not h["printed"]]
    if sorted(supply["houses"] + placed) != sorted(COMPONENTS["placeable_house_numbers"]):
        raise RuleViolation(
            "FCM-HOUSE-1", "each house tile is either in the supply or on the map, once"
        )
    gardens = sum(1 for h in map_state["houses"] if h["printed"] and h["garden"])
    if supply["gardens"] + gardens != COMPONENTS["gardens"]:
        raise RuleViolation(
            "FCM-HOUSE-1",
            f"{supply['gardens']} gardens in the supply and {gardens} on printed houses;"
            f" the box has {COMPONENTS['gardens']}",
        )
