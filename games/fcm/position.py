"""A declared starting position: a game that begins from a given state, written in the same
JSON that GET state returns (a table that starts recording at turn 5, a test that needs a
particular board).

The schema has already checked the form; this module checks that the position could stand on
a real table: the map is a legal layout with its printed houses where the tiles print them,
no square holds two pieces, every piece is where its rule lets it be, and the cards, campaign
tiles, houses and gardens add up to what the box put in play.
"""

from collections import Counter

from games.errors import RuleViolation
from games.fcm.board import Board
from games.fcm.cards import is_manager
from games.fcm.data import COMPONENTS, EMPLOYEES, MILESTONES
from games.fcm.layout import check_layout
from games.fcm.payday import check_forbidden_kept
from games.fcm.placement import check_campaign, check_garden, check_new_house, check_restaurant
from games.fcm.restructuring import check_structure
from games.fcm.setup import campaigns_in_play, check_turn_order, employees_in_play

SETUP_PHASES = ("setup_restaurants", "setup_reserve")


def check_position(state: dict) -> None:
    """Refuse a position that is not consistent; each refusal names the rule it breaks."""
    players = state["players"]
    if len(set(players)) != len(players):
        raise RuleViolation("FCM-SETUP-5", f"player names repeat: {players}")
    check_turn_order(players, state["turn_order"])
    if sorted(state["chains"]) != sorted(players):
        raise RuleViolation("FCM-SETUP-5", "there is one chain for each player, named for them")
    map_state = state["board"]
    check_layout(map_state["layout"], len(players))
    board = Board.from_layout(map_state["layout"], map_state["connection"])
    check_houses(board, map_state)
    check_restaurants(board, map_state, players, at_setup=state["phase"] in SETUP_PHASES)
    check_campaigns(board, map_state, players)
    check_supply_of_pieces(state)
    check_cards(state)
    check_bank_and_reserve(state)
    check_setup_rounds(state)
    check_restructuring(state)
    check_order_of_business(state)
    check_working(state)
    check_dinnertime(state)
    check_forbidden_kept(state)


KINDS = ("houses", "restaurants", "campaigns")


def _before(map_state: dict, kind: str, index: int) -> dict:
    """The map as it was before this piece came: the pieces listed before it, houses first,
    then restaurants, then campaigns. Checking each piece against those finds every square
    held twice, and blames the piece that most likely came last."""
    later = KINDS[KINDS.index(kind) + 1 :]
    return {**map_state, kind: map_state[kind][:index], **{k: [] for k in later}}


def check_houses(board: Board, map_state: dict) -> None:
    """Printed houses exactly where the tiles print them; placed houses numbered from the
    house tiles, each with its garden; every garden on free squares; no demand over the cap
    (FCM-SETUP-1, FCM-HOUSE-1, FCM-CAMP-2)."""
    houses = map_state["houses"]
    numbers = [h["number"] for h in houses]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("FCM-HOUSE-1", f"house numbers repeat: {sorted(numbers)}")
    printed = {h["number"]: tuple(h["top_left"]) for h in houses if h["printed"]}
    if printed != board.printed_houses:
        raise RuleViolation(
            "FCM-SETUP-1",
            "the printed houses must be those the tiles print, where they print them",
            {"tiles_print": {str(n): list(sq) for n, sq in board.printed_houses.items()}},
        )
    for index, house in enumerate(houses):
        others = _before(map_state, "houses", index)
        if house["printed"]:
            if house["garden"]:
                bare = {**others, "houses": others["houses"] + [{**house, "garden": None}]}
                check_garden(board, bare, house["number"], house["garden"])
        else:
            if house["number"] not in COMPONENTS["placeable_house_numbers"]:
                raise RuleViolation(
                    "FCM-HOUSE-1", f"house {house['number']} is printed on a tile, not a house tile"
                )
            if not house["garden"]:
                raise RuleViolation("FCM-HOUSE-1", f"house {house['number']} came with a garden")
            check_new_house(board, others, house["top_left"], house["garden"])
        cap = COMPONENTS["demand_cap"]["house_with_garden" if house["garden"] else "house"]
        if len(house["demand"]) > cap:
            raise RuleViolation(
                "FCM-CAMP-2", f"house {house['number']} holds at most {cap} demand tokens"
            )


def check_restaurants(board: Board, map_state: dict, players: list[str], at_setup: bool) -> None:
    """At most three restaurants a chain, each on free squares with its entrance by a road;
    during setup no two entrances on one tile (FCM-SETUP-5, FCM-SETUP-8)."""
    ids = [r["id"] for r in map_state["restaurants"]]
    if len(set(ids)) != len(ids) or any(r["id"].rsplit("-", 1)[0] != r["owner"]
                                        for r in map_state["restaurants"]):  # fmt: skip
        raise RuleViolation(
            "FCM-SETUP-5", f"restaurant ids are <owner>-1 to <owner>-3, once each: {ids}"
        )
    owners = Counter(r["owner"] for r in map_state["restaurants"])
    for owner, count in owners.items():
        if owner not in players:
            raise RuleViolation("FCM-SETUP-5", f"{owner} does not play in this game")
        if count > COMPONENTS["restaurants_per_player"]:
            raise RuleViolation("FCM-SETUP-5", f"{owner} has {count} restaurants; a chain has 3")
    for index, restaurant in enumerate(map_state["restaurants"]):
        if at_setup and restaurant["status"] != "open":
            raise RuleViolation("FCM-SETUP-8", "starting restaurants are open")
        others = _before(map_state, "restaurants", index)
        check_restaurant(
            board,
            others,
            restaurant["top_left"],
            restaurant["entrance"],
            rule="FCM-SETUP-8",
            at_setup=at_setup,
        )


