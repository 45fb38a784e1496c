"""A whole two-player game of Food Chain Magnate through the HTTP API with a real RQ worker,
from setup to the bank's second break and a winner, replayed and verified.

The table plays a small, plain strategy that reads GET state, the same every run: ann sells
burgers, bob pizzas. Each chain hires marketeers, cooks, a trainer, waitresses and a manager,
trains its marketeers into campaign managers and its kitchen trainees into cooks, advertises
its food with billboards and mailboxes on houses no other chain advertises to, and takes all
the food its kitchen makes. The worker resolves dinnertime, payday, the campaigns and cleanup.
"""

import jsonpatch

from games.errors import RuleViolation
from games.fcm import reserve_commitment
from games.fcm.board import board_of
from games.fcm.cards import ceo_of, is_manager, slots
from games.fcm.data import CAMPAIGNS, EMPLOYEES, campaign_type
from games.fcm.payday import can_pay
from games.fcm.pieces import CORNERS, campaign_squares, entrance_square, occupied, what_is_on
from games.fcm.placement import check_campaign, check_restaurant
from games.fcm.reach import houses_reached
from games.fcm.roads import road_distance
from tests.games.fcm.table import layout_for, nonce
from tests.scenarios.recording import RecordingTable

PRODUCT = {"ann": "burger", "bob": "pizza"}
# where each chain opens: the tile of its entrance, [tile row, tile col]
HOME = {"ann": (1, 1), "bob": (2, 2)}
RESERVE = 100  # each chain's reserve card: the bank breaks sooner
# what a chain hires, in this order, until it holds that many of each family
WISHES = [
    ("marketing_trainee", 1),
    ("trainer", 1),
    ("kitchen_trainee", 1),
    ("marketing_trainee", 2),
    ("waitress", 1),
    ("management_trainee", 1),
    ("kitchen_trainee", 2),
    ("waitress", 2),
    ("recruiting_girl", 1),
    ("waitress", 3),
]
FAMILY = {
    "marketing_trainee": ("marketing_trainee", "campaign_manager"),
    "kitchen_trainee": ("kitchen_trainee", "burger_cook", "pizza_cook"),
}
# who works first when there are more cards than slots
WORK_ORDER = ["campaign_manager", "marketing_trainee", "burger_cook", "pizza_cook",
              "kitchen_trainee", "waitress", "trainer", "recruiting_girl"]  # fmt: skip
# what the trainer makes of a card on the beach
TRAINING = {
    "marketing_trainee": "campaign_manager",
    "kitchen_trainee": {"burger": "burger_cook", "pizza": "pizza_cook"},
}


# --- the strategy: pure functions of GET state -------------------------------------------


def cards(state, player, *places):
    return [c for c in state["chains"][player]["cards"] if not places or c["place"] in places]


def starting_spot(state, player):
    """The first legal starting restaurant, in reading order, with its entrance on the
    chain's home tile."""
    board = board_of(state["board"])
    for square in board.squares():
        for corner in CORNERS:
            spot = {"top_left": list(square), "entrance": corner}
            if board.tile_of(entrance_square(spot)) != HOME[player]:
                continue
            try:
                check_restaurant(
                    board, state["board"], square, corner, rule="FCM-SETUP-8", at_setup=True
                )
            except RuleViolation:
                continue
            return spot
    raise AssertionError(f"no spot for {player} on tile {HOME[player]}")


def structure(state, player):
    """Every card in hand to work if it fits: managers under the CEO as their slots are
    needed, the others in WORK_ORDER, first in the CEO's free slots, then the managers'."""
    hand = [c for c in cards(state, player, "hand") if c["card"] != "ceo"]
    ceo = ceo_of(state["chains"][player])["id"]
    ceo_slots = state["bank"]["ceo_slots"]
    managers = [c for c in hand if is_manager(c)]
    staff = sorted((c for c in hand if not is_manager(c)),
                   key=lambda c: WORK_ORDER.index(c["card"]))  # fmt: skip
    used = []
    while managers and len(used) < ceo_slots - 1 and ceo_slots - len(used) < len(staff):
        used.append(managers.pop(0))
    chosen = dict.fromkeys((m["id"] for m in used), ceo)
    bosses = [ceo] * (ceo_slots - len(used)) + [m["id"] for m in used for _ in range(slots(m))]
    for card, boss in zip(staff, bosses, strict=False):
        chosen[card["id"]] = boss
    return chosen


