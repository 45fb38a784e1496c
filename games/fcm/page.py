"""What the game page shows of Food Chain Magnate (app/pages): its board after a step
(pages/board.html), and what its new-game form needs (pages/new.html).

The board shows each chain whole, as the table sees it across the restaurant: its structure
as a tree (the CEO, the cards reporting to it, and under each manager the cards reporting to
that manager: FCM-RESTR-2), its cards on the beach, busy and in hand, its reserve card, its
milestones, its stock of food and drinks and its freezer, its cash. Cards and milestones are
named by their titles (games/fcm/data), never by the ids the state keeps. What a chain chose
face down (its reserve card, a sealed structure or firing) shows only as face down: the state
holds a commitment then, and the page says no more than that one is held."""

from games.fcm.bank import SLOTS_BY_MONEY
from games.fcm.bankruptcy import bankrupt_chains, reading, why
from games.fcm.cards.employees import is_manager, slots
from games.fcm.cards.milestones import in_effect
from games.fcm.data import DATA, EMPLOYEES, GOODS, MILESTONES, campaign_type
from games.fcm.map.layout import PLAYERS_MAX, PLAYERS_MIN, map_size
from games.fcm.map.render import render_map
from games.fcm.turn.cleanup import FREEZER

FREEZER_MILESTONE = "first_throw_away"
BANKRUPTCY = {
    "unpaid": "pays what it has and plays on",
    "designer": "pays what it has and goes bankrupt (the designer's ruling)",
}


def board(state: dict) -> dict:
    """Food Chain Magnate's board as pages/board.html shows it: the map in text (the page
    swaps in the SVG the service draws), where the game stands, and each chain whole, in
    turn order, the bankrupt ones after the others."""
    working = (state.get("working") or {}).get("player")
    situation = [("Turn", state["turn"]), ("Phase", state["phase"].replace("_", " ")),
                 ("Turn order", ", ".join(state["turn_order"]))]  # fmt: skip
    if working:
        situation.append(("Working", working))
    situation.append(("Bank", f"${state['bank']['cash']}"))
    situation.append(("CEO slots", state["bank"]["ceo_slots"]))
    if "bankruptcy" in state["options"]:  # the table's choice at creation (bankruptcy.py)
        situation.append(("A chain that cannot pay the bank", BANKRUPTCY[reading(state)]))
    chains = [chain_shown(state, name) for name in state["turn_order"] + bankrupt_chains(state)]
    return {"map": render_map(state), "chains": chains, "situation": situation}


def chain_shown(state: dict, name: str) -> dict:
    """One chain whole: everything pages/board.html says of it, in words."""
    chain = state["chains"][name]
    places = {place: [card for card in chain["cards"] if card["place"] == place]
              for place in ("beach", "busy", "hand")}  # fmt: skip
    return {
        "name": name,
        "cash": chain["cash"],
        "acting": (state.get("working") or {}).get("player") == name,
        "structure": structure(state, name),
        "at_work": sum(card["place"] == "work" for card in chain["cards"]),
        "beach": [shown_card(card) for card in places["beach"]],
        "busy": [busy_card(state, card) for card in places["busy"]],
        "hand": [shown_card(card) for card in places["hand"]],
        "face_down": face_down(state, name),
        "reserve": reserve(state, name),
        "milestones": milestones(chain),
        "stock": stock(chain),
        "freezer": freezer(chain, state["turn"]),
        "bankrupt": why(name, chain["bankrupt"]) + ": out of the game"
        if chain.get("bankrupt")
        else None,
    }


def title(card: str) -> str:
    """A card's title as printed on it: `management_trainee` is "Management Trainee"."""
    return DATA["ceo"]["name"] if card == "ceo" else EMPLOYEES[card]["name"]


def shown_card(card: dict) -> dict:
    return {"title": title(card["card"]), "new": card["new"]}


