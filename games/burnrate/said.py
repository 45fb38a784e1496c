"""What a Burn Rate step changed, where the game stands and why a turn's end came out as it
did, in words a player reads: `changes(before, after)` (the game page's "What changed" and each
replay step's `changes`), `where(state)` (the log's headings, "Turn 3, bob plays") and
`why(event, state_before)` (the explanation the worker's events carry, as sentences).
Employees and BAD IDEAs by their names, never their ids; the explanation itself stays in the
event and the API's answers as the worker wrote it.

What `changes` leaves out (the catalogue of printed values, the copies played, the next ids)
is bookkeeping, in the raw patch the page keeps behind a toggle.
"""

from .words import plural

STEPS = {
    "play": "playing cards",
    "contractors": "contractors",
    "salaries": "salaries",
    "bankruptcy": "bankruptcy",
    "draw": "drawing back to six",
    "next": "passing play on",
    "over": "over",
}
PHASES = {"draft": "the first hire", "turn": "the turns", "over": "the game is over"}


def where(state: dict) -> str:
    """Where the game stands: "The first hire", "Turn 3, bob plays", "Turn 3, the end of
    bob's turn"."""
    if state["phase"] == "draft":
        return "The first hire"
    if state["phase"] == "over":
        return "The game is over"
    turn = state["turn"]
    if turn["step"] == "play":
        return f"Turn {turn['number']}, {turn['player']} plays"
    return f"Turn {turn['number']}, the end of {turn['player']}'s turn"


def names(items: list[str]) -> str:
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


# --- changes ----------------------------------------------------------------------------------


def changes(before: dict | None, after: dict) -> list[str]:
    """The step from `before` to `after` in sentences: the table, then each company, the labor
    pool and the cards. None before (the creation) says nothing."""
    if before is None or before == after:
        return []
    said = table(before, after)
    for name, company in after["companies"].items():
        said += company_changes(name, before["companies"].get(name), company)
    for department, face_up in after["labor_pool"].items():
        was = before["labor_pool"].get(department)
        if (was or {}).get("id") != (face_up or {}).get("id"):
            said.append(f"face up on the {department} pile: {employee(was)} → {employee(face_up)}")
    for pile, words in (("deck", "the deck"), ("discard", "the discard pile")):
        if before[pile] != after[pile]:
            said.append(f"{words}: {plural(before[pile], 'card')} → {plural(after[pile], 'card')}")
    if not said:
        said.append("nothing a player sees: only bookkeeping (the raw change has it)")
    return said


def employee(card: dict | None) -> str:
    return card["name"] if card else "nobody"


def table(before: dict, after: dict) -> list[str]:
    said = []
    if before["phase"] != after["phase"]:
        said.append(f"the phase: {PHASES.get(before['phase'], before['phase'])} → "
                    f"{PHASES.get(after['phase'], after['phase'])}")  # fmt: skip
    if after.get("winner") and before.get("winner") != after["winner"]:
        said.append(f"{after['winner']} won the game")
    drafted, drafting = before.get("draft") or {}, after.get("draft") or {}
    if drafting.get("player") and drafted.get("player") != drafting["player"]:
        said.append(f"next to hire: {drafting['player']}")
    was, now = before.get("turn") or {}, after.get("turn") or {}
    if not now:
        return said
    if was.get("number") != now["number"] or was.get("player") != now["player"]:
        said.append(f"turn {now['number']}: {now['player']} plays")
    elif was.get("step") != now["step"]:
        said.append(f"{now['player']}'s turn: {STEPS.get(was['step'], was['step'])} → "
                    f"{STEPS.get(now['step'], now['step'])}")  # fmt: skip
    if was.get("number") == now["number"] and was.get("played") != now.get("played"):
        said.append(f"cards {now['player']} played this turn: {was.get('played') or 0} → "
                    f"{now.get('played') or 0}")  # fmt: skip
    return said


def company_changes(name: str, before: dict | None, after: dict) -> list[str]:
    if before is None:
        return [f"{name} joined the game"]
    said = []
    if before["funding"] != after["funding"]:
        said.append(f"{name}'s funding: {before['funding']} → {after['funding']}")
    had = {e["id"]: e for e in before["employees"]}
    has = {e["id"]: e for e in after["employees"]}
    said += [f"{e['name']} ({e['department']}) joined {name}'s company"
             for i, e in has.items() if i not in had]  # fmt: skip
    gone = [e["name"] for i, e in had.items() if i not in has]
    if gone:
        said.append(f"{names(gone)} left {name}'s company")
    if before["contractors"] != after["contractors"]:
        said.append(f"{name}'s contractors: {before['contractors']} → {after['contractors']}")
    ideas = {b["id"]: b for b in before["bad_ideas"]}
    now = {b["id"]: b for b in after["bad_ideas"]}
    for idea_id, idea in now.items():
        if idea_id not in ideas:
            by = f", from {idea['from']}" if idea.get("from") else ""
            said.append(f"BAD IDEA {idea['name']} (x{idea['x']}) landed on {name}{by}")
    gone = [idea["name"] for idea_id, idea in ideas.items() if idea_id not in now]
    if gone:
        said.append(f"{name}'s {'BAD IDEA' if len(gone) == 1 else 'BAD IDEAs'} {names(gone)}: "
                    "gone")  # fmt: skip
    if before["hand"] != after["hand"]:
        said.append(f"{name}'s hand: {plural(before['hand'], 'card')} → "
                    f"{plural(after['hand'], 'card')}")  # fmt: skip
    if after["bankrupt"] and not before["bankrupt"]:
        said.append(f"{name} is bankrupt and out of the game")
    return said


