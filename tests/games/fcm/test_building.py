"""games/fcm/actions/building.py: houses and gardens (FCM-HOUSE-1), restaurants placed or moved
(FCM-REST-1 to 3)."""

from games.errors import RuleViolation
from games.fcm.map.board import board_of
from games.fcm.map.pieces import (
    CORNERS,
    GARDEN_SIDES,
    block,
    entrance_square,
    entrance_squares,
    occupied,
    restaurant_squares,
    what_is_on,
)
from games.fcm.map.placement import check_garden, check_new_house, check_restaurant
from games.fcm.map.roads import distance_from, road_distances
from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working


def at_work(table, card, owner="ann"):
    """The ids of `owner`'s cards `card` at work."""
    return [c["id"] for c in table.state["chains"][owner]["cards"]
            if c["card"] == card and c["place"] == "work"]  # fmt: skip


def empty_blocks(state, rows, cols):
    """The top-left squares of every empty rows x cols block: the checks below refuse the
    others, slowly, drawing the map."""
    board = board_of(state["board"])
    taken = occupied(state["board"])
    empty = {sq for sq in board.squares() if not what_is_on(board, taken, sq)}
    return [sq for sq in board.squares() if set(block(sq, rows, cols)) <= empty]


def house_spots(state):
    """Every (top_left, garden side) where a new house may go."""
    board = board_of(state["board"])
    found = []
    for square in empty_blocks(state, 2, 2):
        for side in GARDEN_SIDES:
            try:
                check_new_house(board, state["board"], square, side)
            except RuleViolation:
                continue
            found.append((list(square), side))
    return found


def garden_spots(state):
    """Every (house number, side) where a garden may be added."""
    board = board_of(state["board"])
    found = []
    for house in state["board"]["houses"]:
        for side in GARDEN_SIDES:
            try:
                check_garden(board, state["board"], house["number"], side)
            except RuleViolation:
                continue
            found.append((house["number"], side))
    return found


def restaurant_spots(state, owner="ann"):
    """(placement, crossings by road to any of its squares, to its entrance) of every legal
    place for a restaurant after setup, counted from any corner of the owner's open
    restaurants (None when no road joins them)."""
    map_state = state["board"]
    board = board_of(map_state)
    starts = [
        road_distances(board, entrance_squares(r, drive_in=True))
        for r in map_state["restaurants"]
        if r["owner"] == owner and r["status"] == "open"
    ]

    def nearest(target):
        reached = [distance_from(board, start, target) for start in starts]
        return min((d for d in reached if d is not None), default=None)

    found = []
    for square in empty_blocks(state, 2, 2):
        for corner in CORNERS:
            try:
                check_restaurant(board, map_state, square, corner, rule="x", at_setup=False)
            except RuleViolation:
                continue
            spot = {"top_left": list(square), "entrance": corner}
            door = [entrance_square(spot)]
            found.append((spot, nearest(restaurant_squares(spot)), nearest(door)))
    return found


def restaurant(state, restaurant_id):
    return next(r for r in state["board"]["restaurants"] if r["id"] == restaurant_id)


# --- houses and gardens ------------------------------------------------------------------


def test_a_developer_places_a_house_of_the_supply_with_its_garden_once_a_turn():
    """FCM-HOUSE-1: the player chooses the house tile; it comes with its garden; the developer
    has acted."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    (top_left, side), (other, other_side) = house_spots(table.state)[:2]
    gardens = table.state["supply"]["gardens"]
    table.record("house_placed", player="ann", developer=developer, number=14,
                 top_left=top_left, garden=side)  # fmt: skip
    house = next(h for h in table.state["board"]["houses"] if h["number"] == 14)
    assert house == {"number": 14, "top_left": top_left, "garden": side, "printed": False,
                     "demand": []}  # fmt: skip
    assert 14 not in table.state["supply"]["houses"]
    assert table.state["supply"]["gardens"] == gardens
    assert table.state["working"]["acted"] == [developer]
    error = table.refused("house_placed", "FCM-HOUSE-1", player="ann", developer=developer,
                          number=3, top_left=other, garden=other_side)  # fmt: skip
    assert "used its action this turn already" in error.message


def test_two_developers_place_two_houses():
    """FCM-HOUSE-1: one action each."""
    table = working(ann_work=["new_business_developer", "new_business_developer"])
    first, second = at_work(table, "new_business_developer")
    top_left, side = house_spots(table.state)[0]
    table.record("house_placed", player="ann", developer=first, number=3, top_left=top_left,
                 garden=side)  # fmt: skip
    top_left, side = house_spots(table.state)[0]
    table.record("house_placed", player="ann", developer=second, number=6, top_left=top_left,
                 garden=side)  # fmt: skip
    assert table.state["working"]["acted"] == [first, second]


def test_a_house_tile_must_be_in_the_supply():
    """FCM-HOUSE-1: house 1 is on the map already; the refusal lists the free tiles."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    top_left, side = house_spots(table.state)[0]
    error = table.refused("house_placed", "FCM-HOUSE-1", player="ann", developer=developer,
                          number=1, top_left=top_left, garden=side)  # fmt: skip
    assert "house 1 is not in the supply; the free ones: 3, 6, 9" in error.message


