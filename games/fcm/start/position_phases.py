"""A declared position's place in the game (position.py): the setup rounds, the reserve cards
and the bank, and the record each phase of the turn keeps while it lasts, kept exactly in its
phase.
"""

from games.errors import RuleViolation
from games.fcm.data import COMPONENTS
from games.fcm.turn.restructuring import check_structure
from games.fcm.turn.sequence import SETUP_PHASES


def check_bank_and_reserve(state: dict) -> None:
    """Every chain has chosen its reserve card once setup is over (FCM-SETUP-9); cards are face
    up only after the bank broke, and the CEO slot count moves from 3 only then (FCM-BANK-2)."""
    broke = state["bank"]["breaks"] >= 1
    introductory = state["options"]["introductory"]
    if introductory and state["supply"]["milestones"]:
        raise RuleViolation("FCM-MILE-1", "the introductory game is played without milestones")
    for name, chain in state["chains"].items():
        reserve = chain["reserve"]
        if introductory:
            if reserve != {"commitment": None, "revealed": None} or chain["milestones"]:
                raise RuleViolation(
                    "FCM-SETUP-9",
                    f"{name} holds a reserve card or a milestone; the introductory game has none",
                )
            continue
        if state["phase"] not in SETUP_PHASES and reserve["commitment"] is None:
            raise RuleViolation("FCM-SETUP-9", f"{name} has not chosen a reserve card")
        if reserve["revealed"] is not None and not (broke and reserve["commitment"]):
            raise RuleViolation(
                "FCM-BANK-2", f"{name}'s reserve card is face up, but only a broken bank reveals it"
            )
    if not broke and state["bank"]["ceo_slots"] != COMPONENTS["ceo_slots"]:
        raise RuleViolation("FCM-BANK-2", "CEOs have 3 slots until the bank first breaks")


def check_setup_rounds(state: dict) -> None:
    """The starting-restaurant rounds are under way exactly in their phase, and name players
    who have not placed yet (FCM-SETUP-7)."""
    setup = state["setup"]
    if (setup is not None) != (state["phase"] == "setup_restaurants"):
        raise RuleViolation(
            "FCM-SETUP-7", "setup rounds are recorded during setup_restaurants only"
        )
    if setup is None:
        return
    placed = {r["owner"] for r in state["board"]["restaurants"]}
    waiting = setup["to_act"]
    if (
        not waiting
        or len(set(waiting)) != len(waiting)
        or not set(waiting) <= set(state["players"])
    ):
        raise RuleViolation("FCM-SETUP-7", f"players to act {waiting} are not a list of players")
    if set(waiting) & placed or (setup["round"] == 2 and not set(waiting) <= set(setup["passed"])):
        raise RuleViolation("FCM-SETUP-7", f"{waiting} includes players who may not place now")


def check_restructuring(state: dict) -> None:
    """Structures are being chosen exactly in restructuring, one record a chain, each known
    structure a legal one (FCM-TURN-1, FCM-RESTR-1, FCM-RESTR-2)."""
    records = state["restructuring"]
    if (records is not None) != (state["phase"] == "restructuring"):
        raise RuleViolation("FCM-TURN-1", "structures are chosen during restructuring only")
    if records is None:
        return
    if sorted(records) != sorted(state["players"]):
        raise RuleViolation("FCM-RESTR-1", "restructuring keeps one record for each chain")
    for name, record in records.items():
        if record["structure"] is not None:
            check_structure(state, name, record["structure"])


def check_order_of_business(state: dict) -> None:
    """The track is being filled exactly in order of business: each chain picks once, a place
    each (FCM-TURN-1, FCM-ORDER-1, FCM-ORDER-4)."""
    order = state["order_of_business"]
    if (order is not None) != (state["phase"] == "order_of_business"):
        raise RuleViolation("FCM-TURN-1", "places are picked during order of business only")
    if order is None:
        return
    picked = [name for name in order["picked"] if name is not None]
    if (
        len(order["picked"]) != len(state["players"])
        or sorted(picked + order["to_pick"]) != sorted(state["players"])
        or sorted(order["open_slots"]) != sorted(state["players"])
    ):
        raise RuleViolation(
            "FCM-ORDER-4",
            "every chain is on the track or still to pick, once, with a place for each player",
        )


