"""The working moves of the random player (random_moves.py): recruiting, training, campaigns,
food and drinks, houses and gardens, restaurants (FCM-WORK-3), and the places on the map each
piece might go.

Each generator is `(state, player, rng, memory) -> [(weight, payload, keep)]`, the payload
without its player. The places offered are empty and beside a road where the piece needs one,
read from sets of squares; whether a place is in range, and everything else, `evolve` judges.
"""

import functools
from collections import Counter

from games.fcm.cards.employees import has_drive_ins, holds
from games.fcm.data import CAMPAIGNS, EMPLOYEES, GOODS, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.pieces import (
    CORNERS,
    GARDEN_SIDES,
    block,
    entrance_square,
    entrance_squares,
    garden_squares,
    house_squares,
    occupied,
    what_is_on,
)
from games.fcm.map.roads import crossings, roads_join
from games.fcm.turn.working import hires

DRINKS = ("beer", "lemonade", "soda")
FOODS = {"burger": "burgers", "pizza": "pizzas"}  # a kitchen card's food and its field
TRIES = 6  # payloads drawn where there are many
STEPS = {(-1, 0): "N", (1, 0): "S", (0, -1): "W", (0, 1): "E"}


def some(rng, items, count=TRIES) -> list:
    items = list(items)
    return rng.sample(items, min(count, len(items)))


def acting(state: dict, player: str, kinds: tuple[str, ...]) -> list[dict]:
    """The chain's cards at work of an action of `kinds` that have not acted this turn."""
    acted = state["working"]["acted"]
    return [c for c in state["chains"][player]["cards"]
            if c["place"] == "work" and c["card"] != "ceo" and c["id"] not in acted
            and EMPLOYEES[c["card"]]["action"]["type"] in kinds]  # fmt: skip


def wanted(state: dict) -> Counter:
    """The demand on the map's houses, good by good."""
    return Counter(good for house in state["board"]["houses"] for good in house["demand"])


# --- where pieces may go --------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def ground(board) -> tuple[frozenset, frozenset]:
    """The squares of the board nothing is printed on, and the squares beside a road."""
    bare = frozenset(sq for sq in board.squares() if what_is_on(board, {}, sq) is None)
    roads = [sq for sq in board.squares() if board.is_road(sq)]
    return bare, frozenset(n for sq in roads for _, n in board.neighbours(sq))


def free_map(state: dict, lifted: str | None = None):
    """The board, its empty squares now (`lifted`: a restaurant picked up, its squares
    empty) and the squares beside a road."""
    map_state = dict(state["board"])
    map_state["restaurants"] = [r for r in map_state["restaurants"] if r["id"] != lifted]
    board = board_of(map_state)
    bare, beside_road = ground(board)
    return board, bare - occupied(map_state).keys(), beside_road


def restaurant_spots(state: dict, lifted: str | None = None) -> list[dict]:
    """Every top-left square and entrance where a restaurant sits on empty squares with its
    entrance beside a road."""
    _, free, beside_road = free_map(state, lifted)
    spots = []
    for square in sorted(free):
        if all(sq in free for sq in block(square, 2, 2)):
            for corner in CORNERS:
                spot = {"top_left": list(square), "entrance": corner}
                if entrance_square(spot) in beside_road:
                    spots.append(spot)
    return spots


def campaign_spots(state: dict, size, product: str, rng, free_now) -> list[dict]:
    """A few empty places beside a road for a tile of `size`, either way round (FCM-MKT-3):
    some beside a house that wants nothing or `product` (where a billboard reaches it, and an
    order the chain might serve), one anywhere. `free_now` is `free_map(state)`."""
    board, free, beside_road = free_now
    houses = [h for h in state["board"]["houses"] if set(h["demand"]) <= {product}]
    beside = {n for h in houses for sq in house_squares(h) for _, n in board.neighbours(sq)}
    shapes = sorted({tuple(size), tuple(size)[::-1]})
    near = {(r - dr, c - dc, shape) for r, c in beside & free
            for shape in shapes for dr in range(shape[0]) for dc in range(shape[1])}  # fmt: skip
    anywhere = {(*square, shape) for square in some(rng, sorted(free), 30) for shape in shapes}
    spots = []
    for found in (some(rng, sorted(near), 30), some(rng, sorted(anywhere), 30)):
        fitting = [{"top_left": [r, c], "size": list(shape)} for r, c, shape in found
                   if all(sq in free for sq in block((r, c), *shape))
                   and any(sq in beside_road for sq in block((r, c), *shape))]  # fmt: skip
        spots += fitting[:2]
    return spots


def house_spots(state: dict) -> list[dict]:
    """Every place for a new house with its garden: empty, beside a road (FCM-HOUSE-1)."""
    _, free, beside_road = free_map(state)
    spots = []
    for square in sorted(free):
        for side in GARDEN_SIDES:
            squares = block(square, 2, 2) + garden_squares(square, side)
            if all(sq in free for sq in squares) and any(sq in beside_road for sq in squares):
                spots.append({"top_left": list(square), "garden": side})
    return spots


