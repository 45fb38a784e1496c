"""The first event of a game, fcm.created, and the state it makes.

The payload is {"players": [names], "options": {...}}. Options:

- "turn_order": the players in the order the table drew (FCM-SETUP-6);
- "layout": the tiles as laid or drawn (FCM-SETUP-1; see layout.py);
- "connection": "original" (default) or "deluxe", how roads join across tile borders;
- "position": a declared starting position in the state format; it carries its own turn
  order, layout and connection, and options that repeat them must agree with it.
"""

import copy

from games.errors import RuleViolation
from games.fcm.layout import check_layout
from games.fcm.position import check_position
from games.fcm.setup import check_turn_order, new_game


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
    connection = options.get("connection", "original")
    return new_game(players, options["turn_order"], options["layout"], connection)


def declared_start(players: list[str], options: dict) -> dict:
    """The declared position, checked for consistency, as the game's first state."""
    position = copy.deepcopy(options["position"])
    if position["players"] != players:
        raise RuleViolation("FCM-SETUP-5", "the position's players must be the game's players")
    agree = {
        "turn_order": ("FCM-SETUP-6", position["turn_order"]),
        "layout": ("FCM-SETUP-1", position["board"]["layout"]),
        "connection": ("FCM-SETUP-1", position["board"]["connection"]),
    }
    for option, (rule, declared) in agree.items():
        if option in options and options[option] != declared:
            raise RuleViolation(rule, f"options.{option} disagrees with the declared position")
    check_position(position)
    return position
