"""Food and drinks in working (FCM-FOOD-1 to 4): each kitchen card and drink buyer at work
takes its goods once a turn, into the chain's one stock, which serves all its restaurants
(FCM-FOOD-4).

- `fcm.food_taken`: a kitchen card takes what it prints (burger cook 3 burgers, chef 8; pizza
  cook and chef likewise); a kitchen trainee 1 burger or 1 pizza, the event's `food`
  (FCM-FOOD-1).
- `fcm.drinks_taken`: an errand boy takes 1 drink of the type named, 2 with the first errand
  boy milestone (FCM-FOOD-2).
- `fcm.drinks_collected`: a cart operator, truck driver or zeppelin pilot follows the route
  the table gives; the engine counts the drinks (FCM-FOOD-3).

A road route (carts, trucks) is the road squares driven over, in order. The first is a road
square orthogonally beside an entrance of one of the chain's open restaurants (any corner
while a local or regional manager makes them drive-ins); stepping onto it from an entrance
on another tile is a tile crossing, as for every range. Each next square is an orthogonal
neighbour whose road joins the last (roads.roads_join; a bridge is crossed straight), never
the square just left (no U-turn); squares and tiles may be passed again. The route crosses
at most the card's range in tile borders. A drink source is passed when it is orthogonally
beside a square of the route, either side of the road, on any tile (a source beside the
entrance only is not); each source passed gives the card's drinks per source once a route.

An air route (zeppelins) is the tiles flown over, `[tile row, tile col]`, in order, from the
tile of an entrance; each next tile orthogonally beside the last, none twice, at most the
range in tile crossings (4: five tiles with the start). Every drink source on every tile of
the route, the start tile included, gives the card's drinks per source.

The working record keeps each card's take in `food_and_drinks`: `{"card", "took": {good:
count}, "route": the route given or null}`; a card acts once a turn.
"""

from games.errors import RuleViolation
from games.fcm.cards.employees import has_drive_ins, holds
from games.fcm.data import EMPLOYEES
from games.fcm.map.board import Board, board_of
from games.fcm.map.pieces import entrance_squares
from games.fcm.map.placement import refusal
from games.fcm.map.roads import AXIS, crossings, node_entered, road_graph, roads_join
from games.fcm.turn.working import start_action

MORE_DRINKS = "first_errand_boy"  # errand boys 2 drinks, other buyers 1 more per source
LONGER_ROUTES = "first_cart_operator"  # carts, trucks and zeppelins 1 more tile crossing
FOOD_KEYS = {"burger": "burgers", "pizza": "pizzas"}


def take_food(state: dict, event: dict) -> None:
    """A kitchen card at work takes the food it prints (FCM-FOOD-1) into the stock."""
    payload = event["payload"]
    player, food = payload["player"], payload["food"]
    working = start_action(state, event, player)
    chain = state["chains"][player]
    cook = _card_at_work(chain, working, payload["cook"], "produce", "FCM-FOOD-1")
    action = EMPLOYEES[cook["card"]]["action"]
    printed = {good: action[key] for good, key in FOOD_KEYS.items() if action[key]}
    if food not in printed:
        [(good, count)] = printed.items()
        raise RuleViolation(
            "FCM-FOOD-1",
            f"a {cook['card']} takes {count} {good}(s), not {food}: record food {good}",
        )
    _stock(chain, working, cook["id"], {food: printed[food]})


def take_drinks(state: dict, event: dict) -> None:
    """An errand boy at work takes one drink of any type, two of one type with the first
    errand boy milestone (FCM-FOOD-2)."""
    payload = event["payload"]
    player = payload["player"]
    working = start_action(state, event, player)
    chain = state["chains"][player]
    boy = _card_at_work(chain, working, payload["card"], "get_drinks", "FCM-FOOD-2")
    action = EMPLOYEES[boy["card"]]["action"]
    if action["mode"] != "no_route":
        raise RuleViolation(
            "FCM-FOOD-2",
            f"a {boy['card']} collects drinks along a route (fcm.drinks_collected); only an"
            " errand boy takes a drink without one",
        )
    count = (
        action["with_first_errand_boy_milestone"] if holds(chain, MORE_DRINKS) else action["drinks"]
    )
    _stock(chain, working, boy["id"], {payload["drink"]: count})