# --- the moves ------------------------------------------------------------------------------


def recruited(state, player, rng, memory):
    """A few hirings of up to the chain's hires, the more the likelier, the cards as the
    chain likes them."""
    free, paid = hires(state["chains"][player])
    stock = state["supply"]["employees"]
    entry = sorted(card for card, n in stock.items() if n and EMPLOYEES[card]["entry_level"])
    likes = memory.likes(player, rng)
    weights = [likes[card] for card in entry]
    return [(1 + 3 * size, {"cards": rng.choices(entry, weights, k=size) if entry else []}, None)
            for size in some(rng, range(free + paid + 1), 4)]  # fmt: skip


def trained(state, player, rng, memory):
    """Each trainer's steps along the printed paths: towards a card the chain wishes for
    most often (so that the cards far up the paths come into play), else anywhere, for one
    or more cards on the beach."""
    beach = [c for c in state["chains"][player]["cards"]
             if c["place"] == "beach" and c["id"] not in state["working"]["trained"]]  # fmt: skip
    wishes = memory.wishes(player, rng)
    drawn = []
    for trainer in acting(state, player, ("train",)) if beach else []:
        action = EMPLOYEES[trainer["card"]]["action"]
        for aim in (wishes, wishes, ()):
            steps, budget = [], rng.randint(1, action["train_actions"])
            for card in rng.sample(beach, min(budget, len(beach))):
                path = towards(card["card"], aim, rng)[: action["max_steps_on_same_card"]]
                steps += [{"card": card["id"], "into": into} for into in path[:budget]]
                budget -= len(path[:budget])
            if steps:
                drawn.append((1, {"trainer": trainer["id"], "steps": steps}, None))
    return drawn


def towards(card: str, aims, rng) -> list[str]:
    """The printed path from `card` to the first of `aims` it leads to, else a random one."""
    for aim in aims:
        path = path_to(card, aim)
        if path:
            return list(path)
    path = []
    while EMPLOYEES[card]["trains_into"] and rng.random() < 0.7:
        card = rng.choice(EMPLOYEES[card]["trains_into"])
        path.append(card)
    return path


@functools.cache
def path_to(card: str, aim: str) -> tuple[str, ...]:
    """The cards a training path goes through from `card` to `aim`, `aim` last; () if none."""
    for onward in EMPLOYEES[card]["trains_into"]:
        if onward == aim:
            return (aim,)
        rest = path_to(onward, aim)
        if rest:
            return (onward, *rest)
    return ()


def campaign_placed(state, player, rng, memory):
    """Each marketeer's campaigns of its kinds, of a product the chain brings in most often,
    beside a house that wants it most often, any duration the marketeer may run."""
    marketeers = acting(state, player, ("marketing",))
    free_now = free_map(state) if marketeers else None
    board = board_of(state["board"])
    drawn = []
    for marketeer in marketeers:
        action = EMPLOYEES[marketeer["card"]]["action"]
        numbers = [n for n in state["supply"]["campaigns"]
                   if campaign_type(n) in action["campaign_types"]]  # fmt: skip
        for number in some(rng, numbers, 3):
            advertised = product(state, player, rng)
            if campaign_type(number) == "airplane":
                lane, edge = CAMPAIGNS[number]["lane"], rng.choice("NESW")
                span = board.height if edge in "WE" else board.width
                places = [{"edge": edge, "start": rng.randint(0, span - lane)} for _ in range(2)]
            else:
                size = CAMPAIGNS[number]["footprint"]
                places = campaign_spots(state, size, advertised, rng, free_now)
            for place in places:
                drawn.append((1, {"marketeer": marketeer["id"], "number": number,
                                  "product": advertised,
                                  "duration": rng.randint(1, action["max_duration"]),
                                  **place}, None))  # fmt: skip
    return drawn


def product(state: dict, player: str, rng) -> str:
    """Most often a food or drink the chain's cards bring in, else any."""
    makes = []
    for card in state["chains"][player]["cards"]:
        action = EMPLOYEES[card["card"]]["action"] if card["card"] != "ceo" else {}
        if action.get("type") == "produce":
            makes += [food for food, key in FOODS.items() if action[key]]
        elif action.get("type") == "get_drinks":
            makes += list(DRINKS)
    return rng.choice(makes) if makes and rng.random() < 0.7 else rng.choice(GOODS)


def food_taken(state, player, rng, memory):
    """Burgers and pizzas from each kitchen card, the more wanted the likelier."""
    demand = wanted(state)
    return [(1 + demand[food], {"cook": cook["id"], "food": food}, None)
            for cook in acting(state, player, ("produce",)) for food in FOODS]  # fmt: skip


def drinks_taken(state, player, rng, memory):
    demand = wanted(state)
    return [(1 + demand[drink], {"card": boy["id"], "drink": drink}, None)
            for boy in acting(state, player, ("get_drinks",))
            if EMPLOYEES[boy["card"]]["action"]["mode"] == "no_route"
            for drink in DRINKS]  # fmt: skip


