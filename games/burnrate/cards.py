"""Cards as the table shows them (BR-SETUP-1, BR-SETUP-2).

The recorder enters what is printed on a card when it comes into play: an employee when it is
turned face up in the labor pool, a Play card when it is played. A card the edition data shows
cannot exist is refused. Values the data does not know (most employees, BAD IDEA names and X,
the purple cards) are accepted and kept in the state's catalogue, and a card that comes back
must read as it did the first time.
"""

from games.errors import RuleViolation

from . import edition
from .words import plural

EMPLOYEE_PRINT = ("department", "skill", "salary", "vp", "engineer")


def new_catalogue() -> dict:
    """The printed values seen so far: employees (not engineers), BAD IDEAs, purple cards."""
    return {"employees": {}, "bad_ideas": {}, "vp_cards": {}}


def numbers(skill_numbers: list[int]) -> str:
    """`1,2,3`: skill numbers as printed on the card."""
    return ",".join(str(n) for n in sorted(skill_numbers))


def describe(kind_id: str, card: dict) -> str:
    """A Play card in words: `HIRE 1,2,3`, `FUNDING 10 (2,3)`, `BAD IDEA Online Grocery Store`."""
    name = edition.KINDS[kind_id]["name"]
    if kind_id == "FUNDING":
        return f"FUNDING {card['amount']} ({numbers(card['skill_numbers'])})"
    if kind_id == "BAD_IDEA":
        return f"BAD IDEA {card['name']} x{card['x']} ({numbers(card['skill_numbers'])})"
    if kind_id == "VP_PURPLE":
        return f"purple card {card['name']} ({plural(card['vps_required'], 'VP')})"
    return f"{name} {numbers(card['skill_numbers'])}"


def describe_employee(employee: dict) -> str:
    """`Ben Zhao (finance VP, skill 3, salary 2)`."""
    if employee["engineer"]:
        return f"{employee['name']} (engineer, salary {employee['salary']})"
    vp = " VP" if employee["vp"] else ""
    return (
        f"{employee['name']} ({employee['department']}{vp}, skill {employee['skill']}, "
        f"salary {employee['salary']})"
    )


def _refuse_employee(employee: dict, why: str) -> None:
    raise RuleViolation(
        "BR-SETUP-1",
        f"no employee card reads like {employee['name']}: {why}",
        {"employee": employee},
    )


def check_employee_exists(employee: dict) -> None:
    """An employee as printed can exist in the employee deck (BR-SETUP-1).

    Skill 0-3 and salary 1-3; an engineer is a Development employee with no skill and is never
    a Vice President; every other employee has a skill. A card the edition names must match it.
    """
    low, high = edition.SALARY_RANGE
    if not low <= employee["salary"] <= high:
        _refuse_employee(employee, f"salaries run from {low} to {high}")
    if employee["engineer"]:
        if employee["department"] != "development":
            _refuse_employee(employee, "engineers belong to Development")
        if employee["skill"] is not None:
            _refuse_employee(employee, "engineers have no skill level; enter skill null")
        if employee["vp"]:
            _refuse_employee(employee, "an engineer is not a Vice President")
    else:
        low, high = edition.SKILL_RANGE
        if employee["skill"] is None or not low <= employee["skill"] <= high:
            _refuse_employee(employee, f"employees other than engineers have a skill {low}-{high}")
    known = edition.KNOWN_EMPLOYEES.get(employee["name"])
    if known:
        wrong = [k for k in EMPLOYEE_PRINT if known[k] is not None and known[k] != employee[k]]
        if wrong:
            printed = {k: known[k] for k in EMPLOYEE_PRINT if known[k] is not None}
            _refuse_employee(employee, f"the edition prints {employee['name']} as {printed}")


def enter_employee(catalogue: dict, employee: dict) -> None:
    """Check an employee turned face up (BR-SETUP-1) and keep what is printed on it.

    Engineers are not kept by name: whether their cards carry names is unknown.
    """
    check_employee_exists(employee)
    if employee["engineer"]:
        return
    printed = {k: employee[k] for k in EMPLOYEE_PRINT}
    seen = catalogue["employees"].setdefault(employee["name"], printed)
    if seen != printed:
        _refuse_employee(employee, f"{employee['name']} was entered before as {seen}")


