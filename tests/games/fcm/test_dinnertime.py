"""games/fcm/turn/dinnertime.py: which chain serves each house and what every chain earns
(FCM-DINNER-1 to 10), the refresher's worked example first."""

from games.fcm.cards.employees import new_card
from games.fcm.data import COMPONENTS
from games.fcm.turn.dinnertime import dinnertime, unit_price
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
    state = {"board": map_state, "chains": chains, "turn_order": turn_order or list(chains),
             "turn": 2}  # fmt: skip
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


def test_the_unit_price_has_no_floor():
    """FCM-DINNER-5: $10 less $3 for each of four discount managers is -$2; the refresher sets
    no minimum, and the designer's ruling is that the chain then pays per item."""
    assert unit_price(chain(*["discount_manager"] * 4)) == -2
    assert unit_price(chain(*["discount_manager"] * 3, "pricing_manager",
                            milestones=["first_lower_prices"])) == -1  # fmt: skip


def test_a_negative_price_sells_and_the_chain_pays_the_bank_per_item():
    """FCM-DINNER-4, FCM-DINNER-5, FCM-DINNER-8: the cheapest total still wins, and a garden
    doubles the negative price: -2 x 2 per burger, two burgers, -8; the bonus is not doubled."""
    cheap = chain(*["discount_manager"] * 4, goods={"burger": 2},
                  milestones=["first_burger_marketed"])  # fmt: skip
    dear = chain(goods={"burger": 2})
    state, board = table({"yellow": cheap, "red": dear}, demand={5: ["burger"] * 2})
    five = house(dinnertime(state, board), 5)
    assert five["winner"] == "yellow"
    assert (five["price_per_item"], five["income"]) == (-4, 2 * (-4 + 5))
    plain = chain(*["discount_manager"] * 4, goods={"burger": 2})
    state, board = table({"yellow": plain}, demand={5: ["burger"] * 2})
    result = dinnertime(state, board)
    assert house(result, 5)["income"] == -8 and result["chains"]["yellow"]["sales"] == -8


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


def test_the_hundred_dollar_milestone_adds_nothing_at_the_dinnertime_it_is_claimed():
    """FCM-DINNER-10, FCM-MILE-1: the CEO works as a CFO from the next turn's dinnertime."""
    rich = chain(goods={"pizza": 1}, milestones=["first_to_have_100"])
    state, board = table({"red": rich}, demand={5: ["pizza"]}, gardens={})
    state["turn"] = 1
    assert dinnertime(state, board)["chains"]["red"]["cfo"] == 0


# --- the phase, on the turn-5 map: the worker's events and what they do -------------------


def at_dinner(demand, goods, cash=0, bank=None, breaks=0, introductory=False, edition=None):
    """ann and bob at turn 5 in dinnertime: `demand` {house: [goods]}, each chain's `goods`
    {chain: {good: n}}, the bank's cash; an introductory game without reserve cards and
    milestones if asked; a game of another `edition` if given."""
    from tests.games.fcm.table import Table, turn_five

    position = turn_five()
    if edition:
        position["options"]["edition"] = edition
    if introductory:
        position["options"]["introductory"] = True
        position["supply"]["milestones"] = {}
        for chain in position["chains"].values():
            chain.update(milestones=[], reserve={"commitment": None, "revealed": None})
        for campaign in position["board"]["campaigns"]:
            campaign["eternal"] = False  # no first billboard milestone, no eternal campaign
    position.update(phase="dinnertime", restructuring=None)
    position["dinnertime"] = {"last_house": 0, "sales": {}, "awaiting_reveals": False}
    for house in position["board"]["houses"]:
        house["demand"] = demand.get(house["number"], [])
    for name, stock in goods.items():
        position["chains"][name]["goods"].update(stock)
        position["chains"][name]["cash"] = cash
    if bank is not None:
        position["bank"]["cash"] = bank
    position["bank"]["breaks"] = breaks
    return Table(position["players"], position=position)


def resolved(table):
    """The worker's events for the phase, folded as the service folds them; returned."""
    import games.fcm as fcm

    events = fcm.resolve(table.state)
    for event in events:
        table.record(event["type"].removeprefix("fcm."), actor="system:dinnertime",
                     **event["payload"])  # fmt: skip
    return events


