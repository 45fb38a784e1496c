"""Each Food Chain Magnate event as a sentence a person reads: `describe(event, state_before)`,
for the transcript and the game's pages ("ann hired a Waitress", "house 5 went to bob: $36
(9 + 2 crossings = 11, the lowest unit price plus distance)"). A card is named by its printed
title (`kitchen_trainee-7` is a Kitchen Trainee), a milestone by its name, a phase in words, a
square [row, col] as "row 3, col 8" and a restaurant by its square: no id of the state's."""

from games.fcm.data import DATA, EMPLOYEES, MILESTONES
from games.fcm.turn.payday import nobody_firing

PHASES = {
    "setup_restaurants": "starting restaurants",
    "setup_reserve": "reserve cards",
    "order_of_business": "order of business",
    "working": "working 9 to 5",
    "marketing": "marketing campaigns",
    "over": "the game's end",
}


def card_name(card: str) -> str:
    """`kitchen_trainee-7` and `kitchen_trainee` are both a "Kitchen Trainee", as printed."""
    kind = card.rsplit("-", 1)[0] if "-" in card else card
    if kind == DATA["ceo"]["id"]:
        return DATA["ceo"]["name"]
    known = EMPLOYEES.get(kind)
    return known["name"] if known else kind.replace("_", " ")


def milestone_name(milestone: str) -> str:
    known = MILESTONES.get(milestone)
    return known["name"] if known else milestone.replace("_", " ")


def phase_name(phase: str) -> str:
    """A phase as the rules name it: "order of business", "dinnertime"."""
    return PHASES.get(phase, phase.replace("_", " "))


def a(noun: str) -> str:
    if noun == "CEO":
        return "the CEO"
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def listed(items: list[str]) -> str:
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def cards(ids: list[str]) -> str:
    """ "a waitress and two ..." kept simple: each card with its article, in the order given."""
    return listed([a(card_name(c)) for c in ids])


def square(top_left) -> str:
    return f"row {top_left[0]}, col {top_left[1]}"


def plural(noun: str) -> str:
    return noun + ("es" if noun.endswith(("s", "sh", "ch")) else "s")


def goods(counts: dict) -> str:
    """ "3 burgers and 1 soda", or "nothing"."""
    said = [f"{n} {good if n == 1 else plural(good)}" for good, n in counts.items() if n]
    return listed(said)


BANKRUPTCY = {  # options.bankruptcy (bankruptcy.py)
    "unpaid": ", a chain that cannot pay the bank plays on",
    "designer": ", a chain that cannot pay the bank goes bankrupt",
}


def created(p, state):
    options = p["options"]
    edition = options.get("edition", "original")
    order = options.get("turn_order")
    turn_order = f"; turn order {', '.join(order)}" if order else ""
    intro = ", the introductory game" if options.get("introductory") else ""
    bankruptcy = BANKRUPTCY.get(options.get("bankruptcy"), "")
    return (f"the game was set up for {listed(p['players'])} ({edition} edition{intro}"
            f"{bankruptcy}){turn_order}")  # fmt: skip


def starting_restaurant_placed(p, state):
    return (f"{p['player']} placed their starting restaurant at {square(p['top_left'])}, "
            f"entrance {p['entrance']}")  # fmt: skip


def starting_restaurant_passed(p, state):
    return f"{p['player']} passed, to place their starting restaurant in the second round"


def reserve_card_sealed(p, state):
    return f"{p['player']} chose a reserve card face down"


def reserve_card_revealed(p, state):
    return f"{p['player']} turned up their reserve card: ${p['money']}"


def _structure(structure: dict) -> str:
    pairs = structure.items()
    return listed([f"{a(card_name(card))} under {a(card_name(boss))}" for card, boss in pairs])


def structure_chosen(p, state):
    return f"{p['player']} put to work {_structure(p['structure'])}"


def structure_sealed(p, state):
    return f"{p['player']} chose their structure face down"


def structure_revealed(p, state):
    return f"{p['player']} turned up their structure: {_structure(p['structure'])}"


def turn_order_picked(p, state):
    return f"{p['player']} took place {p['place']} on the turn order track"


