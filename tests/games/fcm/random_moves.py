"""What a random player of Food Chain Magnate may try: for each event type a table records, a
few payloads drawn from the state with a seeded rng.

`moves(state, awaiting, rng, memory)` yields a `Move` of each awaited type for each awaited
player, in the order the player tries them. The payloads are drawn from what the chain holds
and what is on the map, so that most are legal and every phase is reached often; none is
judged here: `evolve` judges each one. The working moves are in random_working.py.

Sealed choices are sealed as a player's device seals them (games/sealed.py): the move keeps
the choice and its nonce (`Move.keep`), which the walk adds to `Memory.sealed` once the seal
is recorded, and the reveal reads it from there.
"""

import itertools
from dataclasses import dataclass, field
from typing import NamedTuple

from games.fcm.cards.employees import ceo_of, is_manager, slots
from games.fcm.data import EMPLOYEES, GOODS
from games.fcm.map.board import board_of
from games.fcm.map.pieces import entrance_square
from games.fcm.turn.payday import can_pay, salaries
from games.fcm.turn.restructuring import fits, in_hand
from games.sealed import seal
from tests.games.fcm.random_working import WORKING, path_to, restaurant_spots, some

# each awaited type's weight, when several are: the actions of a working in their fixed
# order (FCM-WORK-3), the earlier ones more often, so that a chain does more than one
TABLES_WORD = {"fcm.nobody_fired"}  # no player's: the table's recorder records it, as admin
WEIGHTS = {
    "fcm.recruited": 40,
    "fcm.trained": 20,
    "fcm.campaign_placed": 15,
    "fcm.food_taken": 8,
    "fcm.drinks_taken": 6,
    "fcm.drinks_collected": 6,
    "fcm.house_placed": 4,
    "fcm.garden_added": 3,
    "fcm.restaurant_placed": 3,
    "fcm.restaurant_moved": 2,
    "fcm.working_ended": 1,
}
RESERVE = {100: 3, 200: 1, 300: 1}  # the reserve cards as the player likes them: the $100
# one most, so that the bank breaks again sooner
TASTES = (1, 1, 2, 4, 8)  # how much a chain may like hiring each entry-level card
ENTRY_LEVEL = sorted(card for card, e in EMPLOYEES.items() if e.get("entry_level"))
TRAINED = sorted(card for card, e in EMPLOYEES.items() if card != "ceo" and not e["entry_level"])
# the cards far up the paths whose actions are rare, one of which each chain aims for: the CFO
# (and the $100 milestone that forbids it), restaurants, houses, radios
FAR = ("cfo", "local_manager", "regional_manager", "new_business_developer", "brand_director")


class Move(NamedTuple):
    type: str
    player: str
    payload: dict
    keep: tuple | None = None  # (kind, choice, nonce) of a sealed choice, kept once recorded


@dataclass
class Memory:
    """What the players keep to themselves: each sealed choice with its nonce, `{(player,
    "reserve" | "structure" | "firing"): (choice, nonce)}`; and each chain's taste, drawn
    when it first hires or trains: how much it likes hiring each entry-level card (some
    chains hoard waitresses, others trainers or cooks), and the cards it trains towards."""

    sealed: dict = field(default_factory=dict)
    tastes: dict = field(default_factory=dict)
    aims: dict = field(default_factory=dict)

    def likes(self, player: str, rng) -> dict[str, int]:
        if player not in self.tastes:
            self.tastes[player] = {card: rng.choice(TASTES) for card in ENTRY_LEVEL}
        return self.tastes[player]

    def wishes(self, player: str, rng) -> list[str]:
        if player not in self.aims:
            self.aims[player] = [rng.choice(FAR), *rng.sample(TRAINED, 2)]
        return self.aims[player]