def structure(state: dict, name: str) -> dict:
    """The chain's cards at work as a tree (FCM-RESTR-2): the CEO at the top with the bank's
    CEO slots, each card reporting to it below, and under each manager the cards reporting
    to that manager, in the order the chain holds them. A node says its title, its slots if
    it has any, whether it is new this turn, and, for the chain working now, whether it has
    used its action this turn (working.py's `acted`)."""
    chain = state["chains"][name]
    working = state.get("working") or {}
    acted = set(working.get("acted", [])) if working.get("player") == name else set()
    at_work = [card for card in chain["cards"] if card["place"] == "work"]
    reports: dict = {}
    for card in at_work:
        reports.setdefault(card["boss"], []).append(card)

    def node(card: dict) -> dict:
        under = [node(report) for report in reports.get(card["id"], [])]
        room = state["bank"]["ceo_slots"] if card["card"] == "ceo" else slots(card)
        return {"title": title(card["card"]), "slots": room, "new": card["new"],
                "acted": card["id"] in acted, "manager": card["card"] == "ceo" or is_manager(card),
                "reports": under}  # fmt: skip

    [ceo] = reports[None]
    return node(ceo)


def busy_card(state: dict, card: dict) -> dict:
    """A busy marketeer and the campaign it runs (FCM-MKT-6): "Billboard 11: burger, eternal",
    or with the turns it has left."""
    [campaign] = [c for c in state["board"]["campaigns"] if c["number"] == card["campaign"]]
    if campaign["eternal"]:
        lasting = "eternal"
    else:
        left = campaign["remaining"]
        lasting = f"{left} {'turn' if left == 1 else 'turns'} left"
    kind = campaign_type(campaign["number"]).capitalize()
    running = f"{kind} {campaign['number']}: {campaign['product']}, {lasting}"
    return {**shown_card(card), "campaign": running}


def face_down(state: dict, name: str) -> list[str]:
    """What the chain holds face down now besides its reserve card: a structure sealed in
    restructuring (FCM-RESTR-1) or a firing sealed at a Deluxe payday (FCM-PAY-1). Only that
    it is held: the commitment says nothing else."""
    held = []
    chosen = (state.get("restructuring") or {}).get(name)
    if chosen and chosen["sealed"] is not None and chosen["structure"] is None:
        held.append("A structure, chosen face down, to be turned up when every chain has chosen")
    if name in ((state.get("payday") or {}).get("sealed") or {}):
        held.append("A firing, chosen face down, to be turned up when every chain has chosen")
    return held


def reserve(state: dict, name: str) -> dict:
    """The chain's reserve card (FCM-SETUP-9, FCM-BANK-2): face down until the reveal, which
    only the bank's first break allows. Face down it is only "face down": its value is in no
    state before the reveal, and nothing of the commitment is shown."""
    if state["options"]["introductory"]:
        return {"face": "none", "words": "none: the introductory game has no reserve cards"}
    card = state["chains"][name]["reserve"]
    if card["revealed"] is not None:
        money = card["revealed"]
        return {"face": "up", "words": f"${money}, {SLOTS_BY_MONEY[money]} CEO slots"}
    if card["commitment"] is not None:
        return {"face": "down", "words": "face down"}
    return {"face": "none", "words": "not chosen yet"}


def milestones(chain: dict) -> list[dict]:
    """The chain's milestones by name, with the turn each was claimed in (FCM-MILE-1)."""
    return [{"name": MILESTONES[m["id"]]["name"], "turn": m["turn"]} for m in chain["milestones"]]


def stock(chain: dict) -> list[tuple[str, int]]:
    """The food and drinks in front of the chain, serving all its restaurants (FCM-FOOD-1)."""
    return [(good, chain["goods"][good]) for good in GOODS if chain["goods"][good]]


def freezer(chain: dict, turn: int) -> str:
    """What the chain keeps at cleanup (FCM-CLEAN-1): up to ten food and drinks with the
    freezer, from the cleanup after the one that claimed it; nothing without."""
    if in_effect(chain, FREEZER_MILESTONE, turn):
        return f"keeps up to {FREEZER} food and drinks at cleanup"
    if any(m["id"] == FREEZER_MILESTONE for m in chain["milestones"]):
        return f"keeps up to {FREEZER} food and drinks from the next turn's cleanup"
    return "none: every food and drink left is thrown away at cleanup"


def new_game_page() -> dict:
    """The map's tile rows and columns for each player count (FCM-SETUP-1), so the form
    keeps no copy of the rule."""
    return {"map_shapes": {n: list(map_size(n)) for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}}
