"""The end of a turn, resolved by the worker (BR-TURN-1).

Once the player ends the play step, the phase "turn_end" is due. `resolve` writes one derived
event per step, each with an `explanation`: contractors added or removed (BR-CONTRACT-1),
salaries paid (BR-SALARY-1), bankruptcy if the account went below zero (BR-SALARY-2, written
by bankruptcy.py, which puts a company out however it went below zero), the draw
back to six (BR-DRAW-1, skipped by a bankrupt player), then the next turn or the winner
(BR-WIN-1). `evolve` applies them through the handlers below, so resolving and folding the
log run the same code.
"""

from games.errors import RuleViolation
from games.plain_data import copied

from . import bankruptcy, company, copies, edition
from .turn import left_of, start_turn

PHASE = "turn_end"


def due(state: dict) -> bool:
    """A turn's play step is over and its end is not yet resolved, and the table owes nothing
    (which card lands on top of a pile, bankruptcy.waiting)."""
    in_turn_end = state["phase"] == "turn" and state["turn"]["step"] != "play"
    return in_turn_end and bankruptcy.waiting(state) is None


def resolving(state: dict) -> str:
    """What the worker is doing, for an action sent meanwhile (BR-TURN-1)."""
    turn = state["turn"]
    return f"the end of {turn['player']}'s turn is being resolved (now: {turn['step']})"


def _current(state: dict) -> tuple[str, dict]:
    player = state["turn"]["player"]
    return player, state["companies"][player]


def _event(name: str, payload: dict) -> dict:
    return {"type": f"burnrate.{name}", "payload": payload}


def contractors_event(state: dict) -> dict:
    """Contractors cover the BAD IDEAs' X total beyond the engineers (BR-CONTRACT-1)."""
    player, own = _current(state)
    needed = company.contractors_needed(own)
    before = own["contractors"]
    explanation = {
        "rule": "BR-CONTRACT-1",
        "turn": state["turn"]["number"],
        "engineers": company.engineer_count(own),
        "bad_ideas": [{"id": b["id"], "name": b["name"], "x": b["x"]} for b in own["bad_ideas"]],
        "x_total": company.x_total(own),
        "contractors_before": before,
        "contractors_after": needed,
        "added": max(0, needed - before),
        "removed": max(0, before - needed),
    }
    payload = {"player": player, "contractors": needed, "explanation": explanation}
    return _event("contractors_adjusted", payload)


def salaries_event(state: dict) -> dict:
    """The burn rate, every employee's and contractor's salary summed, is paid (BR-SALARY-1)."""
    player, own = _current(state)
    bill = company.burn_rate(own, state["contractor_salary"])
    after = own["funding"] - bill["burn_rate"]
    explanation = {
        "rule": "BR-SALARY-1",
        "turn": state["turn"]["number"],
        **bill,
        "funding_before": own["funding"],
        "funding_after": after,
        "discarded_instead_of_playing": state["turn"]["discarded"] is not None,
        "bankrupt": after < 0,
    }
    payload = {"player": player, "burn_rate": bill["burn_rate"], "explanation": explanation}
    return _event("salaries_paid", payload)


def plan_draw(deck: int, discard: int, wanted: int) -> tuple[int, bool]:
    """(cards drawn, reshuffled): from the deck, reshuffling the discard pile if it runs out."""
    if wanted <= deck or discard == 0:
        return min(wanted, deck), False
    return min(wanted, deck + discard), True


def draw_event(state: dict) -> dict:
    """Draw back to six cards, reshuffling the discard pile when the deck runs out (BR-DRAW-1)."""
    player, own = _current(state)
    wanted = max(0, edition.HAND_SIZE - own["hand"])
    drawn, reshuffled = plan_draw(state["deck"], state["discard"], wanted)
    after = apply_draw({"deck": state["deck"], "discard": state["discard"]}, drawn, reshuffled)
    explanation = {
        "rule": "BR-DRAW-1",
        "turn": state["turn"]["number"],
        "hand_before": own["hand"],
        "hand_after": own["hand"] + drawn,
        "deck_before": state["deck"],
        "discard_before": state["discard"],
        "deck_after": after["deck"],
        "discard_after": after["discard"],
        "reshuffled": reshuffled,
    }
    payload = {"player": player, "drawn": drawn, "reshuffled": reshuffled}
    return _event("cards_drawn", {**payload, "explanation": explanation})


def next_turn_event(state: dict) -> dict:
    """Play passes left (BR-DRAW-1); the last company not bankrupt wins (BR-WIN-1)."""
    player, _ = _current(state)
    remaining = [p for p in state["players"] if not state["companies"][p]["bankrupt"]]
    if len(remaining) == 1:
        explanation = {"rule": "BR-WIN-1", "winner": remaining[0], "bankrupt": state["bankrupt"]}
        return _event("game_won", {"winner": remaining[0], "explanation": explanation})
    following = left_of(state, player)
    explanation = {
        "rule": "BR-DRAW-1",
        "previous": player,
        "next": following,
        "skipped_bankrupt": _skipped(state, player, following),
    }
    payload = {"player": following, "turn": state["turn"]["number"] + 1}
    return _event("turn_started", {**payload, "explanation": explanation})


