"""What the game waits for, and from whom: the answer to "whose move is it?".

`awaiting(state)` is `{"from": [actors], "types": [event types they may record], "what": a
sentence, "rule": the rule that makes it their move}`. The actors are `player:<name>` for the
chains that owe an action, `system:<phase>` when the worker resolves the phase, none once the
game is over. Where several chains owe a choice at once (reserve cards, restructuring,
firing) every one of them is named.
"""

from games.fcm.bankruptcy import ranking, why
from games.fcm.rules import pending
from games.fcm.sentences import phase_name
from games.fcm.turn.cleanup import FREEZER, freezer_choice_owed
from games.fcm.turn.payday import first_firing_owed, nobody_firing, salaries, short, to_fire
from games.fcm.turn.working import ACTIONS


def awaiting(state: dict) -> dict:
    phase = state["phase"]
    if phase == "over":
        cash = state["chains"][state["winner"]]["cash"]
        what = f"the game is over: {state['winner']} won with ${cash}"
        out = [name for name in ranking(state) if state["chains"][name].get("bankrupt")]
        if out:  # they rank last, the later bankruptcy first (bankruptcy.py)
            said = [why(name, state["chains"][name]["bankrupt"]) for name in out]
            what += f"; last, in this order: {'; '.join(said)}"
        return _wait([], [], what, "FCM-BANK-4")
    due = pending(state)
    if due is not None:
        return _wait([f"system:{due}"], [], f"the worker resolves {phase_name(due)}", "FCM-TURN-1")
    return WAITS[phase](state)


def _wait(players: list[str], types: list[str], what: str, rule: str) -> dict:
    actors = [name if name.startswith("system:") else f"player:{name}" for name in players]
    return {"from": actors, "types": types, "what": what, "rule": rule}


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _setup_restaurants(state: dict) -> dict:
    player = state["setup"]["to_act"][0]
    return _wait(
        [player],
        ["fcm.starting_restaurant_placed", "fcm.starting_restaurant_passed"],
        f"{player} places a starting restaurant or passes (round {state['setup']['round']})",
        "FCM-SETUP-7",
    )


def _setup_reserve(state: dict) -> dict:
    owing = [n for n in state["turn_order"] if state["chains"][n]["reserve"]["commitment"] is None]
    return _wait(
        owing,
        ["fcm.reserve_card_sealed"],
        f"{_names(owing)} to choose a reserve card, face down",
        "FCM-SETUP-9",
    )


def _restructuring(state: dict) -> dict:
    records = state["restructuring"]
    choosing = [n for n in state["turn_order"]
                if records[n]["sealed"] is None and records[n]["structure"] is None]  # fmt: skip
    if choosing:
        return _wait(
            choosing,
            ["fcm.structure_chosen", "fcm.structure_sealed"],
            f"{_names(choosing)} to put cards to work, open or face down",
            "FCM-RESTR-1",
        )
    revealing = [n for n in state["turn_order"] if records[n]["structure"] is None]
    return _wait(
        revealing,
        ["fcm.structure_revealed"],
        f"{_names(revealing)} to reveal the structure sealed face down",
        "FCM-RESTR-1",
    )


def _order_of_business(state: dict) -> dict:
    order = state["order_of_business"]
    player = order["to_pick"][0]
    free = [place for place, taken in enumerate(order["picked"], start=1) if taken is None]
    return _wait(
        [player],
        ["fcm.turn_order_picked"],
        f"{player} picks a place in the turn order ({_names([str(p) for p in free])} free)",
        "FCM-ORDER-3",
    )


def _working(state: dict) -> dict:
    working = state["working"]
    player = working["player"]
    order = list(ACTIONS)
    first_open = max((order.index(action) for action in working["done"]), default=0)
    open_actions = order[first_open:]
    if "recruit" in working["done"]:
        open_actions = [a for a in open_actions if a != "recruit"]
    types = [t for action in open_actions for t in ACTIONS[action]]
    return _wait(
        [player],
        [*types, "fcm.working_ended"],
        f"{player}'s working: {', '.join(open_actions) or 'nothing more'}, in that order, then"
        " the end of their working",
        "FCM-WORK-1",
    )


def _dinnertime(state: dict) -> dict:
    owing = [n for n in state["turn_order"] if state["chains"][n]["reserve"]["revealed"] is None]
    return _wait(
        owing,
        ["fcm.reserve_card_revealed"],
        f"the bank broke for the first time: {_names(owing)} to reveal their reserve cards",
        "FCM-BANK-2",
    )


def _payday(state: dict) -> dict:
    """Who fires now (FCM-PAY-1, FCM-PAY-2), and what every chain owes and whether it can pay
    as things stand (FCM-PAY-2, FCM-PAY-3)."""
    if state["options"]["edition"] == "deluxe":
        return _deluxe_payday(state)
    owing = first_firing_owed(state)
    if owing:
        what = f"{_names(owing)} to record whom they fire (an empty list for nobody)"
        paying = nobody_firing(state)
        if paying:
            what += f", or in one action that nobody else does ({_names(paying)} can pay)"
        nobody = ["fcm.nobody_fired"] if paying else []
        return _wait(owing, ["fcm.fired", *nobody], what + _owed(state), "FCM-PAY-1")
    cannot_pay = short(state)
    what = f"{_names(cannot_pay)} cannot pay the salaries and must fire until they can"
    return _wait(cannot_pay, ["fcm.fired"], what + _owed(state), "FCM-PAY-2")


def _deluxe_payday(state: dict) -> dict:
    """Firing simultaneous and secret: every chain with a firing to make seals it, then the
    sealed ones are revealed (FCM-PAY-1)."""
    sealed = state["payday"]["sealed"]
    firing = to_fire(state)
    sealing = [n for n in state["turn_order"] if n in firing and n not in sealed]
    if sealing:
        short_of_cash = "" if set(sealing) - set(short(state)) else ", as they cannot pay"
        what = f"{_names(sealing)} to seal whom they fire, face down{short_of_cash}"
        return _wait(sealing, ["fcm.firing_sealed"], what + _owed(state), "FCM-PAY-1")
    revealing = [n for n in state["turn_order"] if n in sealed]
    what = f"{_names(revealing)} to reveal the firing sealed face down"
    return _wait(revealing, ["fcm.firing_revealed"], what + _owed(state), "FCM-PAY-1")


def _owed(state: dict) -> str:
    """What each chain owes as things stand, as a clause: "; ann owes $15 and holds $40, bob
    owes $20 and holds $5: cannot pay" (FCM-PAY-2)."""
    clauses = []
    for name in state["turn_order"]:
        net, cash = salaries(state, name)["net"], state["chains"][name]["cash"]
        clauses.append(f"{name} owes ${net} and holds ${cash}" + ("" if net <= cash else
                       ": cannot pay"))  # fmt: skip
    return "; " + ", ".join(clauses)


def _cleanup(state: dict) -> dict:
    owing = [n for n in state["turn_order"]
             if freezer_choice_owed(state["chains"][n], state["turn"])]  # fmt: skip
    return _wait(
        owing,
        ["fcm.freezer_filled"],
        f"{_names(owing)} to choose which food and drinks the freezer keeps (up to {FREEZER})",
        "FCM-CLEAN-1",
    )


WAITS = {
    "setup_restaurants": _setup_restaurants,
    "setup_reserve": _setup_reserve,
    "restructuring": _restructuring,
    "order_of_business": _order_of_business,
    "working": _working,
    "dinnertime": _dinnertime,
    "payday": _payday,
    "cleanup": _cleanup,
}
