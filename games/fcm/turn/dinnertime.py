"""Dinnertime (FCM-DINNER-1 to 10): which chain serves each house, at what price, and what
every chain earns, with the explanation a table reads to settle who should have won a house.

`dinnertime(state, board)` works it all out from the state after working, house by house in
number order, each house's sale taking the goods a later house might have wanted. It returns
what happened and why; it changes nothing.

The phase is resolved by the worker (`resolve_dinnertime`): one `fcm.house_served` per house
with demand, each paid by the bank, then `fcm.dinnertime_ended` with the waitresses' and CFOs'
cash; `fcm.bank_broke` where the bank cannot pay (bank.py). Each derived event is checked
when it is folded: it must say what the rules work out from the state before it.
While the phase lasts, `state["dinnertime"]` is `{"last_house": the last house processed,
"sales": {chain: cash from houses}, "awaiting_reveals": true while the first break waits for
the reserve cards}`.
"""

import math
from collections import Counter

from games.errors import RuleViolation
from games.fcm.bank import break_bank, broken_for_good, can_pay, owed_paid
from games.fcm.bankruptcy import bankrupt_chains, goes_bankrupt, pay_or_go_bankrupt, ranking
from games.fcm.cards.employees import at_work, has_drive_ins, holds
from games.fcm.cards.milestones import LOWER_PRICES, claim, in_effect
from games.fcm.data import EMPLOYEES, MILESTONES
from games.fcm.map.board import Board, board_of
from games.fcm.map.pieces import house_squares
from games.fcm.map.roads import nearest_restaurant
from games.fcm.turn.sequence import begin_next, begins
from games.plain_data import copied

BASE_PRICE = 10
DRINKS = ("beer", "lemonade", "soda")
MARKETED = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed"}
WAITRESS_CASH = 3


def unit_price(chain: dict) -> int:
    """$10, $1 less per pricing manager, $3 less per discount manager, $1 less with the lower
    prices milestone, $10 more with a luxuries manager, at work (FCM-DINNER-5). Bonuses and the
    CFO never change it. It has no floor: below $0 the chain pays the bank for each item it
    sells (the designer's ruling, docs/rules/fcm.md)."""
    price = BASE_PRICE
    for card in at_work(chain):
        if card["card"] in EMPLOYEES and EMPLOYEES[card["card"]]["action"]["type"] == "price":
            price += EMPLOYEES[card["card"]]["action"]["unit_price_delta"]
    if holds(chain, "first_lower_prices"):
        price += MILESTONES["first_lower_prices"]["effect_data"]["unit_price_delta"]
    return price


def waitresses(chain: dict) -> int:
    return sum(1 for card in at_work(chain) if card["card"] == "waitress")


def distance(board: Board, state: dict, name: str, house: dict) -> int | None:
    """The fewest tile crossings by road from any of the chain's open restaurants to the house
    or its garden, every corner of them while they are drive-ins (FCM-DINNER-4, FCM-REST-3);
    None if no road joins them (FCM-DINNER-3)."""
    mine = [r for r in state["board"]["restaurants"]
            if r["owner"] == name and r["status"] == "open"]  # fmt: skip
    return nearest_restaurant(
        board, mine, house_squares(house), has_drive_ins(state["chains"][name])
    )


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
    if bankrupt_chains(state):
        result["bankrupt"] = bankrupt_chains(state)  # out of the turn order: never considered
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
    if income < 0:
        paid = owed_paid(state, winner["chain"], income)
        result["paid_to_bank"] = {"paid": paid, "unpaid": -income - paid}
        if goes_bankrupt(state, winner["chain"], income):
            result["paid_to_bank"]["bankrupt"] = True
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
        sales = sum(h["income"] for h in houses if h["winner"] == name)
        after = chain_closing(state["chains"][name], sales, state["turn"])
        chains[name] = {
            "sales": sales,
            **after,
            "total": sales + after["waitresses"] + after["cfo"],
        }
    return {"houses": houses, "chains": chains}


# --- the phase: the worker's derived events, and what each does --------------------------


