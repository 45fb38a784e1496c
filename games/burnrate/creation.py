"""The table as it is set up: players, dealer, funding, labor pool, Play deck (BR-SETUP-1..3).

The whole state is plain JSON data:

    {"kind": "burnrate", "players": [...seating order, clockwise...], "dealer": name,
     "phase": "draft" | "turn" | "over",
     "draft": {"picks": int, "player": name | None},
     "turn": None | {"number", "player", "played", "discarded", "step"},
     "companies": {name: company},          # see company.py
     "labor_pool": {department: employee | None},
     "deck": int, "discard": int,           # Play cards, counted
     "contractor_salary": int,
     "catalogue": {"employees", "bad_ideas", "vp_cards"},   # printed values seen
     "played_copies": {card: copies out of the deck},      # see copies.py
     "next_id": {"employee": int, "bad_idea": int},
     "bankrupt": [names, in the order they went out], "winner": name | None}
"""

from games.errors import RuleViolation

from . import cards, company, edition, labor_pool
from .words import plural


def check_play_deck(players: list[str], deck: int) -> None:
    """The Play deck can deal six cards to every player (BR-DEAL-1)."""
    needed = edition.HAND_SIZE * len(players)
    if deck < needed:
        raise RuleViolation(
            "BR-DEAL-1",
            f"a Play deck of {plural(deck, 'card')} cannot deal {edition.HAND_SIZE} to "
            f"{len(players)} players; it needs {needed} at least (the edition has "
            f"{edition.PLAY_DECK_SIZE})",
        )


def check_contractor_salary(salary: int) -> None:
    """Contractors are employee cards, with a salary from 1 to 3 (BR-SALARY-1)."""
    low, high = edition.SALARY_RANGE
    if not low <= salary <= high:
        raise RuleViolation(
            "BR-SALARY-1",
            f"a contractor's salary is printed on the card, from {low} to {high}, not {salary}",
        )


def initial_state(payload: dict) -> dict:
    """The state of a game just set up (BR-SETUP-1, BR-SETUP-2, BR-SETUP-3).

    Contractors are set aside (none in any company), the four piles show the face-up cards
    from the options, the Play deck is whole, and each company has its starting funding.
    """
    players, options = payload["players"], payload["options"]
    dealer = options["dealer"] or players[0]
    check_play_deck(players, options["play_deck_size"])
    check_contractor_salary(options["contractor_salary"])
    funding = edition.starting_funding(len(players))
    state = {
        "kind": "burnrate",
        "players": list(players),
        "dealer": dealer,
        "phase": "draft",
        "draft": {"picks": 0, "player": dealer},
        "turn": None,
        "companies": {name: company.new_company(funding) for name in players},
        "labor_pool": labor_pool.new_labor_pool(),
        "deck": options["play_deck_size"],
        "discard": 0,
        "contractor_salary": options["contractor_salary"],
        "catalogue": cards.new_catalogue(),
        "played_copies": {},
        "next_id": {"employee": 1, "bad_idea": 1},
        "bankrupt": [],
        "winner": None,
    }
    for department in edition.DEPARTMENTS:
        labor_pool.turn_up(state, department, options["labor_pool"][department])
    return state
