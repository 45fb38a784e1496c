"""Bankruptcy (FCM-DINNER-5): what becomes of a chain that owes the bank more than it holds (a
sale below $0, or a CFO's half of a loss, FCM-DINNER-10), as the table chose at creation
(`options.bankruptcy`; both readings and their sources in docs/rules/fcm.md):

- "unpaid", the default and the reading of every game created without the option: the chain
  pays what it has, the rest goes unpaid, and it plays on with $0 (bank.py's `pay`);
- "designer", the designer's ruling: the chain pays what it has and is bankrupt from that
  moment (`pay_or_go_bankrupt`). Its record keeps `bankrupt`: {"turn", "house" (null for the
  payment after the houses), "owed", "paid", "place" (its place in the turn order then)}, and
  it leaves the turn order.

What goes by the turn order passes a bankrupt chain by from then on: it serves no house (the
next chain gets it by the usual rules), collects nothing after the houses, picks no place on
the track, does no working, fires and pays nothing at payday, and nobody waits on it (its
structure is empty, its freezer and its reserve card are not asked for). It claims no
milestone (milestones.py's `claimable`), and anything recorded for it is refused
(`check_not_bankrupt`). Its pieces stay where they lie: its restaurants serve nobody, its
campaigns run on to their end. At the end it ranks after every chain that is not (`ranking`).

Bankruptcy is no event of its own: folding the `fcm.house_served` or `fcm.dinnertime_ended`
whose payment the chain cannot make works it out, and the worker's explanation says so
(`paid_to_bank.bankrupt` of the house, `bankrupt` of the dinnertime's end).
"""

from games.errors import RuleViolation
from games.fcm.bank import owed_paid, pay

READINGS = ("unpaid", "designer")
AFTER_THE_HOUSES = 100  # orders the payment after the houses after every house number


def reading(state: dict) -> str:
    return state.get("options", {}).get("bankruptcy", READINGS[0])


def goes_bankrupt(state: dict, name: str, amount: int) -> bool:
    """Whether `name`, paid `amount` by the bank (below $0: it owes the bank), goes bankrupt
    paying it: under the designer's ruling, when it owes more than it holds."""
    owes = amount < 0 and owed_paid(state, name, amount) < -amount
    return owes and reading(state) == "designer"


def pay_or_go_bankrupt(state: dict, name: str, amount: int, house: int | None = None) -> None:
    """The bank pays `name` `amount`, or `name` pays the bank as far as its cash goes (bank.py);
    a chain that `goes_bankrupt` is bankrupt once it has paid what it has, and leaves the turn
    order. `house`: the house it sold at a loss, None for the payment after the houses."""
    bankrupt = goes_bankrupt(state, name, amount)
    paid = owed_paid(state, name, amount) if amount < 0 else 0
    pay(state, name, amount)
    if bankrupt:
        out = {"turn": state["turn"], "house": house, "owed": -amount, "paid": paid}
        # after the houses the chains pay in turn order: those gone before this one at the
        # same moment were ahead of it
        gone = [n for n in bankrupt_chains(state) if _moment(state, n) == (state["turn"], house)]
        out["place"] = state["turn_order"].index(name) + 1 + len(gone)
        state["chains"][name]["bankrupt"] = out
        state["turn_order"].remove(name)


def _moment(state: dict, name: str) -> tuple:
    out = state["chains"][name]["bankrupt"]
    return out["turn"], out["house"]


def bankrupt_chains(state: dict) -> list[str]:
    return [name for name, chain in state["chains"].items() if chain.get("bankrupt")]


def ranking(state: dict) -> list[str]:
    """The chains from first to last at the end (FCM-BANK-4): those not bankrupt by cash, a tie
    to the earlier in turn order; then the bankrupt ones, the later bankruptcy first (it
    stayed in the game longer; all of them hold $0), at the same moment the earlier in the
    turn order it had."""
    order = state["turn_order"]
    playing = sorted(order, key=lambda name: (-state["chains"][name]["cash"], order.index(name)))

    def lasted(name: str) -> tuple:
        out = state["chains"][name]["bankrupt"]
        house = AFTER_THE_HOUSES if out["house"] is None else out["house"]
        return (-out["turn"], -house, out["place"])

    return playing + sorted(bankrupt_chains(state), key=lasted)


def when(out: dict) -> str:
    """When a chain went bankrupt, in words: "at house 2 of turn 5"."""
    if out["house"] is None:
        return f"at the end of turn {out['turn']}'s dinnertime"
    return f"at house {out['house']} of turn {out['turn']}"


def why(name: str, out: dict) -> str:
    """ "ann went bankrupt at house 2 of turn 5: it owed the bank $2 and had $1" """
    owed, had = out["owed"], out["paid"]
    return f"{name} went bankrupt {when(out)}: it owed the bank ${owed} and had ${had}"


def check_not_bankrupt(state: dict, event: dict) -> None:
    """Nothing is recorded for a bankrupt chain: it takes no further part (FCM-DINNER-5)."""
    player = event["payload"].get("player")
    out = (state["chains"].get(player) or {}).get("bankrupt")
    if out:
        raise RuleViolation(
            "FCM-DINNER-5",
            f"{player} is bankrupt: it went bankrupt {when(out)}, owing the bank ${out['owed']}"
            f" with ${out['paid']}, and takes no further part in the game; the chains still"
            f" playing: {', '.join(state['turn_order'])}",
        )