def check_campaigns(board: Board, map_state: dict, players: list[str]) -> None:
    """Each campaign once, owned by a player, placed as its kind must be (FCM-MKT-3,
    FCM-MKT-4)."""
    numbers = [c["number"] for c in map_state["campaigns"]]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("FCM-MKT-1", f"campaign numbers repeat: {sorted(numbers)}")
    for index, campaign in enumerate(map_state["campaigns"]):
        if campaign["owner"] not in players:
            raise RuleViolation("FCM-MKT-1", f"{campaign['owner']} does not play in this game")
        check_campaign(board, _before(map_state, "campaigns", index), campaign)


def check_supply_of_pieces(state: dict) -> None:
    """Campaign tiles, house tiles and gardens are each either in the supply or on the map:
    the campaigns in play for the player count (FCM-SETUP-2), the 8 house tiles and the 8
    gardens (FCM-HOUSE-1)."""
    map_state, supply = state["board"], state["supply"]
    on_map = [c["number"] for c in map_state["campaigns"]]
    in_play = campaigns_in_play(len(state["players"]))
    if sorted(supply["campaigns"] + on_map) != in_play:
        raise RuleViolation(
            "FCM-SETUP-2",
            f"the campaigns in the supply and on the map must be those in play,"
            f" {in_play}, once each",
        )
    placed = [h["number"] for h in map_state["houses"] if not h["printed"]]
    if sorted(supply["houses"] + placed) != sorted(COMPONENTS["placeable_house_numbers"]):
        raise RuleViolation(
            "FCM-HOUSE-1", "each house tile is either in the supply or on the map, once"
        )
    gardens = sum(1 for h in map_state["houses"] if h["printed"] and h["garden"])
    if supply["gardens"] + gardens != COMPONENTS["gardens"]:
        raise RuleViolation(
            "FCM-HOUSE-1",
            f"{supply['gardens']} gardens in the supply and {gardens} on printed houses;"
            f" the box has {COMPONENTS['gardens']}",
        )


def check_cards(state: dict) -> None:
    """Each chain has one CEO, at work (FCM-SETUP-5); every card has an id no other card has,
    and a place its rules allow (FCM-RESTR-2); every employee card in play is in the stock or
    held by a chain, as many as the box puts in play for the player count, and a chain holds
    at most one copy of a top-position card (FCM-SETUP-3); milestones are claimed once each,
    in a turn already played, with no more cards in the supply than the box holds."""
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
        claimed = [m["id"] for m in chain["milestones"]]
        if len(set(claimed)) != len(claimed):
            raise RuleViolation("FCM-MILE-1", f"{name} holds a milestone twice")
        late = [m["id"] for m in chain["milestones"] if m["turn"] > state["turn"]]
        if late:
            raise RuleViolation("FCM-MILE-1", f"{name} claimed {late} in a turn not yet played")
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
        marketeer = cards.get(campaign["marketeer"])
        if marketeer is None or marketeer["campaign"] != campaign["number"]:
            raise RuleViolation(
                "FCM-MKT-1",
                f"campaign {campaign['number']} names {campaign['marketeer']}, which is not"
                f" {name}'s card running it",
            )


def check_bank_and_reserve(state: dict) -> None:
    """Every chain has chosen its reserve card once setup is over (FCM-SETUP-9); cards are face
    up only after the bank broke, and the CEO slot count moves from 3 only then (FCM-BANK-2)."""
    broke = state["bank"]["breaks"] >= 1
    introductory = state["options"]["introductory"]
    if introductory and state["supply"]["milestones"]:
        raise RuleViolation("FCM-MILE-1", "the introductory game is played without milestones")
    for name, chain in state["chains"].items():
        reserve = chain["reserve"]
        if introductory:
            if reserve != {"commitment": None, "revealed": None} or chain["milestones"]:
                raise RuleViolation(
                    "FCM-SETUP-9",
                    f"{name} holds a reserve card or a milestone; the introductory game has none",
                )
            continue
        if state["phase"] not in SETUP_PHASES and reserve["commitment"] is None:
            raise RuleViolation("FCM-SETUP-9", f"{name} has not chosen a reserve card")
        if reserve["revealed"] is not None and not (broke and reserve["commitment"]):
            raise RuleViolation(
                "FCM-BANK-2", f"{name}'s reserve card is face up, but only a broken bank reveals it"
            )
    if not broke and state["bank"]["ceo_slots"] != COMPONENTS["ceo_slots"]:
        raise RuleViolation("FCM-BANK-2", "CEOs have 3 slots until the bank first breaks")