def check_working(state: dict) -> None:
    """A chain is working exactly in working, one of the players, and only its cards have acted
    (FCM-TURN-1, FCM-WORK-1)."""
    working = state["working"]
    if (working is not None) != (state["phase"] == "working"):
        raise RuleViolation("FCM-TURN-1", "a chain works during working only")
    if working is None:
        return
    if working["player"] not in state["players"]:
        raise RuleViolation("FCM-WORK-1", f"{working['player']} does not play in this game")
    cards = {card["id"] for card in state["chains"][working["player"]]["cards"]}
    took = [take["card"] for take in working["food_and_drinks"]]
    strangers = sorted(set(working["acted"]) - cards | (set(took) - set(working["acted"])))
    if strangers:
        raise RuleViolation(
            "FCM-WORK-1",
            f"{', '.join(strangers)} acted this turn, but not as a card of"
            f" {working['player']}'s, who is working",
        )


def check_dinnertime(state: dict) -> None:
    """Dinnertime is being resolved exactly in its phase, payday's firings too, a sealed one
    only by a player of a Deluxe game, each chain's firing once; dinnertime waits for the
    reserve cards only after the first break, while one is face down; a winner is named
    exactly when the game is over (FCM-TURN-1, FCM-PAY-1, FCM-BANK-2, FCM-BANK-4)."""
    if (state["dinnertime"] is not None) != (state["phase"] == "dinnertime"):
        raise RuleViolation("FCM-TURN-1", "dinnertime is resolved during dinnertime only")
    if (state["marketing"] is not None) != (state["phase"] == "marketing"):
        raise RuleViolation("FCM-TURN-1", "campaigns run during marketing only")
    if (state["payday"] is not None) != (state["phase"] == "payday"):
        raise RuleViolation("FCM-TURN-1", "firing is recorded during payday only")
    dinner = state["dinnertime"]
    if dinner is not None and dinner["awaiting_reveals"]:
        face_down = [n for n, c in state["chains"].items() if c["reserve"]["revealed"] is None]
        if state["bank"]["breaks"] != 1:
            raise RuleViolation(
                "FCM-BANK-2", "dinnertime waits for the reserve cards only after the first break"
            )
        if not face_down:
            raise RuleViolation(
                "FCM-BANK-2", "every reserve card is face up: dinnertime waits for none of them"
            )
    fired = state["payday"]["fired"] if state["payday"] is not None else []
    if len(set(fired)) != len(fired) or not set(fired) <= set(state["players"]):
        raise RuleViolation("FCM-PAY-1", f"the firings recorded {fired} name players, once each")
    if state["payday"] is not None and state["payday"]["sealed"]:
        if state["options"]["edition"] != "deluxe":
            raise RuleViolation("FCM-PAY-1", "only the Deluxe edition fires sealed")
        strangers = sorted(set(state["payday"]["sealed"]) - set(state["players"]))
        if strangers:
            raise RuleViolation(
                "FCM-PAY-1", f"{', '.join(strangers)} sealed a firing but does not play here"
            )
    if (state["winner"] is not None) != (state["phase"] == "over"):
        raise RuleViolation("FCM-BANK-4", "a winner is named when the game is over, and only then")
    if state["winner"] is not None and state["winner"] not in state["players"]:
        raise RuleViolation("FCM-BANK-4", f"{state['winner']} does not play in this game")


def check_marketing(state: dict) -> None:
    """Marketing lasts only while a campaign on the map is still to run this turn, numbered
    above the last that ran (FCM-CAMP-1): campaigns.py `begin_marketing` goes on to cleanup
    when none is, and so does the last campaign's run. A declared marketing with none left
    would have the worker run a campaign that is not there."""
    marketing = state["marketing"]
    if marketing is None:
        return
    on_map = sorted(c["number"] for c in state["board"]["campaigns"])
    if not any(number > marketing["last"] for number in on_map):
        raise RuleViolation(
            "FCM-CAMP-1",
            f"marketing.last is {marketing['last']}, and no campaign on the map"
            f" ({on_map or 'none'}) is numbered above it: marketing lasts while one is still to"
            " run; with none, the turn is at cleanup",
        )
