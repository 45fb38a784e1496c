"""Recording a Food Chain Magnate game in a test as the service does it, and drawing boards.

Payloads go through their schema (`dump(load(raw))`) and JSON, into an envelope, through
`evolve`; every step also checks the contract: evolve leaves its input alone and the state
survives a JSON round trip.
"""

import copy
import json

import pytest

import games.fcm as fcm
from games.errors import RuleViolation
from games.fcm.cards.employees import issue_card_id, new_card
from games.fcm.map.board import Board, board_of, printed_house_records
from games.fcm.map.pieces import CORNERS
from games.fcm.map.placement import check_restaurant
from games.fcm.turn.reserve import reserve_commitment
from tests.games import folding

TYPES = {t.name: t for t in fcm.EVENT_TYPES}
# the first tiles in alphabetical order, unturned: a fixed map for each player count
TILE_ROWS = {
    2: "ABC DEF GHI",
    3: "ABCD EFGH IJKL",
    4: "ABCD EFGH IJKL MNOP",
    5: "ABCD EFGH IJKL MNOP QRST",
}


def layout_for(players: int) -> dict:
    """A fixed, legal map for `players`: tiles A, B, C ... row by row, none turned."""
    rows = TILE_ROWS[players].split()
    tiles = [
        {"tile": tile, "rotation": 0, "row": r, "col": c}
        for r, row in enumerate(rows)
        for c, tile in enumerate(row)
    ]
    return {"rows": len(rows), "cols": len(rows[0]), "tiles": tiles, "drawn_by": "table"}


def validated(type_name, payload):
    return folding.validated(TYPES[type_name], payload)


def envelope(seq, type_name, payload, actor):
    return folding.envelope(seq, TYPES[type_name], payload, actor)


def created(players, **options):
    """The state fcm.created makes; options default to turn order = players, a fixed map."""
    options.setdefault("turn_order", list(players))
    if "position" not in options and "layout" not in options:
        options["layout"] = layout_for(len(players))
    options = {key: value for key, value in options.items() if value is not None}
    payload = validated("fcm.created", {"players": players, "options": options})
    return fcm.initial(envelope(1, "fcm.created", payload, "admin"))


class Table:
    """A game folded event by event."""

    def __init__(self, players, **options):
        self.state = created(players, **options)
        self.seq = 1

    def record(self, name, actor=None, **payload):
        """A player's (or admin's) event `fcm.<name>`; actor defaults to the player."""
        actor = actor or f"player:{payload['player']}"
        type_name = f"fcm.{name}"
        before = copy.deepcopy(self.state)
        event = envelope(self.seq + 1, type_name, validated(type_name, payload), actor)
        state = fcm.evolve(self.state, event)
        assert self.state == before, "evolve changed its input"
        assert json.loads(json.dumps(state)) == state, "state is not plain JSON"
        self.seq += 1
        self.state = state
        return state

    def refused(self, name, rule, actor=None, **payload):
        """The event is refused with `rule`; the state stays as it was."""
        with pytest.raises(RuleViolation) as caught:
            self.record(name, actor, **payload)
        assert caught.value.rule == rule, caught.value
        return caught.value

    def to_act(self):
        return self.state["setup"]["to_act"][0]

    def place_anywhere(self, player):
        """Place `player`'s starting restaurant on the first legal spot, reading order."""
        top_left, entrance = legal_spot(self.state)
        return self.record(
            "starting_restaurant_placed", player=player, top_left=top_left, entrance=entrance
        )


def restaurant_spots(state):
    """Every top-left square and entrance, in reading order, where a starting restaurant may
    go now."""
    map_state = state["board"]
    board = board_of(map_state)
    for square in board.squares():
        for corner in CORNERS:
            try:
                check_restaurant(
                    board, map_state, square, corner, rule="FCM-SETUP-8", at_setup=True
                )
            except RuleViolation:
                continue
            yield list(square), corner


