"""Payday (FCM-PAY-1 to 3): the worker fires what a milestone sends away, each chain fires whom
it will, then the worker pays the salaries.

At payday's start a chain that claimed a milestone this turn that forbids cards it holds
(first_to_have_100: "an owned CFO must be fired in this turn's payday") has them fired by the
worker, `fcm.forbidden_fired`, the milestone named in the explanation (forbidden.py,
FCM-MILE-1).

Then firing sends cards in the structure or on the beach back to the stock; busy marketeers
stay (FCM-PAY-1); the cards that reported to a fired manager go to the beach. Only the chains
that have a card they could fire are asked. In the original edition each records `fcm.fired`
in the open (an empty list for nobody), or one `fcm.nobody_fired` says that every chain still
asked that can pay fires nobody (`fire_nobody`: the table's word, docs/rules/fcm.md); a chain
that cannot pay is still asked on its own. In the Deluxe edition firing is simultaneous and
secret: each chain records `fcm.firing_sealed`, a commitment to its list of card ids
(games/sealed.py: the list's canonical JSON), and `fcm.firing_revealed` turns it face up,
accepted only once every chain that has a firing to make has sealed, so nobody fires knowing
what another fired. Each edition refuses the other's events.

What a chain owes (`salaries`): $5 for every card held that shows a salary symbol, busy
marketeers included (FCM-PAY-2), less every discount, never below $0 (FCM-PAY-3): $5 for each
hire left unused on a recruiting manager or HR director that the chain still holds (the hires
used are counted on the ones it fired, as a table would have chosen them), $15 with the
first-train milestone; with the first billboard milestone the marketeers draw no salary. The
salaries go to the bank, once every chain has fired and can pay.

A chain that cannot pay must fire until it can (FCM-PAY-2, `check_forced`): once every chain's
firing is in, a chain still short fires again, and that firing names only cards that draw a
salary, no more than it needs (without any one of them it could not pay), and a busy
marketeer only when no firing of its other salaried cards would let it pay; its campaign runs
on to its end. Such a firing always exists, so payday always ends. In the Deluxe edition the
chains still short seal and reveal it together, as the first firings were.

The introductory game has no payday: after dinnertime the campaigns run.

While the phase lasts, `state["payday"]` is `{"fired": [the chains that have recorded, or
revealed, their firing], "sealed": {chain: commitment of a firing not yet revealed},
"recruiters": {card id: hires} of the recruiting managers and HR directors at work when
payday began}`.
"""

import itertools

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.employees import at_work, discounted_hires, holds, return_to_stock
from games.fcm.cards.forbidden import forbidden_to_fire
from games.fcm.data import EMPLOYEES, INTRODUCTORY, MILESTONES
from games.fcm.turn.sequence import begin_next, begins
from games.sealed import check_all_sealed, reveal

SALARY = 5
UNUSED_HIRE = 5


@begins("payday")
def begin_payday(state: dict) -> None:
    """Payday begins, noting the recruiting managers and HR directors at work, whose unused
    hires are discounts while the chain holds them; the introductory game has no payday, so
    its campaigns run next."""
    if state["options"]["introductory"] and not INTRODUCTORY["payday"]:
        begin_next(state, after="payday")
        return
    state["phase"] = "payday"
    recruiters = {card["id"]: hires for chain in state["chains"].values()
                  for card in at_work(chain) if (hires := discounted_hires(card))}  # fmt: skip
    state["payday"] = {"fired": [], "sealed": {}, "recruiters": recruiters}


def salaries(state: dict, player: str, without: tuple = ()) -> dict:
    """What `player`'s chain owes, as if it had fired the cards `without` as well: the cards
    with a salary symbol, the gross, each discount and the net, never below $0 (FCM-PAY-2,
    FCM-PAY-3, FCM-RECRUIT-3)."""
    chain = state["chains"][player]
    held = [card for card in chain["cards"] if card["id"] not in without]
    free = set()
    if holds(chain, "first_billboard"):
        free = set(MILESTONES["first_billboard"]["effect_data"]["salary_free_cards"])
    paid = [card["id"] for card in held
            if card["card"] in EMPLOYEES and EMPLOYEES[card["card"]]["salary"]
            and card["card"] not in free]  # fmt: skip
    recruiters = (state["payday"] or {}).get("recruiters", {})
    kept_hires = sum(recruiters.get(card["id"], 0) for card in held)
    discounts = {"unused hires": UNUSED_HIRE * min(chain["unused_hires"], kept_hires)}
    if holds(chain, "first_train"):
        discounts["first_train"] = MILESTONES["first_train"]["effect_data"]["salary_discount"]
    gross = SALARY * len(paid)
    return {"cards": paid, "gross": gross, "discounts": discounts,
            "net": max(0, gross - sum(discounts.values()))}  # fmt: skip


