"""games/fcm/dinnertime.py: which chain serves each house and what every chain earns
(FCM-DINNER-1 to 10), the refresher's worked example first."""

from games.fcm.cards import new_card
from games.fcm.data import COMPONENTS
from games.fcm.dinnertime import dinnertime, unit_price
from tests.games.fcm.table import drawn

# Three tiles in a row, one road across them. House 2 (garden W) on the first tile, house 5
# (garden E) on the last; yellow's restaurant on the first tile, red's on the middle one.
STREET = """
.22.. ..... ..55.
.22.. ..... ..55.
##### ##### #####
..... ..... .....
..... ..... .....
"""


def chain(*cards, goods=None, milestones=()):
    """A chain with its CEO and `cards` at work, `goods` in stock."""
    working = [new_card(f"{card}-{n}", card, place="work") for n, card in enumerate(cards, 2)]
    return {
        "cash": 0,
        "cards": [new_card("ceo-1", "ceo", place="work"), *working],
        "goods": {good: 0 for good in COMPONENTS["goods"]} | (goods or {}),
        "unused_hires": 0,
        "milestones": [{"id": m, "turn": 1} for m in milestones],
        "reserve": {"commitment": None, "revealed": None},
    }


def table(chains, demand, gardens=None, turn_order=None, restaurants=None):
    """A state around the street: `chains` {name: chain}, houses' `demand` and `gardens`,
    each chain's restaurant where `restaurants` says (yellow on the first tile, red on the
    middle one by default)."""
    spots = restaurants or {"yellow": [3, 1], "red": [3, 6]}
    board, map_state = drawn(
        STREET,
        gardens=gardens if gardens is not None else {2: "W", 5: "E"},
        demand=demand,
        restaurants=[
            {
                "id": f"{name}-1",
                "owner": name,
                "top_left": square,
                "entrance": "NW",
                "status": "open",
                "drive_in": False,
            }
            for name, square in spots.items()
            if name in chains
        ],  # fmt: skip
    )
    state = {"board": map_state, "chains": chains, "turn_order": turn_order or list(chains)}
    return state, board


def house(result, number):
    return next(h for h in result["houses"] if h["house"] == number)


def test_the_refresher_s_worked_example():
    """FCM-DINNER-1 to 9: house 2 wants four burgers and neither chain has them; house 5 (its
    garden) wants two: yellow 9 + 2 = 11, red 10 + 1 = 11, yellow's waitress breaks the tie;
    36 for the burgers, 3 for the waitress, 39; no CFO."""
    yellow = chain("pricing_manager", "waitress", "burger_cook", goods={"burger": 3})
    red = chain("kitchen_trainee", goods={"burger": 2})
    state, board = table({"red": red, "yellow": yellow},
                         demand={2: ["burger"] * 4, 5: ["burger"] * 2})  # fmt: skip
    result = dinnertime(state, board)
    assert [h["house"] for h in result["houses"]] == [2, 5]
    two = house(result, 2)
    assert two["winner"] is None and not any(c["supplies"] for c in two["considered"])
    five = house(result, 5)
    considered = {c["chain"]: (c["unit_price"], c["distance"], c["total"])
                  for c in five["considered"]}  # fmt: skip
    assert considered == {"yellow": (9, 2, 11), "red": (10, 1, 11)}
    assert five["winner"] == "yellow"
    assert five["decided_by"] == "tied on unit price plus distance; more waitresses at work"
    assert (five["price_per_item"], five["income"]) == (18, 36)
    assert result["chains"]["yellow"] == {"sales": 36, "waitresses": 3, "cfo": 0, "total": 39}
    assert result["chains"]["red"]["total"] == 0


def test_houses_go_in_number_order_and_an_empty_one_does_nothing():
    """FCM-DINNER-1, FCM-DINNER-2: house 2 takes red's only burger before house 5 asks."""
    red = chain(goods={"burger": 1})
    state, board = table({"red": red}, demand={5: ["burger"], 2: ["burger"]}, gardens={})
    result = dinnertime(state, board)
    assert [(h["house"], h["winner"]) for h in result["houses"]] == [(2, "red"), (5, None)]
    state, board = table({"red": red}, demand={}, gardens={})
    assert dinnertime(state, board)["houses"] == []