def test_a_house_goes_on_empty_squares():
    """FCM-HOUSE-1: not on a restaurant."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    ann_1 = restaurant(table.state, "ann-1")
    error = table.refused("house_placed", "FCM-HOUSE-1", player="ann", developer=developer,
                          number=3, top_left=ann_1["top_left"], garden="S")  # fmt: skip
    assert "is a restaurant of ann" in error.message and error.details["squares"]


def test_only_a_new_business_developer_at_work_places_houses():
    """FCM-HOUSE-1: not ann's waitress on the beach, not her trainer at work."""
    table = working(ann_work=["trainer"])
    [waitress], [trainer] = ids(table.state, "ann", "waitress"), at_work(table, "trainer")
    top_left, side = house_spots(table.state)[0]
    error = table.refused("house_placed", "FCM-HOUSE-1", player="ann", developer=waitress,
                          number=3, top_left=top_left, garden=side)  # fmt: skip
    assert "not a card of this chain at work" in error.message
    error = table.refused("house_placed", "FCM-HOUSE-1", player="ann", developer=trainer,
                          number=3, top_left=top_left, garden=side)  # fmt: skip
    assert "Trainer is not a New Business Developer" in error.message


def test_a_garden_goes_on_a_printed_house_without_one():
    """FCM-HOUSE-1: from the supply; house 13 has one, house 1 came with one."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    spots = garden_spots(table.state)
    assert {number for number, _ in spots} & {1, 13} == set()
    number, side = spots[0]
    gardens = table.state["supply"]["gardens"]
    table.record("garden_added", player="ann", developer=developer, house=number, garden=side)
    house = next(h for h in table.state["board"]["houses"] if h["number"] == number)
    assert house["garden"] == side and table.state["supply"]["gardens"] == gardens - 1
    again = working(ann_work=["new_business_developer"])
    [developer] = at_work(again, "new_business_developer")
    error = again.refused("garden_added", "FCM-HOUSE-1", player="ann", developer=developer,
                          house=13, garden="W")  # fmt: skip
    assert "house 13 already has its garden" in error.message


def test_no_garden_is_added_when_the_supply_has_none():
    """FCM-HOUSE-1."""
    table = working(ann_work=["new_business_developer"])
    [developer] = at_work(table, "new_business_developer")
    number, side = garden_spots(table.state)[0]
    table.state["supply"]["gardens"] = 0
    error = table.refused("garden_added", "FCM-HOUSE-1", player="ann", developer=developer,
                          house=number, garden=side)  # fmt: skip
    assert "no garden is left" in error.message


def test_houses_come_before_restaurants():
    """FCM-WORK-3: after a restaurant, no house."""
    table = working(ann_work=["regional_manager", "new_business_developer"])
    [manager], [developer] = (
        at_work(table, "regional_manager"),
        at_work(table, "new_business_developer"),
    )
    spot, _, _ = restaurant_spots(table.state)[0]
    table.record("restaurant_placed", player="ann", manager=manager, **spot)
    top_left, side = house_spots(table.state)[0]
    error = table.refused("house_placed", "FCM-WORK-3", player="ann", developer=developer,
                          number=3, top_left=top_left, garden=side)  # fmt: skip
    assert "houses comes before restaurants" in error.message


# --- restaurants -------------------------------------------------------------------------


def test_a_local_manager_makes_drive_ins_as_the_chain_s_working_begins():
    """FCM-REST-3: ann's restaurant has an entrance in every corner; bob's, without such a
    manager, does not."""
    table = working(ann_work=["local_manager"])
    assert restaurant(table.state, "ann-1")["drive_in"] is True
    assert restaurant(table.state, "bob-1")["drive_in"] is False
    table.record("working_ended", player="ann")
    assert restaurant(table.state, "bob-1")["drive_in"] is False
    plain = working(ann_work=["waitress"])
    assert restaurant(plain.state, "ann-1")["drive_in"] is False


def test_a_local_manager_places_a_restaurant_coming_soon_within_three_crossings():
    """FCM-REST-1: the chain's next restaurant, ann-2, coming soon (no drive-in sign until it
    opens); the manager has acted."""
    table = working(ann_work=["local_manager"])
    [manager] = at_work(table, "local_manager")
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d == 3)
    table.record("restaurant_placed", player="ann", manager=manager, **spot)
    placed = restaurant(table.state, "ann-2")
    assert (placed["owner"], placed["top_left"], placed["entrance"]) == (
        "ann", spot["top_left"], spot["entrance"])  # fmt: skip
    assert (placed["status"], placed["drive_in"]) == ("coming_soon", False)
    assert table.state["working"]["acted"] == [manager]
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d == 0)
    error = table.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=manager,
                          **spot)  # fmt: skip
    assert "used its action this turn already" in error.message


def test_a_local_manager_s_restaurant_beyond_three_crossings_is_refused():
    """FCM-REST-1: counted from any corner of ann's open restaurant; the refusal gives the
    range and the nearest distance."""
    table = working(ann_work=["local_manager"])
    [manager] = at_work(table, "local_manager")
    far = [(spot, d) for spot, d, _ in restaurant_spots(table.state) if d is None or d > 3]
    assert far, "the test map has no restaurant spot beyond three crossings"
    spot, distance = far[0]
    error = table.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=manager,
                          **spot)  # fmt: skip
    assert error.details == {"range": 3, "nearest": distance}


def test_by_the_deluxe_rules_the_route_ends_at_the_new_entrance():
    """FCM-REST-1, Deluxe: the entrance must touch the road the range was counted along; by
    the original rules any square of the restaurant within range will do."""
    spots = restaurant_spots(working().state)
    apart = [(spot, e) for spot, d, e in spots if d is not None and d <= 3 and (e is None or e > 3)]
    assert apart, "the test map has no spot within range whose entrance is out of it"
    spot, entrance_distance = apart[0]
    original = working(ann_work=["local_manager"])
    [manager] = at_work(original, "local_manager")
    original.record("restaurant_placed", player="ann", manager=manager, **spot)
    deluxe = working(ann_work=["local_manager"])
    deluxe.state["options"]["edition"] = "deluxe"
    error = deluxe.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=manager,
                           **spot)  # fmt: skip
    assert "its entrance beside the route" in error.message
    assert error.details == {"range": 3, "nearest": entrance_distance}


def test_a_restaurant_goes_on_empty_squares_its_entrance_by_a_road():
    """FCM-REST-1: not on another restaurant."""
    table = working(ann_work=["local_manager"])
    [manager] = at_work(table, "local_manager")
    bob_1 = restaurant(table.state, "bob-1")
    error = table.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=manager,
                          top_left=bob_1["top_left"], entrance="SE")  # fmt: skip
    assert "is a restaurant of bob" in error.message


def test_a_regional_manager_places_a_restaurant_anywhere_open_at_once():
    """FCM-REST-2, FCM-REST-3: beyond a local manager's range; open and a drive-in."""
    table = working(ann_work=["regional_manager"])
    [manager] = at_work(table, "regional_manager")
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d is None or d > 3)
    table.record("restaurant_placed", player="ann", manager=manager, **spot)
    placed = restaurant(table.state, "ann-2")
    assert (placed["status"], placed["drive_in"]) == ("open", True)


