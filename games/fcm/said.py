"""What a Food Chain Magnate step changed, and where the game stands, in words a player reads:
`changes(before, after)` (the game page's "What changed" and each replay step's `changes`)
and `where(state)` (the log's headings, "Turn 3, dinnertime"). Cards by their printed titles,
milestones by their names, restaurants by their squares: no id of the state's is shown.

`changes` compares the two states rather than reading the patch, so it says a house served as
"house 2 took 1 pizza from bob" where the patch has a demand removed and a stock lowered. What
it does not say (the supply's counts, a phase's own bookkeeping) is in the raw patch the page
keeps behind a toggle.
"""

from collections import Counter

from games.fcm.bankruptcy import why as why_bankrupt
from games.fcm.data import CAMPAIGNS, EMPLOYEES, MILESTONES, campaign_type
from games.fcm.sentences import a, card_name, goods, listed, phase_name, plural, square
from games.fcm.turn.sequence import SETUP_PHASES

PLACES = {"hand": "in hand", "work": "at work", "beach": "on the beach", "busy": "busy"}


def where(state: dict) -> str:
    """Where the game stands: "Setup, starting restaurants", "Turn 3, dinnertime"."""
    if state["phase"] in SETUP_PHASES:
        return f"Setup, {phase_name(state['phase'])}"
    if state["phase"] == "over":
        return "The game is over"
    return f"Turn {state['turn']}, {phase_name(state['phase'])}"


def changes(before: dict | None, after: dict) -> list[str]:
    """The step from `before` to `after` in sentences, the table first, then each chain, the
    map and the bank. None before (the creation) says nothing."""
    if before is None or before == after:
        return []
    said = table(before, after)
    stock = {name: goods_moved(before, after, name) for name in after["chains"]}
    for name in after["chains"]:
        said += chain(name, before["chains"].get(name), after["chains"][name])
    said += houses(before["board"], after["board"], stock)
    for name, moved in stock.items():
        said += [f"{name}'s {plural(good)}: {was} → {now}" for good, (was, now) in moved.items()]
    said += restaurants(before["board"], after["board"])
    said += campaigns(before["board"], after["board"])
    said += bank(before["bank"], after["bank"])
    if not said:
        said.append("nothing a player sees: only the phase's own bookkeeping (the raw change "
                    "has it)")  # fmt: skip
    return said


# --- the table: turn, phase, turn order, who acts ---------------------------------------------


def table(before: dict, after: dict) -> list[str]:
    said = []
    if before["turn"] != after["turn"]:
        said.append(f"the turn: {before['turn']} → {after['turn']}")
    if before["phase"] != after["phase"]:
        said.append(f"the phase: {phase_name(before['phase'])} → {phase_name(after['phase'])}")
    if after.get("winner") and before.get("winner") != after["winner"]:
        said.append(f"{after['winner']} won the game")
    if before["turn_order"] != after["turn_order"]:
        said.append(f"the turn order: {', '.join(before['turn_order'])} → "
                    f"{', '.join(after['turn_order'])}")  # fmt: skip
    said += setup(before.get("setup"), after.get("setup"))
    said += picks(before.get("order_of_business"), after.get("order_of_business"))
    said += sealed(before, after)
    worked, works = (before.get("working") or {}), (after.get("working") or {})
    if worked.get("player") and works.get("player") and worked["player"] != works["player"]:
        said.append(f"working now: {works['player']} (after {worked['player']})")
    return said


def setup(before: dict | None, after: dict | None) -> list[str]:
    if not before or not after:
        return []
    said = [f"{name} passed, to place in the second round"
            for name in after["passed"] if name not in before["passed"]]  # fmt: skip
    if after["to_act"] and before["to_act"][:1] != after["to_act"][:1]:
        said.append(f"next to place a starting restaurant: {after['to_act'][0]}")
    return said


def picks(before: dict | None, after: dict | None) -> list[str]:
    """A place taken on the turn order track (FCM-ORDER-1)."""
    if not before or not after:
        return []
    pairs = zip(before["picked"], after["picked"], strict=True)
    return [f"{name} took place {place} on the turn order track"
            for place, (was, name) in enumerate(pairs, 1) if name and name != was]  # fmt: skip


def sealed(before: dict, after: dict) -> list[str]:
    """Choices made face down or in the open, before the phase reveals them."""
    said = []
    restructured, restructuring = before.get("restructuring"), after.get("restructuring")
    for name, record in (restructuring or {}).items() if restructured else ():
        was = restructured.get(name) or {}
        if record["sealed"] and not was.get("sealed"):
            said.append(f"{name}'s structure: chosen face down")
        if record["structure"] and not was.get("structure"):
            said.append(f"{name}'s structure: chosen")
    paid, pays = before.get("payday"), after.get("payday")
    if paid and pays:
        said += [f"{name}'s firing: chosen face down"
                 for name in pays["sealed"] if name not in paid["sealed"]]  # fmt: skip
        said += [f"{name} is done firing" for name in pays["fired"] if name not in paid["fired"]]
    return said


