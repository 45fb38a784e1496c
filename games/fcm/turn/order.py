"""Order of business (FCM-ORDER-1 to 4): the chains pick their places on the turn order track,
the one with the most open slots first.

Open slots are those of the CEO and of the managers at work that no card fills; the first
airplane milestone counts two more, for this count only (FCM-ORDER-2). Ties go to whoever was
earlier in last turn's order (FCM-ORDER-3). The track has a place for each player
(FCM-ORDER-4). While the phase lasts, `state["order_of_business"]` is `{"to_pick": [chains in
the order they pick, the next first], "open_slots": {chain: count}, "picked": [chain or null
for each place]}`; when the last has picked, the track is the new turn order and working
begins.
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.employees import at_work, holds, slots
from games.fcm.data import MILESTONES
from games.fcm.turn.sequence import begin_next, begins

AIRPLANE_SLOTS = MILESTONES["first_airplane"]["effect_data"]["extra_open_slots_for_turn_order"]


def open_slots(state: dict, name: str) -> int:
    """The slots of the chain's CEO and managers at work that no card fills, and two more
    with the first airplane milestone (FCM-ORDER-1, FCM-ORDER-2)."""
    chain = state["chains"][name]
    working = at_work(chain)
    room = state["bank"]["ceo_slots"] + sum(slots(card) for card in working)
    filled = sum(1 for card in working if card["boss"] is not None)
    bonus = AIRPLANE_SLOTS if holds(chain, "first_airplane") else 0
    return room - filled + bonus


@begins("order_of_business")
def begin_order_of_business(state: dict) -> None:
    """Who picks when: most open slots first, ties to the earlier in last turn's order."""
    state["phase"] = "order_of_business"
    counts = {name: open_slots(state, name) for name in state["players"]}
    last_turn = state["turn_order"]
    to_pick = sorted(last_turn, key=lambda name: (-counts[name], last_turn.index(name)))
    state["order_of_business"] = {
        "to_pick": to_pick,
        "open_slots": counts,
        "picked": [None] * len(last_turn),  # a place for each chain not bankrupt
    }


def pick_turn_order(state: dict, event: dict) -> None:
    """The chain whose pick it is takes a free place on the track (FCM-ORDER-1, FCM-ORDER-4);
    after the last pick the track is the turn order and working begins (FCM-TURN-1)."""
    player, place = event["payload"]["player"], event["payload"]["place"]
    check_actor(event["actor"], player, "FCM-ORDER-1", state["players"])
    if state["phase"] != "order_of_business":
        raise RuleViolation(
            "FCM-TURN-1",
            f"places on the track are picked in order of business, not {state['phase']}",
        )
    order = state["order_of_business"]
    free = [n for n, taken in enumerate(order["picked"], start=1) if taken is None]
    if order["to_pick"][0] != player:
        counts = order["open_slots"]
        raise RuleViolation(
            "FCM-ORDER-1",
            f"it is {order['to_pick'][0]}'s pick ({counts[order['to_pick'][0]]} open slots),"
            f" not {player}'s ({counts[player]})",
            {"to_pick": order["to_pick"]},
        )
    if place not in free:
        raise RuleViolation(
            "FCM-ORDER-4",
            f"place {place} is not free; free places: {', '.join(map(str, free))}",
            {"free": free},
        )
    order["picked"][place - 1] = player
    order["to_pick"].pop(0)
    if not order["to_pick"]:
        state["turn_order"] = list(order["picked"])
        state["order_of_business"] = None
        begin_next(state, after="order_of_business")
