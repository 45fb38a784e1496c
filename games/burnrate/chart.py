"""What a chart of a Burn Rate game shows: each company's funding, and its burn rate, turn by
turn (replays/chart.py samples it at each turn's end and draws it).

Burn Rate keeps no score: the last company not bankrupt wins (BR-WIN-1), and a company is out
once its funding goes below zero (BR-SALARY-2). So the chart shows the funding, with the burn
rate that drains it at every turn's end (BR-SALARY-1), and marks where a company went out.
A turn is one player's turn, as the game numbers them; turn 0 is the first hire, before any.
"""

from .company import burn_rate

CHART = {
    "title": "Funding over the turns",
    "measures": [
        {"key": "funding", "label": "Funding"},
        {"key": "burn_rate", "label": "Burn rate (salaries a turn)"},
    ],
}


def points(state: dict) -> dict:
    """The turn `state` is in (0 during the first hire) and each company's funding and burn
    rate, in seating order; `out` once it is bankrupt, when it pays no salaries: its burn
    rate is None, its funding what it went out with."""
    turn = state["turn"]["number"] if state["turn"] else 0
    salary = state["contractor_salary"]
    series = [
        {
            "name": name,
            "role": "company",
            "values": {"funding": company["funding"], "burn_rate": salaries(company, salary)},
            "out": company["bankrupt"],
        }
        for name in state["players"]
        for company in [state["companies"][name]]
    ]
    return {"turn": turn, "series": series}


def salaries(company: dict, contractor_salary: int) -> int | None:
    """What the company pays at its turn's end (BR-SALARY-1); None once it is out."""
    return None if company["bankrupt"] else burn_rate(company, contractor_salary)["burn_rate"]
