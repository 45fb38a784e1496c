"""Payday (FCM-PAY-1 to 3): each chain fires whom it will, then the worker pays the salaries.

Firing sends cards in the structure or on the beach back to the stock; busy marketeers stay
(FCM-PAY-1). In the original edition each chain records `fcm.fired` in the open (an empty
list for nobody). In the Deluxe edition firing is simultaneous and secret: each chain records
`fcm.firing_sealed`, a commitment to its list of card ids (games/sealed.py: the list's
canonical JSON), and `fcm.firing_revealed` turns it face up, accepted only once every chain
that has a firing to make has sealed, so nobody fires knowing what another fired. Each
edition refuses the other's events.

When every chain has fired and can pay, the worker writes `fcm.salaries_paid`: $5 for every
card held that shows a salary symbol, busy marketeers included (FCM-PAY-2), less every
discount (each unused hire of a recruiting manager or HR director $5, the first-train
milestone $15), never below $0 (FCM-PAY-3); with the first billboard milestone the
marketeers draw no salary. The salaries go to the bank.

A chain that cannot pay must fire until it can, and who goes is its choice: until it has,
the game waits. In the original edition that chain may record `fcm.fired` again. In the
Deluxe edition it seals and reveals again, once every firing is revealed: the chains still
short fire together, each sealed, as the first firings were, and a reveal waits until every
one of them has sealed again.

At the payday of the turn a chain claimed a milestone that forbids cards (first_to_have_100:
"an owned CFO must be fired in this turn's payday"), its firing must include every such card
it holds, open or revealed, whichever the edition (`must_fire`, FCM-MILE-1).

The introductory game has no payday: after dinnertime the campaigns run.

While the phase lasts, `state["payday"]` is `{"fired": [the chains that have recorded, or
revealed, their firing], "sealed": {chain: commitment of a firing not yet revealed}}`.
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.campaigns import begin_marketing
from games.fcm.cards import holds
from games.fcm.data import EMPLOYEES, INTRODUCTORY, MILESTONES
from games.fcm.milestones import forbidden
from games.sealed import check_all_sealed, reveal

SALARY = 5
UNUSED_HIRE = 5


def begin_payday(state: dict) -> None:
    """Payday begins; the introductory game has none, so its campaigns run next."""
    if state["options"]["introductory"] and not INTRODUCTORY["payday"]:
        begin_marketing(state)
        return
    state["phase"] = "payday"
    state["payday"] = {"fired": [], "sealed": {}}


def salaries(chain: dict) -> dict:
    """What the chain owes: the cards with a salary symbol, the gross, each discount and the
    net, never below $0 (FCM-PAY-2, FCM-PAY-3)."""
    free = set()
    if holds(chain, "first_billboard"):
        free = set(MILESTONES["first_billboard"]["effect_data"]["salary_free_cards"])
    paid = [
        card["id"]
        for card in chain["cards"]
        if card["card"] in EMPLOYEES
        and EMPLOYEES[card["card"]]["salary"]
        and card["card"] not in free
    ]
    discounts = {"unused hires": UNUSED_HIRE * chain["unused_hires"]}
    if holds(chain, "first_train"):
        discounts["first_train"] = MILESTONES["first_train"]["effect_data"]["salary_discount"]
    gross = SALARY * len(paid)
    return {"cards": paid, "gross": gross, "discounts": discounts,
            "net": max(0, gross - sum(discounts.values()))}  # fmt: skip


def fire(state: dict, event: dict) -> None:
    """`fcm.fired`: the chain's firing this payday, recorded open by the original rules, once,
    or again while it cannot pay (FCM-PAY-1)."""
    player, ids = event["payload"]["player"], event["payload"]["cards"]
    check_actor(event["actor"], player, "FCM-PAY-1", state["players"])
    _check_edition(state, "original", "fcm.fired")
    _check_phase(state)
    chain = state["chains"][player]
    if player in state["payday"]["fired"] and salaries(chain)["net"] <= chain["cash"]:
        raise RuleViolation("FCM-PAY-1", f"{player} has recorded this payday's firing already")
    fire_cards(state, player, ids)


def seal_firing(state: dict, event: dict) -> None:
    """`fcm.firing_sealed`: the chain's firing face down, by the Deluxe rules (FCM-PAY-1): at
    first every chain's, and once every firing is revealed, another from each chain that
    still cannot pay."""
    player = event["payload"]["player"]
    check_actor(event["actor"], player, "FCM-PAY-1", state["players"])
    _check_edition(state, "deluxe", "fcm.firing_sealed")
    _check_phase(state)
    payday = state["payday"]
    if player in payday["sealed"]:
        raise RuleViolation("FCM-PAY-1", f"{player} has sealed a firing not yet revealed")
    if player not in to_fire(state):
        raise RuleViolation(
            "FCM-PAY-1",
            f"{player} has revealed this payday's firing already; a chain fires again only once"
            " every firing is revealed, and only if it cannot pay",
        )
    payday["sealed"][player] = event["payload"]["commitment"]


def reveal_firing(state: dict, event: dict) -> None:
    """`fcm.firing_revealed`: a sealed firing turned face up, once every chain with a firing to
    make has sealed; it must open the commitment and fire only cards the chain may fire
    (FCM-PAY-1)."""
    payload = event["payload"]
    player = payload["player"]
    check_actor(event["actor"], player, "FCM-PAY-1", state["players"])
    _check_edition(state, "deluxe", "fcm.firing_revealed")
    _check_phase(state)
    payday = state["payday"]
    sealed = payday["sealed"].get(player)
    if sealed is None:
        raise RuleViolation("FCM-PAY-1", f"{player} has no sealed firing to reveal")
    waiting = [name for name in to_fire(state) if name not in payday["sealed"]]
    together = "firings are revealed together, once every chain that fires has sealed"
    check_all_sealed(waiting, "FCM-PAY-1", together)
    reveal(sealed, payload["cards"], payload["nonce"], "FCM-PAY-1", "firing", who=player)
    fire_cards(state, player, payload["cards"])
    del payday["sealed"][player]


def to_fire(state: dict) -> list[str]:
    """The chains with a firing still to make, by the Deluxe rules: those that have not
    revealed one; once every chain has, those that cannot pay (FCM-PAY-1)."""
    fired = state["payday"]["fired"]
    first = [name for name in state["players"] if name not in fired]
    return first or short(state)


def fire_cards(state: dict, player: str, ids: list[str]) -> None:
    """The cards `ids` of `player`'s chain back to the stock: any in the structure or on the
    beach, not the CEO, not a busy marketeer, none named twice (FCM-PAY-1)."""
    chain = state["chains"][player]
    repeated = sorted({card_id for card_id in ids if ids.count(card_id) > 1})
    if repeated:
        raise RuleViolation("FCM-PAY-1", f"{', '.join(repeated)} named twice: a card goes once")
    kept = {card_id: why for card_id, why in must_fire(state, player).items() if card_id not in ids}
    if kept:
        raise RuleViolation(
            "FCM-MILE-1",
            f"{player} must fire {_names(list(kept))} at this payday: {_reasons(player, kept)}",
        )
    cards = {card["id"]: card for card in chain["cards"]}
    for card_id in ids:
        card = cards.get(card_id)
        if card is None or card["card"] == "ceo":
            raise RuleViolation("FCM-PAY-1", f"{card_id} is not a card {player} may fire")
        if card["place"] == "busy":
            raise RuleViolation(
                "FCM-PAY-1", f"{card_id} is busy with campaign {card['campaign']}: it stays"
            )
        chain["cards"].remove(card)
        state["supply"]["employees"][card["card"]] += 1
    if player not in state["payday"]["fired"]:
        state["payday"]["fired"].append(player)


def must_fire(state: dict, player: str) -> dict[str, str]:
    """The cards `player`'s chain must fire at this payday, each id with the milestone that
    forbids its card: those it holds that a milestone it claimed this turn forbids
    (milestones.json `forbidden_cards`; first_to_have_100's CFO), FCM-MILE-1.

    At a later payday there are none, because no chain can hold a forbidden card after the
    payday of the turn it claimed the milestone: that payday fired them; a forbidden card is
    not entry level, so never hired (FCM-RECRUIT-2), and no milestone brings one (both
    checked when the data is loaded); training into one is refused (training.py). A declared
    position where one is held all the same is refused (`check_forbidden_kept`). The only
    chain that keeps one is one whose game ended at the dinnertime it claimed the milestone:
    there is no payday after the bank's last break."""
    chain = state["chains"][player]
    this_turn = {m["id"] for m in chain["milestones"] if m["turn"] == state["turn"]}
    barred = {card: m for card, m in forbidden(chain).items() if m in this_turn}
    return {card["id"]: barred[card["card"]] for card in chain["cards"] if card["card"] in barred}


def check_forbidden_kept(state: dict) -> None:
    """A declared position: no chain holds a card one of its milestones forbids, unless it
    claimed that milestone this turn and its firing at this turn's payday is still to come
    (or the game ended at that dinnertime), FCM-MILE-1."""
    after_payday = state["phase"] in ("marketing", "cleanup")
    for name, chain in state["chains"].items():
        fired = state["payday"] is not None and name in state["payday"]["fired"]
        claimed = {m["id"]: m["turn"] for m in chain["milestones"]}
        for card in chain["cards"]:
            milestone = forbidden(chain).get(card["card"])
            if milestone is None:
                continue
            if claimed[milestone] < state["turn"] or after_payday or fired:
                raise RuleViolation(
                    "FCM-MILE-1",
                    f"{name} holds {card['id']}, which {milestone} (claimed in turn"
                    f" {claimed[milestone]}) forbids: it went at that turn's payday",
                )


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _reasons(player: str, kept: dict[str, str]) -> str:
    """Why the cards must go: each milestone claimed this turn and the cards it forbids."""
    return "; ".join(
        f"{player} claimed {m} ({MILESTONES[m]['name']}) this turn, which forbids"
        f" {_names(MILESTONES[m]['effect_data']['forbidden_cards'])} cards"
        for m in dict.fromkeys(kept.values())
    )


def _check_edition(state: dict, edition: str, event_type: str) -> None:
    """Refuse `event_type`, a way of firing of `edition`, in a game of the other (FCM-PAY-1)."""
    if state["options"]["edition"] == edition:
        return
    if edition == "original":
        raise RuleViolation(
            "FCM-PAY-1",
            f"{event_type} is the original edition's open firing; this game plays the Deluxe"
            " edition, where firing is simultaneous and secret: record fcm.firing_sealed, then"
            " fcm.firing_revealed once every chain has sealed",
        )
    raise RuleViolation(
        "FCM-PAY-1",
        f"{event_type} is the Deluxe edition's secret firing; this game plays the original"
        " edition, where each chain records fcm.fired in the open",
    )


def _check_phase(state: dict) -> None:
    if state["phase"] != "payday":
        raise RuleViolation("FCM-TURN-1", f"firing is part of payday; this is {state['phase']}")


def short(state: dict) -> list[str]:
    """The chains that cannot pay what they owe: they must fire more first."""
    return [name for name, chain in state["chains"].items()
            if salaries(chain)["net"] > chain["cash"]]  # fmt: skip


def due(state: dict) -> bool:
    """Every chain has fired (by the Deluxe rules: revealed, with no firing left sealed) and
    can pay: the worker pays the salaries."""
    return (
        state["phase"] == "payday"
        and len(state["payday"]["fired"]) == len(state["players"])
        and not state["payday"]["sealed"]
        and not short(state)
    )


def pay_salaries(state: dict, event: dict) -> None:
    """`fcm.salaries_paid`: what each chain owes, as `salaries` works it out, to the bank;
    the unused hires are spent. Then the marketing campaigns."""
    if not due(state):
        raise RuleViolation("FCM-PAY-2", "salaries are paid when every chain has fired and can pay")
    owed = {name: salaries(chain) for name, chain in state["chains"].items()}
    if event["payload"]["chains"] != {name: o["net"] for name, o in owed.items()}:
        raise RuleViolation(
            "FCM-PAY-2", f"the chains owe { ({n: o['net'] for n, o in owed.items()}) }"
        )
    for name, chain in state["chains"].items():
        chain["cash"] -= owed[name]["net"]
        state["bank"]["cash"] += owed[name]["net"]
        chain["unused_hires"] = 0
    state["payday"] = None
    begin_marketing(state)


def resolve_payday(state: dict) -> list[dict]:
    owed = {name: salaries(chain) for name, chain in state["chains"].items()}
    return [{
        "type": "fcm.salaries_paid",
        "payload": {"chains": {name: o["net"] for name, o in owed.items()},
                    "explanation": owed},
    }]  # fmt: skip