def held(state, player, card):
    family = FAMILY.get(card, (card,))
    return sum(1 for c in cards(state, player) if c["card"] in family)


def hires(state, player):
    """The CEO's hire and each recruiting girl's at work, from WISHES."""
    count = 1 + sum(1 for c in cards(state, player, "work") if c["card"] == "recruiting_girl")
    stock = dict(state["supply"]["employees"])
    chosen = []
    for card, wanted in WISHES:
        have = held(state, player, card) + chosen.count(card)
        while have < wanted and len(chosen) < count and stock[card] > 0:
            chosen.append(card)
            stock[card] -= 1
            have += 1
    return chosen


def training(state, player):
    """A trainer at work trains one card on the beach: a marketing trainee into a campaign
    manager, else a kitchen trainee into a cook of the chain's food."""
    trainer = next((c for c in cards(state, player, "work") if c["card"] == "trainer"), None)
    if trainer is None:
        return None
    for card, into in TRAINING.items():
        into = into[PRODUCT[player]] if isinstance(into, dict) else into
        beach = [c for c in cards(state, player, "beach") if c["card"] == card]
        if beach and state["supply"]["employees"][into] > 0:
            return {"trainer": trainer["id"], "steps": [{"card": beach[0]["id"], "into": into}]}
    return None


def theirs(state, player):
    """The houses another chain advertises to or wants something else at."""
    board = board_of(state["board"])
    taken = set()
    for campaign in state["board"]["campaigns"]:
        if campaign["owner"] != player:
            taken |= set(houses_reached(board, state["board"], campaign))
    for house in state["board"]["houses"]:
        if set(house["demand"]) - {PRODUCT[player]}:
            taken.add(house["number"])
    return taken


def campaign(state, player, marketeer):
    """The free billboard or mailbox in the marketeer's range that reaches most houses, none
    that another chain advertises to or wants something else at, for as long as it may run."""
    action = EMPLOYEES[marketeer["card"]]["action"]
    board = board_of(state["board"])
    entrances = [entrance_square(r) for r in state["board"]["restaurants"] if r["owner"] == player]
    taken = theirs(state, player)
    best, most = None, 0
    for placed in placements(state, board, action["campaign_types"]):
        reached = set(houses_reached(board, state["board"], placed))
        if len(reached) <= most or reached & taken:
            continue
        away = road_distance(board, entrances, campaign_squares(placed))
        if away is not None and away <= action["range"]["tiles"]:
            best, most = placed, len(reached)
    if best is None:
        return None
    return {"marketeer": marketeer["id"], "product": PRODUCT[player],
            "duration": action["max_duration"], **best}  # fmt: skip


def placements(state, board, kinds):
    """Every place on the map for each billboard and mailbox of `kinds` in the supply."""
    taken = occupied(state["board"])
    for number in state["supply"]["campaigns"]:
        if campaign_type(number) not in set(kinds) & {"billboard", "mailbox"}:
            continue
        rows, cols = CAMPAIGNS[number]["footprint"]
        for square in board.squares():
            for size in {(rows, cols), (cols, rows)}:
                placed = {"number": number, "top_left": list(square), "size": list(size)}
                squares = campaign_squares(placed)
                if any(what_is_on(board, taken, s) for s in squares):
                    continue  # the quick look first: check_campaign draws the map to refuse
                try:
                    check_campaign(board, state["board"], placed)
                except RuleViolation:
                    continue
                yield placed