@begins("dinnertime")
def begin_dinnertime(state: dict) -> None:
    """By the Deluxe rules the lower-prices milestone is claimed now, by every chain with a
    pricing or discount manager at work (FCM-MILE-1; the original claims it at restructuring)."""
    state["phase"] = "dinnertime"
    state["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": False}
    if state["options"]["edition"] == "deluxe":
        for name in state["turn_order"]:
            if {c["card"] for c in at_work(state["chains"][name])} & set(LOWER_PRICES):
                claim(state, name, "first_lower_prices")


def next_house(state: dict) -> dict | None:
    """The next house with demand, in number order, not yet processed (FCM-DINNER-1, 2)."""
    waiting = [h for h in state["board"]["houses"]
               if h["demand"] and h["number"] > state["dinnertime"]["last_house"]]  # fmt: skip
    return min(waiting, key=lambda h: h["number"]) if waiting else None


def _check_phase(state: dict) -> None:
    if state["phase"] != "dinnertime" or state["dinnertime"]["awaiting_reveals"]:
        why = "awaits the reserve cards" if state["phase"] == "dinnertime" else state["phase"]
        raise RuleViolation("FCM-TURN-1", f"dinnertime is not being resolved now: {why}")


def _stocks(state: dict) -> dict[str, Counter]:
    return {name: Counter(chain["goods"]) for name, chain in state["chains"].items()}


def serve_house(state: dict, event: dict) -> None:
    """`fcm.house_served`: the next house, served as the rules have it (the payload must say
    what `serve` works out), paid by the bank unless it must break first (FCM-BANK-1)."""
    _check_phase(state)
    house = next_house(state)
    payload = event["payload"]
    if house is None or house["number"] != payload["house"]:
        expected = house["number"] if house else "none: dinnertime ends"
        raise RuleViolation("FCM-DINNER-1", f"the next house is {expected}, not {payload['house']}")
    result = serve(board_of(state["board"]), state, house, _stocks(state))
    if (result["winner"], result.get("income", 0)) != (payload["winner"], payload["income"]):
        raise RuleViolation(
            "FCM-DINNER-4",
            f"house {house['number']} goes to {result['winner']} for {result.get('income', 0)},"
            f" not to {payload['winner']} for {payload['income']}",
        )
    if result["winner"] and not can_pay(state, result["income"]):
        raise RuleViolation("FCM-BANK-1", "the bank cannot pay this house: it breaks first")
    _sell(state, house, result)


def _sell(state: dict, house: dict, result: dict) -> None:
    """The winner's goods and the house's demand go, the bank pays (FCM-DINNER-7)."""
    if result["winner"]:
        winner = state["chains"][result["winner"]]
        for good, count in result["order"].items():
            winner["goods"][good] -= count
        house["demand"] = []
        pay_or_go_bankrupt(state, result["winner"], result["income"], house["number"])
        sales = state["dinnertime"]["sales"]
        sales[result["winner"]] = sales.get(result["winner"], 0) + result["income"]
    state["dinnertime"]["last_house"] = house["number"]


def chain_closing(chain: dict, sales: int, turn: int) -> dict:
    """What a chain collects after the houses: its waitresses' cash ($3 each, $5 with the
    first waitress milestone) and, with a CFO at work or the $100 milestone (claimed before
    `turn`), half of all it earned this turn, rounded up (FCM-DINNER-9, FCM-DINNER-10)."""
    each = (MILESTONES["first_waitress"]["effect_data"]["waitress_cash"]
            if holds(chain, "first_waitress") else WAITRESS_CASH)  # fmt: skip
    from_waitresses = each * waitresses(chain)
    earned = sales + from_waitresses
    has_cfo = any(c["card"] == "cfo" for c in at_work(chain))
    ceo_as_cfo = in_effect(chain, "first_to_have_100", turn)
    cfo = math.ceil(earned / 2) if has_cfo or ceo_as_cfo else 0
    return {"waitresses": from_waitresses, "cfo": cfo}


def closing(state: dict) -> dict[str, dict]:
    """Each chain's `chain_closing`, from its sales so far this dinnertime."""
    sales = state["dinnertime"]["sales"]
    return {name: chain_closing(state["chains"][name], sales.get(name, 0), state["turn"])
            for name in state["turn_order"]}  # fmt: skip


