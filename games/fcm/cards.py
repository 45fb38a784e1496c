"""What a chain's employee cards are: its CEO, its managers and their slots."""

from games.fcm.data import EMPLOYEES


def ceo_of(chain: dict) -> dict:
    return next(card for card in chain["cards"] if card["card"] == "ceo")


def is_manager(card: dict) -> bool:
    """A card with slots for others: a manager (FCM-RESTR-2)."""
    return card["card"] in EMPLOYEES and EMPLOYEES[card["card"]]["action"]["type"] == "manager"


def slots(card: dict) -> int:
    """A manager's slots; other cards have none (the CEO's are the bank's count)."""
    return EMPLOYEES[card["card"]]["action"]["slots"] if is_manager(card) else 0


def at_work(chain: dict) -> list[dict]:
    return [card for card in chain["cards"] if card["place"] == "work"]
