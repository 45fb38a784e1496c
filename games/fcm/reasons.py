"""Why a Food Chain Magnate phase came out as it did, in sentences: `why(event, state_before)`
says the explanation a derived event carries (`payload.explanation`: a house served at
dinnertime, the earnings, the bank's break, the cards a milestone forbids, the salaries, a
campaign run, the cleanup), for the game page's "Why" and the transcript. The explanation itself
stays in the event, and in the API's answers, as the worker wrote it.
"""

from games.fcm.said import counted
from games.fcm.sentences import a, card_name, goods, listed, milestone_name, plural, restaurant

EARNED = {"sales": "from sales", "waitresses": "from waitresses", "cfo": "from the CFO"}


def why(event: dict, state_before) -> list[str]:
    """The explanation of `event` as sentences; none for an event that carries none."""
    explanation = event["payload"].get("explanation")
    say = REASONS.get(event["type"])
    if not explanation or say is None:
        return []
    return say(explanation, state_before)


def house_served(why: dict, state) -> list[str]:
    """FCM-DINNER-1 to FCM-DINNER-7: the order, each chain considered, the winner and how."""
    garden = ", and its garden doubles the price" if why.get("garden") else ""
    said = [f"house {why['house']} ordered {goods(why['order'])}{garden}"]
    for chain in why.get("considered", []):
        said.append(considered(chain))
    for name in why.get("bankrupt", []):
        said.append(f"{name} is bankrupt and sells nothing (FCM-DINNER-5, the designer's ruling)")
    if why.get("winner") is None:
        said.append(f"nobody served it: {why.get('decided_by') or 'no chain could'}")
        return said
    said.append(f"{why['winner']} served it: {why['decided_by']}")
    bonuses = [f"${n} more a {good} from a milestone" for good, n in why.get("bonus", {}).items()
               if n]  # fmt: skip
    price = f"${why['price_per_item']} an item" + (f" ({listed(bonuses)})" if bonuses else "")
    said.append(f"{why['winner']} earned ${why['income']}: {price}")
    paid = why.get("paid_to_bank")
    if paid:
        said.append(f"{why['winner']} paid the bank ${paid['paid']} and could not pay "
                    f"${paid['unpaid']}")  # fmt: skip
    if paid and paid.get("bankrupt"):
        said.append(f"{why['winner']} went bankrupt: by the designer's ruling, which this table "
                    "chose (FCM-DINNER-5), a chain that cannot pay the bank is out of the game "
                    "from now on and ranks last")  # fmt: skip
    return said


def considered(chain: dict) -> str:
    name = chain["chain"]
    if not chain.get("connected"):
        return f"{name} does not reach it by road"
    stock = "has the whole order in stock" if chain.get("supplies") else "lacks part of the order"
    crossings = "crossing" if chain["distance"] == 1 else "crossings"
    waitresses = chain.get("waitresses", 0)
    at_work = f"{waitresses} {'waitress' if waitresses == 1 else 'waitresses'} at work"
    return (f"{name} {stock}: unit price {chain['unit_price']} + {chain['distance']} {crossings}"
            f" = {chain['total']}, {at_work}")  # fmt: skip


def dinnertime_ended(why: dict, state) -> list[str]:
    """FCM-DINNER-9, FCM-DINNER-10: what each chain earned, and from what."""
    said = []
    for name, earned in (why.get("chains") or {}).items():
        parts = [f"${earned[k]} {words}" for k, words in EARNED.items() if earned.get(k)]
        detail = f": {listed(parts)}" if parts else ""
        said.append(f"{name} earned ${earned.get('total', 0)} this dinnertime{detail}")
    for name in why.get("bankrupt", []):
        said.append(f"{name} went bankrupt: it could not pay the bank what it owed after the "
                    "houses; by the designer's ruling, which this table chose (FCM-DINNER-5), "
                    "it is out of the game from now on and ranks last")  # fmt: skip
    return said


def bank_broke(why: dict, state) -> list[str]:
    """FCM-BANK-1: the bank could not pay what it owed."""
    said = [f"the bank owed ${why['owed']} and held ${why['bank']}"] if "owed" in why else []
    times = {1: "first", 2: "second"}.get(why.get("break"))
    if times:
        said.append(f"this is its {times} break")
    return said


def forbidden_fired(why: dict, state) -> list[str]:
    """FCM-MILE-1: a card a milestone of its chain forbids goes back to the supply."""
    return [f"{name}'s {card_name(card)} had to go: the milestone “{milestone_name(m)}” forbids it"
            for name, cards in (why.get("forbidden_by") or {}).items()
            for card, m in cards.items()]  # fmt: skip


def salaries_paid(why: dict, state) -> list[str]:
    """FCM-PAY-2, FCM-PAY-3: each chain's salaried cards, its discounts and what it paid."""
    said = []
    for name, owed in why.items():
        if not isinstance(owed, dict) or "net" not in owed:
            continue
        if not owed.get("cards"):
            said.append(f"{name} paid ${owed['net']}: no card with a salary")
            continue
        off = [f"${n} off for {'unused hires' if d == 'unused hires' else f'“{milestone_name(d)}”'}"
               for d, n in (owed.get("discounts") or {}).items() if n]  # fmt: skip
        less = f", {listed(off)}" if off else ""
        said.append(
            f"{name} paid ${owed['net']}: ${owed['gross']} for {counted(owed['cards'])}{less}"
        )
    return said


def campaign_ran(why: dict, state) -> list[str]:
    """FCM-CAMP-2 to FCM-CAMP-5: the houses a campaign reached and what is left of it."""
    product = why.get("product", "its product")
    reached = [f"house {house} ({n})" for house, n in (why.get("tokens") or {}).items() if n]
    full = [f"house {house}" for house, n in (why.get("tokens") or {}).items() if not n]
    what = f"campaign {why['number']}, {a(why.get('kind', 'campaign'))} for {product},"
    placed = f"put {plural(product)} on {listed(reached)}" if reached else "put no demand"
    said = [f"{what} {placed}"]
    if full:
        said.append(f"{listed(full)} could take no more demand")
    if why.get("returns"):
        said.append("it has run out: its marketeer comes back")
    elif "remaining" in why:
        said.append(f"{why['remaining']} {'run' if why['remaining'] == 1 else 'runs'} left")
    return said


def cleaned_up(why: dict, state) -> list[str]:
    """FCM-CLEAN-1 to FCM-CLEAN-3: the freezer, what was thrown away, restaurants opened and
    the milestones retired."""
    said = []
    for name, chain in (why.get("chains") or {}).items():
        if chain.get("kept"):
            said.append(f"{name} kept {goods(chain['kept'])} in the freezer")
        if chain.get("thrown"):
            said.append(f"{name} threw away {goods(chain['thrown'])}")
    if why.get("opened"):
        said.append(f"{listed([restaurant(state, r) for r in why['opened']])} opened")
    if why.get("milestones_retired"):
        retired = [f"“{milestone_name(m)}”" for m in why["milestones_retired"]]
        said.append(f"the milestones {listed(retired)} were claimed this turn: no one else can "
                    "claim them now")  # fmt: skip
    said.append("every card not busy on a campaign went back to its chain's hand")
    return said


REASONS = {
    f"fcm.{say.__name__}": say
    for say in (house_served, dinnertime_ended, bank_broke, forbidden_fired, salaries_paid,
                campaign_ran, cleaned_up)
}  # fmt: skip
