"""games/fcm/actions/food.py: carts, trucks and zeppelins collect drinks along a route the table
gives, checked as the refresher says: roads without U-turns within the range, tiles never
entered twice, every source passed once (FCM-FOOD-3)."""

from collections import deque

import pytest

from games.errors import RuleViolation
from games.fcm.actions.food import drive, fly
from games.fcm.event_types import DRINKS_COLLECTED, EXAMPLE_LAYOUT
from games.fcm.map.board import board_of
from games.fcm.map.pieces import entrance_square, restaurant_squares
from games.fcm.map.roads import crossings, node_entered, road_graph, roads_join
from tests.games.fcm.table import drawn, restaurant
from tests.games.fcm.test_food import at_work, goods
from tests.games.fcm.test_working import working


def road_routes(state, owner="ann", corners=False):
    """(route, tile crossings) of the shortest route by road from the owner's entrances (every
    corner with `corners`) to every road square it reaches, nearest first: breadth-first,
    so no route turns back."""
    board = board_of(state["board"])
    graph = road_graph(board)
    mine = [r for r in state["board"]["restaurants"] if r["owner"] == owner]
    starts = [s for r in mine for s in (restaurant_squares(r) if corners else [entrance_square(r)])]
    queue = deque(
        (node_entered(board, near, side), [near], crossings(board, start, near))
        for start in starts
        for side, near in board.neighbours(start)
        if board.is_road(near)
    )
    seen, found = set(), []
    while queue:
        node, route, cost = queue.popleft()
        if node in seen:
            continue
        seen.add(node)
        found.append(([list(square) for square in route], cost))
        for onward, step in graph[node]:
            queue.append((onward, route + [onward[:2]], cost + step))
    return found


def sources_beside(state, route):
    """Each drink source beside a square of `route` and how many route squares it is beside."""
    board = board_of(state["board"])
    beside = {}
    for square in route:
        for _, near in board.neighbours(tuple(square)):
            if board.drink(near):
                beside[near] = beside.get(near, 0) + 1
    return beside


def to_a_drink(state, owner="ann"):
    """The nearest road route of the owner that ends beside a drink source, its crossings and
    the drinks it passes."""
    board = board_of(state["board"])
    for route, cost in road_routes(state, owner):
        beside = sources_beside(state, route[-1:])
        if beside:
            drinks = [board.drink(source) for source in sources_beside(state, route)]
            return route, cost, drinks
    raise AssertionError("the test map has no drink source by road")


BUYERS = ("first_errand_boy", "first_cart_operator")


def cart(*work, milestones=()):
    """ann's cart operator at work; the buyers' milestones she does not hold are all claimed
    elsewhere, so putting the cart to work claims none (FCM-MILE-1)."""
    gone = [m for m in BUYERS if m not in milestones]
    table = working(ann_work=["cart_operator", *work], milestones=milestones, gone=gone)
    [card] = at_work(table, "cart_operator")
    return table, card


def test_a_buyer_with_a_route_does_not_just_take_a_drink():
    """FCM-FOOD-2, FCM-FOOD-3: a cart operator needs a route, an errand boy has none."""
    table, card = cart("errand_boy")
    error = table.refused("drinks_taken", "FCM-FOOD-2", player="ann", card=card, drink="beer")
    assert "“Drinks collected”" in error.message
    [boy] = at_work(table, "errand_boy")
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=boy,
                          route=[[0, 0]])  # fmt: skip
    assert "record “Drinks taken”" in error.message


def test_a_cart_collects_two_of_each_drink_it_passes_on_its_route():
    """FCM-FOOD-3: from beside ann's entrance by road to beside a beer source; the route and
    the drinks are kept."""
    table, card = cart()
    route, cost, drinks = to_a_drink(table.state)
    assert cost <= 2 and drinks
    table.record("drinks_collected", player="ann", card=card, route=route)
    expected = {drink: 2 * drinks.count(drink) for drink in drinks}
    assert goods(table) == expected
    [took] = table.state["working"]["food_and_drinks"]
    assert took == {"card": card, "took": expected, "route": route}


def test_a_truck_collects_three_and_the_milestone_one_more():
    """FCM-FOOD-3: a truck driver 3 a source; with the first errand boy milestone a cart
    operator 3."""
    table = working(ann_work=["truck_driver"])
    [truck] = at_work(table, "truck_driver")
    route, _, drinks = to_a_drink(table.state)
    table.record("drinks_collected", player="ann", card=truck, route=route)
    assert sum(goods(table).values()) == 3 * len(drinks)
    table, card = cart(milestones=["first_errand_boy"])
    table.record("drinks_collected", player="ann", card=card, route=route)
    assert sum(goods(table).values()) == 3 * len(drinks)