def legal_spot(state):
    """The first top-left square and entrance, in reading order, where a starting restaurant
    may go now."""
    for spot in restaurant_spots(state):
        return spot
    raise AssertionError("no legal spot left")


def drawn(picture, connection="original", **pieces):
    """A board drawn as a picture and its map state: the printed houses it shows (with
    `gardens` {number: side} and `demand` {number: [goods]}), and `restaurants` and
    `campaigns` records."""
    board = Board.from_picture(picture, connection)
    houses = printed_house_records(board)
    for house in houses:
        house["garden"] = pieces.get("gardens", {}).get(house["number"])
        house["demand"] = pieces.get("demand", {}).get(house["number"], [])
    map_state = {
        "connection": connection,
        "houses": houses + pieces.get("placed_houses", []),
        "restaurants": pieces.get("restaurants", []),
        "campaigns": pieces.get("campaigns", []),
    }
    return board, map_state


def restaurant(top_left, entrance="NW", owner="ann", status="open"):
    return {"owner": owner, "top_left": list(top_left), "entrance": entrance, "status": status,
            "drive_in": False}  # fmt: skip


def nonce(player):
    return f"{player}-nonce-0123456789"


def seated(players=("ann", "bob"), money=200, **options):
    """A table after setup: every starting restaurant placed, every reserve card sealed
    (worth `money`, with the player's `nonce`)."""
    table = Table(list(players), **options)
    while table.state["phase"] == "setup_restaurants":
        table.place_anywhere(table.to_act())
    for player in players:
        commitment = reserve_commitment(money, nonce(player))
        table.record("reserve_card_sealed", player=player, commitment=commitment)
    return table


def turn_five():
    """ann and bob at turn 5: cards hired, a house and a garden placed, three campaigns
    running, demand on two houses."""
    state = copy.deepcopy(seated().state)
    state["turn"] = 5
    state["phase"] = "restructuring"  # every card back in hand, each chain to choose
    state["restructuring"] = {
        name: {"sealed": None, "structure": None} for name in state["players"]
    }
    state["order_of_business"] = None
    state["working"] = None
    state["dinnertime"] = None
    state["payday"] = None
    state["marketing"] = None
    state["winner"] = None
    board = state["board"]
    board["houses"].append(
        {"number": 1, "top_left": [8, 0], "garden": "E", "printed": False, "demand": []}
    )
    for house in board["houses"]:
        if house["number"] == 13:
            house["garden"] = "E"
            house["demand"] = ["burger", "burger", "beer", "beer"]
        if house["number"] == 2:
            house["demand"] = ["pizza"]
    hand = {
        "ann": ["waitress", "cfo"],
        "bob": ["kitchen_trainee", "kitchen_trainee"],
    }
    busy = {  # campaign number -> (owner, marketeer)
        11: ("ann", "marketing_trainee"),
        9: ("ann", "campaign_manager"),
        5: ("bob", "brand_manager"),
    }
    for owner, cards in hand.items():
        for card in cards:
            state["chains"][owner]["cards"].append(new_card(issue_card_id(state, card), card))
    marketeers = {}
    for number, (owner, card) in busy.items():
        marketeer = new_card(issue_card_id(state, card), card, place="busy")
        marketeer["campaign"] = number
        state["chains"][owner]["cards"].append(marketeer)
        marketeers[number] = marketeer["id"]
    board["campaigns"] = [
        {"number": 11, "owner": "ann", "product": "burger", "remaining": 2, "eternal": False,
         "marketeer": marketeers[11], "top_left": [3, 3], "size": [2, 3]},
        {"number": 5, "owner": "bob", "product": "beer", "remaining": 3, "eternal": False,
         "marketeer": marketeers[5], "edge": "S", "start": 5},
        {"number": 9, "owner": "ann", "product": "pizza", "remaining": 1, "eternal": True,
         "marketeer": marketeers[9], "top_left": [8, 11], "size": [1, 1]},
    ]  # fmt: skip
    state["chains"]["ann"].update(cash=35, milestones=[{"id": "first_billboard", "turn": 3}])
    state["chains"]["bob"].update(cash=20)
    supply = state["supply"]
    for chain in state["chains"].values():
        for card in chain["cards"]:
            if card["card"] != "ceo":
                supply["employees"][card["card"]] -= 1
    supply["milestones"]["first_billboard"] -= 1
    supply["campaigns"] = [n for n in supply["campaigns"] if n not in (5, 9, 11)]
    supply["houses"].remove(1)
    supply["gardens"] -= 1
    state["bank"]["cash"] = 45
    return state


