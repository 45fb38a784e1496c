"""Setting up a game: what the box puts in play for the player count, the state at the start,
and the rounds in which the chains place their starting restaurants."""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.employees import issue_card_id, new_card
from games.fcm.data import CAMPAIGNS, COMPONENTS, EMPLOYEES, INTRODUCTORY, MILESTONES
from games.fcm.map.board import Board, board_of, printed_house_records
from games.fcm.map.placement import check_restaurant
from games.fcm.turn.sequence import begin_next


def employees_in_play(players: int) -> dict[str, int]:
    """Employee cards in the stock: every card of the box, but only one copy of each
    top-position card at 2-3 players, two at 4, three at 5 (FCM-SETUP-3)."""
    top = COMPONENTS["top_position_copies_by_players"][str(players)]
    return {card: top if e["top_position"] else e["count"] for card, e in EMPLOYEES.items()}


def campaigns_in_play(players: int) -> list[int]:
    """Campaign numbers in the game: billboards 12, 15, 16 go back in the box at 2 players,
    15 and 16 at 3, 16 at 4 (FCM-SETUP-2)."""
    removed = COMPONENTS["billboards_removed_by_players"][str(players)]
    return [number for number in CAMPAIGNS if number not in removed]


def starting_bank(players: int, introductory: bool = False) -> int:
    """$50 a player in the bank (FCM-SETUP-4); $75 in the introductory game."""
    per_player = INTRODUCTORY["bank_per_player"] if introductory else COMPONENTS["bank_per_player"]
    return per_player * players


def new_chain(ceo_id: str) -> dict:
    """A chain at the start: no money (FCM-SETUP-4), its CEO at work, no goods, its reserve card
    not yet chosen (FCM-SETUP-5). Its three restaurants are those of its name not yet on the
    map; each milestone it claims is kept with the turn it was claimed in."""
    return {
        "cash": COMPONENTS["player_start_cash"],
        "cards": [new_card(ceo_id, "ceo", place="work")],
        "goods": {good: 0 for good in COMPONENTS["goods"]},
        "unused_hires": 0,
        "milestones": [],
        "reserve": {"commitment": None, "revealed": None},
    }


def new_game(
    players: list[str], turn_order: list[str], layout: dict, connection: str, options: dict
) -> dict:
    """The state before the first starting restaurant (FCM-SETUP-1 to FCM-SETUP-7): the map as
    laid, the thinned stock, the bank, the chains, and the last player in turn order to act.
    The introductory game has its own bank and no milestones; the Deluxe edition has each
    milestone once, on its board, with no copy limit (milestones.py)."""
    board = Board.from_layout(layout, connection)
    count = len(players)
    introductory = options["introductory"]
    if introductory:
        milestones = {}
    elif options["edition"] == "deluxe":
        milestones = dict.fromkeys(MILESTONES, 1)
    else:
        milestones = {m: card["copies"] for m, card in MILESTONES.items()}
    state = {
        "players": list(players),
        "options": dict(options),
        "turn_order": list(turn_order),
        "phase": "setup_restaurants",
        "turn": 1,
        "setup": {"round": 1, "to_act": list(reversed(turn_order)), "passed": []},
        "restructuring": None,
        "order_of_business": None,
        "working": None,
        "dinnertime": None,
        "payday": None,
        "marketing": None,
        "winner": None,
        "board": {
            "layout": layout,
            "connection": connection,
            "houses": printed_house_records(board),
            "restaurants": [],
            "campaigns": [],
        },
        "chains": {},
        "cards_issued": 0,
        "supply": {
            "employees": employees_in_play(count),
            "milestones": milestones,
            "campaigns": campaigns_in_play(count),
            "houses": list(COMPONENTS["placeable_house_numbers"]),
            "gardens": COMPONENTS["gardens"],
        },
        "bank": {
            "cash": starting_bank(count, introductory),
            "breaks": 0,
            "ceo_slots": COMPONENTS["ceo_slots"],
            "shortfall": 0,
        },
    }
    for name in players:
        state["chains"][name] = new_chain(issue_card_id(state, "ceo"))
    return state


def check_turn_order(players: list[str], turn_order: list[str]) -> None:
    """The turn order names every player once (FCM-SETUP-6)."""
    if sorted(turn_order) != sorted(players):
        raise RuleViolation(
            "FCM-SETUP-6",
            f"the turn order {turn_order} must name each of the players {players} once",
        )


def check_setup_turn(state: dict, event: dict, player: str) -> None:
    """It is the starting-restaurant rounds and `player` is the one to place or pass
    (FCM-SETUP-7)."""
    check_actor(event["actor"], player, "FCM-SETUP-7", state["players"])
    if state["phase"] != "setup_restaurants":
        raise RuleViolation("FCM-SETUP-7", "starting restaurants are placed only during setup")
    to_act = state["setup"]["to_act"]
    if to_act[0] != player:
        raise RuleViolation(
            "FCM-SETUP-7",
            f"it is {to_act[0]}'s turn to place a starting restaurant, not {player}'s",
        )


def place_starting_restaurant(state: dict, event: dict) -> None:
    """The player to act places their starting restaurant on empty squares, the entrance by a
    road and not on the tile of another entrance (FCM-SETUP-7, FCM-SETUP-8)."""
    payload = event["payload"]
    player = payload["player"]
    check_setup_turn(state, event, player)
    map_state = state["board"]
    check_restaurant(
        board_of(map_state),
        map_state,
        payload["top_left"],
        payload["entrance"],
        rule="FCM-SETUP-8",
        at_setup=True,
    )
    map_state["restaurants"].append(
        new_restaurant(map_state, player, payload["top_left"], payload["entrance"], "open")
    )
    _next_to_act(state)


def new_restaurant(map_state: dict, owner: str, top_left, entrance: str, status: str) -> dict:
    """A restaurant of `owner`'s chain, `<owner>-<n>` for the n-th of its three tiles."""
    taken = {r["id"] for r in map_state["restaurants"]}
    number = next(n for n in range(1, 4) if f"{owner}-{n}" not in taken)
    return {"id": f"{owner}-{number}", "owner": owner, "top_left": list(top_left),
            "entrance": entrance, "status": status, "drive_in": False}  # fmt: skip


def pass_starting_restaurant(state: dict, event: dict) -> None:
    """The player to act passes in the first round and places in the second; nobody passes
    in the second (FCM-SETUP-7)."""
    player = event["payload"]["player"]
    check_setup_turn(state, event, player)
    if state["setup"]["round"] == 2:
        raise RuleViolation(
            "FCM-SETUP-7", f"{player} passed once: in the second round they must place"
        )
    state["setup"]["passed"].append(player)
    _next_to_act(state)


def _next_to_act(state: dict) -> None:
    """After the first round (last player to first), those who passed place in turn order;
    then the reserve cards are chosen (FCM-SETUP-7, FCM-SETUP-9)."""
    setup = state["setup"]
    setup["to_act"].pop(0)
    if setup["to_act"]:
        return
    if setup["round"] == 1 and setup["passed"]:
        setup["round"] = 2
        setup["to_act"] = [name for name in state["turn_order"] if name in setup["passed"]]
        return
    state["setup"] = None
    begin_next(state, after="setup_restaurants")