def collect_drinks(state: dict, event: dict) -> None:
    """A cart operator, truck driver or zeppelin pilot at work follows `route` from one of the
    chain's entrances and collects its drinks per source from every source passed
    (FCM-FOOD-3)."""
    payload = event["payload"]
    player = payload["player"]
    working = start_action(state, event, player)
    chain = state["chains"][player]
    buyer = route_buyer(chain, working, payload["card"])
    action = EMPLOYEES[buyer["card"]]["action"]
    reach, per_source = action["range"]["tiles"], action["drinks_per_source"]
    if holds(chain, LONGER_ROUTES):
        reach = action["range_with_first_cart_operator_milestone"]
    if holds(chain, MORE_DRINKS):
        per_source = action["with_first_errand_boy_milestone"]
    board = board_of(state["board"])
    entrances = _entrances(state, chain, player)
    route = [tuple(square) for square in payload["route"]]
    what = f"a {buyer['card']} (range {reach})"
    if action["mode"] == "road_route":
        sources = drive(board, state["board"], entrances, route, reach, what)
    else:
        sources = fly(board, state["board"], entrances, route, reach, what)
    took: dict[str, int] = {}
    for source in sources:
        drink = board.drink(source)
        took[drink] = took.get(drink, 0) + per_source
    _stock(chain, working, buyer["id"], took, payload["route"])


def drive(board: Board, map_state: dict, entrances, route, reach: int, what: str) -> list:
    """The drink sources a road route passes, each once (FCM-FOOD-3); refuses the route at
    the first square that does not hold."""
    first = route[0]
    beside = [e for e in entrances for side, n in board.neighbours(e) if n == first]
    if not board.is_road(first) or not beside:
        starts = sorted({n for e in entrances for _, n in board.neighbours(e) if board.is_road(n)})
        legal = ", ".join(str(list(s)) for s in starts) or "none: no road touches them"
        raise _bad_square(
            board, map_state, route, 0,
            f"a road route starts on a road square beside an entrance of an open restaurant"
            f" of the chain: {legal}",
        )  # fmt: skip
    failures = []
    for entrance in beside:
        side = next(side for side, n in board.neighbours(entrance) if n == first)
        used = crossings(board, entrance, first)
        failure = _follow_roads(board, node_entered(board, first, side), used, route, reach, what)
        if failure is None:
            return _sources_beside(board, route)
        failures.append(failure)
    index, why = max(failures, key=lambda failure: failure[0])
    raise _bad_square(board, map_state, route, index, why)


def _follow_roads(board: Board, node, used: int, route, reach: int, what: str):
    """(index, why) of the first square of `route` a vehicle on road node `node`, having
    crossed `used` tile borders, cannot drive to, and where it could have gone instead; None
    when the whole route holds."""
    if used > reach:
        return 0, f"stepping onto it from the entrance crosses a tile border, beyond {what}"
    for i in range(1, len(route)):
        here, there = route[i - 1], route[i]
        side = next((side for side, n in board.neighbours(here) if n == there), None)
        came_from = route[i - 2] if i >= 2 else None
        step = crossings(board, here, there)
        why = None
        if side is None:
            why = f"it is not orthogonally beside {list(here)}, the square before"
        elif there == came_from:
            why = f"it turns back to {list(there)}, the square just left: no U-turns"
        elif not board.is_road(there):
            why = "it is not a road square"
        elif node[2] not in ("", AXIS[side]):
            why = f"the bridge at {list(here)} is crossed straight, not turned on"
        elif not roads_join(board, here, there):
            why = f"its road does not join that of {list(here)} across the tile border"
        elif used + step > reach:
            why = f"it is tile crossing {used + step}, beyond {what}"
        if why:
            onward = [
                nxt[:2]
                for nxt, cost in road_graph(board)[node]
                if nxt[:2] != came_from and used + cost <= reach
            ]
            return i, f"{why}; {_legal_from(here, onward)}"
        used += step
        node = node_entered(board, there, side)
    return None


def _legal_from(here, onward, kind: str = "") -> str:
    """What the route could have done at `here` instead: go on to one of `onward`, or stop."""
    ways = "".join(f"{list(square)}, " for square in sorted(onward))
    return f"legal from {kind}{list(here)}: " + (
        f"on to {ways}or stop there" if ways else "stop there"
    )


def _sources_beside(board: Board, route) -> list:
    """The drink sources orthogonally beside a square of the route, each once, in order."""
    sources = []
    for square in route:
        for _, near in board.neighbours(square):
            if board.drink(near) and near not in sources:
                sources.append(near)
    return sources