def test_only_chains_with_the_whole_order_and_a_road_qualify():
    """FCM-DINNER-3: red has one burger of two; yellow, with both, serves."""
    yellow = chain(goods={"burger": 2})
    red = chain(goods={"burger": 1})
    state, board = table({"red": red, "yellow": yellow}, demand={5: ["burger"] * 2}, gardens={})
    five = house(dinnertime(state, board), 5)
    assert five["winner"] == "yellow" and five["decided_by"] == "the only chain that qualified"


def test_the_lowest_unit_price_plus_distance_wins():
    """FCM-DINNER-4: red is nearer (1 against 2) at the same price."""
    yellow, red = chain(goods={"pizza": 1}), chain(goods={"pizza": 1})
    state, board = table({"yellow": yellow, "red": red}, demand={5: ["pizza"]}, gardens={})
    five = house(dinnertime(state, board), 5)
    assert five["winner"] == "red" and five["decided_by"] == "the lowest unit price plus distance"


def test_the_unit_price_counts_the_price_cards_and_the_milestone_only():
    """FCM-DINNER-5: 10 - 1 (pricing) - 3 (discount) - 1 (milestone) + 10 (luxuries) = 15;
    a CFO or a marketed-product milestone does not change it."""
    everything = chain("pricing_manager", "discount_manager", "luxuries_manager", "cfo",
                       milestones=["first_lower_prices", "first_burger_marketed"])  # fmt: skip
    assert unit_price(everything) == 15
    assert unit_price(chain("discount_manager", "discount_manager", "discount_manager",
                            "discount_manager")) == 0  # fmt: skip


def test_ties_go_to_more_waitresses_then_to_the_earlier_in_turn_order():
    """FCM-DINNER-6: the same distance from the same tile; no waitress on either side."""
    yellow, red = chain(goods={"beer": 1}), chain(goods={"beer": 1})
    state, board = table({"yellow": yellow, "red": red}, demand={5: ["beer"]}, gardens={},
                         restaurants={"yellow": [3, 5], "red": [3, 8]})  # fmt: skip
    five = house(dinnertime(state, board), 5)
    assert five["winner"] == "yellow"
    assert five["decided_by"].endswith("earlier in turn order")


def test_the_winner_sells_the_goods_a_later_house_cannot_have():
    """FCM-DINNER-7: after house 2 red has no soda left for house 5."""
    red = chain(goods={"soda": 1})
    state, board = table({"red": red}, demand={2: ["soda"], 5: ["soda"]}, gardens={})
    result = dinnertime(state, board)
    assert house(result, 2)["income"] == 10 and house(result, 5)["winner"] is None
    assert state["chains"]["red"]["goods"]["soda"] == 1  # nothing changed in the state


def test_a_garden_doubles_the_unit_price_not_the_bonuses():
    """FCM-DINNER-8: 2 x 10 + 5 per burger with the burger-marketed milestone."""
    red = chain(goods={"burger": 2}, milestones=["first_burger_marketed"])
    state, board = table({"red": red}, demand={5: ["burger"] * 2}, gardens={5: "E"})
    five = house(dinnertime(state, board), 5)
    assert (five["price_per_item"], five["bonus"], five["income"]) == (20, {"burger": 5}, 50)
    drinks = chain(goods={"lemonade": 1}, milestones=["first_drink_marketed"])
    state, board = table({"red": drinks}, demand={5: ["lemonade"]}, gardens={})
    assert house(dinnertime(state, board), 5)["income"] == 15


def test_waitresses_earn_three_or_five_with_their_milestone():
    """FCM-DINNER-9: even a chain that sold nothing."""
    state, board = table({"red": chain("waitress", "waitress")}, demand={}, gardens={})
    assert dinnertime(state, board)["chains"]["red"]["waitresses"] == 6
    state, board = table({"red": chain("waitress", milestones=["first_waitress"])}, demand={})
    assert dinnertime(state, board)["chains"]["red"]["waitresses"] == 5


def test_a_cfo_or_the_hundred_dollar_milestone_adds_half_rounded_up():
    """FCM-DINNER-10: 10 sold + 3 waitress = 13, and 7 more."""
    red = chain("cfo", "waitress", goods={"pizza": 1})
    state, board = table({"red": red}, demand={5: ["pizza"]}, gardens={})
    assert dinnertime(state, board)["chains"]["red"] == {"sales": 10, "waitresses": 3, "cfo": 7,
                                                         "total": 20}  # fmt: skip
    rich = chain(goods={"pizza": 1}, milestones=["first_to_have_100"])
    state, board = table({"red": rich}, demand={5: ["pizza"]}, gardens={})
    assert dinnertime(state, board)["chains"]["red"]["cfo"] == 5