def _skipped(state: dict, player: str, following: str) -> list[str]:
    players = state["players"]
    skipped, index = [], (players.index(player) + 1) % len(players)
    while players[index] != following:
        skipped.append(players[index])
        index = (index + 1) % len(players)
    return skipped


BUILDERS = {
    "contractors": contractors_event,
    "salaries": salaries_event,
    "bankruptcy": bankruptcy.bankruptcy_event,
    "draw": draw_event,
    "next": next_turn_event,
}


def check_step(state: dict, step: str, player: str) -> dict:
    """Derived events come one step at a time, for the player whose turn ends (BR-TURN-1)."""
    if not due(state) or state["turn"]["step"] != step:
        now = state["turn"]["step"] if state["turn"] else state["phase"]
        raise RuleViolation("BR-TURN-1", f"the turn is not at its {step} step (now: {now})")
    if player != state["turn"]["player"]:
        raise RuleViolation(
            "BR-TURN-1",
            f"it is the end of {state['turn']['player']}'s turn, not {player}'s",
        )
    return state["companies"][player]


def check_fact(rule: str, what: str, recorded, expected) -> None:
    """A derived event must say what the rules give (`rule`), or the log is refused."""
    if recorded != expected:
        raise RuleViolation(rule, f"{what} is {expected}, not {recorded}", {"expected": expected})


def contractors_adjusted(state: dict, payload: dict, actor: str) -> None:
    """Contractors cover the X total beyond the engineers (BR-CONTRACT-1)."""
    own = check_step(state, "contractors", payload["player"])
    needed = company.contractors_needed(own)
    check_fact("BR-CONTRACT-1", "the contractors needed", payload["contractors"], needed)
    own["contractors"] = payload["contractors"]
    state["turn"]["step"] = "salaries"


def salaries_paid(state: dict, payload: dict, actor: str) -> None:
    """The burn rate leaves the account (BR-SALARY-1)."""
    own = check_step(state, "salaries", payload["player"])
    bill = company.burn_rate(own, state["contractor_salary"])["burn_rate"]
    check_fact("BR-SALARY-1", "the burn rate", payload["burn_rate"], bill)
    own["funding"] -= payload["burn_rate"]
    state["turn"]["step"] = "bankruptcy" if own["funding"] < 0 else "draw"


def apply_draw(piles: dict, drawn: int, reshuffled: bool) -> dict:
    """The deck and discard pile after drawing, reshuffling when the deck ran out (BR-DRAW-1)."""
    deck, discard = piles["deck"], piles["discard"]
    from_deck = min(drawn, deck)
    deck -= from_deck
    if reshuffled:
        deck, discard = deck + discard, 0
    return {"deck": deck - (drawn - from_deck), "discard": discard}


def cards_drawn(state: dict, payload: dict, actor: str) -> None:
    """Back to six cards, reshuffling if the deck ran out (BR-DRAW-1)."""
    own = check_step(state, "draw", payload["player"])
    wanted = max(0, edition.HAND_SIZE - own["hand"])
    planned = list(plan_draw(state["deck"], state["discard"], wanted))
    check_fact("BR-DRAW-1", "the draw", [payload["drawn"], payload["reshuffled"]], planned)
    piles = apply_draw(state, payload["drawn"], payload["reshuffled"])
    state["deck"], state["discard"] = piles["deck"], piles["discard"]
    if payload["reshuffled"]:
        copies.reshuffled(state)
    own["hand"] += payload["drawn"]
    state["turn"]["step"] = "next"


def turn_started(state: dict, payload: dict, actor: str) -> None:
    """The next turn belongs to the player on the left still in the game (BR-DRAW-1)."""
    current = state["turn"]["player"]
    check_step(state, "next", current)
    following = left_of(state, current)
    if following == current or payload["player"] != following:
        raise RuleViolation("BR-DRAW-1", f"play passes from {current} to {following}")
    start_turn(state, following, state["turn"]["number"] + 1)


def game_won(state: dict, payload: dict, actor: str) -> None:
    """The last player not bankrupt wins (BR-WIN-1)."""
    check_step(state, "next", state["turn"]["player"])
    remaining = [p for p in state["players"] if not state["companies"][p]["bankrupt"]]
    if remaining != [payload["winner"]]:
        raise RuleViolation("BR-WIN-1", f"no winner yet: {', '.join(remaining)} are in the game")
    state["phase"] = "over"
    state["winner"] = payload["winner"]
    state["turn"]["step"] = "over"


HANDLERS = {
    "burnrate.contractors_adjusted": contractors_adjusted,
    "burnrate.salaries_paid": salaries_paid,
    "burnrate.went_bankrupt": bankruptcy.went_bankrupt,
    "burnrate.cards_drawn": cards_drawn,
    "burnrate.turn_started": turn_started,
    "burnrate.game_won": game_won,
}


def resolve(state: dict) -> list[dict]:
    """Every derived event of the turn's end, in order; [] when nothing is due."""
    events = []
    while due(state):
        event = BUILDERS[state["turn"]["step"]](state)
        state = copied(state)
        HANDLERS[event["type"]](state, copied(event["payload"]), "system:turn_end")
        events.append(event)
    return events
