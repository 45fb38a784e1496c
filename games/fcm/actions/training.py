"""Training (FCM-TRAIN-1 to 4): each trainer at work moves cards on the beach along the paths
printed on them, one step a training action.

`fcm.trained` records one trainer's action: `steps`, each `{"card": id, "into": card}`, in
order; a card trained twice by a coach or guru is named in two steps. A trained card goes back
to the stock and the card it became comes out of it, with a new id, on the beach.
"""

from games.errors import RuleViolation
from games.fcm.cards.employees import holds, issue_card_id, new_card
from games.fcm.cards.milestones import forbidden
from games.fcm.data import EMPLOYEES, MILESTONES
from games.fcm.turn.working import start_action

SEVERAL_TRAINERS = "first_pay_20"  # several trainers may work on one card (FCM-TRAIN-3)


def train(state: dict, event: dict) -> None:
    payload = event["payload"]
    player, trainer_id, steps = payload["player"], payload["trainer"], payload["steps"]
    working = start_action(state, event, player)
    chain = state["chains"][player]
    cards = {card["id"]: card for card in chain["cards"]}
    trainer = _trainer(cards, trainer_id, working)
    action = EMPLOYEES[trainer["card"]]["action"]
    if len(steps) > action["train_actions"]:
        raise RuleViolation(
            "FCM-TRAIN-1",
            f"{trainer_id} trains {action['train_actions']} step(s) a turn, not {len(steps)}",
        )
    several = holds(chain, SEVERAL_TRAINERS)
    paths: dict[str, list[str]] = {}
    for step in steps:
        paths.setdefault(step["card"], []).append(step["into"])
    for card_id, intos in paths.items():
        card = _trainee(cards, card_id, working, several)
        if len(intos) > action["max_steps_on_same_card"]:
            raise RuleViolation(
                "FCM-TRAIN-3",
                f"{trainer_id} moves one card at most {action['max_steps_on_same_card']}"
                f" step(s), not {len(intos)}",
            )
        final = _path_end(card, intos)
        _check_allowed(chain, player, intos)
        stock = state["supply"]["employees"]
        if stock[final] < 1:
            raise RuleViolation(
                "FCM-TRAIN-4", f"no {final} is left in the stock to train {card_id} into"
            )
        stock[card["card"]] += 1
        stock[final] -= 1
        trained = new_card(issue_card_id(state, final), final, place="beach", new=True)
        chain["cards"][chain["cards"].index(card)] = trained
        working["trained"].append(trained["id"])
    working["acted"].append(trainer_id)


def _trainer(cards: dict, trainer_id: str, working: dict) -> dict:
    trainer = cards.get(trainer_id)
    if trainer is None or trainer["place"] != "work" or trainer["card"] not in EMPLOYEES:
        raise RuleViolation("FCM-TRAIN-1", f"{trainer_id} is not a card of this chain at work")
    if EMPLOYEES[trainer["card"]]["action"]["type"] != "train":
        raise RuleViolation("FCM-TRAIN-1", f"{trainer_id} is not a trainer")
    if trainer_id in working["acted"]:
        raise RuleViolation("FCM-TRAIN-1", f"{trainer_id} has trained this turn already")
    return trainer


def _trainee(cards: dict, card_id: str, working: dict, several: bool) -> dict:
    """A card on the beach (FCM-TRAIN-2), not trained this turn by another trainer unless the
    milestone allows it (FCM-TRAIN-3)."""
    card = cards.get(card_id)
    if card is None:
        raise RuleViolation("FCM-TRAIN-1", f"{card_id} is not a card of this chain")
    if card["place"] != "beach":
        where = "at work" if card["place"] == "work" else "busy with a campaign"
        raise RuleViolation(
            "FCM-TRAIN-2", f"{card_id} is {where}: only cards on the beach are trained"
        )
    if card_id in working["trained"] and not several:
        raise RuleViolation(
            "FCM-TRAIN-3",
            f"{card_id} was trained this turn already; only the {SEVERAL_TRAINERS} milestone"
            " lets several trainers work on one card",
        )
    return card


def _check_allowed(chain: dict, player: str, intos: list[str]) -> None:
    """No step trains into a card a milestone of the chain forbids: first_to_have_100 "may
    never train a CFO again" (FCM-MILE-1)."""
    barred = forbidden(chain)
    for into in intos:
        if into in barred:
            milestone = barred[into]
            raise RuleViolation(
                "FCM-MILE-1",
                f"{player} holds the {milestone} milestone ({MILESTONES[milestone]['name']}),"
                f" which forbids the {into} card: a chain holding it may never train a {into}",
            )


def _path_end(card: dict, intos: list[str]) -> str:
    """The card `card` becomes, one printed step at a time (FCM-TRAIN-1)."""
    current = card["card"]
    for into in intos:
        onward = EMPLOYEES[current]["trains_into"]
        if into not in onward:
            legal = ", ".join(onward) if onward else "nothing: it is trained no further"
            raise RuleViolation("FCM-TRAIN-1", f"a {current} trains into {legal}, not {into}")
        current = into
    return current
