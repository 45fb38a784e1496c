"""The marketing campaigns (FCM-CAMP-1 to 5), resolved by the worker: the marketing phase.

The campaigns run in number order (FCM-CAMP-1); each puts one demand token of its product on
every house it reaches, two for a radio of a chain with the first radio milestone, a house
reached even if only its garden is (reach.py, FCM-CAMP-3, 4), up to 3 tokens on a house, 5
with a garden (FCM-CAMP-2). Then one token comes off each campaign that is not eternal; an
empty one goes back to the supply and frees its marketeer, to hand (to the beach by the
Deluxe rules) (FCM-CAMP-5). One `fcm.campaign_ran` a campaign. Then cleanup (cleanup.py).
Placing a campaign, in working, is actions/marketing.py.
"""

from games.errors import RuleViolation
from games.fcm.cards.employees import holds
from games.fcm.data import COMPONENTS, MILESTONES, campaign_type
from games.fcm.map.board import board_of
from games.fcm.map.reach import houses_reached
from games.fcm.turn.sequence import begin_next, begins
from games.plain_data import copied


def next_campaign(state: dict) -> dict | None:
    waiting = [c for c in state["board"]["campaigns"] if c["number"] > state["marketing"]["last"]]
    return min(waiting, key=lambda c: c["number"]) if waiting else None


def run(state: dict, campaign: dict) -> dict:
    """What `campaign` does: tokens per house reached, in house order, and what is left of
    it (FCM-CAMP-2 to 5). Changes nothing."""
    board = board_of(state["board"])
    kind = campaign_type(campaign["number"])
    chain = state["chains"][campaign["owner"]]
    each = 1
    if kind == "radio" and holds(chain, "first_radio"):
        each = MILESTONES["first_radio"]["effect_data"]["radio_demand_per_house"]
    houses = {h["number"]: h for h in state["board"]["houses"]}
    placed = {}
    for number in houses_reached(board, state["board"], campaign):
        house = houses[number]
        cap = COMPONENTS["demand_cap"]["house_with_garden" if house["garden"] else "house"]
        placed[str(number)] = max(0, min(each, cap - len(house["demand"])))
    remaining = campaign["remaining"] if campaign["eternal"] else campaign["remaining"] - 1
    return {"number": campaign["number"], "kind": kind, "product": campaign["product"],
            "tokens": placed, "remaining": remaining, "returns": remaining == 0}  # fmt: skip


def run_campaign(state: dict, event: dict) -> None:
    """`fcm.campaign_ran`: the next campaign, as `run` works it out."""
    if state["phase"] != "marketing":
        raise RuleViolation("FCM-TURN-1", f"campaigns run in marketing, not {state['phase']}")
    campaign = next_campaign(state)
    if campaign is None or campaign["number"] != event["payload"]["number"]:
        expected = campaign["number"] if campaign else "none"
        raise RuleViolation("FCM-CAMP-1", f"the next campaign is {expected}")
    result = run(state, campaign)
    if event["payload"]["tokens"] != result["tokens"]:
        raise RuleViolation(
            "FCM-CAMP-3", f"campaign {campaign['number']} places {result['tokens']}"
        )
    houses = {str(h["number"]): h for h in state["board"]["houses"]}
    for number, count in result["tokens"].items():
        houses[number]["demand"] += [campaign["product"]] * count
    state["marketing"]["last"] = campaign["number"]
    campaign["remaining"] = result["remaining"]
    if result["returns"]:
        state["board"]["campaigns"].remove(campaign)
        state["supply"]["campaigns"] = sorted(state["supply"]["campaigns"] + [campaign["number"]])
        freed = "beach" if state["options"]["edition"] == "deluxe" else "hand"
        for card in state["chains"][campaign["owner"]]["cards"]:
            if card["id"] == campaign["marketeer"]:
                card.update(place=freed, campaign=None)
    if next_campaign(state) is None:
        state["marketing"] = None
        begin_next(state, after="marketing")


@begins("marketing")
def begin_marketing(state: dict) -> None:
    state["phase"] = "marketing"
    state["marketing"] = {"last": 0}
    if next_campaign(state) is None:
        state["marketing"] = None
        begin_next(state, after="marketing")


def resolve_marketing(state: dict) -> list[dict]:
    """The worker's events: each campaign in number order."""
    state = copied(state)
    events = []
    while state["phase"] == "marketing":
        campaign = next_campaign(state)
        result = run(state, campaign)
        event = {"type": "fcm.campaign_ran",
                 "payload": {"number": campaign["number"], "tokens": result["tokens"],
                             "explanation": result}}  # fmt: skip
        run_campaign(state, event)
        events.append(event)
    return events
