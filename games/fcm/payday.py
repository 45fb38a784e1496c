"""Payday (FCM-PAY-1 to 3): each chain fires whom it will, then the worker pays the salaries.

Each chain records `fcm.fired` (an empty list for nobody): cards in the structure or on the
beach go back to the stock; busy marketeers stay (FCM-PAY-1). When every chain has, the
worker writes `fcm.salaries_paid`: $5 for every card held that shows a salary symbol, busy
marketeers included (FCM-PAY-2), less every discount (each unused hire of a recruiting
manager or HR director $5, the first-train milestone $15), never below $0 (FCM-PAY-3); with
the first billboard milestone the marketeers draw no salary. The salaries go to the bank.

A chain that cannot pay must fire until it can, and who goes is its choice: until it has,
the game waits, and that chain may record `fcm.fired` again. While the phase lasts,
`state["payday"]` is `{"fired": [the chains that have recorded their firing]}`.
"""

from games.errors import RuleViolation
from games.fcm.actors import check_actor
from games.fcm.campaigns import begin_marketing
from games.fcm.cards import holds
from games.fcm.data import EMPLOYEES, MILESTONES

SALARY = 5
UNUSED_HIRE = 5


def begin_payday(state: dict) -> None:
    state["phase"] = "payday"
    state["payday"] = {"fired": []}


def salaries(chain: dict) -> dict:
    """What the chain owes: the cards with a salary symbol, the gross, each discount and the
    net, never below $0 (FCM-PAY-2, FCM-PAY-3)."""
    free = set()
    if holds(chain, "first_billboard"):
        free = set(MILESTONES["first_billboard"]["effect_data"]["salary_free_cards"])
    paid = [
        card["id"]
        for card in chain["cards"]
        if card["card"] in EMPLOYEES
        and EMPLOYEES[card["card"]]["salary"]
        and card["card"] not in free
    ]
    discounts = {"unused hires": UNUSED_HIRE * chain["unused_hires"]}
    if holds(chain, "first_train"):
        discounts["first_train"] = MILESTONES["first_train"]["effect_data"]["salary_discount"]
    gross = SALARY * len(paid)
    return {"cards": paid, "gross": gross, "discounts": discounts,
            "net": max(0, gross - sum(discounts.values()))}  # fmt: skip


def fire(state: dict, event: dict) -> None:
    """`fcm.fired`: the chain's firing this payday, once, or again while it cannot pay."""
    player, ids = event["payload"]["player"], event["payload"]["cards"]
    check_actor(state, event, player, "FCM-PAY-1")
    if state["phase"] != "payday":
        raise RuleViolation("FCM-TURN-1", f"firing is part of payday; this is {state['phase']}")
    chain = state["chains"][player]
    if player in state["payday"]["fired"] and salaries(chain)["net"] <= chain["cash"]:
        raise RuleViolation("FCM-PAY-1", f"{player} has recorded this payday's firing already")
    repeated = sorted({card_id for card_id in ids if ids.count(card_id) > 1})
    if repeated:
        raise RuleViolation("FCM-PAY-1", f"{', '.join(repeated)} named twice: a card goes once")
    cards = {card["id"]: card for card in chain["cards"]}
    for card_id in ids:
        card = cards.get(card_id)
        if card is None or card["card"] == "ceo":
            raise RuleViolation("FCM-PAY-1", f"{card_id} is not a card {player} may fire")
        if card["place"] == "busy":
            raise RuleViolation(
                "FCM-PAY-1", f"{card_id} is busy with campaign {card['campaign']}: it stays"
            )
        chain["cards"].remove(card)
        state["supply"]["employees"][card["card"]] += 1
    if player not in state["payday"]["fired"]:
        state["payday"]["fired"].append(player)


def short(state: dict) -> list[str]:
    """The chains that cannot pay what they owe: they must fire more first."""
    return [name for name, chain in state["chains"].items()
            if salaries(chain)["net"] > chain["cash"]]  # fmt: skip


def due(state: dict) -> bool:
    """Every chain has fired and can pay: the worker pays the salaries."""
    return (
        state["phase"] == "payday"
        and len(state["payday"]["fired"]) == len(state["players"])
        and not short(state)
    )


def pay_salaries(state: dict, event: dict) -> None:
    """`fcm.salaries_paid`: what each chain owes, as `salaries` works it out, to the bank;
    the unused hires are spent. Then the marketing campaigns."""
    if not due(state):
        raise RuleViolation("FCM-PAY-2", "salaries are paid when every chain has fired and can pay")
    owed = {name: salaries(chain) for name, chain in state["chains"].items()}
    if event["payload"]["chains"] != {name: o["net"] for name, o in owed.items()}:
        raise RuleViolation(
            "FCM-PAY-2", f"the chains owe { ({n: o['net'] for n, o in owed.items()}) }"
        )
    for name, chain in state["chains"].items():
        chain["cash"] -= owed[name]["net"]
        state["bank"]["cash"] += owed[name]["net"]
        chain["unused_hires"] = 0
    state["payday"] = None
    begin_marketing(state)


def resolve_payday(state: dict) -> list[dict]:
    owed = {name: salaries(chain) for name, chain in state["chains"].items()}
    return [{
        "type": "fcm.salaries_paid",
        "payload": {"chains": {name: o["net"] for name, o in owed.items()},
                    "explanation": owed},
    }]  # fmt: skip
