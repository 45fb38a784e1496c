"""A plain strategy for a whole game of Food Chain Magnate, played through the HTTP API by a
RecordingTable (tests/scenarios/recording.py) with a real worker: the same every run.

Each chain sells its own product (`Strategy(products, homes)`: ann burgers, bob pizzas, ...)
and opens on its own home tile. It hires marketeers, a trainer, its makers (kitchen trainees
for a food, errand boys for a drink), waitresses and a manager; trains its marketeers into
campaign managers and its kitchen trainees into cooks of its food; advertises its product
with billboards and mailboxes on houses no other chain advertises to or wants something else
at; and brings in all its makers make. Every decision is a pure function of GET state; the
worker resolves dinnertime, payday, the campaigns and cleanup.
"""

from games.errors import RuleViolation
from games.fcm import reserve_commitment
from games.fcm.cards.employees import ceo_of, is_manager, slots
from games.fcm.data import CAMPAIGNS, EMPLOYEES, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.pieces import CORNERS, campaign_squares, entrance_square, occupied, what_is_on
from games.fcm.map.placement import check_campaign, check_restaurant
from games.fcm.map.reach import houses_reached
from games.fcm.map.roads import road_distance
from games.fcm.turn.payday import can_pay
from tests.games.fcm.table import nonce

FOODS = ("burger", "pizza")
RESERVE = 100  # each chain's reserve card: the bank breaks sooner
# what a chain hires, in this order, until it holds that many of each family; "maker" is
# the card that brings in its product: a kitchen trainee for a food, an errand boy for a drink
WISHES = [
    ("marketing_trainee", 1),
    ("trainer", 1),
    ("maker", 1),
    ("marketing_trainee", 2),
    ("waitress", 1),
    ("management_trainee", 1),
    ("maker", 2),
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
              "kitchen_trainee", "errand_boy", "waitress", "trainer",
              "recruiting_girl"]  # fmt: skip
# what the trainer makes of a card on the beach
TRAINING = {
    "marketing_trainee": "campaign_manager",
    "kitchen_trainee": {"burger": "burger_cook", "pizza": "pizza_cook"},
}
MAKES = ("kitchen_trainee", "burger_cook", "pizza_cook", "errand_boy")


def cards(state, player, *places):
    return [c for c in state["chains"][player]["cards"] if not places or c["place"] in places]