def check_setup_rounds(state: dict) -> None:
    """The starting-restaurant rounds are under way exactly in their phase, and name players
    who have not placed yet (FCM-SETUP-7)."""
    setup = state["setup"]
    if (setup is not None) != (state["phase"] == "setup_restaurants"):
        raise RuleViolation(
            "FCM-SETUP-7", "setup rounds are recorded during setup_restaurants only"
        )
    if setup is None:
        return
    placed = {r["owner"] for r in state["board"]["restaurants"]}
    waiting = setup["to_act"]
    if (
        not waiting
        or len(set(waiting)) != len(waiting)
        or not set(waiting) <= set(state["players"])
    ):
        raise RuleViolation("FCM-SETUP-7", f"players to act {waiting} are not a list of players")
    if set(waiting) & placed or (setup["round"] == 2 and not set(waiting) <= set(setup["passed"])):
        raise RuleViolation("FCM-SETUP-7", f"{waiting} includes players who may not place now")


def check_restructuring(state: dict) -> None:
    """Structures are being chosen exactly in restructuring, one record a chain, each known
    structure a legal one (FCM-TURN-1, FCM-RESTR-1, FCM-RESTR-2)."""
    records = state["restructuring"]
    if (records is not None) != (state["phase"] == "restructuring"):
        raise RuleViolation("FCM-TURN-1", "structures are chosen during restructuring only")
    if records is None:
        return
    if sorted(records) != sorted(state["players"]):
        raise RuleViolation("FCM-RESTR-1", "restructuring keeps one record for each chain")
    for name, record in records.items():
        if record["structure"] is not None:
            check_structure(state, name, record["structure"])


def check_order_of_business(state: dict) -> None:
    """The track is being filled exactly in order of business: each chain picks once, a place
    each (FCM-TURN-1, FCM-ORDER-1, FCM-ORDER-4)."""
    order = state["order_of_business"]
    if (order is not None) != (state["phase"] == "order_of_business"):
        raise RuleViolation("FCM-TURN-1", "places are picked during order of business only")
    if order is None:
        return
    picked = [name for name in order["picked"] if name is not None]
    if (
        len(order["picked"]) != len(state["players"])
        or sorted(picked + order["to_pick"]) != sorted(state["players"])
        or sorted(order["open_slots"]) != sorted(state["players"])
    ):
        raise RuleViolation(
            "FCM-ORDER-4",
            "every chain is on the track or still to pick, once, with a place for each player",
        )


def check_working(state: dict) -> None:
    """A chain is working exactly in working, one of the players, and only its cards have acted
    (FCM-TURN-1, FCM-WORK-1)."""
    working = state["working"]
    if (working is not None) != (state["phase"] == "working"):
        raise RuleViolation("FCM-TURN-1", "a chain works during working only")
    if working is None:
        return
    if working["player"] not in state["players"]:
        raise RuleViolation("FCM-WORK-1", f"{working['player']} does not play in this game")
    cards = {card["id"] for card in state["chains"][working["player"]]["cards"]}
    took = [take["card"] for take in working["food_and_drinks"]]
    strangers = sorted(set(working["acted"]) - cards | (set(took) - set(working["acted"])))
    if strangers:
        raise RuleViolation(
            "FCM-WORK-1",
            f"{', '.join(strangers)} acted this turn, but not as a card of"
            f" {working['player']}'s, who is working",
        )


def check_dinnertime(state: dict) -> None:
    """Dinnertime is being resolved exactly in its phase, payday's firings too, a sealed one
    only by a player of a Deluxe game; a winner is named exactly when the game is over
    (FCM-TURN-1, FCM-PAY-1, FCM-BANK-4)."""
    if (state["dinnertime"] is not None) != (state["phase"] == "dinnertime"):
        raise RuleViolation("FCM-TURN-1", "dinnertime is resolved during dinnertime only")
    if (state["marketing"] is not None) != (state["phase"] == "marketing"):
        raise RuleViolation("FCM-TURN-1", "campaigns run during marketing only")
    if (state["payday"] is not None) != (state["phase"] == "payday"):
        raise RuleViolation("FCM-TURN-1", "firing is recorded during payday only")
    if state["payday"] is not None and state["payday"]["sealed"]:
        if state["options"]["edition"] != "deluxe":
            raise RuleViolation("FCM-PAY-1", "only the Deluxe edition fires sealed")
        strangers = sorted(set(state["payday"]["sealed"]) - set(state["players"]))
        if strangers:
            raise RuleViolation(
                "FCM-PAY-1", f"{', '.join(strangers)} sealed a firing but does not play here"
            )
    if (state["winner"] is not None) != (state["phase"] == "over"):
        raise RuleViolation("FCM-BANK-4", "a winner is named when the game is over, and only then")
    if state["winner"] is not None and state["winner"] not in state["players"]:
        raise RuleViolation("FCM-BANK-4", f"{state['winner']} does not play in this game")