def firing(state, player):
    """Nobody, unless the chain cannot pay: then its salaried cards off the beach and out of
    work, the last hired first, until it can."""
    fired = []
    for card in reversed(state["chains"][player]["cards"]):
        if can_pay(state, player, tuple(fired)):
            break
        if card["card"] != "ceo" and card["place"] != "busy" and EMPLOYEES[card["card"]]["salary"]:
            fired.append(card["id"])
    return fired


# --- the table: records each chain's decisions as the phases come ------------------------


def play(table, turns=40):
    """Play from the created game to the end, `table` a RecordingTable
    (tests/scenarios/recording.py). Returns what the
    table saw at the first break: the state after the reveals, and the turn."""
    state = table.state
    while state["phase"] == "setup_restaurants":
        player = state["setup"]["to_act"][0]
        state = table.record(
            "starting_restaurant_placed", player=player, **starting_spot(state, player)
        )
    for player in state["players"]:
        state = table.record("reserve_card_sealed", player=player,
                             commitment=reserve_commitment(RESERVE, nonce(player)))  # fmt: skip
    first_break = None
    while state["phase"] != "over":
        assert state["turn"] <= turns, f"no second break by turn {turns}"
        phase = state["phase"]
        if phase == "restructuring":
            for player, record in state["restructuring"].items():
                if record["structure"] is None and record["sealed"] is None:
                    state = table.record("structure_chosen", player=player,
                                         structure=structure(state, player))  # fmt: skip
        elif phase == "order_of_business":
            player = state["order_of_business"]["to_pick"][0]
            place = state["order_of_business"]["picked"].index(None) + 1
            state = table.record("turn_order_picked", player=player, place=place)
        elif phase == "working":
            state = work(table, state, state["working"]["player"])
        elif phase == "dinnertime" and state["dinnertime"]["awaiting_reveals"]:
            for player, chain in state["chains"].items():
                if chain["reserve"]["revealed"] is None:
                    state = table.record("reserve_card_revealed", player=player, money=RESERVE,
                                         nonce=nonce(player))  # fmt: skip
            first_break = {"turn": state["turn"], "state": state}
            table.settle()
            state = table.state
        elif phase == "payday" and len(state["payday"]["fired"]) < len(state["players"]):
            for player in state["players"]:
                if player not in state["payday"]["fired"]:
                    state = table.record("fired", player=player, cards=firing(state, player))
        else:
            table.settle()
            waited, state = state, table.state
            assert state != waited, f"the game waits in {phase}; the table has nothing to record"
    return first_break


def work(table, state, player):
    """One chain's working: recruit, train, a campaign per marketeer, food per cook, done."""
    hired = hires(state, player)
    if hired:
        state = table.record("recruited", player=player, cards=hired)
    trained = training(state, player)
    if trained:
        state = table.record("trained", player=player, **trained)
    for marketeer in cards(state, player, "work"):
        if marketeer["card"] in FAMILY["marketing_trainee"]:
            placed = campaign(state, player, marketeer)
            if placed:
                state = table.record("campaign_placed", player=player, **placed)
    for cook in cards(state, player, "work"):
        if cook["card"] in FAMILY["kitchen_trainee"]:
            state = table.record("food_taken", player=player, cook=cook["id"], food=PRODUCT[player])
    return table.record("working_ended", player=player)