def turn_earnings(state: dict) -> dict[str, dict]:
    """For the explanation: each chain's sales at the houses, what it collects after them,
    and the sum, what it earned this turn (FCM-DINNER-9, FCM-DINNER-10)."""
    sales = state["dinnertime"]["sales"]
    earnings = {}
    for name, due in closing(state).items():
        earned = {"sales": sales.get(name, 0), **due}
        earnings[name] = {**earned, "total": sum(earned.values())}
    return earnings


def end_dinnertime(state: dict, event: dict) -> None:
    """`fcm.dinnertime_ended`: the waitresses and CFOs paid; then payday, or, after the bank's
    last break, the end of the game and its winner (FCM-BANK-3, FCM-BANK-4)."""
    _check_phase(state)
    if next_house(state) is not None:
        raise RuleViolation("FCM-DINNER-1", f"house {next_house(state)['number']} comes first")
    due = closing(state)
    if event["payload"]["chains"] != due:
        raise RuleViolation("FCM-DINNER-9", f"after the houses the chains collect {due}")
    if not can_pay(state, closing_payment(state)):
        raise RuleViolation("FCM-BANK-1", "the bank cannot pay the waitresses: it breaks first")
    # a chain at a loss pays in before the bank pays out
    for name, owed in sorted(due.items(), key=lambda item: sum(item[1].values()) >= 0):
        pay_or_go_bankrupt(state, name, owed["waitresses"] + owed["cfo"])
    state["dinnertime"] = None
    if broken_for_good(state) or not state["turn_order"]:  # nobody left: the game is over
        state["phase"], state["winner"] = "over", ranking(state)[0]
    else:
        begin_next(state, after="dinnertime")


def closing_payment(state: dict) -> int:
    """What the bank pays out after the houses: the chains' waitresses and CFOs, less what the
    chains whose turn ended at a loss pay in first (FCM-DINNER-9, FCM-DINNER-10)."""
    totals = {name: sum(due.values()) for name, due in closing(state).items()}
    paid_in = sum(owed_paid(state, name, total) for name, total in totals.items() if total < 0)
    return sum(total for total in totals.values() if total > 0) - paid_in


def bank_broke(state: dict, event: dict) -> None:
    """`fcm.bank_broke`: the next payment is more than the bank holds (FCM-BANK-1)."""
    _check_phase(state)
    owed = next_payment(state)
    if can_pay(state, owed):
        raise RuleViolation("FCM-BANK-1", f"the bank holds {state['bank']['cash']}: it pays {owed}")
    break_bank(state)


def next_payment(state: dict) -> int:
    house = next_house(state)
    if house is not None:
        return serve(board_of(state["board"]), state, house, _stocks(state)).get("income", 0)
    return closing_payment(state)


def resolve_dinnertime(state: dict) -> list[dict]:
    """The worker's events, in order, until dinnertime ends or the bank's first break awaits
    the reserve cards, worked out on a copy of the state. Each house is judged once here;
    folding the events judges each again."""
    state = copied(state)
    board = board_of(state["board"])
    events = []
    while state["phase"] == "dinnertime" and not state["dinnertime"]["awaiting_reveals"]:
        house = next_house(state)
        result = serve(board, state, house, _stocks(state)) if house else None
        owed = result.get("income", 0) if result else closing_payment(state)
        if not can_pay(state, owed):
            bank = state["bank"]
            why = {"owed": owed, "bank": bank["cash"], "break": bank["breaks"] + 1}
            events.append({"type": "fcm.bank_broke", "payload": {"explanation": why}})
            break_bank(state)
            continue
        if house is None:
            explanation = {"chains": turn_earnings(state)}
            going = [name for name, due in closing(state).items()
                     if goes_bankrupt(state, name, sum(due.values()))]  # fmt: skip
            if going:
                explanation["bankrupt"] = going
            event = {"type": "fcm.dinnertime_ended",
                     "payload": {"chains": closing(state), "explanation": explanation}}  # fmt: skip
            end_dinnertime(state, event)
            events.append(event)
            break
        payload = {"house": house["number"], "winner": result["winner"],
                   "income": result.get("income", 0), "explanation": result}  # fmt: skip
        events.append({"type": "fcm.house_served", "payload": payload})
        _sell(state, house, result)
    return events