def test_the_worker_serves_each_house_then_pays_waitresses_and_payday_comes():
    """FCM-DINNER-1, FCM-DINNER-7, FCM-DINNER-9 as derived events: each house's explanation
    lists every chain considered; the bank pays; then the game waits at payday."""
    import games.fcm as fcm

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    assert fcm.pending(table.state) == "dinnertime"
    bank = table.state["bank"]["cash"]
    events = resolved(table)
    assert [e["type"] for e in events] == ["fcm.house_served", "fcm.dinnertime_ended"]
    served = events[0]["payload"]
    assert served["winner"] == "ann" and served["house"] == 13
    assert {c["chain"] for c in served["explanation"]["considered"]} == {"ann", "bob"}
    income = served["income"]
    assert table.state["chains"]["ann"]["cash"] == income
    assert table.state["bank"]["cash"] == bank - income
    assert table.state["chains"]["ann"]["goods"]["burger"] == 0
    assert table.state["phase"] == "payday" and fcm.pending(table.state) is None


def test_a_derived_event_that_says_other_than_the_rules_is_refused():
    """FCM-DINNER-4: the worker's events are checked when folded; a house given to the wrong
    chain is refused."""
    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    table.refused("house_served", "FCM-DINNER-4", actor="system:dinnertime", house=13,
                  winner="bob", income=10, explanation={})  # fmt: skip
    table.refused("house_served", "FCM-DINNER-1", actor="system:dinnertime", house=2,
                  winner=None, income=0, explanation={})  # fmt: skip


def test_the_first_break_waits_for_the_reserve_cards_then_refills_the_bank():
    """FCM-BANK-1, FCM-BANK-2: the bank holds $5 against a sale; the chains reveal $200 and
    $300 ... here both sealed $200 (seated), so the bank gains $400 and CEOs keep 3 slots."""
    import games.fcm as fcm
    from tests.games.fcm.table import nonce

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}}, bank=5)
    events = resolved(table)
    assert [e["type"] for e in events] == ["fcm.bank_broke"]
    assert table.state["bank"]["breaks"] == 1 and fcm.pending(table.state) is None
    table.record("reserve_card_revealed", player="ann", money=200, nonce=nonce("ann"))
    assert fcm.pending(table.state) is None  # bob's card is still face down
    table.record("reserve_card_revealed", player="bob", money=200, nonce=nonce("bob"))
    assert table.state["bank"]["cash"] == 405 and table.state["bank"]["ceo_slots"] == 3
    assert fcm.pending(table.state) == "dinnertime"
    assert [e["type"] for e in resolved(table)] == ["fcm.house_served", "fcm.dinnertime_ended"]


def test_the_second_break_pays_in_full_writes_the_shortfall_and_ends_the_game():
    """FCM-BANK-3, FCM-BANK-4: after the bank's first break, it cannot pay again: the game
    ends after this dinnertime, the richest chain wins."""
    import games.fcm as fcm

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}},
                      bank=3, breaks=1)  # fmt: skip
    table.state["chains"]["ann"]["reserve"]["revealed"] = 200
    table.state["chains"]["bob"]["reserve"]["revealed"] = 200
    events = resolved(table)
    assert [e["type"] for e in events] == [
        "fcm.bank_broke",
        "fcm.house_served",
        "fcm.dinnertime_ended",
    ]
    income = events[1]["payload"]["income"]
    assert table.state["bank"] == {"cash": 0, "breaks": 2, "ceo_slots": 3,
                                   "shortfall": income - 3}  # fmt: skip
    assert table.state["phase"] == "over" and table.state["winner"] == "ann"
    assert fcm.finished(table.state) and fcm.pending(table.state) is None


def test_a_tie_for_the_most_cash_goes_to_the_earlier_in_turn_order():
    """FCM-BANK-4."""
    from games.fcm.bankruptcy import ranking

    state = {"turn_order": ["bob", "ann"],
             "chains": {"ann": {"cash": 50}, "bob": {"cash": 50}}}  # fmt: skip
    assert ranking(state)[0] == "bob"


def test_the_introductory_game_ends_at_the_first_break():
    """FCM-BANK-3 as the introductory game has it: no reserve cards, the first break is the
    last."""
    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}}, bank=2,
                      introductory=True)  # fmt: skip
    events = resolved(table)
    assert [e["type"] for e in events][0] == "fcm.bank_broke"
    assert table.state["phase"] == "over" and table.state["bank"]["shortfall"] > 0