# --- a chain: cash, cards, milestones, reserve --------------------------------------------------


def chain(name: str, before: dict | None, after: dict) -> list[str]:
    if before is None:
        return [f"{name} joined the game"]
    said = []
    if before["cash"] != after["cash"]:
        said.append(f"{name}'s cash: ${before['cash']} → ${after['cash']}")
    said += cards(name, before["cards"], after["cards"])
    claimed = [m["id"] for m in after["milestones"]]
    held = [m["id"] for m in before["milestones"]]
    said += [f"{name} claimed the milestone “{MILESTONES[m]['name']}”"
             for m in claimed if m not in held]  # fmt: skip
    said += [f"{name} no longer holds the milestone “{MILESTONES[m]['name']}”"
             for m in held if m not in claimed]  # fmt: skip
    if before["unused_hires"] != after["unused_hires"]:
        said.append(f"{name}'s hires left unused: {before['unused_hires']} → "
                    f"{after['unused_hires']}")  # fmt: skip
    said += reserve(name, before["reserve"], after["reserve"])
    if after.get("bankrupt") and not before.get("bankrupt"):
        said.append(why_bankrupt(name, after["bankrupt"]) + ": out of the game")
    return said


def reserve(name: str, before: dict, after: dict) -> list[str]:
    if after["revealed"] is not None and before["revealed"] is None:
        return [f"{name}'s reserve card turned up: ${after['revealed']}"]
    if after["commitment"] and not before["commitment"]:
        return [f"{name}'s reserve card: chosen face down"]
    if before["commitment"] and not after["commitment"]:
        return [f"{name}'s reserve card: not chosen"]
    return []


def cards(name: str, before: list[dict], after: list[dict]) -> list[str]:
    """Cards that joined or left the chain, a trainee that became what it trained into, and
    cards that moved (to work, the beach, a campaign, back in hand), like moves together."""
    was = {card["id"]: card for card in before}
    now = {card["id"]: card for card in after}
    left = [was[i] for i in was if i not in now]
    joined = [now[i] for i in now if i not in was]
    said = []
    for card in joined:
        trainee = next((c for c in left if trains_into(c["card"], card["card"])), None)
        if trainee is not None:
            left.remove(trainee)
            said.append(f"{name}'s {card_name(trainee['card'])} became "
                        f"{a(card_name(card['card']))}, {place(card, now)}")  # fmt: skip
        else:
            said.append(f"{a(card_name(card['card']))} joined {name}'s chain, {place(card, now)}")
    said += [f"{name}'s {card_name(card['card'])} left the chain" for card in left]
    moves: dict[tuple[str, str], list[str]] = {}
    for card_id, card in now.items():
        old = was.get(card_id)
        if old is not None and place(old, was) != place(card, now):
            moves.setdefault((place(old, was), place(card, now)), []).append(card["card"])
    for (was_at, now_at), kinds in moves.items():
        said.append(f"{name}'s {counted(kinds)}: {was_at} → {now_at}")
    return said


def trains_into(trainee: str, trained: str) -> bool:
    """Whether `trained` is reachable from `trainee` by training, in one step or several."""
    seen, todo = set(), [trainee]
    while todo:
        for card in EMPLOYEES.get(todo.pop(), {}).get("trains_into", []):
            if card == trained:
                return True
            if card not in seen:
                seen.add(card)
                todo.append(card)
    return False


def place(card: dict, held: dict) -> str:
    """Where a card is, in words: "at work under the CEO", "busy with campaign 9"."""
    if card["place"] == "busy" and card.get("campaign") is not None:
        return f"busy with campaign {card['campaign']}"
    boss = held.get(card.get("boss") or "")
    if card["place"] == "work" and boss is not None:
        return f"at work under {a(card_name(boss['card']))}"
    return PLACES.get(card["place"], card["place"])


def counted(kinds: list[str]) -> str:
    """ "Waitress, 2 Kitchen Trainees and CFO": titles, counted where a kind repeats."""
    counts = Counter(kinds)
    return listed([card_name(k) if n == 1 else f"{n} {plural(card_name(k))}"
                   for k, n in counts.items()])  # fmt: skip


def goods_moved(before: dict, after: dict, name: str) -> dict[str, tuple[int, int]]:
    """A chain's stock that changed: good -> (was, now)."""
    was = (before["chains"].get(name) or {}).get("goods", {})
    now = after["chains"][name]["goods"]
    return {good: (was.get(good, 0), n) for good, n in now.items() if was.get(good, 0) != n}


# --- the map: houses, restaurants, campaigns ---------------------------------------------------


