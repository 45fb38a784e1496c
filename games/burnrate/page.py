"""What the game page shows of Burn Rate (app/pages): its table after a step (pages/board.html)."""

from games.burnrate import company as company_rules
from games.burnrate import draft
from games.burnrate.edition import DEPARTMENT_NAMES, DEPARTMENTS


def board(state: dict) -> dict:
    """Burn Rate's table as pages/board.html shows it: each company's departments with their
    heads (BR-ORG-1), engineers, contractors, BAD IDEAs, funding and hand; the four face-up
    piles; where the game stands."""
    companies = []
    for player in state["players"]:
        company = state["companies"][player]
        departments = []
        for department in DEPARTMENTS:
            head = company_rules.head(company, department)
            staff = company_rules.staff(company, department)
            others = [e for e in staff if e is not head]
            departments.append({"name": DEPARTMENT_NAMES[department], "id": department,
                                "head": head, "others": others})  # fmt: skip
        engineers = [e for e in company["employees"] if e["engineer"]]
        companies.append({"player": player, **company, "departments": departments,
                          "engineers": engineers})  # fmt: skip
    piles = [(DEPARTMENT_NAMES[d], d, state["labor_pool"][d]) for d in DEPARTMENTS]
    return {"companies": companies, "piles": piles, "situation": situation(state)}


def situation(state: dict) -> list[tuple[str, object]]:
    """Where the game stands: its phase, and whose turn or pick it is."""
    if state["phase"] == "draft":
        picks = state["draft"]["picks"]
        size = draft.draft_size(state)
        return [("Phase", "the first hire"), ("Pick", f"{picks + 1} of {size}"),
                ("Hiring", state["draft"]["player"])]  # fmt: skip
    if state["phase"] == "over":
        return [("Phase", "over"), ("Winner", state["winner"])]
    turn = state["turn"]
    return [("Turn", turn["number"]), ("Playing", turn["player"]),
            ("Turn step", turn["step"]), ("Cards played", turn["played"])]  # fmt: skip