def can_pay(state: dict, player: str, without: tuple = ()) -> bool:
    return salaries(state, player, without)["net"] <= state["chains"][player]["cash"]


def firable(chain: dict) -> list[str]:
    """The cards a chain may fire of its own will: in the structure or on the beach (in hand
    in a declared position), not the CEO, not a busy marketeer (FCM-PAY-1)."""
    return [card["id"] for card in chain["cards"]
            if card["card"] != "ceo" and card["place"] != "busy"]  # fmt: skip


def first_firing_owed(state: dict) -> list[str]:
    """The chains asked for their firing: those that have a card they could fire and have not
    recorded (by the Deluxe rules: revealed) it; none while the worker still has a forbidden
    card to fire (FCM-PAY-1, FCM-MILE-1)."""
    if forbidden_to_fire(state):
        return []
    fired = state["payday"]["fired"]
    return [name for name in state["turn_order"]
            if name not in fired and firable(state["chains"][name])]  # fmt: skip


def fire(state: dict, event: dict) -> None:
    """`fcm.fired`: the chain's firing this payday, recorded open by the original rules, once,
    then again while it cannot pay (FCM-PAY-1, FCM-PAY-2)."""
    player, ids = event["payload"]["player"], event["payload"]["cards"]
    check_actor(event["actor"], player, "FCM-PAY-1", state["players"])
    _check_edition(state, "original", "fcm.fired")
    _check_phase(state)
    fire_cards(state, player, ids, firing_kind(state, player))


def fire_nobody(state: dict, event: dict) -> None:
    """`fcm.nobody_fired`: every chain still asked whom it fires that can pay its salaries
    fires nobody, in one action (FCM-PAY-1). A chain that cannot pay is left to fire on its
    own (FCM-PAY-2). The table's recorder says it for any chain; a player's seat only when
    its own chain is the one left. The original edition's: Deluxe firing is secret."""
    _check_edition(state, "original", "fcm.nobody_fired")
    _check_phase(state)
    if forbidden_to_fire(state):
        raise RuleViolation("FCM-MILE-1", "the worker fires what the milestones forbid first")
    owed = first_firing_owed(state)
    if not owed:
        raise RuleViolation("FCM-PAY-1", "every chain has said whom it fires")
    paying = nobody_firing(state)
    if not paying:
        [name, *_] = owed
        owes, cash = salaries(state, name)["net"], state["chains"][name]["cash"]
        raise RuleViolation(
            "FCM-PAY-2",
            f"{name} cannot pay its salaries (${owes} owed, ${cash} held), so it says on its own"
            " whom it fires",
        )
    actor = event["actor"]
    if actor != "admin" and [actor.removeprefix("player:")] != paying:
        player = actor.removeprefix("player:")
        others = [name for name in paying if name != player]
        raise RuleViolation(
            "FCM-PAY-1",
            f"the table's recorder says that nobody else fires; {player} records whom {player}"
            f" fires (fcm.fired, an empty list for nobody), and each of {', '.join(others)}"
            " its own",
        )
    state["payday"]["fired"].extend(paying)


def nobody_firing(state: dict) -> list[str]:
    """The chains `fcm.nobody_fired` says fire nobody: those asked whom they fire that can pay
    (FCM-PAY-1, FCM-PAY-2)."""
    return [name for name in first_firing_owed(state) if can_pay(state, name)]


def firing_kind(state: dict, player: str) -> str:
    """Which firing `player` may make now: its own ("first"), or, once every chain's is in and
    it still cannot pay, the one that makes it able to ("forced") (FCM-PAY-1, FCM-PAY-2)."""
    owed = first_firing_owed(state)
    if player in owed:
        return "first"
    if forbidden_to_fire(state):
        raise RuleViolation("FCM-MILE-1", "the worker fires what the milestones forbid first")
    if owed:
        raise RuleViolation(
            "FCM-PAY-2",
            f"{player} cannot fire again before {', '.join(owed)} have fired; then, if it cannot"
            " pay, it fires until it can",
        )
    if player not in short(state):
        fired = player in state["payday"]["fired"]
        why = "has recorded this payday's firing already" if fired else "has no card to fire"
        raise RuleViolation("FCM-PAY-1", f"{player} {why}, and can pay")
    return "forced"