def houses(before: dict, after: dict, stock: dict) -> list[str]:
    """New houses and gardens, and demand: a house's order that a chain's stock paid for is
    "took ... from <chain>" (and that stock is said here, not again)."""
    was = {house["number"]: house for house in before["houses"]}
    said = []
    for house in after["houses"]:
        number, old = house["number"], was.get(house["number"])
        if old is None:
            garden = f", its garden to the {house['garden']}" if house.get("garden") else ""
            said.append(f"house {number} was built at {square(house['top_left'])}{garden}")
            continue
        if house.get("garden") and not old.get("garden"):
            said.append(f"house {number} got a garden, to the {house['garden']}")
        wanted, wants = Counter(old["demand"]), Counter(house["demand"])
        if wanted == wants:
            continue
        taken = wanted - wants
        seller = supplier(taken, stock) if taken and not wants - wanted else None
        if seller is not None:
            said.append(f"house {number} took {goods(taken)} from {seller}")
        else:
            said.append(f"house {number}'s demand: {goods(wanted) if wanted else 'nothing'} → "
                        f"{goods(wants) if wants else 'nothing'}")  # fmt: skip
    said += [f"house {number} is gone from the map" for number in was
             if number not in {h["number"] for h in after["houses"]}]  # fmt: skip
    return said


def supplier(taken: Counter, stock: dict) -> str | None:
    """The one chain whose stock fell by exactly what a house took; that fall is then said."""
    sellers = [name for name, moved in stock.items()
               if all(moved.get(good, (0, 0))[0] - moved.get(good, (0, 0))[1] == n
                      for good, n in taken.items())]  # fmt: skip
    if len(sellers) != 1:
        return None
    for good in taken:
        del stock[sellers[0]][good]
    return sellers[0]


def restaurants(before: dict, after: dict) -> list[str]:
    was = {r["id"]: r for r in before["restaurants"]}
    said = []
    for restaurant in after["restaurants"]:
        old = was.get(restaurant["id"])
        owner, at = restaurant["owner"], square(restaurant["top_left"])
        if old is None:
            soon = ", coming soon" if restaurant["status"] != "open" else ""
            said.append(f"{owner} placed a restaurant at {at}, entrance "
                        f"{restaurant['entrance']}{soon}")  # fmt: skip
            continue
        if old["top_left"] != restaurant["top_left"] or old["entrance"] != restaurant["entrance"]:
            said.append(f"{owner}'s restaurant moved from {square(old['top_left'])} to {at}, "
                        f"entrance {restaurant['entrance']}")  # fmt: skip
        if old["status"] != restaurant["status"]:
            said.append(f"{owner}'s restaurant at {at}: {old['status'].replace('_', ' ')} → "
                        f"{restaurant['status'].replace('_', ' ')}")  # fmt: skip
        if old.get("drive_in") != restaurant.get("drive_in"):
            drive_in = "is a drive-in" if restaurant["drive_in"] else "is no longer a drive-in"
            said.append(f"{owner}'s restaurant at {at} {drive_in}")
    now = {r["id"] for r in after["restaurants"]}
    said += [f"{r['owner']}'s restaurant at {square(r['top_left'])} is gone from the map"
             for i, r in was.items() if i not in now]  # fmt: skip
    return said


def campaigns(before: dict, after: dict) -> list[str]:
    was = {c["number"]: c for c in before["campaigns"]}
    said = []
    for campaign in after["campaigns"]:
        number, old = campaign["number"], was.get(campaign["number"])
        what = f"campaign {number} ({kind(number)} for {campaign['product']})"
        if old is None:
            runs = campaign["remaining"]
            lasting = (
                "for good" if campaign.get("eternal") else f"{runs} run{'' if runs == 1 else 's'}"
            )
            said.append(f"{campaign['owner']} started {what}, {lasting}")
        elif old["remaining"] != campaign["remaining"] and not campaign.get("eternal"):
            said.append(f"{what}: {old['remaining']} → {campaign['remaining']} runs left")
    now = {c["number"] for c in after["campaigns"]}
    said += [f"campaign {n} ({kind(n)} for {c['product']}) is over"
             for n, c in was.items() if n not in now]  # fmt: skip
    return said


def kind(number: int) -> str:
    return campaign_type(number) if number in CAMPAIGNS else "campaign"


def bank(before: dict, after: dict) -> list[str]:
    said = []
    if before["cash"] != after["cash"]:
        said.append(f"the bank: ${before['cash']} → ${after['cash']}")
    if before["breaks"] != after["breaks"]:
        said.append(f"the bank's breaks: {before['breaks']} → {after['breaks']}")
    if before["ceo_slots"] != after["ceo_slots"]:
        said.append(f"the CEO's slots: {before['ceo_slots']} → {after['ceo_slots']}")
    if before.get("shortfall") != after.get("shortfall"):
        said.append(f"what the broken bank paid without having it: ${before.get('shortfall') or 0}"
                    f" → ${after.get('shortfall') or 0}")  # fmt: skip
    return said