def test_only_a_local_or_regional_manager_places_restaurants():
    """FCM-REST-1: a trainer at work places none."""
    table = working(ann_work=["trainer"])
    [trainer] = at_work(table, "trainer")
    spot, _, _ = restaurant_spots(table.state)[0]
    error = table.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=trainer,
                          **spot)  # fmt: skip
    assert "not a Local Manager or Regional Manager" in error.message


def test_a_chain_has_three_restaurants():
    """FCM-REST-1, FCM-REST-2: ann-2 and ann-3, then none is left to place."""
    table = working(ann_work=["local_manager", "local_manager", "regional_manager"])
    first, second = at_work(table, "local_manager")
    [regional] = at_work(table, "regional_manager")
    for manager in (first, regional):
        spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d is not None)
        table.record("restaurant_placed", player="ann", manager=manager, **spot)
    assert {r["id"] for r in table.state["board"]["restaurants"]} >= {"ann-2", "ann-3"}
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d is not None)
    error = table.refused("restaurant_placed", "FCM-REST-1", player="ann", manager=second,
                          **spot)  # fmt: skip
    assert (
        "all 3 of ann's restaurants are on the map (ann's restaurant at row 0, column 4, ann's"
        in error.message
    )


def test_a_regional_manager_moves_a_restaurant_open_at_once():
    """FCM-REST-2, FCM-REST-3: ann-1 elsewhere, open and a drive-in; its old squares are
    free."""
    table = working(ann_work=["regional_manager"])
    [manager] = at_work(table, "regional_manager")
    old = restaurant(table.state, "ann-1")["top_left"]
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d is None)
    table.record("restaurant_moved", player="ann", manager=manager, restaurant="ann-1", **spot)
    moved = restaurant(table.state, "ann-1")
    assert (moved["top_left"], moved["entrance"]) == (spot["top_left"], spot["entrance"])
    assert (moved["status"], moved["drive_in"]) == ("open", True)
    assert old in [spot["top_left"] for spot, _, _ in restaurant_spots(table.state)]


