"""A declared position's chains (position.py): each chain's cards, where they are and how many
the box has, and the milestones it holds.
"""

from collections import Counter

from games.errors import RuleViolation
from games.fcm.actions.marketing import ETERNAL
from games.fcm.cards.employees import ceo_of, holds, is_manager, slots
from games.fcm.data import COMPONENTS, EMPLOYEES, MILESTONES
from games.fcm.turn.restructuring import check_structure, fits
from games.fcm.turn.sequence import SETUP_PHASES, TURN_PHASES
from games.fcm.turn.setup import employees_in_play

# the phases in which this turn's dinnertime may already have broken the bank the first time
AFTER_DINNER_BEGAN = ("dinnertime", "payday", "marketing", "cleanup", "over")


def check_cards(state: dict) -> None:
    """Each chain has one CEO, at work (FCM-SETUP-5); every card has an id no other card has,
    and a place its rules allow (FCM-RESTR-2); every employee card in play is in the stock or
    held by a chain, as many as the box puts in play for the player count, and a chain holds
    at most one copy of a top-position card (FCM-SETUP-3); milestones are claimed once each,
    when the turn has come where they can be, with no more cards in the supply than the box
    holds (FCM-MILE-1)."""
    ids = [card["id"] for chain in state["chains"].values() for card in chain["cards"]]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise RuleViolation("FCM-SETUP-5", f"card ids repeat: {', '.join(repeated)}")
    numbers = [int(i.rsplit("-", 1)[1]) for i in ids]
    if numbers and max(numbers) > state["cards_issued"]:
        raise RuleViolation(
            "FCM-SETUP-5", f"cards_issued is {state['cards_issued']}, below the card ids held"
        )
    held: Counter = Counter()
    for name, chain in state["chains"].items():
        check_chain_cards(state, name, chain)
        held.update(card["card"] for card in chain["cards"] if card["card"] != "ceo")
        check_milestones(state, name, chain)
    stock = state["supply"]["employees"]
    for card, count in employees_in_play(len(state["players"])).items():
        total = stock.get(card, 0) + held[card]
        if total != count:
            raise RuleViolation(
                "FCM-SETUP-3",
                f"{card}: {stock.get(card, 0)} in the stock and {held[card]} held make {total};"
                f" the game has {count}",
            )
    for milestone, count in state["supply"]["milestones"].items():
        if count > MILESTONES[milestone]["copies"]:
            raise RuleViolation(
                "FCM-MILE-1",
                f"{count} {milestone} cards; the box has {MILESTONES[milestone]['copies']}",
            )


def check_milestones(state: dict, name: str, chain: dict) -> None:
    """A chain's milestones are claimed once each, in a turn already played, and one claimed
    in the position's own turn only once the turn has reached the first phase that can follow
    its claim, in the game's edition (milestones.json `claimed_by`; null for first_throw_away,
    claimed at the cleanup that ends the turn) (FCM-MILE-1)."""
    claimed = [m["id"] for m in chain["milestones"]]
    if len(set(claimed)) != len(claimed):
        raise RuleViolation("FCM-MILE-1", f"{name} holds a milestone twice")
    late = [m["id"] for m in chain["milestones"] if m["turn"] > state["turn"]]
    if late:
        raise RuleViolation("FCM-MILE-1", f"{name} claimed {late} in a turn not yet played")
    edition, phase = state["options"]["edition"], state["phase"]
    for milestone in chain["milestones"]:
        if milestone["turn"] != state["turn"]:
            continue
        first = MILESTONES[milestone["id"]]["claimed_by"][edition]
        if first is not None and phase_rank(phase) >= TURN_PHASES.index(first):
            continue
        said = f"{name} claimed {milestone['id']} in turn {state['turn']}, this turn, but"
        if first is None:
            said += " the cleanup that claims it ends the turn"
        else:
            now = "the game's end, after its last dinnertime" if phase == "over" else phase
            said += f" a claim this turn shows from {first} on ({edition} edition), not at {now}"
        raise RuleViolation("FCM-MILE-1", f"{said}: it can only be held from an earlier turn")


def phase_rank(phase: str) -> int:
    """Where `phase` falls in a turn, to compare with a milestone's `claimed_by`: the setup
    before every phase of the turn, the game's end (after the last dinnertime, FCM-BANK-3)
    where payday would be (FCM-TURN-1)."""
    if phase in SETUP_PHASES:
        return -1
    return TURN_PHASES.index("payday" if phase == "over" else phase)


