"""Stored payloads of an older form, lifted to the current one when they are read.

fcm.created version 1 declared a position in the first state format: each chain's employees as
counts, restaurants and milestones without ids or turns, the CEO slot count beside the bank.
Version 2 positions hold every card with its id and place and the game's options (docs/fcm.md,
"The state"). The lift makes the options those of the original game, gives each card an id in
player order, puts every card in hand (the CEO at work), makes
the marketeer of each campaign a card of its chain that can run that kind, and dates every
milestone to the turn before the position's: the lift keeps no record of a phase after
restructuring, and at restructuring a milestone shows only if an earlier turn claimed it
(milestones.json `claimed_by`). A version 1 position that a table could not have had (a
campaign no card of its chain can run) lifts to a position the checks refuse, naming why.
"""

import copy

from games.fcm.data import CAMPAIGNS, COMPONENTS, EMPLOYEES


def created_v1_to_v2(payload: dict) -> dict:
    if "position" not in payload.get("options", {}):
        return payload
    lifted = copy.deepcopy(payload)
    position = lifted["options"]["position"]
    issued = 0

    def card(name: str, place: str = "hand") -> dict:
        nonlocal issued
        issued += 1
        return {"id": f"{name}-{issued}", "card": name, "place": place, "boss": None,
                "campaign": None, "new": False}  # fmt: skip

    for name in position["players"]:
        chain = position["chains"][name]
        counts = chain.pop("employees")
        cards = [card("ceo", place="work")]
        for kind, count in counts.items():
            cards += [card(kind) for _ in range(count if kind != "ceo" else 0)]
        chain["cards"] = cards
        chain["goods"] = {good: 0 for good in COMPONENTS["goods"]}
        chain["unused_hires"] = 0
        claimed = max(1, position["turn"] - 1)
        chain["milestones"] = [{"id": m, "turn": claimed} for m in chain["milestones"]]
    numbered: dict[str, int] = {}
    for restaurant in position["board"]["restaurants"]:
        numbered[restaurant["owner"]] = numbered.get(restaurant["owner"], 0) + 1
        restaurant.update(id=f"{restaurant['owner']}-{numbered[restaurant['owner']]}",
                          drive_in=False)  # fmt: skip
    for campaign in position["board"]["campaigns"]:
        campaign["marketeer"] = _marketeer(position["chains"][campaign["owner"]], campaign)
    position["cards_issued"] = issued
    position["options"] = {"edition": "original", "introductory": False}
    choosing = {"sealed": None, "structure": None}
    position["restructuring"] = (
        {name: dict(choosing) for name in position["players"]}
        if position["phase"] == "restructuring"
        else None
    )
    position["order_of_business"] = None
    position["working"] = None
    position["dinnertime"] = None
    position["payday"] = None
    position["marketing"] = None
    position["winner"] = None
    position["bank"].update(ceo_slots=position.pop("ceo_slots"), shortfall=0)
    return lifted


def _marketeer(chain: dict, campaign: dict) -> str:
    """A card of the chain, in hand, that can run a campaign of this kind, now busy with it;
    an id no card has if there is none (the position's check then refuses it)."""
    kind = CAMPAIGNS[campaign["number"]]["type"]
    for card in chain["cards"]:
        action = EMPLOYEES.get(card["card"], {}).get("action", {})
        if card["place"] == "hand" and kind in action.get("campaign_types", ()):
            card.update(place="busy", campaign=campaign["number"])
            return card["id"]
    return f"missing_marketeer-{campaign['number']}"
