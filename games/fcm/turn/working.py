"""Working (FCM-WORK-1 to 3): the chains act in turn order, each finishing before the next
begins, each in the fixed order of actions; and the first of those actions, recruiting
(FCM-RECRUIT-1 to 3).

While the phase lasts, `state["working"]` is `{"player": the chain acting, "done": [the
actions it has taken, in order], "acted": [ids of the cards at work that used their action
this turn: each card acts once], "trained": [ids of the cards trained this turn],
"food_and_drinks": [what each card that took food or drinks took: {"card", "took", "route"},
food.py]}`. When a chain's working begins, its open
restaurants become drive-ins if it has a local or regional manager at work (FCM-REST-3; the
flag stays until cleanup). A chain ends its working with `fcm.working_ended`; after the last,
the game waits in dinnertime.
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.employees import (
    at_work,
    discounted_hires,
    has_drive_ins,
    issue_card_id,
    new_card,
)
from games.fcm.data import EMPLOYEES
from games.fcm.turn.sequence import begin_next, begins

# FCM-WORK-3: a chain's actions in their fixed order, and the events that take each
ACTIONS = {
    "recruit": ("fcm.recruited",),
    "train": ("fcm.trained",),
    "marketing": ("fcm.campaign_placed",),
    "food": ("fcm.food_taken", "fcm.drinks_taken", "fcm.drinks_collected"),
    "houses": ("fcm.house_placed", "fcm.garden_added"),
    "restaurants": ("fcm.restaurant_placed", "fcm.restaurant_moved"),
}
ACTION_OF = {event_type: action for action, types in ACTIONS.items() for event_type in types}


@begins("working")
def begin_working(state: dict) -> None:
    state["phase"] = "working"
    begin_chain(state, state["turn_order"][0])


def working_record(player: str) -> dict:
    return {"player": player, "done": [], "acted": [], "trained": [], "food_and_drinks": []}


def begin_chain(state: dict, player: str) -> None:
    """`player`'s working begins; with a local or regional manager at work its open
    restaurants are drive-ins from now until cleanup (FCM-REST-3)."""
    state["working"] = working_record(player)
    if has_drive_ins(state["chains"][player]):
        for restaurant in state["board"]["restaurants"]:
            if restaurant["owner"] == player and restaurant["status"] == "open":
                restaurant["drive_in"] = True


def check_turn(state: dict, event: dict, player: str, what: str) -> dict:
    """It is working and `player`'s turn to act (FCM-WORK-1). Returns the working record."""
    check_actor(event["actor"], player, "FCM-WORK-1", state["players"])
    if state["phase"] != "working":
        raise RuleViolation("FCM-TURN-1", f"{what} is part of working; this is {state['phase']}")
    working = state["working"]
    if working["player"] != player:
        raise RuleViolation(
            "FCM-WORK-1",
            f"it is {working['player']}'s working; {player} acts after them, in turn order",
        )
    return working


def start_action(state: dict, event: dict, player: str) -> dict:
    """`player` may take the action of `event` now: their turn (FCM-WORK-1), and no later
    action taken yet (FCM-WORK-3). Returns the working record, with the action noted."""
    action = ACTION_OF[event["type"]]
    working = check_turn(state, event, player, action)
    order = list(ACTIONS)
    later = [done for done in working["done"] if order.index(done) > order.index(action)]
    if later:
        raise RuleViolation(
            "FCM-WORK-3",
            f"{action} comes before {later[0]}, which {player} has already done this turn;"
            f" the order is {', '.join(ACTIONS)}",
        )
    if working["done"][-1:] != [action]:
        working["done"].append(action)
    return working


def hires(chain: dict) -> tuple[int, int]:
    """(free hires, hires of recruiting managers and HR directors) of the cards at work: the
    CEO's one and each recruiting girl's, and the managers' two or four (FCM-RECRUIT-1)."""
    free, paid = 0, 0
    for card in at_work(chain):
        action = EMPLOYEES[card["card"]]["action"] if card["card"] != "ceo" else {}
        if card["card"] == "ceo":
            free += 1
        elif action["type"] == "recruit":
            paid += discounted_hires(card)
            free += action["hire_actions"] - discounted_hires(card)
    return free, paid


def recruit(state: dict, event: dict) -> None:
    """The chain hires entry-level cards from the stock onto its beach, at most as many as
    its hires (FCM-RECRUIT-1, FCM-RECRUIT-2); the free hires are used first, and each hire
    of a recruiting manager or HR director left unused is a $5 discount at payday
    (FCM-RECRUIT-3)."""
    player, wanted = event["payload"]["player"], event["payload"]["cards"]
    if "recruit" in check_turn(state, event, player, "recruit")["done"]:
        raise RuleViolation("FCM-RECRUIT-1", f"{player} has recruited this turn already")
    start_action(state, event, player)
    chain = state["chains"][player]
    free, paid = hires(chain)
    if len(wanted) > free + paid:
        raise RuleViolation(
            "FCM-RECRUIT-1",
            f"{player} has {free + paid} hire(s) this turn ({free} free, {paid} from recruiting"
            f" managers and HR directors), not {len(wanted)}",
        )
    stock = state["supply"]["employees"]
    for card in wanted:
        if not EMPLOYEES[card]["entry_level"]:
            entry = sorted(c for c, e in EMPLOYEES.items() if e["entry_level"])
            raise RuleViolation(
                "FCM-RECRUIT-2",
                f"{card} is not an entry-level card; hire one of {', '.join(entry)}",
            )
        if stock[card] < 1:
            raise RuleViolation("FCM-RECRUIT-2", f"no {card} is left in the stock")
        stock[card] -= 1
        chain["cards"].append(new_card(issue_card_id(state, card), card, place="beach", new=True))
    chain["unused_hires"] = paid - max(0, len(wanted) - free)


def end_working(state: dict, event: dict) -> None:
    """The chain is done; its recruiting managers' and HR directors' hires, if it did not
    recruit, are all unused (their action is mandatory, FCM-WORK-2, FCM-RECRUIT-3). The next
    chain in turn order works (FCM-WORK-1); after the last, dinnertime."""
    player = event["payload"]["player"]
    if "recruit" not in check_turn(state, event, player, "ending working")["done"]:
        state["chains"][player]["unused_hires"] = hires(state["chains"][player])[1]
    order = state["turn_order"]
    following = order[order.index(player) + 1 :]
    if following:
        begin_chain(state, following[0])
        return
    state["working"] = None
    begin_next(state, after="working")