def test_a_regional_manager_turns_a_restaurant_in_place():
    """FCM-REST-2: its own squares count as empty; putting it back unchanged is no move."""
    table = working(ann_work=["regional_manager"])
    [manager] = at_work(table, "regional_manager")
    ann_1 = restaurant(table.state, "ann-1")
    lifted = {**table.state["board"], "restaurants": [restaurant(table.state, "bob-1")]}
    board = board_of(lifted)
    turns = []
    for corner in CORNERS:
        try:
            check_restaurant(board, lifted, ann_1["top_left"], corner, rule="x", at_setup=False)
        except RuleViolation:
            continue
        turns.append(corner)
    error = table.refused("restaurant_moved", "FCM-REST-2", player="ann", manager=manager,
                          restaurant="ann-1", top_left=ann_1["top_left"],
                          entrance=ann_1["entrance"])  # fmt: skip
    assert "is there already" in error.message
    other = [corner for corner in turns if corner != ann_1["entrance"]]
    assert other, "ann-1 has no other corner by a road"
    table.record("restaurant_moved", player="ann", manager=manager, restaurant="ann-1",
                 top_left=ann_1["top_left"], entrance=other[0])  # fmt: skip
    assert restaurant(table.state, "ann-1")["entrance"] == other[0]


def test_only_a_regional_manager_moves_only_its_chain_s_restaurants():
    """FCM-REST-2: a local manager moves nothing; bob's restaurant is not ann's to move."""
    table = working(ann_work=["local_manager", "regional_manager"])
    [local], [regional] = at_work(table, "local_manager"), at_work(table, "regional_manager")
    spot = next(spot for spot, d, _ in restaurant_spots(table.state) if d is None)
    error = table.refused("restaurant_moved", "FCM-REST-2", player="ann", manager=local,
                          restaurant="ann-1", **spot)  # fmt: skip
    assert "Local Manager is not a Regional Manager" in error.message
    error = table.refused("restaurant_moved", "FCM-REST-2", player="ann", manager=regional,
                          restaurant="bob-1", **spot)  # fmt: skip
    assert (
        "bob's restaurant at row 0, column 0 is not a restaurant of ann on the map; theirs:"
        " ann's restaurant at row 0, column 4"
    ) in error.message
