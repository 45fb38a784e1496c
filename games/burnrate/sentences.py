"""Each Burn Rate event as a sentence a person reads: `describe(event, state_before)`, for the
transcript and the game's pages. Employees and BAD IDEAs are named as printed, looked up in
the state before the event, never by their ids; one the state does not hold is "an employee"
or "a BAD IDEA"."""

from .words import plural


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _employee(state, employee_id: str) -> str:
    """`Ben Zhao`, from anyone's company or the labor pool of `state`."""
    state = state or {}
    companies = (state.get("companies") or {}).values()
    known = [e for c in companies for e in c["employees"]]
    known += [e for e in (state.get("labor_pool") or {}).values() if e]
    name = next((e["name"] for e in known if e["id"] == employee_id), None)
    return name or "an employee"


def _face_up(state, department: str) -> str:
    """The employee face up on a pile of `state`, by name."""
    employee = ((state or {}).get("labor_pool") or {}).get(department)
    return f"{employee['name']} ({department})" if employee else f"the {department} employee"


def _bad_idea(state, player: str, bad_idea: str) -> str:
    own = ((state or {}).get("companies") or {}).get(player) or {}
    found = next((b for b in own.get("bad_ideas", []) if b["id"] == bad_idea), None)
    return found["name"] if found else "a BAD IDEA"


def _revealed(payload: dict) -> str:
    if payload.get("department") is None:
        return ""
    shown = payload.get("revealed")
    turned = f"{shown['name']} turned up" if shown else "the pile is empty"
    return f"; {turned}"


def created(p, state):
    dealer = p["options"].get("dealer") or p["players"][0]
    return f"the game was set up for {_names(p['players'])}; {dealer} deals"


def employee_drafted(p, state):
    taken = _face_up(state, p["department"])
    return f"{p['player']} hired {taken} from the labor pool{_revealed(p)}"


def hire_played(p, state):
    if p["department"] is None:
        return f"{p['player']} played HIRE for no effect: no face-up employee could join"
    return f"{p['player']} played HIRE and hired {_face_up(state, p['department'])}{_revealed(p)}"


def bad_hire_played(p, state):
    if p["department"] is None:
        return f"{p['player']} played BAD HIRE on {p['target']} for no effect"
    forced = _face_up(state, p["department"])
    return f"{p['player']} played BAD HIRE on {p['target']}: {forced} joins {p['target']}"


def fire_played(p, state):
    cards = plural(len(p["cards"]), "card")
    return f"{p['player']} played FIRE ({cards}) and fired {_employee(state, p['employee'])}"


def poach_played(p, state):
    taken = _employee(state, p["employee"])
    return f"{p['player']} played POACH on {p['target']} and took {taken}"


def funding_played(p, state):
    return f"{p['player']} played FUNDING for {p['card']['amount']}"


def bad_idea_played(p, state):
    card = p["card"]
    return f"{p['player']} played BAD IDEA {card['name']} (x{card['x']}) on {p['target']}"


def release_played(p, state):
    released = _bad_idea(state, p["player"], p["bad_idea"])
    return f"{p['player']} played RELEASE and released {released}"


def vp_card_played(p, state):
    card = p["card"]
    changes = ", ".join(f"{name} {amount:+d}" for name, amount in p["funding_changes"].items())
    money = f"; funding {changes}" if changes else ""
    return f"{p['player']} played the VP card {card['name']}: {card['effect']}{money}"


def cards_discarded(p, state):
    return f"{p['player']} discarded {plural(p['count'], 'card')} instead of playing"


def turn_ended(p, state):
    return f"{p['player']} ended their play step"


def contractors_adjusted(p, state):
    why = p["explanation"]
    before = why.get("contractors_before")
    change = f"{before} to {p['contractors']}" if before is not None else str(p["contractors"])
    reason = ""
    if "x_total" in why:
        reason = (f" (BAD IDEAs' X total {why['x_total']} against "
                  f"{plural(why['engineers'], 'engineer')})")  # fmt: skip
    return f"{p['player']}'s contractors went from {change}{reason}"


def salaries_paid(p, state):
    why = p["explanation"]
    sums = f" ({why['sum']})" if "sum" in why else ""
    after = f": funding {why['funding_before']} to {why['funding_after']}" if why else ""
    return f"{p['player']} paid a burn rate of {p['burn_rate']}{sums}{after}"


def went_bankrupt(p, state):
    why = p.get("explanation") or {}
    cause = f" after {why['cause']}" if "cause" in why else ""
    funding = f" (funding {why['funding']})" if "funding" in why else ""
    return f"{p['player']} went bankrupt{cause}{funding} and is out of the game"


def cards_drawn(p, state):
    reshuffled = ", reshuffling the discard pile" if p["reshuffled"] else ""
    return f"{p['player']} drew {plural(p['drawn'], 'card')}{reshuffled}"


def turn_started(p, state):
    return f"turn {p['turn']}: {p['player']} plays"


def game_won(p, state):
    out = p["explanation"].get("bankrupt") or []
    rest = f"; {_names(out)} went bankrupt" if out else ""
    return f"{p['winner']} won the game{rest}"


SENTENCES = {
    f"burnrate.{name}": describe
    for name, describe in {
        "created": created,
        "employee_drafted": employee_drafted,
        "hire_played": hire_played,
        "bad_hire_played": bad_hire_played,
        "fire_played": fire_played,
        "poach_played": poach_played,
        "funding_played": funding_played,
        "bad_idea_played": bad_idea_played,
        "release_played": release_played,
        "vp_card_played": vp_card_played,
        "cards_discarded": cards_discarded,
        "turn_ended": turn_ended,
        "contractors_adjusted": contractors_adjusted,
        "salaries_paid": salaries_paid,
        "went_bankrupt": went_bankrupt,
        "cards_drawn": cards_drawn,
        "turn_started": turn_started,
        "game_won": game_won,
    }.items()
}


def describe(event: dict, state_before) -> str:
    """The event in a sentence; the state before it names what its ids stand for."""
    return SENTENCES[event["type"]](event["payload"], state_before)