def moves(state: dict, awaiting: dict, rng, memory: Memory):
    """The moves for what `awaiting` names, in the order the random player tries them: each
    awaited type for each awaited player in a weighted random order (`WEIGHTS`), and the
    payloads drawn for it, only once it is its turn to be tried, in a weighted random order
    within it."""
    kinds = [(t, a.removeprefix("player:")) for a in awaiting["from"] for t in awaiting["types"]]
    for type_name, player in weighted(kinds, lambda kind: WEIGHTS.get(kind[0], 1), rng):
        drawn = MOVES[type_name](state, player, rng, memory)
        for _, payload, keep in weighted(drawn, lambda move: move[0], rng):
            mine = {} if type_name in TABLES_WORD else {"player": player}
            yield Move(type_name, player, {**mine, **payload}, keep)


def weighted(items: list, weight, rng) -> list:
    """`items` in a random order in which each comes first as often as its weight says."""
    return sorted(items, key=lambda item: rng.random() ** (1 / weight(item)), reverse=True)


def sealed(kind: str, choice, rng) -> tuple[dict, tuple]:
    """The payload of a seal of `choice`, and what the device keeps to reveal it."""
    nonce = f"{rng.getrandbits(128):032x}"
    return {"commitment": seal(choice, nonce)}, (kind, choice, nonce)


def revealed(kind: str, field_name: str):
    """The reveal of the choice the player sealed, as the device kept it."""

    def reveal(state, player, rng, memory):
        if (player, kind) not in memory.sealed:
            return []
        choice, nonce = memory.sealed[(player, kind)]
        return [(1, {field_name: choice, "nonce": nonce}, None)]

    return reveal


# --- setup ----------------------------------------------------------------------------------


def starting_restaurant(state, player, rng, memory):
    """Places not on the tile of another restaurant's entrance (FCM-SETUP-8)."""
    board = board_of(state["board"])
    doors = {board.tile_of(entrance_square(r)) for r in state["board"]["restaurants"]}
    spots = [s for s in restaurant_spots(state) if board.tile_of(entrance_square(s)) not in doors]
    return [(1, spot, None) for spot in some(rng, spots)]


def passing(state, player, rng, memory):
    return [(1, {}, None)]


def reserve_sealed(state, player, rng, memory):
    return [(weight, *sealed("reserve", money, rng)) for money, weight in RESERVE.items()]


# --- restructuring and order of business ----------------------------------------------------


def pyramid(state: dict, player: str, rng, memory) -> dict:
    """A random legal structure: cards of the hand (most often all but those the chain
    trains towards its aims, which stay on the beach), managers under the CEO, the others in
    the free slots of the CEO and the managers (FCM-RESTR-2)."""
    chain = state["chains"][player]
    aims = memory.wishes(player, rng)
    hand = [c for c in in_hand(chain)
            if not any(path_to(c["card"], aim) for aim in aims) or rng.random() < 0.2]  # fmt: skip
    chosen = rng.sample(hand, len(hand) if rng.random() < 0.5 else rng.randint(0, len(hand)))
    ceo, ceo_slots = ceo_of(chain)["id"], state["bank"]["ceo_slots"]
    managers = [c for c in chosen if is_manager(c)][: rng.randint(0, ceo_slots)]
    structure = dict.fromkeys((m["id"] for m in managers), ceo)
    bosses = [ceo] * (ceo_slots - len(managers))
    bosses += [m["id"] for m in managers for _ in range(slots(m))]
    rng.shuffle(bosses)
    staff = [c for c in chosen if not is_manager(c)]
    for card, boss in zip(staff, bosses, strict=False):
        structure[card["id"]] = boss
    return structure


def structures(state: dict, player: str, rng, memory) -> list[dict]:
    """A few pyramids, and now and then the whole hand under the CEO where it fits no other
    way: too many cards send all but the CEO to the beach (FCM-RESTR-3)."""
    found = [pyramid(state, player, rng, memory) for _ in range(3)]
    hand = {card["id"]: card for card in in_hand(state["chains"][player])}
    everyone = dict.fromkeys(hand, ceo_of(state["chains"][player])["id"])
    if rng.random() < 0.2 and not fits(state, hand, everyone):
        found.append(everyone)
    return found


def structure_chosen(state, player, rng, memory):
    return [(1, {"structure": s}, None) for s in structures(state, player, rng, memory)]