def test_a_source_passed_twice_gives_its_drinks_once():
    """FCM-FOOD-3: a route beside the same source from two of its squares."""
    table, card = cart()
    twice = [
        route
        for route, cost in road_routes(table.state)
        if cost <= 2 and any(n > 1 for n in sources_beside(table.state, route).values())
    ]
    assert twice, "no route on the test map passes a source twice"
    route = twice[0]
    table.record("drinks_collected", player="ann", card=card, route=route)
    assert sum(goods(table).values()) == 2 * len(sources_beside(table.state, route))


def test_each_buyer_collects_a_source_once_and_another_buyer_again():
    """FCM-FOOD-3, "collect drinks for each drink symbol they pass": once per buyer (the
    Deluxe reading), so ann's truck passing the beer her cart took from gets its own 3."""
    table, card = cart("truck_driver")
    [truck] = at_work(table, "truck_driver")
    route, _, drinks = to_a_drink(table.state)
    assert drinks == ["beer"]
    table.record("drinks_collected", player="ann", card=card, route=route)
    table.record("drinks_collected", player="ann", card=truck, route=route)
    assert goods(table) == {"beer": 2 + 3}


def said(square):
    """A square as the page names it: the map's titles, the square picker."""
    return f"row {square[0]}, column {square[1]}"


def test_a_road_route_starts_beside_an_entrance():
    """FCM-FOOD-3: not one square further on; a drive-in's every corner is an entrance."""
    table, card = cart()
    route, _, _ = to_a_drink(table.state)
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=route[1:])  # fmt: skip
    assert f"does not hold at {said(route[1])} (square 1)" in error.message
    assert said(route[0]) in error.message  # the legal start
    assert "[" not in error.message, "a square as the page names it (#32 item 2)"
    assert error.details["squares"] == [route[1]]
    beside_entrance = [r[0] for r, _ in road_routes(table.state)]
    beside_corners = [r[0] for r, _ in road_routes(table.state, corners=True)]
    other = [square for square in beside_corners if square not in beside_entrance]
    assert other, "ann's restaurant has no road beside a corner other than its entrance"
    start = other[0]
    table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card, route=[start])
    drive_in, card = cart("local_manager")
    drive_in.record("drinks_collected", player="ann", card=card, route=[start])


def test_a_road_route_makes_no_u_turn_and_keeps_to_joined_roads():
    """FCM-FOOD-3, "carts and trucks follow roads and may not make U turns": back to the square
    just left, a jump, a square off the road, a road that meets but does not join across a
    tile border (the original rules): each refused naming the square."""
    table, card = cart()
    route, _, _ = to_a_drink(table.state)
    assert len(route) >= 3
    bad = {
        "the square just left: no U-turns": route[:2] + [route[0]],
        "is not orthogonally beside": [route[0], route[2]],
    }
    board = board_of(table.state["board"])
    off_road = next(n for _, n in board.neighbours(tuple(route[0])) if not board.is_road(n))
    bad["it is not a road square"] = [route[0], list(off_road)]
    unjoined = next(
        [*way, list(near)]
        for way, cost in road_routes(table.state)
        if cost <= 1
        for _, near in board.neighbours(tuple(way[-1]))
        if board.is_road(near) and not roads_join(board, tuple(way[-1]), near)
    )
    bad["its road does not join that of"] = unjoined
    for why, wrong in bad.items():
        error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                              route=wrong)  # fmt: skip
        assert f"does not hold at {said(wrong[-1])} (square {len(wrong)})" in error.message
        assert why in error.message and "[" not in error.message


def test_a_road_route_crosses_at_most_the_range():
    """FCM-FOOD-3, "trace a route": a cart operator crosses 2 tile borders, not 3; with the
    first cart operator milestone 3, not 4. Refused by one crossing, accepted at exactly the
    range."""
    table, card = cart()
    by_cost = {}  # the shortest route of each cost
    for route, cost in road_routes(table.state):
        by_cost.setdefault(cost, route)
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=by_cost[3])  # fmt: skip
    assert f"at {said(by_cost[3][-1])} (square {len(by_cost[3])}): it is tile crossing 3" in (
        error.message
    )
    assert "a Cart Operator (range 2)" in error.message
    table.record("drinks_collected", player="ann", card=card, route=by_cost[2])
    longer, card = cart(milestones=["first_cart_operator"])
    error = longer.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                           route=by_cost[4])  # fmt: skip
    assert "it is tile crossing 4, beyond a Cart Operator (range 3)" in error.message
    longer.record("drinks_collected", player="ann", card=card, route=by_cost[3])


