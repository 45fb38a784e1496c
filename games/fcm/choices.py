"""What a Food Chain Magnate form may offer now (games/choices.py says how a value is judged):
which cards may be recruited (FCM-RECRUIT-1, FCM-RECRUIT-2: the hires, entry level, the
stock), which trainer may train which beach card into what (FCM-TRAIN-1 to 4, FCM-MILE-1),
who may report to whom in a structure (FCM-RESTR-1, FCM-RESTR-2, FCM-RESTR-4), the free
places on the turn order track (FCM-ORDER-4), which cook takes which food and which errand
boy which drink (FCM-FOOD-1, FCM-FOOD-2), the acting card of each working action, the cards a
chain may fire (FCM-PAY-1) and, when it must fire to pay, the whole firings that let it
(FCM-PAY-2, the list's own path `cards`), open or sealed (a Deluxe firing sealed is judged as
the firing it will reveal). A structure starts from last turn's (`default`).

Each candidate is judged by folding a sample action with it (`evolve`), one value at a time;
a revealed structure as if the chain had sealed that sample: the reveal's every check but the
commitment's, which only the player's own choice and nonce can open.
The squares a starting restaurant, a house, a restaurant or a campaign tile may go on, with
the entrance or garden side at each, and the houses a garden may be added to with its sides,
are squares.py's; fields this module does not name (a campaign's tile and size) keep the
form's own controls.
A card is named as the form names it (its title, two alike told apart), in a label and in the
words of a refusal: no id of the state's.
"""

import itertools

from games.choices import Field, accepts, player_of
from games.errors import RuleViolation
from games.fcm import campaign_choices, squares
from games.fcm.actions.building import acting_card
from games.fcm.actions.food import route_buyer
from games.fcm.actions.marketing import marketeer_of
from games.fcm.cards.employees import ceo_of
from games.fcm.data import EMPLOYEES
from games.fcm.rules import fold
from games.fcm.schemas import DRINKS, FOODS
from games.fcm.sentences import listed
from games.fcm.turn.payday import (
    check_card_to_fire,
    check_forced,
    check_reveal_due,
    firing_kind,
    salaries,
)
from games.fcm.turn.restructuring import in_hand
from games.fcm.words import card_words, in_words
from games.plain_data import copied
from games.sealed import seal

SAMPLE_NONCE = "0" * 32


def choices(state: dict, actor: str, event_type: str) -> dict:
    """`{field path: {"rules", "offer", "left_out"}}` for `event_type` recorded by `actor` now;
    empty for a type or actor it does not cover (the form's own fields stay)."""
    player = player_of(actor)
    judged = JUDGED.get(event_type)
    if player is None or judged is None or player not in state["chains"]:
        return {}
    fields = judged(state, actor, player)
    said = in_words(state)
    for field in fields.values():
        for entry in field.left_out:
            entry["message"] = said(entry["message"])
    return {path: field.answer() for path, field in fields.items()}


def folds(state: dict, actor: str, event_type: str, payload: dict):
    """The check of a sample action: the rules fold it, or raise the rule that refuses it."""
    return lambda: fold(state, {"type": event_type, "actor": actor, "payload": payload})


def chain_cards(state: dict, player: str, place: str) -> list[dict]:
    cards = state["chains"][player]["cards"]
    return [card for card in cards if card["place"] == place and card["card"] in EMPLOYEES]


def recruited(state: dict, actor: str, player: str) -> dict:
    """Each card of the game, hired alone: entry level, in the stock, with a hire to spare
    (FCM-RECRUIT-1, FCM-RECRUIT-2)."""
    field = Field()
    stock = state["supply"]["employees"]
    for name, card in EMPLOYEES.items():
        payload = {"player": player, "cards": [name]}
        label = f"{card['name']} ({stock.get(name, 0)} in the stock)"
        field.judge(name, label, folds(state, actor, "fcm.recruited", payload))
    return {"cards.*": field}


