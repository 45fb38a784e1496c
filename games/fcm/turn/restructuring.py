"""Restructuring (FCM-RESTR-1 to 5): each chain puts cards to work under its CEO; the rest of
its hand goes to the beach.

A structure is `{card id: boss id}` for each card of the hand put to work, its boss the CEO or
a manager put to work under the CEO. A chain records it open (`fcm.structure_chosen`) or
sealed (`fcm.structure_sealed`: a commitment to the structure as games/sealed.py's
`seal` hashes it, its canonical JSON), revealed once every chain has chosen
(`fcm.structure_revealed`). When every structure is known, all of them are applied at once
and order of business begins. A chain with nothing in hand has no choice to make, nor has
anyone on the first turn (FCM-RESTR-4): the engine records those structures itself.

While the phase lasts, `state["restructuring"]` is `{chain: {"sealed", "structure", "last"}}`:
the commitment, if the chain sealed, the structure once it is known (null before), and the
structure at work the turn before (cleanup.py notes it; missing or `{}` if unknown), which a
form offers as it starts (choices.py) and no rule reads.
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.employees import ceo_of, is_manager, slots
from games.fcm.turn.sequence import begin_next, begins
from games.sealed import check_all_sealed, reveal


@begins("restructuring")
def begin_restructuring(state: dict) -> None:
    """The phase begins: every chain still to choose, but those with no choice to make (a
    bankrupt chain has none: bankruptcy.py)."""
    state["phase"] = "restructuring"
    state["restructuring"] = {
        name: {"sealed": None, "structure": None, "last": {}} for name in state["players"]
    }
    for name, chain in state["chains"].items():
        if state["turn"] == 1 or not in_hand(chain) or chain.get("bankrupt"):
            state["restructuring"][name]["structure"] = {}
    _apply_when_all_known(state)


def in_hand(chain: dict) -> list[dict]:
    """The cards a chain may put to work: its hand, the CEO aside."""
    return [card for card in chain["cards"] if card["place"] == "hand" and card["card"] != "ceo"]


def choose_structure(state: dict, event: dict) -> None:
    """A chain's structure, recorded open (FCM-RESTR-1, FCM-RESTR-2)."""
    player = event["payload"]["player"]
    record = _still_choosing(state, event, player)
    check_structure(state, player, event["payload"]["structure"])
    record["structure"] = event["payload"]["structure"]
    _apply_when_all_known(state)


def seal_structure(state: dict, event: dict) -> None:
    """A chain's structure, recorded face down as a commitment (FCM-RESTR-1)."""
    player = event["payload"]["player"]
    record = _still_choosing(state, event, player)
    record["sealed"] = event["payload"]["commitment"]


def reveal_structure(state: dict, event: dict) -> None:
    """A sealed structure turned face up, once every chain has chosen; it must open the
    commitment and be a legal structure (FCM-RESTR-1, FCM-RESTR-2)."""
    payload = event["payload"]
    player = payload["player"]
    check_actor(event["actor"], player, "FCM-RESTR-1", state["players"])
    _check_phase(state)
    record = state["restructuring"][player]
    if record["sealed"] is None or record["structure"] is not None:
        raise RuleViolation("FCM-RESTR-1", f"{player} has no sealed structure to reveal")
    waiting = [name for name, r in state["restructuring"].items()
               if r["sealed"] is None and r["structure"] is None]  # fmt: skip
    check_all_sealed(waiting, "FCM-RESTR-1",
                     "structures are revealed together, once every chain has chosen")  # fmt: skip
    structure = reveal(record["sealed"], payload["structure"], payload["nonce"], "FCM-RESTR-1",
                       "structure", who=player)  # fmt: skip
    check_structure(state, player, structure)
    record["structure"] = structure
    _apply_when_all_known(state)


