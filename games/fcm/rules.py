"""The game surface the machinery calls: evolve, pending, resolve, finished."""

from games.errors import RuleViolation
from games.fcm.actions.building import add_garden, move_restaurant, place_house, place_restaurant
from games.fcm.actions.food import collect_drinks, take_drinks, take_food
from games.fcm.actions.marketing import place_campaign
from games.fcm.actions.training import train
from games.fcm.bankruptcy import check_not_bankrupt
from games.fcm.cards.forbidden import fire_forbidden
from games.fcm.cards.milestones import claim_after
from games.fcm.turn.campaigns import resolve_marketing, run_campaign
from games.fcm.turn.cleanup import clean_up, cleanup_due, fill_freezer, resolve_cleanup
from games.fcm.turn.dinnertime import bank_broke, end_dinnertime, resolve_dinnertime, serve_house
from games.fcm.turn.order import pick_turn_order
from games.fcm.turn.payday import (
    fire,
    fire_nobody,
    pay_salaries,
    pending_payday,
    resolve_payday,
    reveal_firing,
    seal_firing,
)
from games.fcm.turn.reserve import reveal_reserve_card, seal_reserve_card
from games.fcm.turn.restructuring import choose_structure, reveal_structure, seal_structure
from games.fcm.turn.setup import pass_starting_restaurant, place_starting_restaurant
from games.fcm.turn.working import end_working, recruit
from games.fcm.words import said_in_words
from games.plain_data import copied

HANDLERS = {
    "fcm.starting_restaurant_placed": place_starting_restaurant,
    "fcm.starting_restaurant_passed": pass_starting_restaurant,
    "fcm.reserve_card_sealed": seal_reserve_card,
    "fcm.reserve_card_revealed": reveal_reserve_card,
    "fcm.structure_chosen": choose_structure,
    "fcm.structure_sealed": seal_structure,
    "fcm.structure_revealed": reveal_structure,
    "fcm.turn_order_picked": pick_turn_order,
    "fcm.recruited": recruit,
    "fcm.trained": train,
    "fcm.campaign_placed": place_campaign,
    "fcm.working_ended": end_working,
    "fcm.food_taken": take_food,
    "fcm.drinks_taken": take_drinks,
    "fcm.drinks_collected": collect_drinks,
    "fcm.house_placed": place_house,
    "fcm.garden_added": add_garden,
    "fcm.restaurant_placed": place_restaurant,
    "fcm.restaurant_moved": move_restaurant,
    "fcm.house_served": serve_house,
    "fcm.bank_broke": bank_broke,
    "fcm.dinnertime_ended": end_dinnertime,
    "fcm.forbidden_fired": fire_forbidden,
    "fcm.fired": fire,
    "fcm.nobody_fired": fire_nobody,
    "fcm.firing_sealed": seal_firing,
    "fcm.firing_revealed": reveal_firing,
    "fcm.salaries_paid": pay_salaries,
    "fcm.campaign_ran": run_campaign,
    "fcm.freezer_filled": fill_freezer,
    "fcm.cleaned_up": clean_up,
}


def evolve(state: dict, event: dict) -> dict:
    """The state after `event`; raises RuleViolation when the rules refuse it, its words
    naming no id of the state's (words.py). The handler works on a copy
    (games/plain_data.py), so `state` is never changed; then the milestones the event earned
    are claimed (FCM-MILE-1)."""
    try:
        return fold(state, event)
    except RuleViolation as refusal:
        raise said_in_words(refusal, state) from None


def fold(state: dict, event: dict) -> dict:
    """`evolve`, its refusals' words as the rules raise them (ids and all): for choices.py,
    which says them in words once for all it judges."""
    handler = HANDLERS.get(event["type"])
    if handler is None:
        raise ValueError(f"fcm has no rule for an event of type {event['type']!r}")
    check_not_bankrupt(state, event)
    phase_before = state["phase"]
    after = copied(state)
    handler(after, event)
    claim_after(phase_before, after, event)
    return after


def pending(state: dict) -> str | None:
    """The automatic phase now due: dinnertime, unless it waits for the reserve cards after
    the bank's first break; payday, to fire what a milestone claimed this turn forbids, and to
    pay once every chain has fired (by the Deluxe rules: every firing revealed) and can pay;
    the marketing campaigns; cleanup, once every chain that owes its freezer choice has made
    it."""
    if state["phase"] == "dinnertime" and not state["dinnertime"]["awaiting_reveals"]:
        return "dinnertime"
    if pending_payday(state):
        return "payday"
    if state["phase"] == "marketing":
        return "marketing"
    if cleanup_due(state):
        return "cleanup"
    return None


def resolve(state: dict) -> list[dict]:
    """The derived events of the pending phase."""
    resolvers = {
        "dinnertime": resolve_dinnertime,
        "payday": resolve_payday,
        "marketing": resolve_marketing,
        "cleanup": resolve_cleanup,
    }
    phase = pending(state)
    return resolvers[phase](state) if phase else []


def finished(state: dict) -> bool:
    """Whether the game is over: after the dinnertime of the bank's last break (FCM-BANK-3)."""
    return state["phase"] == "over"