def test_a_source_beside_the_entrance_only_is_not_passed_and_a_bridge_is_crossed_straight():
    """FCM-FOOD-3 on a drawn tile: the lemonade touches the entrance, not the road; the soda
    beside the road is collected. A route does not turn on the bridge."""
    board, map_state = drawn(
        """
        .....
        L....
        .####
        ...S.
        .....
        """,
        restaurants=[restaurant([0, 1], "SW")],
    )
    assert drive(board, map_state, [(1, 1)], [(2, 1), (2, 2), (2, 3)], 2, "a cart") == [(3, 3)]
    board, map_state = drawn(
        """
        ..#..
        ..#.S
        ##+##
        ..#..
        ..#..
        """,
        restaurants=[restaurant([3, 0], "NW")],
    )
    straight = [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)]
    assert drive(board, map_state, [(3, 0)], straight, 2, "a cart") == [(1, 4)]
    with pytest.raises(RuleViolation) as refused:
        drive(board, map_state, [(3, 0)], [(2, 0), (2, 1), (2, 2), (1, 2)], 2, "a cart")
    assert refused.value.rule == "FCM-FOOD-3"
    assert "at [1, 2] (square 4): the bridge at [2, 2] is crossed straight" in refused.value.message


# A ring of road across a tile border (Deluxe: neighbouring road squares join anywhere), a
# lemonade and a soda inside it on either tile, a beer outside; ann's entrance at [1, 2].
RING = """
    ..... .....
    ...## ##...
    ...#L S#...
    ...## ##...
    ..... .B...
    """
LAP = [(1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6), (3, 5), (3, 4), (3, 3), (2, 3)]


def ring():
    return drawn(RING, "deluxe", restaurants=[restaurant([0, 1], "SE")])


def test_a_road_route_may_pass_squares_and_tiles_again_each_source_once():
    """FCM-FOOD-3, "collect drinks for each drink symbol they pass": round the ring and on to
    [1, 4] again, back onto the first tile, 2 crossings; a source beside the road either side,
    on either tile, passed from several squares, gives its drinks once."""
    board, map_state = ring()
    route = LAP + [(1, 3), (1, 4)]
    assert drive(board, map_state, [(1, 2)], route, 2, "a cart") == [(2, 4), (2, 5), (4, 6)]
    with pytest.raises(RuleViolation) as refused:
        drive(board, map_state, [(1, 2)], route + [(1, 5)], 2, "a cart")
    assert "at [1, 5] (square 13): it is tile crossing 3, beyond a cart" in refused.value.message


def test_a_road_route_may_stop_short_but_collects_every_source_it_passes():
    """FCM-FOOD-3: the route need not use its range (the Deluxe reading); it passes no source
    on its first square, the lemonade on its second, the soda on crossing into the next tile."""
    board, map_state = ring()
    assert drive(board, map_state, [(1, 2)], [(1, 3)], 2, "a cart") == []
    assert drive(board, map_state, [(1, 2)], [(1, 3), (1, 4)], 2, "a cart") == [(2, 4)]
    passed = drive(board, map_state, [(1, 2)], [(1, 3), (1, 4), (1, 5)], 2, "a cart")
    assert passed == [(2, 4), (2, 5)]


def test_a_source_across_a_tile_border_from_the_road_is_passed_at_no_cost():
    """FCM-FOOD-3, "each drink symbol they pass": the beer on the first tile lies beside the
    road on the second; a route that crosses no border (range 0 would do) passes it."""
    board, map_state = drawn(
        """
        ..... .....
        ..... .....
        ....B ##...
        ..... .....
        ..... .....
        """,
        restaurants=[restaurant([3, 5], "NW")],
    )
    assert drive(board, map_state, [(3, 5)], [(2, 5), (2, 6)], 0, "a cart") == [(2, 4)]


def test_two_roads_at_one_entrance_do_not_join_through_it():
    """FCM-FOOD-3, "trace a route from a restaurant entrance": the entrance at [1, 1] touches
    two roads; a route takes one, the lemonade's or the soda's, never on from one to the
    other through the entrance."""
    board, map_state = drawn(
        """
        ..#L.
        ..#..
        ##...
        S....
        .....
        """,
        restaurants=[restaurant([0, 0], "SE")],
    )
    assert drive(board, map_state, [(1, 1)], [(1, 2), (0, 2)], 2, "a cart") == [(0, 3)]
    assert drive(board, map_state, [(1, 1)], [(2, 1), (2, 0)], 2, "a cart") == [(3, 0)]
    with pytest.raises(RuleViolation) as refused:
        drive(board, map_state, [(1, 1)], [(1, 2), (2, 1), (2, 0)], 2, "a cart")
    assert "at [2, 1] (square 2): it is not orthogonally beside [1, 2]" in refused.value.message