def trained(state: dict, actor: str, player: str) -> dict:
    """The trainers at work that may train now (FCM-TRAIN-1), and for each the beach cards it
    may take (FCM-TRAIN-2, FCM-TRAIN-3) into what, along the printed paths as far as it
    reaches (FCM-TRAIN-1, FCM-TRAIN-4, FCM-MILE-1)."""
    trainer_field, card_field, into_field = Field(), Field(), Field()
    for trainer in chain_cards(state, player, "work"):
        payload = {"player": player, "trainer": trainer["id"], "steps": []}
        if not trainer_field.judge(trainer["id"], card_words(state, player, trainer),
                                   train(state, actor, payload, [])):  # fmt: skip
            continue
        reach = EMPLOYEES[trainer["card"]]["action"]["max_steps_on_same_card"]
        for card in chain_cards(state, player, "beach"):
            when = {"trainer": trainer["id"]}
            paths = printed_paths(card["card"], reach)
            # a card printed with no path is judged as trained into itself, which is refused
            samples = [steps_along(card["id"], path) for path in paths] or [
                steps_along(card["id"], [card["card"]])
            ]
            taken = [s for s in samples if accepts(train(state, actor, payload, s))]
            check = train(state, actor, payload, (taken or samples)[0])
            if not card_field.judge(card["id"], card_words(state, player, card), check, when):
                continue
            for path, steps in zip(paths, samples, strict=False):
                into = path[-1]
                stock = state["supply"]["employees"][into]
                label = f"{EMPLOYEES[into]['name']} ({stock} in the stock)"
                into_field.judge(into, label, train(state, actor, payload, steps),
                                 {**when, "steps.*.card": card["id"]})  # fmt: skip
    return {"trainer": trainer_field, "steps.*.card": card_field, "steps.*.into": into_field}


def train(state: dict, actor: str, payload: dict, steps: list[dict]):
    return folds(state, actor, "fcm.trained", {**payload, "steps": steps})


def printed_paths(card: str, reach: int) -> list[list[str]]:
    """Every path of up to `reach` printed steps from `card`: [[into], [into, then], ...]."""
    paths, frontier = [], [[]]
    for _ in range(reach):
        frontier = [[*path, onward] for path in frontier
                    for onward in EMPLOYEES[path[-1] if path else card]["trains_into"]]  # fmt: skip
        paths.extend(frontier)
    return paths


def steps_along(card_id: str, path: list[str]) -> list[dict]:
    return [{"card": card_id, "into": into} for into in path]


def structure(state: dict, actor: str, player: str, event_type: str) -> dict:
    """For each card in hand, the bosses it may report to: the CEO, or a manager of the hand
    itself put under the CEO (FCM-RESTR-1, FCM-RESTR-2); nobody on the first turn
    (FCM-RESTR-4). A card given no boss goes to the beach. Each starts under its boss of last
    turn (`last_structure`)."""
    chain = state["chains"][player]
    ceo = ceo_of(chain)
    hand = in_hand(chain)
    fields = {}
    for card in hand:
        field = fields[f"structure.{card['id']}"] = Field(none="The beach (not at work)")
        for boss in [ceo, *[other for other in hand if other is not card]]:
            sample = {card["id"]: boss["id"]}
            if boss is not ceo:
                sample[boss["id"]] = ceo["id"]
            check = structure_check(state, actor, player, event_type, sample)
            field.judge(boss["id"], card_words(state, player, boss), check)
    for card_id, boss in last_structure(state, actor, player, event_type, fields).items():
        fields[f"structure.{card_id}"].default = boss
    return fields


def last_structure(state, actor, player, event_type, fields) -> dict:
    """Last turn's structure (the restructuring record's `last`) where it still holds: each
    card in hand under its boss then, where the form offers that boss, a manager's reports
    only while it stays under the CEO; none at all if the rules refuse the whole (the CEO's
    slots changed when the bank broke)."""
    record = (state["restructuring"] or {}).get(player) or {}
    offered = {path: [entry["value"] for entry in field.offer] for path, field in fields.items()}
    kept = {card: boss for card, boss in record.get("last", {}).items()
            if boss in offered.get(f"structure.{card}", [])}  # fmt: skip
    ceo = ceo_of(state["chains"][player])["id"]
    kept = {card: boss for card, boss in kept.items() if boss == ceo or kept.get(boss) == ceo}
    return kept if accepts(structure_check(state, actor, player, event_type, kept)) else {}