def test_by_the_deluxe_rules_the_bank_breaks_when_it_reaches_zero():
    """FCM-BANK-1 under the Deluxe rule: a sale of exactly what the bank holds breaks it; the
    original rules pay it."""
    from games.fcm.bank import can_pay

    state = {"options": {"edition": "original"}, "bank": {"cash": 10, "breaks": 0}}
    state["options"]["introductory"] = False
    assert can_pay(state, 10)
    state["options"]["edition"] = "deluxe"
    assert not can_pay(state, 10) and can_pay(state, 9)


def test_by_the_deluxe_rules_lower_prices_is_claimed_as_dinnertime_begins():
    """FCM-MILE-1 under the Deluxe rule: not at restructuring, but with a pricing manager at
    work when the last working ends."""
    from tests.games.fcm.test_milestones import claimed, restructured_with

    table = restructured_with(["pricing_manager"], edition="deluxe")
    assert "first_lower_prices" not in claimed(table.state)
    for place, player in enumerate(table.state["order_of_business"]["to_pick"], start=1):
        table.record("turn_order_picked", player=player, place=place)
    for player in list(table.state["turn_order"]):
        table.record("working_ended", player=player)
    assert table.state["phase"] == "dinnertime"
    assert "first_lower_prices" in claimed(table.state)


def discounting(table_position, name, cfo=False):
    """`name` with a vice president under the CEO and four discount managers under it, at
    work: a unit price of -$2 (FCM-DINNER-5); with `cfo`, the CFO of its hand at work too."""
    from games.fcm.cards.employees import issue_card_id

    chain = table_position["chains"][name]
    ceo = next(card for card in chain["cards"] if card["card"] == "ceo")
    vp = new_card(issue_card_id(table_position, "vice_president"), "vice_president", "work")
    vp["boss"] = ceo["id"]
    chain["cards"].append(vp)
    for _ in range(4):
        card = new_card(issue_card_id(table_position, "discount_manager"), "discount_manager",
                        "work")  # fmt: skip
        card["boss"] = vp["id"]
        chain["cards"].append(card)
    for card in ("vice_president", *["discount_manager"] * 4):
        table_position["supply"]["employees"][card] -= 1
    if cfo:
        held = next(card for card in chain["cards"] if card["card"] == "cfo")
        held.update(place="work", boss=ceo["id"])


def test_a_chain_pays_for_a_sale_at_a_loss_with_the_cash_it_has():
    """FCM-DINNER-5, FCM-DINNER-7, FCM-DINNER-8: ann sells a burger at -$2, doubled by house
    13's garden: she owes the bank $4 and holds $3; she pays the $3, her cash stops at $0, and
    the explanation says what she paid and what went unpaid."""
    from tests.games.fcm.table import Table

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    position = table.state
    discounting(position, "ann")
    position["chains"]["ann"]["cash"] = 3
    table = Table(position["players"], position=position)
    bank = table.state["bank"]["cash"]
    served, ended = resolved(table)
    assert (served["payload"]["winner"], served["payload"]["income"]) == ("ann", -4)
    assert served["payload"]["explanation"]["paid_to_bank"] == {"paid": 3, "unpaid": 1}
    assert table.state["chains"]["ann"]["cash"] == 0
    assert table.state["bank"]["cash"] == bank + 3
    assert ended["payload"]["explanation"]["chains"]["ann"]["sales"] == -4
    from games.fcm.sentences import house_served

    assert house_served(served["payload"], table.state).startswith(
        "house 13 went to ann at a loss: ann owed the bank $4, $1 of it unpaid for want of cash"
    )


def test_a_cfo_adds_half_of_a_loss_too():
    """FCM-DINNER-10 on a loss: the CFO adds half of what the chain earned this turn, rounded
    up, and a loss of $4 is made $2 worse (the designer's ruling, docs/rules/fcm.md)."""
    from tests.games.fcm.table import Table

    table = at_dinner(demand={13: ["burger"]}, goods={"ann": {"burger": 1}, "bob": {}})
    position = table.state
    discounting(position, "ann", cfo=True)
    position["chains"]["ann"]["cash"] = 10
    table = Table(position["players"], position=position)
    _, ended = resolved(table)
    assert ended["payload"]["chains"]["ann"] == {"waitresses": 0, "cfo": -2}
    assert table.state["chains"]["ann"]["cash"] == 4
