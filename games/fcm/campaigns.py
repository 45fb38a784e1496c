"""The marketing campaigns (FCM-CAMP-1 to 5) and cleanup (FCM-CLEAN-1 to 3), resolved by the
worker, and the next turn.

Marketing: the campaigns run in number order (FCM-CAMP-1); each puts one demand token of its
product on every house it reaches, two for a radio of a chain with the first radio milestone,
a house reached even if only its garden is (reach.py, FCM-CAMP-3, 4), up to 3 tokens on a
house, 5 with a garden (FCM-CAMP-2). Then one token comes off each campaign that is not
eternal; an empty one goes back to the supply and frees its marketeer, to hand (to the beach
by the Deluxe rules) (FCM-CAMP-5). One `fcm.campaign_ran` a campaign.

Cleanup (`fcm.cleaned_up`): food and drinks are thrown away, up to 10 kept by a chain with the
freezer milestone (FCM-CLEAN-1). Which ten is the chain's choice when it holds more than ten
of more than one kind: cleanup waits for its `fcm.freezer_filled`, which throws away the rest
at once; otherwise there is nothing to choose. Throwing any away claims the first throw-away
milestone; every card goes back to hand but the busy ones, nothing new any more;
coming-soon restaurants open, drive-ins end (FCM-CLEAN-2); the milestones claimed this turn
lose their other copies (FCM-CLEAN-3). Then the next turn's restructuring.
"""

import copy

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.board import board_of
from games.fcm.cards import holds
from games.fcm.data import COMPONENTS, MILESTONES, campaign_type
from games.fcm.milestones import claim, in_effect
from games.fcm.reach import houses_reached

FREEZER = MILESTONES["first_throw_away"]["effect_data"]["freezer_capacity"]


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
        state["phase"] = "cleanup"


def has_freezer(chain: dict, turn: int) -> bool:
    """The freezer works from the cleanup after the one that claimed it (FCM-CLEAN-1)."""
    return in_effect(chain, "first_throw_away", turn)


def freezer_choice_owed(chain: dict, turn: int) -> bool:
    """The chain has the freezer and more goods than it keeps, of more than one kind: which
    ten it keeps is its choice (FCM-CLEAN-1)."""
    stock = [count for count in chain["goods"].values() if count]
    return has_freezer(chain, turn) and sum(stock) > FREEZER and len(stock) > 1


def fill_freezer(state: dict, event: dict) -> None:
    """`fcm.freezer_filled`: at cleanup, a chain owing the choice keeps `kept` (at most ten,
    from its stock) and throws the rest away (FCM-CLEAN-1)."""
    player, kept = event["payload"]["player"], event["payload"]["kept"]
    check_actor(event["actor"], player, "FCM-CLEAN-1", state["players"])
    if state["phase"] != "cleanup":
        raise RuleViolation("FCM-TURN-1", f"the freezer is filled at cleanup, not {state['phase']}")
    chain = state["chains"][player]
    if not freezer_choice_owed(chain, state["turn"]):
        reason = (
            "has no freezer (yet: it works from the cleanup after the one that claimed it)"
            if not has_freezer(chain, state["turn"])
            else (f"keeps all {sum(chain['goods'].values())} of its goods or has one kind only")
        )
        raise RuleViolation("FCM-CLEAN-1", f"{player} {reason}: there is nothing to choose")
    over = {good: n for good, n in kept.items() if n > chain["goods"][good]}
    if over:
        raise RuleViolation(
            "FCM-CLEAN-1",
            f"{player} cannot keep more than it holds: {over} against {chain['goods']}",
        )
    if sum(kept.values()) > FREEZER:
        raise RuleViolation(
            "FCM-CLEAN-1", f"the freezer keeps up to {FREEZER}, not {sum(kept.values())}"
        )
    chain["goods"] = {good: kept.get(good, 0) for good in chain["goods"]}


def cleanup_due(state: dict) -> bool:
    """Cleanup is the worker's once no chain owes its freezer choice."""
    return state["phase"] == "cleanup" and not any(
        freezer_choice_owed(chain, state["turn"]) for chain in state["chains"].values()
    )


def clean_up(state: dict, event: dict) -> None:
    """`fcm.cleaned_up`: the end of the turn (FCM-CLEAN-1 to 3), then the next one."""
    if not cleanup_due(state):
        owing = [n for n, chain in state["chains"].items()
                 if freezer_choice_owed(chain, state["turn"])]  # fmt: skip
        if state["phase"] == "cleanup":
            raise RuleViolation("FCM-CLEAN-1", f"cleanup waits for the freezer of {owing}")
        raise RuleViolation("FCM-TURN-1", f"cleanup comes after marketing, not {state['phase']}")
    cleaned(state)


def cleaned(state: dict) -> dict:
    """Cleanup done on `state`; returns what each chain kept and threw away, the restaurants
    opened and the milestones retired, for the explanation."""
    report = {"turn": state["turn"], "chains": {}}
    for name, chain in state["chains"].items():
        keep = FREEZER if has_freezer(chain, state["turn"]) else 0
        kept, thrown = {}, {}
        for good in COMPONENTS["goods"]:
            kept[good] = min(chain["goods"][good], keep)
            keep -= kept[good]
            thrown[good] = chain["goods"][good] - kept[good]
            chain["goods"][good] = kept[good]
        report["chains"][name] = {
            "kept": {good: n for good, n in kept.items() if n},
            "thrown": {good: n for good, n in thrown.items() if n},
        }
        if any(thrown.values()):
            claim(state, name, "first_throw_away")
        for card in chain["cards"]:
            if card["place"] != "busy":
                card.update(place="work" if card["card"] == "ceo" else "hand", boss=None)
            card["new"] = False
        chain["unused_hires"] = 0
    report["opened"] = [r["id"] for r in state["board"]["restaurants"]
                        if r["status"] == "coming_soon"]  # fmt: skip
    for restaurant in state["board"]["restaurants"]:
        restaurant.update(status="open", drive_in=False)
    claimed_now = {m["id"] for chain in state["chains"].values() for m in chain["milestones"]
                   if m["turn"] == state["turn"]}  # fmt: skip
    for milestone in claimed_now:
        state["supply"]["milestones"][milestone] = 0
    report["milestones_retired"] = sorted(claimed_now)
    state["turn"] += 1
    # imported here: restructuring leads, through the turn's phases, back to this module
    from games.fcm.restructuring import begin_restructuring

    begin_restructuring(state)
    return report


def begin_marketing(state: dict) -> None:
    state["phase"] = "marketing"
    state["marketing"] = {"last": 0}
    if next_campaign(state) is None:
        state["marketing"] = None
        state["phase"] = "cleanup"


def resolve_marketing(state: dict) -> list[dict]:
    """The worker's events: each campaign in number order."""
    state = copy.deepcopy(state)
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


def resolve_cleanup(state: dict) -> list[dict]:
    """The worker's event, its explanation what cleanup keeps, throws away, opens and
    retires."""
    report = cleaned(copy.deepcopy(state))
    return [{"type": "fcm.cleaned_up", "payload": {"explanation": report}}]
