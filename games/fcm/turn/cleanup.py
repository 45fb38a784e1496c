"""Cleanup (FCM-CLEAN-1 to 3), resolved by the worker, and the next turn.

Cleanup (`fcm.cleaned_up`): food and drinks are thrown away, up to 10 kept by a chain with the
freezer milestone (FCM-CLEAN-1). Which ten is the chain's choice when it holds more than ten
of more than one kind: cleanup waits for its `fcm.freezer_filled`, which throws away the rest
at once; otherwise there is nothing to choose. Throwing any away claims the first throw-away
milestone; every card goes back to hand but the busy ones, nothing new any more;
coming-soon restaurants open, drive-ins end (FCM-CLEAN-2); the milestones claimed this turn
lose their other copies (FCM-CLEAN-3). Then the next turn's restructuring, which remembers
each chain's structure of the turn that ended (its record's `last`).
"""

from games.actors import check_actor
from games.errors import RuleViolation
from games.fcm.cards.milestones import claim, in_effect
from games.fcm.data import COMPONENTS, MILESTONES
from games.fcm.turn.sequence import begin_next, begins
from games.plain_data import copied

FREEZER = MILESTONES["first_throw_away"]["effect_data"]["freezer_capacity"]


@begins("cleanup")
def begin_cleanup(state: dict) -> None:
    """The campaigns have run: cleanup waits for any freezer choice owed, then the worker's."""
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
    """Cleanup is the worker's once no chain owes its freezer choice; a bankrupt chain, out
    of the turn order, owes none (bankruptcy.py)."""
    return state["phase"] == "cleanup" and not any(
        freezer_choice_owed(state["chains"][name], state["turn"]) for name in state["turn_order"]
    )


def clean_up(state: dict, event: dict) -> None:
    """`fcm.cleaned_up`: the end of the turn (FCM-CLEAN-1 to 3), then the next one."""
    if not cleanup_due(state):
        owing = [n for n in state["turn_order"]
                 if freezer_choice_owed(state["chains"][n], state["turn"])]  # fmt: skip
        if state["phase"] == "cleanup":
            raise RuleViolation("FCM-CLEAN-1", f"cleanup waits for the freezer of {owing}")
        raise RuleViolation("FCM-TURN-1", f"cleanup comes after marketing, not {state['phase']}")
    cleaned(state)


def cleaned(state: dict) -> dict:
    """Cleanup done on `state`; returns what each chain kept and threw away, the restaurants
    opened and the milestones retired, for the explanation."""
    report = {"turn": state["turn"], "chains": {}}
    worked = {name: {card["id"]: card["boss"] for card in chain["cards"] if card["boss"]}
              for name, chain in state["chains"].items()}  # fmt: skip
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
    begin_next(state, after="cleanup")
    for name, record in (state["restructuring"] or {}).items():
        record["last"] = worked[name]  # what the structure form starts from (choices.py)
    return report


def resolve_cleanup(state: dict) -> list[dict]:
    """The worker's event, its explanation what cleanup keeps, throws away, opens and
    retires."""
    report = cleaned(copied(state))
    return [{"type": "fcm.cleaned_up", "payload": {"explanation": report}}]
