"""Milestones (FCM-MILE-1): claimed the instant their condition is met, by every chain that
meets it while the milestone is in play, each chain once; they take effect at once and for
good.

The engine claims them itself after each event, from what the event did (`claim_after`): a
table records what happened, never the claim. In the original edition each claim takes one
of the milestone's copies (milestones.json `copies`), and with none left nobody claims it;
copies not claimed that turn stay in play until cleanup removes them (FCM-CLEAN-3, with
cleanup). In the Deluxe edition milestones lie on boards with no copy limit: each one is in
the supply once, a claim takes nothing, and every chain meeting the condition claims it until
the cleanup of the turn it was first claimed takes it out of the game. The introductory game
has none. What each condition is, from the reference data's triggers:

- recruiting 3 or more cards in one turn, the CEO's hire included: first_hire_3, which brings
  two management trainees from the stock to the beach at once (fewer if the stock is short);
- training a card: first_train;
- placing a campaign: first_billboard, first_airplane or first_radio by its kind, and
  first_burger_marketed, first_pizza_marketed or first_drink_marketed by its product. The
  billboard whose placing claims first_billboard is itself eternal (marketing.py; the Deluxe
  rulebook's reading, docs/rules/fcm.md);
- a structure revealed with an errand boy, a cart operator or a waitress at work:
  first_errand_boy, first_cart_operator, first_waitress; and, in the original edition, with a
  pricing or discount manager at work: first_lower_prices (the Deluxe edition claims it at
  dinnertime instead);
- taking burgers or pizzas: first_burger_produced or first_pizza_produced, each bringing its
  cook from the stock to the beach at once if one is left.

- $20 in cash: first_to_have_20, at any time (the Deluxe edition: at the end of dinnertime);
  $100 at the end of dinnertime: first_to_have_100;
- paying $20 or more in salaries after every discount: first_pay_20;
- throwing food or drink away at cleanup: first_throw_away (campaigns.py claims it).

A milestone may forbid cards (`effect_data.forbidden_cards`: first_to_have_100 forbids the
CFO, its CEO working as one). From the claim on the chain never trains into one
(training.py), and at the payday of the turn it claimed the milestone it must fire every one
it holds (forbidden.py, `must_fire`).

Most effects work from the instant of the claim; the data says which wait for the next turn
(milestones.json `effect_from`): the $100 milestone's CFO bonus starts at the next turn's
dinnertime, the freezer at the next turn's cleanup (`in_effect`).
"""

from games.fcm.cards.employees import at_work, holds, issue_card_id, new_card
from games.fcm.data import MILESTONES, campaign_type

MARKETED = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed"}
PRODUCED = {"burger": "first_burger_produced", "pizza": "first_pizza_produced"}
AT_WORK = {
    "errand_boy": "first_errand_boy",
    "cart_operator": "first_cart_operator",
    "waitress": "first_waitress",
}
LOWER_PRICES = ("pricing_manager", "discount_manager")
PAID_20 = 20


def claimable(state: dict, player: str, milestone: str) -> bool:
    """Whether `player`'s chain would claim `milestone` if it met its condition now: it has not
    yet, the milestone is in play (a copy left in the original edition) (FCM-MILE-1), and the
    chain is not bankrupt (bankruptcy.py)."""
    chain = state["chains"][player]
    in_play = state["supply"]["milestones"].get(milestone, 0) >= 1
    return in_play and not holds(chain, milestone) and not chain.get("bankrupt")


def in_effect(chain: dict, milestone: str, turn: int) -> bool:
    """Whether the chain's `milestone` works in `turn`: from its claim on, or from the next
    turn on where its data says so (`effect_from`: the $100 milestone, the freezer)."""
    claimed = next((m["turn"] for m in chain["milestones"] if m["id"] == milestone), None)
    if claimed is None:
        return False
    return MILESTONES[milestone]["effect_from"] == "at_once" or claimed < turn


def claim(state: dict, player: str, milestone: str) -> bool:
    """`player`'s chain claims `milestone` if it can (`claimable`); its immediate effect
    happens at once. Whether it was claimed. In the original edition the claim takes a copy;
    in the Deluxe edition there is no copy limit (FCM-MILE-1)."""
    chain = state["chains"][player]
    supply = state["supply"]["milestones"]
    if not claimable(state, player, milestone):
        return False
    if not no_copy_limit(state):
        supply[milestone] -= 1
    chain["milestones"].append({"id": milestone, "turn": state["turn"]})
    for card, count in MILESTONES[milestone]["effect_data"].get("gain_cards", {}).items():
        gained = min(count, state["supply"]["employees"][card])
        state["supply"]["employees"][card] -= gained
        for _ in range(gained):
            chain["cards"].append(new_card(issue_card_id(state, card), card, "beach", new=True))
    return True


def forbidden(chain: dict) -> dict[str, str]:
    """The cards the chain's milestones forbid it, each with the milestone that does
    (milestones.json `forbidden_cards`, FCM-MILE-1)."""
    return {card: m["id"] for m in chain["milestones"]
            for card in MILESTONES[m["id"]]["effect_data"].get("forbidden_cards", [])}  # fmt: skip


def no_copy_limit(state: dict) -> bool:
    """Whether milestones are claimed without using up copies: the Deluxe edition's boards."""
    return state["options"]["edition"] == "deluxe"


def claim_after(phase_before: str, after: dict, event: dict) -> None:
    """Claim in `after` every milestone whose condition `event` met, `phase_before` the phase
    it was recorded in."""
    payload = event["payload"]
    kind = event["type"]
    if kind == "fcm.recruited" and len(payload["cards"]) >= 3:
        claim(after, payload["player"], "first_hire_3")
    elif kind == "fcm.trained":
        claim(after, payload["player"], "first_train")
    elif kind == "fcm.food_taken":
        claim(after, payload["player"], PRODUCED[payload["food"]])
    elif kind == "fcm.campaign_placed":
        claim(after, payload["player"], f"first_{campaign_type(payload['number'])}")
        claim(after, payload["player"], MARKETED.get(payload["product"], "first_drink_marketed"))
    elif kind == "fcm.salaries_paid":
        for name, paid in payload["chains"].items():
            if paid >= PAID_20:
                claim(after, name, "first_pay_20")
    if kind in ("fcm.house_served", "fcm.dinnertime_ended"):
        _claim_for_cash(after, at_end=kind == "fcm.dinnertime_ended")
    if phase_before == "restructuring" and after["phase"] != "restructuring":
        for name in after["turn_order"]:
            _claim_for_structure(after, name)


def _claim_for_cash(state: dict, at_end: bool) -> None:
    """$20 in cash: at any time by the original rules, at the end of dinnertime by the Deluxe
    ones; $100 at the end of dinnertime."""
    deluxe = state["options"]["edition"] == "deluxe"
    for name in state["turn_order"]:
        cash = state["chains"][name]["cash"]
        if cash >= 20 and (at_end or not deluxe):
            claim(state, name, "first_to_have_20")
        if cash >= 100 and at_end:
            claim(state, name, "first_to_have_100")


def _claim_for_structure(state: dict, name: str) -> None:
    working = {card["card"] for card in at_work(state["chains"][name])}
    for card, milestone in AT_WORK.items():
        if card in working:
            claim(state, name, milestone)
    if state["options"]["edition"] == "original" and working & set(LOWER_PRICES):
        claim(state, name, "first_lower_prices")