def test_stepping_from_the_entrance_onto_a_road_on_the_next_tile_is_a_crossing():
    """FCM-FOOD-3 with range in tile crossings: the entrance at [2, 4] is on the first tile,
    its road on the second, so a cart (range 2) reaches the third tile and not the fourth."""
    board, map_state = drawn(
        """
        ..... ..... ..... .....
        ..... ..B.. ..... ..S..
        ..... ##### ##### #####
        ..... ..... ..... .....
        ..... ..... ..... .....
        """,
        restaurants=[restaurant([2, 3], "NE")],
    )
    route = [(2, c) for c in range(5, 15)]
    assert drive(board, map_state, [(2, 4)], route, 2, "a cart") == [(1, 7)]
    with pytest.raises(RuleViolation) as refused:
        drive(board, map_state, [(2, 4)], route + [(2, 15)], 2, "a cart")
    assert "at [2, 15] (square 11): it is tile crossing 3, beyond a cart" in refused.value.message


def test_a_road_route_starts_by_an_entrance_of_one_of_the_chain_s_open_restaurants():
    """FCM-FOOD-3, "from a restaurant entrance": not bob's, not ann's coming-soon one (it opens
    at the end of the turn); the same route from it once it is open holds."""
    table, card = cart()
    legal = "of the chain: row 2, column 5"  # [0, 2] is beside bob's entrance
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=[[0, 2]])  # fmt: skip
    assert legal in error.message
    soon = {"id": "ann-2", "owner": "ann", "top_left": [3, 3], "entrance": "NW",
            "status": "coming_soon", "drive_in": False}  # fmt: skip
    table.state["board"]["restaurants"].append(soon)
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=[[3, 2]])  # fmt: skip
    assert legal in error.message
    soon["status"] = "open"
    table.record("drinks_collected", player="ann", card=card, route=[[3, 2]])


def test_a_chain_with_no_open_restaurant_has_no_route():
    """FCM-FOOD-3: with its only restaurant coming soon, ann's cart has nowhere to start."""
    table, card = cart()
    for placed in table.state["board"]["restaurants"]:
        if placed["owner"] == "ann":
            placed["status"] = "coming_soon"
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=[[2, 5]])  # fmt: skip
    assert "ann has no open restaurant to start a route from" in error.message


def test_the_documented_example_route_holds_on_the_example_map():
    """FCM-FOOD-3: bob's starting restaurant in the examples has its entrance at [3, 8]; the
    cart passes one lemonade source."""
    board = board_of({"layout": EXAMPLE_LAYOUT, "connection": "original"})
    route = [tuple(square) for square in DRINKS_COLLECTED.example["route"]]
    sources = drive(board, {}, [(3, 8)], route, 2, "a cart")
    assert [board.drink(source) for source in sources] == ["lemonade"]


def zeppelin(milestones=()):
    table = working(ann_work=["zeppelin_pilot"], milestones=milestones)
    [card] = at_work(table, "zeppelin_pilot")
    board = board_of(table.state["board"])
    ann = next(r for r in table.state["board"]["restaurants"] if r["owner"] == "ann")
    return table, card, board, list(board.tile_of(entrance_square(ann)))


def test_a_zeppelin_collects_from_every_source_on_the_tiles_it_flies_over():
    """FCM-FOOD-3, "zeppelins ignore roads": from ann's entrance tile [0, 1] over tile [1, 1],
    the only tile with a source (a beer), 2 drinks."""
    table, card, board, start = zeppelin()
    route = [start, [1, 1]]
    assert [board.drink(sq) for sq in board.tile_squares((1, 1)) if board.drink(sq)] == ["beer"]
    table.record("drinks_collected", player="ann", card=card, route=route)
    assert goods(table) == {"beer": 2}


# Three tiles by two, no road at all; ann's entrance at [2, 3] on tile [0, 0].
SKY = """
    ..... ..... .....
    .L... ..... ..B..
    ..... ..... .....
    ..... ..... .....
    ..... ..... .....

    ..... ..... .....
    ..... ..S.. .....
    ..... ..... .....
    ..... ..... .....
    ..... ..... .....
    """