class Strategy:
    """The plain strategy for the chains of `products` ({player: burger, pizza, beer,
    lemonade or soda}), each opening on its tile of `homes` ({player: (tile row, tile
    col)})."""

    def __init__(self, products: dict[str, str], homes: dict[str, tuple[int, int]]):
        self.products, self.homes = products, homes

    def maker(self, player) -> str:
        return "kitchen_trainee" if self.products[player] in FOODS else "errand_boy"

    # --- the decisions: pure functions of GET state ------------------------------------

    def starting_spot(self, state, player):
        """The first legal starting restaurant, in reading order, with its entrance on the
        chain's home tile."""
        board = board_of(state["board"])
        for square in board.squares():
            for corner in CORNERS:
                spot = {"top_left": list(square), "entrance": corner}
                if board.tile_of(entrance_square(spot)) != self.homes[player]:
                    continue
                try:
                    check_restaurant(board, state["board"], square, corner, rule="FCM-SETUP-8",
                                     at_setup=True)  # fmt: skip
                except RuleViolation:
                    continue
                return spot
        raise AssertionError(f"no spot for {player} on tile {self.homes[player]}")

    def structure(self, state, player):
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
        bosses = [ceo] * (ceo_slots - len(used))
        bosses += [m["id"] for m in used for _ in range(slots(m))]
        for card, boss in zip(staff, bosses, strict=False):
            chosen[card["id"]] = boss
        return chosen

    def held(self, state, player, card):
        family = FAMILY.get(card, (card,))
        return sum(1 for c in cards(state, player) if c["card"] in family)

    def hires(self, state, player):
        """The CEO's hire and each recruiting girl's at work, from WISHES."""
        count = 1 + sum(1 for c in cards(state, player, "work") if c["card"] == "recruiting_girl")
        stock = dict(state["supply"]["employees"])
        chosen = []
        for card, wanted in WISHES:
            card = self.maker(player) if card == "maker" else card
            have = self.held(state, player, card) + chosen.count(card)
            while have < wanted and len(chosen) < count and stock[card] > 0:
                chosen.append(card)
                stock[card] -= 1
                have += 1
        return chosen

    def training(self, state, player):
        """A trainer at work trains one card on the beach: a marketing trainee into a
        campaign manager, else a kitchen trainee into a cook of the chain's food."""
        trainer = next((c for c in cards(state, player, "work") if c["card"] == "trainer"), None)
        if trainer is None:
            return None
        for card, into in TRAINING.items():
            if isinstance(into, dict):
                into = into.get(self.products[player])
            beach = [c for c in cards(state, player, "beach") if c["card"] == card]
            if into and beach and state["supply"]["employees"][into] > 0:
                steps = [{"card": beach[0]["id"], "into": into}]
                return {"trainer": trainer["id"], "steps": steps}
        return None

    def theirs(self, state, player):
        """The houses another chain advertises to or wants something else at."""
        board = board_of(state["board"])
        taken = set()
        for campaign in state["board"]["campaigns"]:
            if campaign["owner"] != player:
                taken |= set(houses_reached(board, state["board"], campaign))
        for house in state["board"]["houses"]:
            if set(house["demand"]) - {self.products[player]}:
                taken.add(house["number"])
        return taken

    def campaign(self, state, player, marketeer):
        """The free billboard or mailbox in the marketeer's range that reaches most houses,
        none that another chain advertises to or wants something else at, for as long as it
        may run."""
        action = EMPLOYEES[marketeer["card"]]["action"]
        board = board_of(state["board"])
        mine = [r for r in state["board"]["restaurants"] if r["owner"] == player]
        entrances = [entrance_square(r) for r in mine]
        taken = self.theirs(state, player)
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
        return {"marketeer": marketeer["id"], "product": self.products[player],
                "duration": action["max_duration"], **best}  # fmt: skip

    def firing(self, state, player):
        """Nobody, unless the chain cannot pay: then its salaried cards off the beach and out
        of work, the last hired first, until it can; if it still cannot once every chain has
        fired, its busy marketeers too (FCM-PAY-1, FCM-PAY-2)."""
        busy_too = player in state["payday"]["fired"]
        fired = []
        for card in reversed(state["chains"][player]["cards"]):
            if can_pay(state, player, tuple(fired)):
                break
            salaried = EMPLOYEES[card["card"]]["salary"] if card["card"] != "ceo" else False
            if salaried and (busy_too or card["place"] != "busy"):
                fired.append(card["id"])
        return fired

    # --- the table: records each chain's decisions as the phases come ------------------

    def play(self, table, turns=40):
        """Play from the created game to the end, `table` a RecordingTable. Returns what the
        table saw at the first break: the state after the reveals, and the turn."""
        state = table.state
        while state["phase"] == "setup_restaurants":
            player = state["setup"]["to_act"][0]
            spot = self.starting_spot(state, player)
            state = table.record("starting_restaurant_placed", player=player, **spot)
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
                                             structure=self.structure(state, player))  # fmt: skip
            elif phase == "order_of_business":
                player = state["order_of_business"]["to_pick"][0]
                place = state["order_of_business"]["picked"].index(None) + 1
                state = table.record("turn_order_picked", player=player, place=place)
            elif phase == "working":
                state = self.work(table, state, state["working"]["player"])
            elif phase == "dinnertime" and state["dinnertime"]["awaiting_reveals"]:
                for player, chain in state["chains"].items():
                    if chain["reserve"]["revealed"] is None:
                        state = table.record("reserve_card_revealed", player=player,
                                             money=RESERVE, nonce=nonce(player))  # fmt: skip
                first_break = {"turn": state["turn"], "state": state}
                table.settle()
                state = table.state
            elif phase == "payday" and self.owing(table):
                for player in self.owing(table):
                    state = table.record("fired", player=player,
                                         cards=self.firing(state, player))  # fmt: skip
            else:
                table.settle()
                waited, state = state, table.state
                assert state != waited, (
                    f"the game waits in {phase} for {waited.get(phase)}; the table has nothing"
                    " to record"
                )
        return first_break

    def owing(self, table):
        """The chains whose firing payday awaits, as GET .../next names them: each chain's
        first, then a chain that cannot pay fires again (FCM-PAY-1, FCM-PAY-2)."""
        awaiting = table.client.get(f"{table.href}/next").json
        if "fcm.fired" not in awaiting["types"]:  # each chain's own, not fcm.nobody_fired
            return []
        return [actor.removeprefix("player:") for actor in awaiting["from"]]

    def work(self, table, state, player):
        """One chain's working: recruit, train, a campaign per marketeer, its product from
        each maker, done."""
        hired = self.hires(state, player)
        if hired:
            state = table.record("recruited", player=player, cards=hired)
        trained = self.training(state, player)
        if trained:
            state = table.record("trained", player=player, **trained)
        for marketeer in cards(state, player, "work"):
            if marketeer["card"] in FAMILY["marketing_trainee"]:
                placed = self.campaign(state, player, marketeer)
                if placed:
                    state = table.record("campaign_placed", player=player, **placed)
        product = self.products[player]
        for maker in cards(state, player, "work"):
            if maker["card"] == "errand_boy":
                state = table.record("drinks_taken", player=player, card=maker["id"],
                                     drink=product)  # fmt: skip
            elif maker["card"] in MAKES:
                state = table.record("food_taken", player=player, cook=maker["id"], food=product)
        return table.record("working_ended", player=player)


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


# The tables of the whole games (tests/scenarios/test_fcm_whole_game.py, and the soak's).
TWO = Strategy(products={"ann": "burger", "bob": "pizza"}, homes={"ann": (1, 1), "bob": (2, 2)})
FIVE = Strategy(
    products={"ann": "burger", "bob": "pizza", "cat": "beer", "dan": "lemonade", "eve": "soda"},
    homes={"ann": (0, 1), "bob": (1, 2), "cat": (0, 3), "dan": (1, 0), "eve": (2, 1)},
)
