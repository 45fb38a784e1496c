"""A chain's employee cards: new ones and their ids, its CEO, its managers and their slots,
and cards going back to the stock."""

from games.fcm.data import EMPLOYEES

DRIVE_IN = ("local_manager", "regional_manager")  # FCM-REST-3


def ceo_of(chain: dict) -> dict:
    return next(card for card in chain["cards"] if card["card"] == "ceo")


def is_manager(card: dict) -> bool:
    """A card with slots for others: a manager (FCM-RESTR-2)."""
    return card["card"] in EMPLOYEES and EMPLOYEES[card["card"]]["action"]["type"] == "manager"


def slots(card: dict) -> int:
    """A manager's slots; other cards have none (the CEO's are the bank's count)."""
    return EMPLOYEES[card["card"]]["action"]["slots"] if is_manager(card) else 0


def discounted_hires(card: dict) -> int:
    """The hires of a recruiting manager or HR director, each a $5 discount at payday when
    unused (FCM-RECRUIT-3); none for other cards."""
    action = EMPLOYEES[card["card"]]["action"] if card["card"] in EMPLOYEES else {}
    return action.get("hire_actions", 0) if action.get("salary_discount_per_unused_action") else 0


def at_work(chain: dict) -> list[dict]:
    return [card for card in chain["cards"] if card["place"] == "work"]


def has_drive_ins(chain: dict) -> bool:
    """Whether the chain's restaurants are drive-ins, an entrance in every corner: a local or
    regional manager is at work (FCM-REST-3)."""
    return any(card["card"] in DRIVE_IN for card in at_work(chain))


def new_card(card_id: str, card: str, place: str = "hand", new: bool = False) -> dict:
    """An employee card a chain holds. `place` is hand, work (under `boss`: the CEO's or a
    manager's id; the CEO itself has none), beach, or busy (running campaign `campaign`, for
    good once that campaign is eternal); `new` marks a card hired or trained this turn."""
    return {"id": card_id, "card": card, "place": place, "boss": None, "campaign": None,
            "new": new}  # fmt: skip


def issue_card_id(state: dict, card: str) -> str:
    """A new card's id, `<card>-<n>`: n counts every card handed out in this game, so an id
    is never used twice, even after its card went back to the stock."""
    state["cards_issued"] += 1
    return f"{card}-{state['cards_issued']}"


def holds(chain: dict, milestone: str) -> bool:
    """Whether the chain has claimed `milestone`."""
    return any(m["id"] == milestone for m in chain["milestones"])


def return_to_stock(state: dict, player: str, ids: list[str]) -> None:
    """The cards back to the stock; a fired manager's reports to the beach; a fired busy
    marketeer's campaign runs on without it."""
    chain = state["chains"][player]
    for card in [card for card in chain["cards"] if card["id"] in ids]:
        chain["cards"].remove(card)
        state["supply"]["employees"][card["card"]] += 1
        if is_manager(card):
            for report in chain["cards"]:
                if report["boss"] == card["id"]:
                    report.update(place="beach", boss=None)
        for campaign in state["board"]["campaigns"]:
            if campaign["marketeer"] == card["id"]:
                campaign["marketeer"] = None