def structure_check(state: dict, actor: str, player: str, event_type: str, sample: dict):
    """A structure chosen open or sealed is judged as the open choice of it; a revealed one as
    the reveal of the sample, had the chain sealed it (FCM-RESTR-1, FCM-RESTR-2)."""
    payload = {"player": player, "structure": sample}
    if event_type != "fcm.structure_revealed":
        return folds(state, actor, "fcm.structure_chosen", payload)
    record = (state["restructuring"] or {}).get(player)
    if record and record["sealed"]:
        state = copied(state)
        state["restructuring"][player]["sealed"] = seal(sample, SAMPLE_NONCE)
    return folds(state, actor, event_type, {**payload, "nonce": SAMPLE_NONCE})


def turn_order_picked(state: dict, actor: str, player: str) -> dict:
    """The free places on the track, once it is this chain's pick (FCM-ORDER-1, FCM-ORDER-4)."""
    field = Field()
    for place in range(1, len(state["players"]) + 1):
        payload = {"player": player, "place": place}
        field.judge(place, f"Place {place}", folds(state, actor, "fcm.turn_order_picked", payload))
    return {"place": field}


def food_taken(state: dict, actor: str, player: str) -> dict:
    """The kitchen cards at work that may take food now, and the food each prints
    (FCM-FOOD-1)."""
    return card_and_good(state, actor, player, "fcm.food_taken", "cook", "food", FOODS)


def drinks_taken(state: dict, actor: str, player: str) -> dict:
    """The errand boys at work that may take a drink now, and any drink (FCM-FOOD-2)."""
    return card_and_good(state, actor, player, "fcm.drinks_taken", "card", "drink", DRINKS)


def card_and_good(state, actor, player, event_type, card_name, good_name, goods) -> dict:
    card_field, good_field = Field(), Field()
    for card in chain_cards(state, player, "work"):
        samples = [{"player": player, card_name: card["id"], good_name: good} for good in goods]
        taken = [s for s in samples if accepts(folds(state, actor, event_type, s))]
        card_field.judge(card["id"], card_words(state, player, card),
                         folds(state, actor, event_type, (taken or samples)[0]))  # fmt: skip
        for sample in samples if taken else []:
            good = sample[good_name]
            good_field.judge(good, good.replace("_", " "), folds(state, actor, event_type, sample),
                             {card_name: card["id"]})  # fmt: skip
    return {card_name: card_field, good_name: good_field}


def acting(path: str, check) -> callable:
    """The cards at work of the acting chain that may take an action, each judged by the very
    check the action makes of it, `check(state, chain, working, card id)` (FCM-WORK-1); none
    outside its working."""

    def judged(state: dict, actor: str, player: str) -> dict:
        working = state.get("working") or {}
        if state["phase"] != "working" or working.get("player") != player:
            return {}
        field, chain = Field(), state["chains"][player]
        for card in chain_cards(state, player, "work"):
            field.judge(card["id"], card_words(state, player, card),
                        lambda card=card: check(state, chain, working, card["id"]))  # fmt: skip
        return {path: field}

    return judged


def fired(state: dict, actor: str, player: str) -> dict:
    """The cards the chain may fire now: in its own firing anything in its structure or on its
    beach but the CEO and busy marketeers (FCM-PAY-1); in a firing because it cannot pay only
    its salaried cards (FCM-PAY-2). Which set of those is enough, and no more, the firing's
    own check judges as a whole (payday.py `check_forced`)."""
    if state["phase"] != "payday":
        return {}
    try:
        kind = firing_kind(state, player)
    except RuleViolation:
        return {}
    field = Field()
    for card in state["chains"][player]["cards"]:
        check = lambda card=card: check_card_to_fire(state, player, card["id"], kind)  # noqa: E731
        field.judge(card["id"], card_words(state, player, card), check)
    if kind == "first":
        return {"cards.*": field}
    return {"cards.*": field, "cards": forced_firings(state, player)}