def recruited(p, state):
    if not p["cards"]:
        return f"{p['player']} hired nobody"
    return f"{p['player']} hired {cards(p['cards'])}"


def trained(p, state):
    final = {}
    for step in p["steps"]:
        final[step["card"]] = step["into"]
    into = listed([f"{a(card_name(c))} into {a(card_name(n))}" for c, n in final.items()])
    return f"{p['player']}'s {card_name(p['trainer'])} trained {into}"


def campaign_placed(p, state):
    turns = "1 turn" if p["duration"] == 1 else f"{p['duration']} turns"
    where = (f"at {square(p['top_left'])}" if "top_left" in p
             else f"beside the {p['edge']} edge from {p['start']}")  # an airplane  # fmt: skip
    return (f"{p['player']}'s {card_name(p['marketeer'])} placed campaign {p['number']} for "
            f"{p['product']}, {turns}, {where}")  # fmt: skip


def working_ended(p, state):
    return f"{p['player']} ended their working"


def food_taken(p, state):
    return f"{p['player']}'s {card_name(p['cook'])} took {p['food']}"


def drinks_taken(p, state):
    return f"{p['player']}'s {card_name(p['card'])} took {p['drink']}"


def drinks_collected(p, state):
    route = p["route"]
    return (f"{p['player']}'s {card_name(p['card'])} collected drinks along a route of "
            f"{len(route)} steps from {square(route[0])}")  # fmt: skip


def house_placed(p, state):
    return (f"{p['player']}'s {card_name(p['developer'])} placed house {p['number']} at "
            f"{square(p['top_left'])}, its garden to the {p['garden']}")  # fmt: skip


def garden_added(p, state):
    return (f"{p['player']}'s {card_name(p['developer'])} added a garden to house {p['house']},"
            f" to the {p['garden']}")  # fmt: skip


def restaurant_placed(p, state):
    return (f"{p['player']}'s {card_name(p['manager'])} placed a restaurant at "
            f"{square(p['top_left'])}, entrance {p['entrance']}")  # fmt: skip


def restaurant_moved(p, state):
    return (f"{p['player']}'s {card_name(p['manager'])} moved {restaurant(state, p['restaurant'])}"
            f" to {square(p['top_left'])}, entrance {p['entrance']}")  # fmt: skip


def restaurant(state, restaurant_id: str) -> str:
    """A restaurant by its owner and square in `state`: "ann's restaurant at row 3, col 8"."""
    board = (state or {}).get("board") or {}
    found = next((r for r in board.get("restaurants", []) if r["id"] == restaurant_id), None)
    return (
        f"{found['owner']}'s restaurant at {square(found['top_left'])}" if found else "a restaurant"
    )


def house_served(p, state):
    why = p["explanation"]
    if p["winner"] is None:
        reason = why.get("decided_by") or "no chain could serve it"
        return f"house {p['house']} was not served: {reason}"
    chosen = next((c for c in why.get("considered", []) if c["chain"] == p["winner"]), None)
    reasons = []
    if chosen and chosen.get("total") is not None:
        crossings = "crossing" if chosen["distance"] == 1 else "crossings"
        reasons.append(f"{chosen['unit_price']} + {chosen['distance']} {crossings} = "
                       f"{chosen['total']}")  # fmt: skip
    if why.get("decided_by"):
        reasons.append(why["decided_by"])
    because = f" ({', '.join(reasons)})" if reasons else ""
    if p["income"] >= 0:
        return f"house {p['house']} went to {p['winner']}: ${p['income']}{because}"
    paid = why.get("paid_to_bank", {})
    unpaid = f", ${paid['unpaid']} of it unpaid for want of cash" if paid.get("unpaid") else ""
    if paid.get("bankrupt"):  # the designer's ruling (bankruptcy.py)
        unpaid = f" and had ${paid['paid']}: {p['winner']} went bankrupt, out of the game"
    return (f"house {p['house']} went to {p['winner']} at a loss: {p['winner']} owed the bank"
            f" ${-p['income']}{unpaid}{because}")  # fmt: skip


