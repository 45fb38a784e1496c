"""Building in working: houses and gardens (FCM-HOUSE-1), then restaurants placed or moved
(FCM-REST-1 to 3), the last two actions of a chain's working.

- `fcm.house_placed`: a new business developer places the house tile the player chose from
  the supply (the tiles are numbered and the rulebook lets the player choose), with its
  garden, anywhere next to a road on empty squares. The garden comes with the tile: the
  supply's gardens are for printed houses.
- `fcm.garden_added`: a new business developer adds a garden from the supply to a printed
  house without one.
- `fcm.restaurant_placed`: a local manager places one of the chain's restaurants not yet on
  the map, coming soon (it opens at cleanup), within three tile crossings by road of one of
  the chain's open restaurants, counted from any corner (the manager makes them drive-ins);
  by the original rules the route reaches any square of the new restaurant, whose entrance
  may touch another road; by the Deluxe rules it reaches the new entrance. A regional
  manager places one anywhere, open at once and a drive-in.
- `fcm.restaurant_moved`: a regional manager picks up one of the chain's restaurants and puts
  it elsewhere or turns it; it is open at once and a drive-in.

Each card acts once a turn: its id goes into the working record's `acted`.
"""

from games.errors import RuleViolation
from games.fcm.data import EMPLOYEES
from games.fcm.map.board import board_of
from games.fcm.map.pieces import entrance_square, restaurant_squares
from games.fcm.map.placement import check_garden, check_in_range, check_new_house, check_restaurant
from games.fcm.map.roads import nearest_restaurant
from games.fcm.turn.setup import new_restaurant
from games.fcm.turn.working import start_action

RESTAURANTS = 3  # each chain's tiles, `<owner>-1` to `-3` (FCM-SETUP-5)