def forced_firings(state: dict, player: str) -> Field:
    """The whole firings that let a chain pay that must fire (FCM-PAY-2): every set of its
    salaried cards that `check_forced`, the firing's own check, accepts. Cards the check cannot
    tell apart (the same card, both busy or not, the same unused hires) are one choice: of two
    alike the first named goes."""
    cards = {card["id"]: card for card in state["chains"][player]["cards"]}
    hires = state["payday"]["recruiters"]
    alike: dict[tuple, list[str]] = {}
    for card_id in salaries(state, player)["cards"]:
        card = cards[card_id]
        alike.setdefault((card["card"], card["place"] == "busy", hires.get(card_id)), []).append(
            card_id
        )
    groups = list(alike.values())
    field = Field(none=f"Choose a firing that lets {player} pay")
    for counts in itertools.product(*(range(len(group) + 1) for group in groups)):
        chosen = [card_id for group, n in zip(groups, counts, strict=True) for card_id in group[:n]]
        check = lambda chosen=chosen: check_forced(state, player, chosen)  # noqa: E731
        if chosen and accepts(check):
            words = [card_words(state, player, cards[card_id]) for card_id in chosen]
            field.judge(chosen, listed(words), check)
    field.offer.sort(key=lambda entry: (len(entry["value"]), entry["label"]))
    return field


def firing_sealed(state: dict, actor: str, player: str) -> dict:
    """A Deluxe firing sealed, judged as the firing it will reveal (`fired`): what the reveal
    checks of its cards (FCM-PAY-1, FCM-PAY-2) reads only the chain's own cards, cash and
    discounts, which nothing changes between the seal and the reveal, so the device seals only
    what the reveal will fire. The service cannot refuse a seal for its cards (it holds only
    the commitment; it judges them at the reveal), and a reveal it refuses leaves the seal in
    place and payday waiting on it: the form is where a sealed firing is kept legal. Nothing
    is offered while the seal itself is refused (an original game, a seal not yet revealed,
    no firing to make)."""
    sample = {"player": player, "commitment": seal([], SAMPLE_NONCE)}
    if not accepts(folds(state, actor, "fcm.firing_sealed", sample)):
        return {}
    return fired(state, actor, player)


def firing_revealed(state: dict, actor: str, player: str) -> dict:
    """A sealed firing turned face up by hand (the device kept nothing): the cards its firing
    may hold, as its seal offered them, once the reveal is due (FCM-PAY-1)."""
    if not accepts(lambda: check_reveal_due(state, player)):
        return {}
    return fired(state, actor, player)


LOCAL, REGIONAL = "FCM-REST-1", "FCM-REST-2"  # the rule of each manager's action


def developer(state, chain, working, card_id):
    return acting_card(state, working, card_id, "FCM-HOUSE-1")


def with_squares(judged, where) -> callable:
    """The acting card's field, then where the piece may go, `where(state, actor, player, the
    acting card's field)` (squares.py)."""

    def both(state: dict, actor: str, player: str) -> dict:
        fields = judged(state, actor, player)
        return fields | where(state, actor, player, *fields.values()) if fields else {}

    return both


def starting_restaurant(state: dict, actor: str, player: str) -> dict:
    if state["phase"] != "setup_restaurants":
        return {}
    return squares.starting_restaurant(state, actor, player)


JUDGED = {
    "fcm.starting_restaurant_placed": starting_restaurant,
    "fcm.campaign_placed": with_squares(
        acting("marketeer", lambda s, chain, w, i: marketeer_of(chain, i)),
        campaign_choices.campaign,
    ),
    "fcm.drinks_collected": acting("card", lambda s, chain, w, i: route_buyer(chain, w, i)),
    "fcm.house_placed": with_squares(acting("developer", developer), squares.house),
    "fcm.garden_added": with_squares(acting("developer", developer), squares.garden),
    "fcm.restaurant_placed": with_squares(
        acting("manager", lambda s, c, w, i: acting_card(s, w, i, LOCAL)), squares.restaurant_placed
    ),
    "fcm.restaurant_moved": with_squares(
        acting("manager", lambda s, c, w, i: acting_card(s, w, i, REGIONAL)),
        squares.restaurant_moved,
    ),
    "fcm.fired": fired,
    "fcm.firing_sealed": firing_sealed,
    "fcm.firing_revealed": firing_revealed,
    "fcm.recruited": recruited,
    "fcm.trained": trained,
    "fcm.structure_chosen": lambda s, a, p: structure(s, a, p, "fcm.structure_chosen"),
    "fcm.structure_sealed": lambda s, a, p: structure(s, a, p, "fcm.structure_sealed"),
    "fcm.structure_revealed": lambda s, a, p: structure(s, a, p, "fcm.structure_revealed"),
    "fcm.turn_order_picked": turn_order_picked,
    "fcm.food_taken": food_taken,
    "fcm.drinks_taken": drinks_taken,
}
