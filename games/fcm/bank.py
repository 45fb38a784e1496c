"""The bank (FCM-BANK-1 to 4): it pays dinnertime until it cannot, then it breaks.

The first break: the chains turn their reserve cards face up (`fcm.reserve_card_revealed`,
each checked against its commitment), their money refills the bank, and the most common slot
count on them, ties to the higher, is every CEO's from the next turn (FCM-BANK-2); dinnertime
waits for the reveals and then goes on. The second break, or the first in the introductory
game: the bank pays what it has, the rest is written down as its shortfall, everyone is paid
in full, and the game ends after that dinnertime without salaries; the most cash wins, a tie
to the earlier in turn order (FCM-BANK-3, FCM-BANK-4; bankruptcy.py's `ranking`).
"""

from collections import Counter

from games.fcm.data import COMPONENTS, INTRODUCTORY

SLOTS_BY_MONEY = {card["money"]: card["ceo_slots"] for card in COMPONENTS["reserve_cards"]}


def last_break(state: dict) -> int:
    """The break after which the game ends: the second, the first in the introductory game."""
    return 1 if state["options"]["introductory"] and INTRODUCTORY["ends_at_first_bank_break"] else 2


def broken_for_good(state: dict) -> bool:
    return state["bank"]["breaks"] >= last_break(state)


def can_pay(state: dict, amount: int) -> bool:
    """Whether the bank pays `amount` without breaking (once broken for good, it always pays,
    writing down what it lacks). By the original rules it breaks when it cannot pay; by the
    Deluxe rules when it reaches $0 (FCM-BANK-1)."""
    if broken_for_good(state) or amount == 0:
        return True
    if state["options"]["edition"] == "deluxe":
        return amount < state["bank"]["cash"]
    return amount <= state["bank"]["cash"]


def pay(state: dict, name: str, amount: int) -> None:
    """The bank pays a chain; what it lacks after its last break is its shortfall. A negative
    amount (a sale below $0, FCM-DINNER-5) the chain pays the bank, as far as its cash goes:
    cash never drops below $0, and the rest goes unpaid."""
    bank = state["bank"]
    if amount < 0:
        paid = owed_paid(state, name, amount)
        state["chains"][name]["cash"] -= paid
        bank["cash"] += paid
        return
    paid = min(amount, bank["cash"])
    bank["cash"] -= paid
    bank["shortfall"] += amount - paid
    state["chains"][name]["cash"] += amount


def owed_paid(state: dict, name: str, amount: int) -> int:
    """What a chain pays of a negative `amount` it owes the bank: as much as its cash covers."""
    return min(-amount, state["chains"][name]["cash"])


def break_bank(state: dict) -> None:
    """The bank cannot pay: it breaks. After its first break the reserve cards are awaited
    (FCM-BANK-1, FCM-BANK-2)."""
    state["bank"]["breaks"] += 1
    if not broken_for_good(state):
        state["dinnertime"]["awaiting_reveals"] = True


def reserve_revealed(state: dict) -> None:
    """When the last reserve card is face up: their money into the bank, and the most common
    slot count (ties to the higher) for every CEO (FCM-BANK-2); dinnertime goes on."""
    # a bankrupt chain (out of the turn order, bankruptcy.py) is not asked for its card
    revealed = [state["chains"][name]["reserve"]["revealed"] for name in state["turn_order"]]
    if any(money is None for money in revealed) or not state.get("dinnertime"):
        return
    state["bank"]["cash"] += sum(revealed)
    counts = Counter(SLOTS_BY_MONEY[money] for money in revealed)
    state["bank"]["ceo_slots"] = max(counts, key=lambda slots: (counts[slots], slots))
    state["dinnertime"]["awaiting_reveals"] = False
