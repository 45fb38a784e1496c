"""Dinnertime (FCM-DINNER-1 to 10): which chain serves each house, at what price, and what
every chain earns, with the explanation a table reads to settle who should have won a house.

`dinnertime(state, board)` works it all out from the state after working, house by house in
number order, each house's sale taking the goods a later house might have wanted. It returns
what happened and why; it changes nothing. Paying it out (from the bank, which may break:
FCM-BANK-1 to 4) is for the phase that resolves it, with the derived events it writes.
"""

import math
from collections import Counter

from games.fcm.board import Board
from games.fcm.cards import at_work, has_drive_ins
from games.fcm.data import EMPLOYEES, MILESTONES
from games.fcm.roads import restaurant_to_house

BASE_PRICE = 10
DRINKS = ("beer", "lemonade", "soda")
MARKETED = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed"}
WAITRESS_CASH = 3


def holds(chain: dict, milestone: str) -> bool:
    return any(m["id"] == milestone for m in chain["milestones"])


def unit_price(chain: dict) -> int:
    """$10, $1 less per pricing manager, $3 less per discount manager, $1 less with the lower
    prices milestone, $10 more with a luxuries manager, at work; never below 0 (FCM-DINNER-5).
    Bonuses and the CFO never change it."""
    price = BASE_PRICE
    for card in at_work(chain):
        if card["card"] in EMPLOYEES and EMPLOYEES[card["card"]]["action"]["type"] == "price":
            price += EMPLOYEES[card["card"]]["action"]["unit_price_delta"]
    if holds(chain, "first_lower_prices"):
        price += MILESTONES["first_lower_prices"]["effect_data"]["unit_price_delta"]
    return max(price, 0)


def waitresses(chain: dict) -> int:
    return sum(1 for card in at_work(chain) if card["card"] == "waitress")


def distance(board: Board, state: dict, name: str, house: dict) -> int | None:
    """The fewest tile crossings by road from any of the chain's open restaurants, every
    corner of them while they are drive-ins (FCM-DINNER-4, FCM-REST-3); None if no road joins
    them (FCM-DINNER-3)."""
    drive_in = has_drive_ins(state["chains"][name])
    found = [
        restaurant_to_house(board, restaurant, house, drive_in or restaurant["drive_in"])
        for restaurant in state["board"]["restaurants"]
        if restaurant["owner"] == name and restaurant["status"] == "open"
    ]
    found = [d for d in found if d is not None]
    return min(found) if found else None


def bonus(chain: dict, good: str) -> int:
    """What the marketed-product milestones add to each item sold, outside the unit price."""
    milestone = MARKETED.get(good, "first_drink_marketed" if good in DRINKS else None)
    if milestone and holds(chain, milestone):
        return MILESTONES[milestone]["effect_data"]["sale_bonus_per_item"][good]
    return 0


def serve(board: Board, state: dict, house: dict, stocks: dict[str, Counter]) -> dict:
    """One house: every chain considered (could it supply the whole order, its unit price,
    distance and total, its waitresses), the winner and what decided (FCM-DINNER-3 to 8)."""
    order = Counter(house["demand"])
    considered = []
    for name in state["turn_order"]:
        chain = state["chains"][name]
        supplies = all(stocks[name][good] >= count for good, count in order.items())
        away = distance(board, state, name, house)
        price = unit_price(chain)
        considered.append({
            "chain": name,
            "connected": away is not None,
            "supplies": supplies,
            "unit_price": price,
            "distance": away,
            "total": price + away if away is not None else None,
            "waitresses": waitresses(chain),
        })  # fmt: skip
    qualified = [c for c in considered if c["connected"] and c["supplies"]]
    result = {"house": house["number"], "order": dict(order), "garden": bool(house["garden"]),
              "considered": considered, "winner": None, "decided_by": None}  # fmt: skip
    if not qualified:
        result["decided_by"] = "no chain reaches it by road with the whole order in stock"
        return result
    winner, decided_by = _winner(qualified, state["turn_order"])
    chain = state["chains"][winner["chain"]]
    per_unit = winner["unit_price"] * (2 if house["garden"] else 1)
    income = sum((per_unit + bonus(chain, good)) * count for good, count in order.items())
    stocks[winner["chain"]].subtract(order)
    result.update(winner=winner["chain"], decided_by=decided_by, price_per_item=per_unit,
                  bonus={g: bonus(chain, g) for g in order}, income=income)  # fmt: skip
    return result


def _winner(qualified: list[dict], turn_order: list[str]) -> tuple[dict, str]:
    """Lowest unit price plus distance; then more waitresses at work; then earlier in turn
    order (FCM-DINNER-4, FCM-DINNER-6)."""
    if len(qualified) == 1:
        return qualified[0], "the only chain that qualified"
    best = min(c["total"] for c in qualified)
    tied = [c for c in qualified if c["total"] == best]
    if len(tied) == 1:
        return tied[0], "the lowest unit price plus distance"
    most = max(c["waitresses"] for c in tied)
    tied = [c for c in tied if c["waitresses"] == most]
    if len(tied) == 1:
        return tied[0], "tied on unit price plus distance; more waitresses at work"
    first = min(tied, key=lambda c: turn_order.index(c["chain"]))
    return first, "tied on unit price plus distance and waitresses; earlier in turn order"


def dinnertime(state: dict, board: Board) -> dict:
    """What every house and chain comes to this dinnertime: `houses` (each house with demand,
    in number order, as `serve` explains it), and per chain its `sales`, its `waitresses`'
    cash ($3 each, $5 with the first waitress milestone), its `cfo` bonus (half of all it
    earned this turn, rounded up, with a CFO at work or the $100 milestone) and its `total`
    (FCM-DINNER-1, FCM-DINNER-2, FCM-DINNER-9, FCM-DINNER-10)."""
    stocks = {name: Counter(chain["goods"]) for name, chain in state["chains"].items()}
    houses = [
        serve(board, state, house, stocks)
        for house in sorted(state["board"]["houses"], key=lambda h: h["number"])
        if house["demand"]
    ]
    chains = {}
    for name in state["turn_order"]:
        chain = state["chains"][name]
        sales = sum(h["income"] for h in houses if h["winner"] == name)
        cash_each = (
            MILESTONES["first_waitress"]["effect_data"]["waitress_cash"]
            if holds(chain, "first_waitress")
            else WAITRESS_CASH
        )
        from_waitresses = cash_each * waitresses(chain)
        earned = sales + from_waitresses
        has_cfo = any(c["card"] == "cfo" for c in at_work(chain))
        cfo = math.ceil(earned / 2) if has_cfo or holds(chain, "first_to_have_100") else 0
        chains[name] = {"sales": sales, "waitresses": from_waitresses, "cfo": cfo,
                        "total": earned + cfo}  # fmt: skip
    return {"houses": houses, "chains": chains}