def seal_firing(state: dict, event: dict) -> None:
    """`fcm.firing_sealed`: the chain's firing face down, by the Deluxe rules (FCM-PAY-1): at
    first every chain's that has a card to fire, and once every firing is revealed, another
    from each chain that still cannot pay."""
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
            f"{player} has no firing to make now: a chain fires once, if it has a card it could"
            " fire, and again only once every firing is revealed, and only if it cannot pay",
        )
    payday["sealed"][player] = event["payload"]["commitment"]


def reveal_firing(state: dict, event: dict) -> None:
    """`fcm.firing_revealed`: a sealed firing turned face up, once every chain with a firing to
    make has sealed; it must open the commitment and fire only cards the chain may fire, in the
    firing it was sealed for (`firing_kind`: its own, or one that must let it pay; a chain
    that had no card to fire of its own will seals only the latter) (FCM-PAY-1, FCM-PAY-2)."""
    payload = event["payload"]
    player = payload["player"]
    check_actor(event["actor"], player, "FCM-PAY-1", state["players"])
    check_reveal_due(state, player)
    sealed = state["payday"]["sealed"][player]
    reveal(sealed, payload["cards"], payload["nonce"], "FCM-PAY-1", "firing", who=player)
    fire_cards(state, player, payload["cards"], firing_kind(state, player))
    del state["payday"]["sealed"][player]


def check_reveal_due(state: dict, player: str) -> None:
    """`player` may turn its sealed firing face up now: a Deluxe payday, a firing of its own
    sealed, and every chain with a firing to make has sealed one (FCM-PAY-1)."""
    _check_edition(state, "deluxe", "fcm.firing_revealed")
    _check_phase(state)
    sealed = state["payday"]["sealed"]
    if player not in sealed:
        raise RuleViolation("FCM-PAY-1", f"{player} has no sealed firing to reveal")
    waiting = [name for name in to_fire(state) if name not in sealed]
    together = "firings are revealed together, once every chain that fires has sealed"
    check_all_sealed(waiting, "FCM-PAY-1", together)


def to_fire(state: dict) -> list[str]:
    """The chains with a firing still to make, by the Deluxe rules: those asked that have not
    revealed one; once every chain has, those that cannot pay (FCM-PAY-1, FCM-PAY-2)."""
    if forbidden_to_fire(state):
        return []
    return first_firing_owed(state) or short(state)


def fire_cards(state: dict, player: str, ids: list[str], kind: str) -> None:
    """The cards `ids` of `player`'s chain back to the stock: its own firing (`kind` "first")
    any in the structure or on the beach, not the CEO, not a busy marketeer; a firing that
    must let it pay ("forced"), as `check_forced` says; none named twice (FCM-PAY-1). A fired
    manager's reports go to the beach."""
    repeated = sorted({card_id for card_id in ids if ids.count(card_id) > 1})
    if repeated:
        raise RuleViolation("FCM-PAY-1", f"{', '.join(repeated)} named twice: a card goes once")
    for card_id in ids:
        check_card_to_fire(state, player, card_id, kind)
    if kind == "forced":
        check_forced(state, player, ids)
    return_to_stock(state, player, ids)
    if player not in state["payday"]["fired"]:
        state["payday"]["fired"].append(player)


def check_card_to_fire(state: dict, player: str, card_id: str, kind: str) -> None:
    """One card of a firing (`kind` as `fire_cards` says): the chain's, not its CEO; in its
    own firing not a busy marketeer (FCM-PAY-1); in a firing because it cannot pay, a card
    that draws a salary (FCM-PAY-2). The choices offer the cards this lets through."""
    card = next((c for c in state["chains"][player]["cards"] if c["id"] == card_id), None)
    if card is None:
        raise RuleViolation("FCM-PAY-1", f"{card_id} is not a card of {player}'s chain")
    if card["card"] == "ceo":
        raise RuleViolation("FCM-PAY-1", f"{player} may not fire their CEO")
    if card["place"] == "busy" and kind == "first":
        raise RuleViolation(
            "FCM-PAY-1", f"{card_id} is busy with campaign {card['campaign']}: it stays"
        )
    if kind == "forced" and card_id not in salaries(state, player)["cards"]:
        raise RuleViolation(
            "FCM-PAY-2",
            f"{player} fires because it cannot pay: only cards that draw a salary help, not"
            f" {card_id}",
        )