def test_a_zeppelin_counts_its_start_tile_and_enters_no_tile_twice():
    """FCM-FOOD-3, "zeppelins ignore roads and may not enter the same tile twice": the start
    tile's lemonade counts, a route of that tile alone included; a flight back onto a tile it
    has been on, the start tile or another, is refused."""
    board, map_state = drawn(SKY, restaurants=[restaurant([2, 2], "NE")])
    assert fly(board, map_state, [(2, 3)], [(0, 0)], 4, "a zeppelin") == [(1, 1)]
    route = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)]
    assert fly(board, map_state, [(2, 3)], route, 4, "a zeppelin") == [(1, 1), (6, 7), (1, 12)]
    for again, index in (([(0, 0), (0, 1), (0, 0)], 3), ([(0, 0), (0, 1), (1, 1), (0, 1)], 4)):
        with pytest.raises(RuleViolation) as refused:
            fly(board, map_state, [(2, 3)], again, 4, "a zeppelin")
        assert f"(tile {index}): the zeppelin has entered it already" in refused.value.message
    with pytest.raises(RuleViolation) as refused:
        fly(board, map_state, [(2, 3)], [(0, 0), (0, 1), (0, 2), (0, 3)], 4, "a zeppelin")
    assert "at tile [0, 3] (tile 4): it is off the map" in refused.value.message


def test_a_refused_route_says_where_it_could_have_gone_from_its_last_good_square():
    """FCM-FOOD-3: a U-turn, a crossing beyond the range and a tile flown over twice are each
    refused with what would have been legal from the square or tile before: on, or stop."""
    board, map_state = ring()
    wrong = {
        "legal from [1, 4]: on to [1, 5], or stop there": [(1, 3), (1, 4), (1, 3)],
        "legal from [1, 4]: stop there": LAP + [(1, 3), (1, 4), (1, 5)],
    }
    for legal, route in wrong.items():
        with pytest.raises(RuleViolation) as refused:
            drive(board, map_state, [(1, 2)], route, 2, "a cart")
        assert refused.value.message.endswith(legal)
    board, map_state = drawn(SKY, restaurants=[restaurant([2, 2], "NE")])
    with pytest.raises(RuleViolation) as refused:
        fly(board, map_state, [(2, 3)], [(0, 0), (0, 1), (0, 0)], 4, "a zeppelin")
    assert refused.value.message.endswith(
        "legal from tile [0, 1]: on to [0, 2], [1, 1], or stop there"
    )
    five_tiles = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 2)]
    with pytest.raises(RuleViolation) as refused:
        fly(board, map_state, [(2, 3)], five_tiles + [(1, 2)], 4, "a zeppelin")
    assert refused.value.message.endswith("legal from tile [0, 2]: stop there")


def flight(board, start, length):
    """A path of `length` tiles from `start`, tile to orthogonally adjacent tile, none twice
    (depth first)."""
    if length == 1:
        return [start]
    r, c = start
    for onward in ([r + 1, c], [r, c + 1], [r - 1, c], [r, c - 1]):
        if 0 <= onward[0] < board.tile_rows and 0 <= onward[1] < board.tile_cols:
            rest = flight(board, onward, length - 1)
            if rest and start not in rest:
                return [start, *rest]
    return None


def test_a_zeppelin_never_enters_a_tile_twice_and_flies_at_most_its_range():
    """FCM-FOOD-3: range 4 crossings (five tiles), 5 with the first cart operator
    milestone, refused by one crossing more; from the tile of an entrance, tile to
    orthogonally adjacent tile."""
    table, card, board, start = zeppelin()
    path = flight(board, start, 6)
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=path[:6])  # fmt: skip
    assert f"at tile {said(path[5])} (tile 6): it is tile crossing 5" in error.message
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=path[:2] + [path[0]])  # fmt: skip
    assert "never the same tile twice" in error.message
    diagonal = [start, [start[0] + 1, start[1] + 1 if start[1] == 0 else start[1] - 1]]
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=diagonal)  # fmt: skip
    assert "is not orthogonally beside tile" in error.message
    error = table.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                          route=path[1:3])  # fmt: skip
    assert f"a zeppelin starts on the tile of an entrance: {said(start)}" in error.message
    table.record("drinks_collected", player="ann", card=card, route=path[:5])
    longer, card, _, _ = zeppelin(milestones=["first_cart_operator"])
    path = flight(board, start, 7)
    error = longer.refused("drinks_collected", "FCM-FOOD-3", player="ann", card=card,
                           route=path)  # fmt: skip
    assert "it is tile crossing 6, beyond a Zeppelin Pilot (range 5)" in error.message
    longer.record("drinks_collected", player="ann", card=card, route=path[:6])