def test_two_players_from_setup_to_the_second_break_and_a_winner(client, start_worker):
    """FCM-SETUP-1, FCM-SETUP-7, FCM-SETUP-8, FCM-SETUP-9, FCM-TURN-1, FCM-RESTR-1,
    FCM-RESTR-2, FCM-RESTR-4, FCM-ORDER-1, FCM-ORDER-3, FCM-WORK-1, FCM-WORK-3,
    FCM-RECRUIT-1, FCM-RECRUIT-2, FCM-TRAIN-1, FCM-MKT-1, FCM-MKT-2, FCM-MKT-3, FCM-MKT-5,
    FCM-MKT-6, FCM-FOOD-1, FCM-DINNER-1, FCM-DINNER-2, FCM-DINNER-3, FCM-DINNER-7,
    FCM-DINNER-9, FCM-DINNER-10, FCM-PAY-1, FCM-PAY-2, FCM-PAY-3, FCM-CAMP-1, FCM-CAMP-3,
    FCM-CAMP-5, FCM-CLEAN-1, FCM-CLEAN-2, FCM-CLEAN-3, FCM-MILE-1, FCM-MILE-2, FCM-BANK-1,
    FCM-BANK-2, FCM-BANK-3, FCM-BANK-4: a two-player game recorded
    through the API from its creation, every turn by the players' events and the worker's,
    to the first break (the reserve cards revealed refill the bank and set the CEOs' slots)
    and on to the second, which ends the game with the richest chain the winner; every step
    of the replay rebuilds the next, the last is the state, and the log verifies."""
    start_worker()
    options = {"layout": layout_for(2), "turn_order": ["ann", "bob"]}
    table = RecordingTable(client, "fcm", ["ann", "bob"], **options)
    first_break = play(table)

    events = table.events()
    # nothing declared: a table-laid map, and every event the players' or the worker's
    assert "position" not in events[0]["payload"]["options"]
    for event in events[1:]:
        player = event["payload"].get("player")
        worker = event["actor"].startswith("system:")
        assert event["actor"] == f"player:{player}" if player else worker, event
    broke = [e for e in events if e["type"] == "fcm.bank_broke"]
    assert [b["payload"]["explanation"]["break"] for b in broke] == [1, 2]
    # FCM-BANK-2: the reveals put the two $100 cards in the bank, and the cards' slots (2,
    # the only count on them) are every CEO's from then on
    after_reveals = first_break["state"]
    assert after_reveals["bank"]["breaks"] == 1
    assert after_reveals["bank"]["cash"] == broke[0]["payload"]["explanation"]["bank"] + 200
    assert after_reveals["bank"]["ceo_slots"] == 2
    assert {c["reserve"]["revealed"] for c in after_reveals["chains"].values()} == {RESERVE}
    # FCM-BANK-3: the second break ends the game after that dinnertime, without salaries
    state = table.state
    game = client.get(table.href).json
    assert (game["status"], state["phase"]) == ("finished", "over")
    assert state["bank"]["breaks"] == 2 and state["turn"] > first_break["turn"]
    after = events[events.index(broke[1]) + 1 :]
    assert {e["type"] for e in after[:-1]} <= {"fcm.house_served"}
    assert after[-1]["type"] == "fcm.dinnertime_ended"
    # everyone paid in full: what the bank held went, the rest is its shortfall
    owed = sum(e["payload"]["income"] for e in after[:-1]) + sum(
        chain["waitresses"] + chain["cfo"] for chain in after[-1]["payload"]["chains"].values()
    )
    assert state["bank"]["cash"] == 0
    assert state["bank"]["shortfall"] == owed - broke[1]["payload"]["explanation"]["bank"]
    # FCM-BANK-4: the most cash wins, a tie to the earlier in turn order
    order = state["turn_order"]
    cash = {name: state["chains"][name]["cash"] for name in order}
    best = max(cash.values())
    assert state["winner"] == next(name for name in order if cash[name] == best)

    version = game["version"]
    steps = table.steps(version)
    assert [s["event"]["seq"] for s in steps] == list(range(1, version + 1))
    assert steps[0]["state"] == table.created["state"]
    for earlier, later in zip(steps, steps[1:], strict=False):
        assert jsonpatch.apply_patch(earlier["state"], later["patch"]) == later["state"]
    assert steps[-1]["state"] == state
    # after the first break every CEO has two slots: the most any CEO has at work under it
    reports = [
        sum(1 for card in chain["cards"] if card["boss"] == ceo_of(chain)["id"])
        for step in steps
        if step["state"]["turn"] > first_break["turn"] and step["state"]["phase"] == "working"
        for chain in step["state"]["chains"].values()
    ]
    assert max(reports) == 2
    assert client.get(f"{table.href}/verify").json["ok"] is True