def drinks_collected(state, player, rng, memory):
    """Random routes for each cart, truck and zeppelin, within the card's range."""
    board = board_of(state["board"])
    chain = state["chains"][player]
    mine = [r for r in state["board"]["restaurants"]
            if r["owner"] == player and r["status"] == "open"]  # fmt: skip
    doors = [sq for r in mine for sq in entrance_squares(r, has_drive_ins(chain))]
    drawn = []
    for buyer in acting(state, player, ("get_drinks",)) if doors else []:
        action = EMPLOYEES[buyer["card"]]["action"]
        if action["mode"] == "no_route":
            continue
        reach = action["range"]["tiles"]
        if holds(chain, "first_cart_operator"):
            reach = action["range_with_first_cart_operator_milestone"]
        route = drive if action["mode"] == "road_route" else fly
        routes = [route(board, doors, reach, rng) for _ in range(3)]
        drawn += [(1, {"card": buyer["id"], "route": route}, None) for route in routes if route]
    return drawn


def drive(board, doors, reach: int, rng) -> list:
    """A random road route from beside an entrance: no U-turn, straight over a bridge,
    stopping before it crosses more than `reach` tile borders (FCM-FOOD-3)."""
    starts = [(door, n) for door in doors for _, n in board.neighbours(door) if board.is_road(n)]
    if not starts:
        return []
    came, here = rng.choice(starts)
    used, route = crossings(board, came, here), [here]
    for _ in range(rng.randint(0, 12)):
        heading = STEPS[(here[0] - came[0], here[1] - came[1])]
        onward = [n for side, n in board.neighbours(here)
                  if board.is_road(n) and n != came and roads_join(board, here, n)
                  and (not board.is_bridge(here) or side == heading)
                  and used + crossings(board, here, n) <= reach]  # fmt: skip
        if not onward:
            break
        there = rng.choice(onward)
        used += crossings(board, here, there)
        came, here = here, there
        route.append(here)
    return [list(square) for square in route]


def fly(board, doors, reach: int, rng) -> list:
    """A random air route: tiles from an entrance's, orthogonal steps, none twice."""
    route = [board.tile_of(rng.choice(doors))]
    for _ in range(rng.randint(0, reach)):
        r, c = route[-1]
        onward = [(r + dr, c + dc) for dr, dc in STEPS
                  if 0 <= r + dr < board.tile_rows and 0 <= c + dc < board.tile_cols
                  and (r + dr, c + dc) not in route]  # fmt: skip
        if not onward:
            break
        route.append(rng.choice(onward))
    return [list(tile) for tile in route]


def house_placed(state, player, rng, memory):
    developers = acting(state, player, ("place_house_or_garden",))
    numbers = state["supply"]["houses"]
    spots = house_spots(state) if developers and numbers else []
    return [(1, {"developer": dev["id"], "number": rng.choice(numbers), **spot}, None)
            for dev in developers for spot in some(rng, spots, 3)]  # fmt: skip


def garden_added(state, player, rng, memory):
    developers = acting(state, player, ("place_house_or_garden",))
    if not developers:
        return []
    _, free, _ = free_map(state)
    sides = [(h["number"], side) for h in state["board"]["houses"] if h["garden"] is None
             for side in GARDEN_SIDES
             if all(sq in free for sq in garden_squares(h["top_left"], side))]  # fmt: skip
    return [(1, {"developer": dev["id"], "house": number, "garden": side}, None)
            for dev in developers for number, side in some(rng, sides, 3)]  # fmt: skip


def restaurant_placed(state, player, rng, memory):
    managers = acting(state, player, ("place_restaurant", "place_or_move_restaurant"))
    spots = restaurant_spots(state) if managers else []
    return [(1, {"manager": m["id"], **spot}, None) for m in managers for spot in some(rng, spots)]


def restaurant_moved(state, player, rng, memory):
    mine = [r["id"] for r in state["board"]["restaurants"] if r["owner"] == player]
    return [(1, {"manager": manager["id"], "restaurant": moved, **spot}, None)
            for manager in acting(state, player, ("place_or_move_restaurant",))
            for moved in some(rng, mine, 1)
            for spot in some(rng, restaurant_spots(state, lifted=moved), 3)]  # fmt: skip


def working_ended(state, player, rng, memory):
    return [(1, {}, None)]


WORKING = {
    "fcm.recruited": recruited,
    "fcm.trained": trained,
    "fcm.campaign_placed": campaign_placed,
    "fcm.food_taken": food_taken,
    "fcm.drinks_taken": drinks_taken,
    "fcm.drinks_collected": drinks_collected,
    "fcm.house_placed": house_placed,
    "fcm.garden_added": garden_added,
    "fcm.restaurant_placed": restaurant_placed,
    "fcm.restaurant_moved": restaurant_moved,
    "fcm.working_ended": working_ended,
}