# --- why --------------------------------------------------------------------------------------


def why(event: dict, state_before) -> list[str]:
    """The explanation of a turn's end event as sentences; none for an event without one."""
    explanation = event["payload"].get("explanation")
    say = REASONS.get(event["type"])
    if not explanation or say is None:
        return []
    return say(event["payload"], explanation)


def contractors_adjusted(payload: dict, why: dict) -> list[str]:
    """BR-CONTRACT-1: contractors cover the BAD IDEAs' X total beyond the engineers."""
    ideas = [f"{b['name']} (x{b['x']})" for b in why.get("bad_ideas", [])]
    said = [f"BAD IDEAs to cover: {names(ideas)}, an X total of {why.get('x_total', 0)}"]
    engineers = why.get("engineers", 0)
    said.append(f"{plural(engineers, 'engineer')} {'covers' if engineers == 1 else 'cover'} "
                "part of it; "
                f"{plural(why.get('contractors_after', payload['contractors']), 'contractor')} "
                "cover the rest")  # fmt: skip
    if why.get("added"):
        said.append(f"{plural(why['added'], 'contractor')} hired")
    if why.get("removed"):
        said.append(f"{plural(why['removed'], 'contractor')} let go")
    return said


def salaries_paid(payload: dict, why: dict) -> list[str]:
    """BR-SALARY-1: the burn rate is every employee's and contractor's salary summed."""
    said = []
    salaries = [f"{s['name']} {s['salary']}" for s in why.get("salaries", [])]
    if salaries:
        said.append(f"salaries: {names(salaries)}, {why.get('employees_total', 0)} in all")
    if why.get("contractors"):
        said.append(f"{plural(why['contractors'], 'contractor')} at {why['contractor_salary']} "
                    f"each: {why['contractors_total']}")  # fmt: skip
    if "sum" in why:
        said.append(f"the burn rate: {why['sum']}")
    if "funding_before" in why:
        said.append(f"funding: {why['funding_before']} − {payload['burn_rate']} = "
                    f"{why['funding_after']}")  # fmt: skip
    if why.get("bankrupt"):
        said.append("below zero: the company goes bankrupt")
    return said


def went_bankrupt(payload: dict, why: dict) -> list[str]:
    """BR-SALARY-2: a company below zero goes out, and what it held goes back."""
    said = []
    if "funding" in why:
        cause = f" after {why['cause']}" if why.get("cause") else ""
        said.append(f"funding fell to {why['funding']}{cause}")
    if why.get("hand_to_discard"):
        said.append(f"{plural(why['hand_to_discard'], 'card')} in hand went to the discard pile")
    ideas = [b["name"] for b in why.get("bad_ideas_to_discard", [])]
    if ideas:
        said.append(f"BAD IDEAs to the discard pile: {names(ideas)}")
    back = [e["name"] for e in why.get("employees_to_labor_pool", [])]
    if back:
        said.append(f"back to the labor pool: {names(back)}")
    if why.get("contractors_returned"):
        said.append(f"{plural(why['contractors_returned'], 'contractor')} returned")
    return said


def cards_drawn(payload: dict, why: dict) -> list[str]:
    """BR-DRAW-1: back to six cards, reshuffling the discard pile when the deck runs out."""
    said = []
    if "hand_before" in why:
        said.append(f"the hand: {plural(why['hand_before'], 'card')} → "
                    f"{plural(why['hand_after'], 'card')}")  # fmt: skip
    if why.get("reshuffled"):
        said.append("the deck ran out: the discard pile was shuffled into it")
    if "deck_before" in why:
        said.append(f"the deck: {plural(why['deck_before'], 'card')} → "
                    f"{plural(why['deck_after'], 'card')}")  # fmt: skip
    return said


def turn_started(payload: dict, why: dict) -> list[str]:
    """BR-DRAW-1: play passes to the left, past bankrupt companies."""
    said = [f"play passes left from {why['previous']} to {why['next']}"] if "next" in why else []
    if why.get("skipped_bankrupt"):
        said.append(f"skipped, being bankrupt: {names(why['skipped_bankrupt'])}")
    return said


def game_won(payload: dict, why: dict) -> list[str]:
    """BR-WIN-1: the last company not bankrupt wins."""
    out = why.get("bankrupt") or []
    return [f"every other company went bankrupt: {names(out)}"] if out else []


REASONS = {
    f"burnrate.{say.__name__}": say
    for say in (contractors_adjusted, salaries_paid, went_bankrupt, cards_drawn, turn_started,
                game_won)
}  # fmt: skip