def check_forced(state: dict, player: str, ids: list[str]) -> None:
    """A firing a chain makes because it cannot pay: only cards that draw a salary, enough to
    pay, none more than it needs, and a busy marketeer only when no firing of its other
    salaried cards would let it pay (FCM-PAY-2)."""
    owed = salaries(state, player)
    unpaid = sorted(set(ids) - set(owed["cards"]))
    if unpaid:
        raise RuleViolation(
            "FCM-PAY-2",
            f"{player} fires because it cannot pay: only cards that draw a salary help, not"
            f" {', '.join(unpaid)}; salaried: {', '.join(owed['cards'])}",
        )
    if not can_pay(state, player, tuple(ids)):
        after = salaries(state, player, tuple(ids))["net"]
        raise RuleViolation(
            "FCM-PAY-2",
            f"{player} would still owe ${after} with ${state['chains'][player]['cash']}: it"
            " fires until it can pay",
        )
    spare = [card_id for card_id in ids
             if can_pay(state, player, tuple(i for i in ids if i != card_id))]  # fmt: skip
    if spare:
        raise RuleViolation(
            "FCM-PAY-2",
            f"{player} could pay without firing {', '.join(spare)}: a chain fires only until it"
            " can pay",
        )
    cards = {card["id"]: card for card in state["chains"][player]["cards"]}
    busy = [card_id for card_id in ids if cards[card_id]["place"] == "busy"]
    if busy and pays_without_busy(state, player):
        raise RuleViolation(
            "FCM-PAY-2",
            f"{', '.join(busy)} busy with a campaign may go only when nothing else lets {player}"
            " pay; fire its other salaried cards instead",
        )


def pays_without_busy(state: dict, player: str) -> bool:
    """Whether some firing of the chain's salaried cards that are not busy lets it pay. Each
    such card costs $5, so firing all of them is best, but for the recruiting cards whose unused
    hires may be worth more than their salary: every choice of those is tried (a chain holds a
    few at most)."""
    cards = {card["id"]: card for card in state["chains"][player]["cards"]}
    idle = [i for i in salaries(state, player)["cards"] if cards[i]["place"] != "busy"]
    recruiters = [i for i in idle if i in state["payday"]["recruiters"]]
    plain = tuple(i for i in idle if i not in recruiters)
    return any(can_pay(state, player, plain + chosen)
               for size in range(len(recruiters) + 1)
               for chosen in itertools.combinations(recruiters, size))  # fmt: skip


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
    return [name for name in state["turn_order"] if not can_pay(state, name)]


def due(state: dict) -> bool:
    """Every chain asked has fired (by the Deluxe rules: revealed, with no firing left sealed)
    and can pay: the worker pays the salaries."""
    return (
        state["phase"] == "payday"
        and not forbidden_to_fire(state)
        and not first_firing_owed(state)
        and not state["payday"]["sealed"]
        and not short(state)
    )


def pending_payday(state: dict) -> bool:
    """The worker has something to do at payday: fire the forbidden cards, or pay."""
    return bool(forbidden_to_fire(state)) or due(state)


def pay_salaries(state: dict, event: dict) -> None:
    """`fcm.salaries_paid`: what each chain owes, as `salaries` works it out, to the bank;
    the unused hires are spent. Then the marketing campaigns."""
    if not due(state):
        raise RuleViolation("FCM-PAY-2", "salaries are paid when every chain has fired and can pay")
    owed = {name: salaries(state, name) for name in state["turn_order"]}
    if event["payload"]["chains"] != {name: o["net"] for name, o in owed.items()}:
        raise RuleViolation(
            "FCM-PAY-2", f"the chains owe { ({n: o['net'] for n, o in owed.items()}) }"
        )
    for name in state["turn_order"]:  # not a bankrupt chain's (bankruptcy.py)
        state["chains"][name]["cash"] -= owed[name]["net"]
        state["bank"]["cash"] += owed[name]["net"]
        state["chains"][name]["unused_hires"] = 0
    state["payday"] = None
    begin_next(state, after="payday")


def resolve_payday(state: dict) -> list[dict]:
    """The worker's event: the forbidden cards fired, with the milestone that sends each
    away (`forbidden_by`: {chain: {card: milestone}}); else the salaries, with what each chain
    owes and why."""
    sent_away = forbidden_to_fire(state)
    if sent_away:
        return [{
            "type": "fcm.forbidden_fired",
            "payload": {"chains": {name: list(cards) for name, cards in sent_away.items()},
                        "explanation": {"forbidden_by": sent_away}},
        }]  # fmt: skip
    owed = {name: salaries(state, name) for name in state["turn_order"]}
    return [{
        "type": "fcm.salaries_paid",
        "payload": {"chains": {name: o["net"] for name, o in owed.items()},
                    "explanation": owed},
    }]  # fmt: skip