def structure_sealed(state, player, rng, memory):
    return [(1, *sealed("structure", s, rng)) for s in structures(state, player, rng, memory)]


def turn_order_picked(state, player, rng, memory):
    picked = state["order_of_business"]["picked"]
    return [(1, {"place": place}, None) for place, who in enumerate(picked, 1) if who is None]


# --- payday and cleanup ---------------------------------------------------------------------


def firings(state: dict, player: str, rng) -> list[tuple[float, list[str]]]:
    """Whom a chain fires, each with its weight: nobody most often, or a card or two it may
    fire (FCM-PAY-1); and for a chain that cannot pay, the smallest sets of salaried cards
    that let it (`smallest_firings`). Once every chain has fired, a chain still short fires
    again, the smallest sets only."""
    chain = state["chains"][player]
    firable = [c["id"] for c in chain["cards"] if c["place"] != "busy" and c["card"] != "ceo"]
    again = player in state["payday"]["fired"]
    found = []
    if not again:
        found.append((6, []))
        if firable:
            found += [(0.5, some(rng, firable, rng.randint(1, 2))) for _ in range(2)]
    if not can_pay(state, player):
        smallest = smallest_firings(state, player, rng, busy_too=again)
        found += [(3 / len(smallest), ids) for ids in smallest]
    return found


def smallest_firings(state: dict, player: str, rng, busy_too: bool) -> list[list[str]]:
    """Some of the smallest sets of salaried cards whose firing lets the chain pay (FCM-PAY-1,
    FCM-PAY-2): none of smaller size does, so without any one card of a set the chain could
    not pay. Busy marketeers only where the other salaried cards are too few, and only when
    `busy_too` (the firing of a chain still short once every chain has fired); before that,
    where the others are too few, all of them."""
    paid = salaries(state, player)["cards"]
    busy = {c["id"] for c in state["chains"][player]["cards"] if c["place"] == "busy"}
    idle = tuple(card for card in paid if card not in busy)
    if not can_pay(state, player, idle):
        if not busy_too:
            return [list(idle)]
        idle = tuple(paid)  # the busy marketeers too: nothing else is left to let it pay
    for count in range(1, len(idle) + 1):
        sets = itertools.islice(itertools.combinations(idle, count), 2000)
        paying = [list(ids) for ids in sets if can_pay(state, player, ids)]
        if paying:
            return some(rng, paying)
    return [list(idle)]


def fired(state, player, rng, memory):
    return [(w, {"cards": ids}, None) for w, ids in firings(state, player, rng)]


def firing_sealed(state, player, rng, memory):
    return [(w, *sealed("firing", ids, rng)) for w, ids in firings(state, player, rng)]


def freezer_filled(state, player, rng, memory):
    """Up to ten of the chain's goods, at random (FCM-CLEAN-1)."""
    goods = [good for good, n in state["chains"][player]["goods"].items() for _ in range(n)]
    drawn = []
    for _ in range(3):
        kept = dict.fromkeys(GOODS, 0)
        for good in rng.sample(goods, rng.randint(0, min(10, len(goods)))):
            kept[good] += 1
        drawn.append((1, {"kept": kept}, None))
    return drawn


MOVES = {
    "fcm.starting_restaurant_placed": starting_restaurant,
    "fcm.starting_restaurant_passed": passing,
    "fcm.reserve_card_sealed": reserve_sealed,
    "fcm.reserve_card_revealed": revealed("reserve", "money"),
    "fcm.structure_chosen": structure_chosen,
    "fcm.structure_sealed": structure_sealed,
    "fcm.structure_revealed": revealed("structure", "structure"),
    "fcm.turn_order_picked": turn_order_picked,
    **WORKING,
    "fcm.fired": fired,
    # the table's word for every chain that can pay, recorded as admin (TABLES_WORD)
    "fcm.nobody_fired": lambda state, player, rng, memory: [(1, {}, None)],
    "fcm.firing_sealed": firing_sealed,
    "fcm.firing_revealed": revealed("firing", "cards"),
    "fcm.freezer_filled": freezer_filled,
}