def check_structure(state: dict, player: str, structure: dict) -> None:
    """Refuse a structure that is not a pyramid of the chain's hand under its CEO
    (FCM-RESTR-2) or that puts anyone to work on the first turn (FCM-RESTR-4). Too many cards
    for the slots is not refused: FCM-RESTR-3 sends them to the beach when it is applied."""
    if state["turn"] == 1 and structure:
        raise RuleViolation("FCM-RESTR-4", "on the first turn the CEO is the only card at work")
    chain = state["chains"][player]
    hand = {card["id"]: card for card in in_hand(chain)}
    ceo = ceo_of(chain)["id"]
    unknown = sorted(set(structure) - set(hand))
    if unknown:
        raise RuleViolation(
            "FCM-RESTR-1",
            f"{', '.join(unknown)} not in {player}'s hand; the hand holds"
            f" {', '.join(sorted(hand)) or 'nothing'}",
        )
    for card_id, boss in structure.items():
        if boss == ceo:
            continue
        if boss not in structure:
            raise RuleViolation(
                "FCM-RESTR-2",
                f"{card_id} works under {boss}, which is neither {ceo} (the CEO) nor a card put"
                " to work",
            )
        if not is_manager(hand[boss]) or structure[boss] != ceo:
            raise RuleViolation(
                "FCM-RESTR-2",
                f"{card_id} works under {boss}: only a manager under the CEO has slots",
            )
        if is_manager(hand[card_id]):
            raise RuleViolation(
                "FCM-RESTR-2", f"{card_id} is a manager: managers report to the CEO only"
            )
    if fits(state, hand, structure):
        for boss, reports in _reports(structure).items():
            room = state["bank"]["ceo_slots"] if boss == ceo else slots(hand[boss])
            if len(reports) > room:
                raise RuleViolation(
                    "FCM-RESTR-2",
                    f"{boss} has {room} slots, not {len(reports)}: the cards fit when arranged"
                    " otherwise",
                )


def fits(state: dict, hand: dict, structure: dict) -> bool:
    """Whether the cards put to work fit under the CEO in some arrangement (FCM-RESTR-3)."""
    managers = [c for c in structure if is_manager(hand[c])]
    others = len(structure) - len(managers)
    ceo_slots = state["bank"]["ceo_slots"]
    room = ceo_slots - len(managers) + sum(slots(hand[m]) for m in managers)
    return len(managers) <= ceo_slots and others <= room


def _reports(structure: dict) -> dict[str, list[str]]:
    reports: dict[str, list[str]] = {}
    for card_id, boss in structure.items():
        reports.setdefault(boss, []).append(card_id)
    return reports


def _still_choosing(state: dict, event: dict, player: str) -> dict:
    check_actor(event["actor"], player, "FCM-RESTR-1", state["players"])
    _check_phase(state)
    record = state["restructuring"][player]
    if record["sealed"] is not None or record["structure"] is not None:
        raise RuleViolation("FCM-RESTR-1", f"{player} has already chosen this turn's structure")
    return record


def _check_phase(state: dict) -> None:
    if state["phase"] != "restructuring":
        raise RuleViolation(
            "FCM-TURN-1", f"structures are chosen in restructuring; this is {state['phase']}"
        )


def _apply_when_all_known(state: dict) -> None:
    """Once every structure is known: every chain's cards where its structure puts them, the
    rest of its hand on the beach, or all but the CEO on the beach if they do not fit
    (FCM-RESTR-3); then order of business (FCM-TURN-1)."""
    records = state["restructuring"]
    if any(record["structure"] is None for record in records.values()):
        return
    for name, record in records.items():
        chain = state["chains"][name]
        hand = {card["id"]: card for card in in_hand(chain)}
        structure = record["structure"] if fits(state, hand, record["structure"]) else {}
        for card_id, card in hand.items():
            boss = structure.get(card_id)
            card.update(place="work" if boss else "beach", boss=boss)
    state["restructuring"] = None
    begin_next(state, after="restructuring")