def place_house(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, number = payload["player"], payload["number"]
    working = start_action(state, event, player)
    developer = acting_card(state, working, payload["developer"], "FCM-HOUSE-1")
    free = state["supply"]["houses"]
    if number not in free:
        listed = ", ".join(map(str, free)) or "none"
        raise RuleViolation(
            "FCM-HOUSE-1", f"house {number} is not in the supply; the free ones: {listed}"
        )
    top_left, garden = payload["top_left"], payload["garden"]
    check_new_house(board_of(state["board"]), state["board"], top_left, garden)
    state["board"]["houses"].append(
        {"number": number, "top_left": list(top_left), "garden": garden, "printed": False,
         "demand": []}
    )  # fmt: skip
    free.remove(number)
    working["acted"].append(developer["id"])


def add_garden(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, number, side = payload["player"], payload["house"], payload["garden"]
    working = start_action(state, event, player)
    developer = acting_card(state, working, payload["developer"], "FCM-HOUSE-1")
    if state["supply"]["gardens"] < 1:
        raise RuleViolation("FCM-HOUSE-1", "no garden is left in the supply")
    check_garden(board_of(state["board"]), state["board"], number, side)
    house = next(h for h in state["board"]["houses"] if h["number"] == number)
    house["garden"] = side
    state["supply"]["gardens"] -= 1
    working["acted"].append(developer["id"])


def place_restaurant(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, top_left, entrance = payload["player"], payload["top_left"], payload["entrance"]
    working = start_action(state, event, player)
    manager = acting_card(state, working, payload["manager"], "FCM-REST-1")
    regional = manager["card"] == "regional_manager"
    rule = "FCM-REST-2" if regional else "FCM-REST-1"
    mine = [r["id"] for r in state["board"]["restaurants"] if r["owner"] == player]
    if len(mine) >= RESTAURANTS:
        raise RuleViolation(
            rule,
            f"all {RESTAURANTS} of {player}'s restaurants are on the map ({', '.join(mine)});"
            " a regional manager may move one",
        )
    board = board_of(state["board"])
    check_restaurant(board, state["board"], top_left, entrance, rule=rule, at_setup=False)
    status = "open" if regional else "coming_soon"
    restaurant = new_restaurant(state["board"], player, top_left, entrance, status)
    if not regional:
        _check_local_range(state, board, player, restaurant)
    restaurant["drive_in"] = regional  # a coming-soon restaurant gets no drive-in sign
    state["board"]["restaurants"].append(restaurant)
    working["acted"].append(manager["id"])


def move_restaurant(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, restaurant_id = payload["player"], payload["restaurant"]
    top_left, entrance = payload["top_left"], payload["entrance"]
    working = start_action(state, event, player)
    manager = acting_card(state, working, payload["manager"], "FCM-REST-2")
    restaurants = state["board"]["restaurants"]
    mine = [r for r in restaurants if r["owner"] == player]
    restaurant = next((r for r in mine if r["id"] == restaurant_id), None)
    if restaurant is None:
        listed = ", ".join(r["id"] for r in mine) or "none"
        raise RuleViolation(
            "FCM-REST-2",
            f"{restaurant_id} is not a restaurant of {player} on the map; theirs: {listed}",
        )
    if restaurant["top_left"] == list(top_left) and restaurant["entrance"] == entrance:
        raise RuleViolation(
            "FCM-REST-2", f"{restaurant_id} is there already: move it elsewhere or turn it"
        )
    lifted = {**state["board"], "restaurants": [r for r in restaurants if r is not restaurant]}
    board = board_of(state["board"])
    check_restaurant(board, lifted, top_left, entrance, rule="FCM-REST-2", at_setup=False)
    restaurant.update(top_left=list(top_left), entrance=entrance, status="open", drive_in=True)
    working["acted"].append(manager["id"])


def acting_card(state: dict, working: dict, card_id: str, rule: str) -> dict:
    """The card of the working chain at work whose action this is, of the kind the action
    needs, not yet used this turn; the choices offer these."""
    kinds = {
        "FCM-HOUSE-1": ("place_house_or_garden",),
        "FCM-REST-1": ("place_restaurant", "place_or_move_restaurant"),
        "FCM-REST-2": ("place_or_move_restaurant",),
    }[rule]
    chain = state["chains"][working["player"]]
    card = next((c for c in chain["cards"] if c["id"] == card_id), None)
    if card is None or card["place"] != "work":
        raise RuleViolation(rule, f"{card_id} is not a card of this chain at work")
    if card["card"] == "ceo" or EMPLOYEES[card["card"]]["action"]["type"] not in kinds:
        able = [c for c, e in EMPLOYEES.items() if e["action"]["type"] in kinds]
        raise RuleViolation(rule, f"{card_id} is not a {' or '.join(able)}")
    if card_id in working["acted"]:
        raise RuleViolation(rule, f"{card_id} has used its action this turn already")
    return card


def _check_local_range(state, board, player: str, restaurant: dict) -> None:
    """Within three tile crossings by road of one of the chain's open restaurants, from any of
    its corners: the local manager at work makes them drive-ins (FCM-REST-1, FCM-REST-3). The
    route ends beside any square of the new restaurant by the original rules (its entrance
    need not touch the road used for range), beside its entrance by the Deluxe rules."""
    tiles = EMPLOYEES["local_manager"]["action"]["range"]["tiles"]
    deluxe = state["options"]["edition"] == "deluxe"
    target = [entrance_square(restaurant)] if deluxe else restaurant_squares(restaurant)
    mine = [r for r in state["board"]["restaurants"]
            if r["owner"] == player and r["status"] == "open"]  # fmt: skip
    what = "its entrance" if deluxe else "it"
    check_in_range(
        "FCM-REST-1",
        f"a local manager's new restaurant must be within {tiles} tile crossings by road of"
        f" one of {player}'s open restaurants, {what} beside the route",
        tiles,
        nearest_restaurant(board, mine, target, drive_in=True),
    )