def first_legal(board, map_state, candidates, check):
    """The first of `candidates` that `check` allows, skipping quickly those on a taken
    square (a refusal draws the map, which is slow)."""
    from games.fcm.map.pieces import occupied, what_is_on

    taken = occupied(map_state)
    for squares, candidate in candidates:
        if any(what_is_on(board, taken, square) for square in squares):
            continue
        try:
            check(candidate)
        except RuleViolation:
            continue
        return candidate
    raise AssertionError("nowhere legal")


def crowded_five():
    """A crowded five-player board at turn 10, as a busy table has it: every starting
    restaurant, a second restaurant coming soon and a drive-in, new houses with their gardens
    and gardens beside printed houses, all sixteen campaigns out (tests/benchmarks.py places
    them where each reaches the most houses) and demand on most houses, up to their cap."""
    from games.fcm.map.pieces import block, garden_squares
    from games.fcm.map.placement import check_garden, check_new_house
    from tests.benchmarks import FCM_PLAYERS, with_every_campaign

    state = copy.deepcopy(seated(FCM_PLAYERS).state)
    map_state = state["board"]
    board = board_of(map_state)
    squares = list(board.squares())
    for number, side in ((3, "E"), (6, "S"), (9, "W")):

        def placed(top_left, side=side):
            check_new_house(board, map_state, top_left, side)
            return top_left

        candidates = [(block(sq, 2, 2) + garden_squares(sq, side), list(sq)) for sq in squares]
        top_left = first_legal(board, map_state, reversed(candidates), placed)
        map_state["houses"].append({"number": number, "top_left": top_left, "garden": side,
                                    "printed": False, "demand": []})  # fmt: skip
        state["supply"]["houses"].remove(number)
        state["supply"]["gardens"] -= 1
    for number in (10, 15):
        house = next(h for h in map_state["houses"] if h["number"] == number)
        side = first_legal(
            board, map_state,
            [(garden_squares(house["top_left"], s), s) for s in "NESW"],
            lambda s, n=number: check_garden(board, map_state, n, s),
        )  # fmt: skip
        house["garden"] = side
        state["supply"]["gardens"] -= 1
    for owner, status, drive_in in (("cat", "coming_soon", False), ("eve", "open", True)):

        def allowed(spot):
            check_restaurant(board, map_state, spot[0], spot[1], rule="FCM-REST-1",
                             at_setup=False)  # fmt: skip
            return spot

        spots = [(block(sq, 2, 2), (list(sq), corner)) for sq in squares for corner in CORNERS]
        top_left, entrance = first_legal(board, map_state, spots[len(spots) // 2 :], allowed)
        map_state["restaurants"].append({"id": f"{owner}-2", "owner": owner,
                                         "top_left": top_left, "entrance": entrance,
                                         "status": status, "drive_in": drive_in})  # fmt: skip
    for chain in map_state["restaurants"]:
        chain["drive_in"] = chain["drive_in"] or chain["owner"] == "eve"
    state = with_every_campaign(state)
    goods = ("burger", "pizza", "beer", "lemonade", "soda")
    for i, house in enumerate(sorted(state["board"]["houses"], key=lambda h: h["number"])):
        cap = 5 if house["garden"] else 3
        house["demand"] = [goods[(i + k) % 5] for k in range(i % (cap + 1))]
    state.update(turn=10)
    return state