def fly(board: Board, map_state: dict, entrances, route, reach: int, what: str) -> list:
    """The drink sources on the tiles of an air route (FCM-FOOD-3); refuses the route at the
    first tile that does not hold, saying where it could have gone instead."""
    starts = sorted({board.tile_of(e) for e in entrances})
    if route[0] not in starts:
        legal = ", ".join(str(list(t)) for t in starts)
        why = f"a zeppelin starts on the tile of an entrance: {legal}"
        raise _bad_tile(board, map_state, route, 0, why)
    for i in range(1, len(route)):
        (r, c), here = route[i], route[i - 1]
        why = None
        if not (0 <= r < board.tile_rows and 0 <= c < board.tile_cols):
            why = "it is off the map"
        elif route[i] not in _tiles_beside(board, here):
            why = f"it is not orthogonally beside tile {list(here)}, the tile before"
        elif route[i] in route[:i]:
            why = "the zeppelin has entered it already: never the same tile twice"
        elif i > reach:
            why = f"it is tile crossing {i}, beyond {what}"
        if why:
            onward = [t for t in _tiles_beside(board, here) if t not in route[:i] and i <= reach]
            why = f"{why}; {_legal_from(here, onward, 'tile ')}"
            raise _bad_tile(board, map_state, route, i, why)
    return [sq for tile in route for sq in board.tile_squares(tile) if board.drink(sq)]


def _tiles_beside(board: Board, tile) -> list:
    """The tiles of the map orthogonally beside `tile`."""
    r, c = tile
    near = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
    return [(y, x) for y, x in near if 0 <= y < board.tile_rows and 0 <= x < board.tile_cols]


def _bad_square(board, map_state, route, index: int, why: str) -> RuleViolation:
    square = route[index]
    shown = [square] if board.on_board(square) else []
    message = f"the route does not hold at {list(square)} (square {index + 1}): {why}"
    return refusal("FCM-FOOD-3", message, board, map_state, shown)


def _bad_tile(board, map_state, route, index: int, why: str) -> RuleViolation:
    r, c = route[index]
    on_map = 0 <= r < board.tile_rows and 0 <= c < board.tile_cols
    shown = board.tile_squares((r, c)) if on_map else []
    message = f"the route does not hold at tile {[r, c]} (tile {index + 1}): {why}"
    return refusal("FCM-FOOD-3", message, board, map_state, shown)


def _entrances(state: dict, chain: dict, player: str) -> list:
    """The entrance squares of the chain's open restaurants: every corner while a local or
    regional manager is at work (FCM-REST-3)."""
    drive_in = has_drive_ins(chain)
    open_ = [
        r for r in state["board"]["restaurants"] if r["owner"] == player and r["status"] == "open"
    ]
    if not open_:
        raise RuleViolation("FCM-FOOD-3", f"{player} has no open restaurant to start a route from")
    return [square for r in open_ for square in entrance_squares(r, drive_in)]


def route_buyer(chain: dict, working: dict, card_id: str) -> dict:
    """The chain's card `card_id` at work that collects drinks along a route, not used this
    turn (FCM-FOOD-3); the choices offer these."""
    buyer = _card_at_work(chain, working, card_id, "get_drinks", "FCM-FOOD-3")
    if EMPLOYEES[buyer["card"]]["action"]["mode"] == "no_route":
        raise RuleViolation(
            "FCM-FOOD-3",
            f"a {buyer['card']} takes its drink without a route: record fcm.drinks_taken",
        )
    return buyer


def _card_at_work(chain: dict, working: dict, card_id: str, kind: str, rule: str) -> dict:
    """The chain's card `card_id`, at work, of the action `kind`, not used this turn."""
    card = next((c for c in chain["cards"] if c["id"] == card_id), None)
    if card is None or card["place"] != "work":
        raise RuleViolation(rule, f"{card_id} is not a card of this chain at work")
    if card["card"] == "ceo" or EMPLOYEES[card["card"]]["action"]["type"] != kind:
        named = {"produce": "a kitchen card", "get_drinks": "a drink buyer"}[kind]
        raise RuleViolation(rule, f"{card_id} is not {named}")
    if card_id in working["acted"]:
        raise RuleViolation(rule, f"{card_id} has taken its food or drinks this turn already")
    return card


def _stock(chain: dict, working: dict, card_id: str, took: dict, route=None) -> None:
    """Into the chain's one stock, which serves all its restaurants (FCM-FOOD-4)."""
    for good, count in took.items():
        chain["goods"][good] += count
    working["acted"].append(card_id)
    working["food_and_drinks"].append({"card": card_id, "took": took, "route": route})
