"""The cards a milestone forbids (FCM-MILE-1; milestones.json `forbidden_cards`: the first to
have $100 forbids the CFO): at the payday of the turn a chain claimed such a milestone, the
worker fires every such card it holds before the chains fire (`fcm.forbidden_fired`), and a
declared position never holds one later (`check_forbidden_kept`).
"""

from games.errors import RuleViolation
from games.fcm.cards.employees import return_to_stock
from games.fcm.cards.milestones import forbidden


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


def forbidden_to_fire(state: dict) -> dict[str, dict[str, str]]:
    """At payday, each chain's cards that the worker fires first (`must_fire`)."""
    if state["phase"] != "payday":
        return {}
    due = {name: must_fire(state, name) for name in state["turn_order"]}
    return {name: cards for name, cards in due.items() if cards}


def fire_forbidden(state: dict, event: dict) -> None:
    """`fcm.forbidden_fired`: the worker fires the cards milestones claimed this turn forbid,
    as `forbidden_to_fire` says (FCM-MILE-1)."""
    if state["phase"] != "payday":
        raise RuleViolation("FCM-TURN-1", f"firing is part of payday; this is {state['phase']}")
    due = forbidden_to_fire(state)
    if event["payload"]["chains"] != {name: list(cards) for name, cards in due.items()}:
        raise RuleViolation("FCM-MILE-1", f"the milestones claimed this turn send away {due}")
    for name, cards in due.items():
        return_to_stock(state, name, list(cards))


def check_forbidden_kept(state: dict) -> None:
    """A declared position: no chain holds a card one of its milestones forbids, unless it
    claimed that milestone this turn and this turn's payday, which fires it first, is not
    over (or the game ended at that dinnertime), FCM-MILE-1."""
    after_payday = state["phase"] in ("marketing", "cleanup")
    for name, chain in state["chains"].items():
        claimed = {m["id"]: m["turn"] for m in chain["milestones"]}
        for card in chain["cards"]:
            milestone = forbidden(chain).get(card["card"])
            if milestone is None:
                continue
            if claimed[milestone] < state["turn"] or after_payday:
                raise RuleViolation(
                    "FCM-MILE-1",
                    f"{name} holds {card['id']}, which {milestone} (claimed in turn"
                    f" {claimed[milestone]}) forbids: it went at that turn's payday",
                )