def check_chain_cards(state: dict, name: str, chain: dict) -> None:
    """One chain's cards: one CEO at work, top-position cards held once, every card at work
    under a boss of its chain at work (the CEO, or a manager over a card that is not one),
    every busy card running a campaign of its chain (FCM-SETUP-3, FCM-SETUP-5, FCM-RESTR-2)."""
    cards = {card["id"]: card for card in chain["cards"]}
    ceos = [card for card in cards.values() if card["card"] == "ceo"]
    if len(ceos) != 1 or ceos[0]["place"] != "work" or ceos[0]["boss"] is not None:
        raise RuleViolation("FCM-SETUP-5", f"{name}'s chain has one CEO, at work")
    counts = Counter(card["card"] for card in cards.values())
    for card, count in counts.items():
        if card != "ceo" and EMPLOYEES[card]["top_position"] and count > 1:
            raise RuleViolation(
                "FCM-SETUP-3", f"{name} holds {count} {card}; a top-position card is held once"
            )
    campaigns = {c["number"]: c for c in state["board"]["campaigns"] if c["owner"] == name}
    for card in cards.values():
        if card["card"] == "ceo":
            continue
        boss = cards.get(card["boss"]) if card["boss"] else None
        if (card["place"] == "work") != (boss is not None):
            raise RuleViolation(
                "FCM-RESTR-2", f"{name}'s {card['id']}: a card at work, and only one, has a boss"
            )
        if boss is not None:
            if boss["place"] != "work" or not (boss["card"] == "ceo" or is_manager(boss)):
                raise RuleViolation(
                    "FCM-RESTR-2",
                    f"{name}'s {card['id']} works under {boss['id']}, which is neither the CEO"
                    " nor a manager at work",
                )
            if boss["card"] != "ceo" and is_manager(card):
                raise RuleViolation(
                    "FCM-RESTR-2", f"{name}'s manager {card['id']} reports to the CEO only"
                )
        running = campaigns.get(card["campaign"]) if card["campaign"] is not None else None
        if (card["place"] == "busy") != (running is not None) or (
            running is not None and running["marketeer"] != card["id"]
        ):
            raise RuleViolation(
                "FCM-MKT-1",
                f"{name}'s {card['id']}: a busy marketeer runs a campaign of its chain that"
                " names it, and only a busy one does",
            )
    for campaign in campaigns.values():
        if campaign["marketeer"] is None and campaign["eternal"]:
            raise RuleViolation(
                "FCM-PAY-2",
                f"campaign {campaign['number']} is eternal: its marketeer draws no salary and is"
                " never fired, so it cannot have lost it",
            )
        if campaign["marketeer"] is None:
            continue  # fired by a chain that could not pay: the campaign runs on (FCM-PAY-2)
        marketeer = cards.get(campaign["marketeer"])
        if marketeer is None or marketeer["campaign"] != campaign["number"]:
            raise RuleViolation(
                "FCM-MKT-1",
                f"campaign {campaign['number']} names {campaign['marketeer']}, which is not"
                f" {name}'s card running it",
            )
        if campaign["eternal"]:
            check_eternal(name, chain, campaign)
    check_slots(state, name, chain)


def check_eternal(name: str, chain: dict, campaign: dict) -> None:
    """An eternal campaign is one of a chain holding the first billboard milestone, claimed
    this turn at the latest (check_cards refuses a later claim), and it holds a single token
    (FCM-MILE-2). When in that turn the milestone came is not written down, so a campaign
    placed after its claim cannot be told from one placed before."""
    number = campaign["number"]
    if not holds(chain, ETERNAL):
        raise RuleViolation(
            "FCM-MILE-2",
            f"campaign {number} is eternal, but {name} does not hold {ETERNAL}: only a chain"
            f" that claimed it places eternal campaigns; without it, campaign {number} loses a"
            " token a turn and is not eternal",
        )
    if campaign["remaining"] != 1:
        raise RuleViolation(
            "FCM-MILE-2",
            f"eternal campaign {number} holds one token, not {campaign['remaining']}",
        )


def check_slots(state: dict, name: str, chain: dict) -> None:
    """No boss has more cards at work under it than its slots (FCM-RESTR-2). The cards at work
    are the structure restructuring applied, so they are checked as it checked them
    (restructuring.py `check_structure`), from a hand that held them, with the CEO slots of
    that restructuring; cards that fit no arrangement are refused too, as a table that played
    them would have played the turn with its CEO alone (FCM-RESTR-3)."""
    structure = {card["id"]: card["boss"] for card in chain["cards"]
                 if card["place"] == "work" and card["card"] != "ceo"}  # fmt: skip
    if not structure:
        return
    then = {
        **state,
        "bank": {**state["bank"], "ceo_slots": ceo_slots_when_chosen(state)},
        "chains": {**state["chains"], name: {**chain, "cards": [
            {**card, "place": "hand", "boss": None} if card["id"] in structure else card
            for card in chain["cards"]
        ]}},
    }  # fmt: skip
    try:
        check_structure(then, name, structure)
    except RuleViolation as error:
        raise RuleViolation(error.rule, f"{name}'s cards at work: {error.message}") from None
    cards = {card["id"]: card for card in chain["cards"]}
    if fits(then, cards, structure):
        return
    ceo = ceo_of(chain)["id"]
    for boss, count in Counter(structure.values()).items():
        room = then["bank"]["ceo_slots"] if boss == ceo else slots(cards[boss])
        if count > room:
            raise RuleViolation(
                "FCM-RESTR-2",
                f"{name}'s cards at work: {boss} has {room} slots, not {count}, and the cards"
                " fit no arrangement: a chain that puts more to work than fit plays the turn"
                " with its CEO alone, the rest on the beach (FCM-RESTR-3)",
            )


def ceo_slots_when_chosen(state: dict) -> int:
    """The CEO slots this turn's structures were chosen with: the bank's count, or 3 where its
    first break may have come at this turn's dinnertime, its new count holding only from the
    next turn (FCM-BANK-2). Of the two, the larger, which refuses only what neither allows."""
    count = state["bank"]["ceo_slots"]
    if state["bank"]["breaks"] and state["phase"] in AFTER_DINNER_BEGAN:
        return max(count, COMPONENTS["ceo_slots"])
    return count