def _refuse_card(kind_id: str, card: dict, why: str, legal: list | None = None) -> None:
    details = {"kind": kind_id, "card": card}
    if legal is not None:
        details["legal"] = legal
    raise RuleViolation("BR-SETUP-2", f"no {describe(kind_id, card)} card exists: {why}", details)


def check_skill_numbers(kind_id: str, card: dict) -> None:
    """Skill numbers are one or more distinct numbers from 0 to 3 (BR-SETUP-2)."""
    printed = card["skill_numbers"]
    low, high = edition.SKILL_RANGE
    if not printed or len(set(printed)) != len(printed):
        _refuse_card(kind_id, card, "a card prints one or more different skill numbers")
    if any(not low <= n <= high for n in printed):
        _refuse_card(kind_id, card, f"skill numbers run from {low} to {high}")


def check_known_variant(kind_id: str, card: dict) -> None:
    """Where the edition lists a kind's variants, the card is one of them (BR-SETUP-2)."""
    variants = edition.KINDS[kind_id]["variants"]
    if variants is None:
        return
    printed = (card.get("amount"), sorted(card["skill_numbers"]))
    known = [(v["amount"], sorted(v["skill_numbers"])) for v in variants]
    if printed not in known:
        if kind_id == "FUNDING":
            legal = [f"{amount} ({numbers(skills)})" for amount, skills in known]
        else:
            legal = [numbers(skills) for _, skills in known]
        _refuse_card(
            kind_id,
            card,
            f"{edition.KINDS[kind_id]['name']} cards print one of {'; '.join(legal)}",
            legal,
        )


def enter_bad_idea(catalogue: dict, card: dict) -> None:
    """A BAD IDEA needs 1 to 4 engineers; a known name keeps its printed X (BR-SETUP-2)."""
    low, high = edition.BAD_IDEA_X_RANGE
    if not low <= card["x"] <= high:
        _refuse_card("BAD_IDEA", card, f"a BAD IDEA needs {low} to {high} engineers")
    seen = edition.KNOWN_BAD_IDEAS.get(card["name"])
    if seen is None:
        seen = catalogue["bad_ideas"].setdefault(card["name"], {"x": card["x"]})["x"]
    if seen != card["x"]:
        _refuse_card("BAD_IDEA", card, f"{card['name']} is printed x{seen}")


def enter_vp_card(catalogue: dict, card: dict) -> None:
    """There are four purple cards, each with one printed VP requirement (BR-SETUP-2)."""
    low, high = edition.VPS_REQUIRED_RANGE
    if not low <= card["vps_required"] <= high:
        _refuse_card("VP_PURPLE", card, f"a purple card needs {low} to {high} VPs")
    known = catalogue["vp_cards"]
    if card["name"] not in known and len(known) >= edition.VP_CARD_COUNT:
        _refuse_card(
            "VP_PURPLE",
            card,
            f"the deck has {edition.VP_CARD_COUNT} purple cards and all were seen: "
            f"{', '.join(sorted(known))}",
            sorted(known),
        )
    seen = known.setdefault(
        card["name"], {"vps_required": card["vps_required"], "effect": card["effect"]}
    )
    if seen["vps_required"] != card["vps_required"]:
        needs = plural(seen["vps_required"], "VP")
        _refuse_card("VP_PURPLE", card, f"{card['name']} needs {needs}")


def enter_play_card(catalogue: dict, kind_id: str, card: dict) -> None:
    """Check a Play card as printed exists (BR-SETUP-2) and keep what the edition lacks."""
    if kind_id == "VP_PURPLE":
        enter_vp_card(catalogue, card)
        return
    check_skill_numbers(kind_id, card)
    check_known_variant(kind_id, card)
    if kind_id == "BAD_IDEA":
        enter_bad_idea(catalogue, card)