def bank_broke(p, state):
    why = p["explanation"]
    times = {1: "the first time", 2: "the second time"}.get(why.get("break"), "again")
    owed = f": it owed ${why['owed']} and held ${why['bank']}" if "owed" in why else ""
    return f"the bank broke, {times}{owed}"


EARNINGS = {"sales": "sales", "waitresses": "waitresses", "cfo": "CFO"}


def dinnertime_ended(p, state):
    earned = (p["explanation"].get("chains") or {}) or p["chains"]
    parts = []
    for name, chain in earned.items():
        total = chain.get("total", chain["waitresses"] + chain["cfo"])
        details = [f"{label} ${chain[k]}" for k, label in EARNINGS.items() if chain.get(k)]
        parts.append(f"{name} ${total}" + (f" ({', '.join(details)})" if details else ""))
    out = p["explanation"].get("bankrupt") or []
    bankrupt = f"; {listed(out)} went bankrupt, out of the game" if out else ""
    return f"dinnertime ended: {listed(parts)}{bankrupt}"


def forbidden_fired(p, state):
    by = p["explanation"].get("forbidden_by") or {}
    parts = []
    for name, ids in p["chains"].items():
        milestones = sorted({milestone_name(m) for m in (by.get(name) or {}).values()})
        because = f" ({listed(milestones)})" if milestones else ""
        parts.append(f"{name}'s {listed([card_name(c) for c in ids])}{because}")
    return f"the worker fired what a milestone forbids: {listed(parts)}"


def fired(p, state):
    return f"{p['player']} fired {cards(p['cards']) if p['cards'] else 'nobody'}"


def nobody_fired(p, state):
    """Who fired nobody, as payday.py's `nobody_firing` finds them in the state before."""
    who = nobody_firing(state) if state else []
    before = "nobody else fired" if state and state["payday"]["fired"] else "nobody fired"
    return f"{before}: {listed(who)} fired nobody" if who else before


def firing_sealed(p, state):
    return f"{p['player']} chose whom to fire, face down"


def firing_revealed(p, state):
    return f"{p['player']} turned up their firing: {cards(p['cards']) if p['cards'] else 'nobody'}"


def salaries_paid(p, state):
    return f"salaries paid to the bank: {listed([f'{n} ${m}' for n, m in p['chains'].items()])}"


def campaign_ran(p, state):
    placed = [f"{n} on house {house}" for house, n in p["tokens"].items() if n]
    if not placed:
        return f"campaign {p['number']} ran: no demand placed"
    return f"campaign {p['number']} ran: demand tokens {listed(placed)}"


def freezer_filled(p, state):
    return f"{p['player']} kept {goods(p['kept'])} in the freezer"


def cleaned_up(p, state):
    why = p["explanation"]
    parts = [f"turn {why['turn']} cleaned up" if "turn" in why else "cleaned up"]
    thrown = [f"{n} threw away {goods(c['thrown'])}"
              for n, c in (why.get("chains") or {}).items() if c.get("thrown")]  # fmt: skip
    parts += thrown
    if why.get("opened"):
        parts.append(f"{listed([restaurant(state, r) for r in why['opened']])} opened")
    if why.get("milestones_retired"):
        retired = [f"“{milestone_name(m)}”" for m in why["milestones_retired"]]
        parts.append(f"the milestones {listed(retired)} retired")
    return "; ".join(parts)


SENTENCES = {
    f"fcm.{describe.__name__}": describe
    for describe in (
        created, starting_restaurant_placed, starting_restaurant_passed, reserve_card_sealed,
        reserve_card_revealed, structure_chosen, structure_sealed, structure_revealed,
        turn_order_picked, recruited, trained, campaign_placed, working_ended, food_taken,
        drinks_taken, drinks_collected, house_placed, garden_added, restaurant_placed,
        restaurant_moved, house_served, bank_broke, dinnertime_ended, forbidden_fired, fired,
        nobody_fired, firing_sealed,
        firing_revealed, salaries_paid, campaign_ran, freezer_filled, cleaned_up,
    )
}  # fmt: skip


def describe(event: dict, state_before) -> str:
    """The event in a sentence (state_before is needed only for fcm.nobody_fired: the other
    FCM payloads name what they do)."""
    return SENTENCES[event["type"]](event["payload"], state_before)
