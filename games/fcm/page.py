"""What the game page shows of Food Chain Magnate (app/pages): its board after a step
(pages/board.html), and what its new-game form needs (pages/new.html)."""

from games.fcm.map.layout import PLAYERS_MAX, PLAYERS_MIN, map_size
from games.fcm.map.render import render_map


def board(state: dict) -> dict:
    """Food Chain Magnate's board as pages/board.html shows it: the map in text (the page
    swaps in the SVG the service draws), each chain's cash and stock, where the game stands."""
    chains = [{"name": name, **state["chains"][name]} for name in state["turn_order"]]
    working = (state.get("working") or {}).get("player")
    situation = [("Turn", state["turn"]), ("Phase", state["phase"].replace("_", " ")),
                 ("Turn order", ", ".join(state["turn_order"]))]  # fmt: skip
    if working:
        situation.append(("Working", working))
    situation.append(("Bank", f"${state['bank']['cash']}"))
    return {"map": render_map(state), "chains": chains, "situation": situation}


def new_game_page() -> dict:
    """The map's tile rows and columns for each player count (FCM-SETUP-1), so the form
    keeps no copy of the rule."""
    return {"map_shapes": {n: list(map_size(n)) for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}}
