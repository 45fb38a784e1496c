"""The first event of a game, fcm.created, and the state it makes.

The payload is {"players": [names], "options": {...}}. Options:

- "turn_order": the players in the order the table drew (FCM-SETUP-6);
- "layout": the tiles as laid or drawn (FCM-SETUP-1; see layout.py);
- "edition": "original" (default: the Splotter rules, as the refresher reads) or "deluxe"
  (the Deluxe rulebook where it differs; docs/fcm.md lists each difference);
- "introductory": true for the introductory game (FCM-SETUP-4's bank is $75 a player, no
  reserve cards, no milestones; docs/fcm.md);
- "bankruptcy": "unpaid" (default: a chain that owes the bank more than it holds pays what
  it has and plays on) or "designer" (it pays what it has and is bankrupt; bankruptcy.py,
  docs/rules/fcm.md under FCM-DINNER-5); kept only when given, so older logs replay as before;
- "connection": "original" or "deluxe", how roads join across tile borders; the edition's
  by default;
- "position": a declared starting position in the state format; it carries its own turn
  order, layout, connection and options, and options that repeat them must agree with it.
"""

import copy

from games.errors import RuleViolation
from games.fcm.data import COMPONENTS
from games.fcm.map.board import Board
from games.fcm.map.layout import check_layout
from games.fcm.start.position import check_position
from games.fcm.turn.setup import check_turn_order, new_game


def initial(creation_event: dict) -> dict:
    """The state the creation event sets up: a new game, or the declared position."""
    payload = creation_event["payload"]
    players, options = payload["players"], payload["options"]
    if len(set(players)) != len(players):
        raise RuleViolation("FCM-SETUP-5", f"player names repeat: {players}")
    if "position" in options:
        return declared_start(players, options)
    if "turn_order" not in options:
        raise RuleViolation("FCM-SETUP-6", "the turn order is recorded at creation")
    if "layout" not in options:
        raise RuleViolation("FCM-SETUP-1", "the map layout is recorded at creation")
    check_turn_order(players, options["turn_order"])
    check_layout(options["layout"], len(players))
    chosen = {
        "edition": options.get("edition", "original"),
        "introductory": options.get("introductory", False),
    }
    if "bankruptcy" in options:
        chosen["bankruptcy"] = options["bankruptcy"]
    if chosen["introductory"] and chosen["edition"] == "deluxe":
        check_drinks_for_introductory(options["layout"])
    connection = options.get("connection", chosen["edition"])
    return new_game(players, options["turn_order"], options["layout"], connection, chosen)


def declared_start(players: list[str], options: dict) -> dict:
    """The declared position, checked for consistency, as the game's first state."""
    position = copy.deepcopy(options["position"])
    if position["players"] != players:
        raise RuleViolation("FCM-SETUP-5", "the position's players must be the game's players")
    agree = {
        "turn_order": ("FCM-SETUP-6", position["turn_order"]),
        "layout": ("FCM-SETUP-1", position["board"]["layout"]),
        "connection": ("FCM-SETUP-1", position["board"]["connection"]),
        "edition": ("FCM-SETUP-1", position["options"]["edition"]),
        "introductory": ("FCM-SETUP-4", position["options"]["introductory"]),
        "bankruptcy": ("FCM-DINNER-5", position["options"].get("bankruptcy", "unpaid")),
    }
    for option, (rule, declared) in agree.items():
        if option in options and options[option] != declared:
            raise RuleViolation(rule, f"options.{option} disagrees with the declared position")
    check_position(position)
    return position


def check_drinks_for_introductory(layout: dict) -> None:
    """The Deluxe introductory game is played on a map with all three drinks on it."""
    board = Board.from_layout(layout, "deluxe")
    on_map = {board.drink(square) for square in board.squares()}
    missing = sorted(set(COMPONENTS["drink_sources"]) - on_map)
    if missing:
        raise RuleViolation(
            "FCM-SETUP-1",
            f"the Deluxe introductory game needs every drink on the map; {', '.join(missing)}"
            " is on none of these tiles",
        )
