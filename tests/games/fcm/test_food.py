"""games/fcm/actions/food.py: kitchen cards take food and errand boys a drink, into the chain's one
stock (FCM-FOOD-1, FCM-FOOD-2, FCM-FOOD-4); the routes of carts, trucks and zeppelins are
tested in test_drink_routes.py (FCM-FOOD-3)."""

from tests.games.fcm.test_restructuring import ids
from tests.games.fcm.test_working import working


def at_work(table, card, owner="ann"):
    cards = table.state["chains"][owner]["cards"]
    return [c["id"] for c in cards if c["card"] == card and c["place"] == "work"]


def goods(table, owner="ann"):
    return {good: n for good, n in table.state["chains"][owner]["goods"].items() if n}


def test_kitchen_cards_take_the_food_they_print():
    """FCM-FOOD-1: a burger cook 3 burgers, a pizza chef 8 pizzas, a kitchen trainee 1 of the
    food named; FCM-FOOD-4: all of it into the one stock."""
    table = working(ann_work=["burger_cook", "pizza_chef", "kitchen_trainee"])
    [cook], [chef], [trainee] = (
        at_work(table, name) for name in ("burger_cook", "pizza_chef", "kitchen_trainee")
    )
    table.record("food_taken", player="ann", cook=cook, food="burger")
    table.record("food_taken", player="ann", cook=chef, food="pizza")
    table.record("food_taken", player="ann", cook=trainee, food="pizza")
    assert goods(table) == {"burger": 3, "pizza": 9}
    took = table.state["working"]["food_and_drinks"]
    assert took[0] == {"card": cook, "took": {"burger": 3}, "route": None}
    assert [t["card"] for t in took] == [cook, chef, trainee]


def test_a_kitchen_card_takes_only_its_food_once_a_turn():
    """FCM-FOOD-1: a burger cook takes no pizza; a card acts once a turn."""
    table = working(ann_work=["burger_cook"])
    [cook] = at_work(table, "burger_cook")
    error = table.refused("food_taken", "FCM-FOOD-1", player="ann", cook=cook, food="pizza")
    assert "a Burger Cook takes 3 burger(s), not pizza: record food burger" in error.message
    table.record("food_taken", player="ann", cook=cook, food="burger")
    error = table.refused("food_taken", "FCM-FOOD-1", player="ann", cook=cook, food="burger")
    assert "has taken its food or drinks this turn already" in error.message


def test_only_kitchen_cards_at_work_take_food():
    """FCM-FOOD-1: a kitchen trainee on the beach, a waitress at work, take none."""
    table = working(ann_work=["waitress"], ann_hand=["kitchen_trainee"])
    [trainee] = ids(table.state, "ann", "kitchen_trainee")
    error = table.refused("food_taken", "FCM-FOOD-1", player="ann", cook=trainee, food="burger")
    assert "is not a card of this chain at work" in error.message
    [waitress] = at_work(table, "waitress")
    error = table.refused("food_taken", "FCM-FOOD-1", player="ann", cook=waitress, food="burger")
    assert "Waitress, at work is not a kitchen card" in error.message


def test_food_comes_after_marketing_and_before_nothing_earlier():
    """FCM-WORK-3, FCM-WORK-1: recruiting after food is refused; bob waits for ann."""
    table = working(ann_work=["kitchen_trainee"])
    [trainee] = at_work(table, "kitchen_trainee")
    table.refused("food_taken", "FCM-WORK-1", player="bob", cook=trainee, food="burger")
    table.record("food_taken", player="ann", cook=trainee, food="burger")
    error = table.refused("recruited", "FCM-WORK-3", player="ann", cards=[])
    assert "recruit comes before food" in error.message


def test_an_errand_boy_takes_one_drink_of_any_type():
    """FCM-FOOD-2: soda is on no tile of this map; FCM-FOOD-4: into the stock. No copy of the
    first errand boy milestone is left for ann to claim."""
    table = working(ann_work=["errand_boy"], gone=["first_errand_boy"])
    [boy] = at_work(table, "errand_boy")
    table.record("drinks_taken", player="ann", card=boy, drink="soda")
    assert goods(table) == {"soda": 1}
    error = table.refused("drinks_taken", "FCM-FOOD-2", player="ann", card=boy, drink="beer")
    assert "this turn already" in error.message


def test_the_first_errand_boy_milestone_doubles_an_errand_boy_s_drinks():
    """FCM-FOOD-2 with the milestone's effect: 2 drinks of one type."""
    table = working(ann_work=["errand_boy"], milestones=["first_errand_boy"])
    [boy] = at_work(table, "errand_boy")
    table.record("drinks_taken", player="ann", card=boy, drink="lemonade")
    assert goods(table) == {"lemonade": 2}
