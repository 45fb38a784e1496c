"""How a person names each payload value at the table, as data beside the schemas: the hints
a form built from a schema offers in place of typing (app/api/forms.py says what each picker
means). An employee or a BAD IDEA by name from the state, a pile by the card face up on it, a
Play card as printed among the edition's variants, skill numbers by ticking them."""

from . import cards, edition

ACTOR = {"picker": "actor"}
PLAYER = {"picker": "choose", "from": "players"}
PILE = {
    "picker": "choose",
    "from": "labor_pool",
    "show": "{key|words}: {name}",
    "label": "Pile (and the employee face up on it)",
}
SKILL_NUMBERS = {
    "picker": "some_of",
    "choices": list(range(edition.SKILL_RANGE[0], edition.SKILL_RANGE[1] + 1)),
}
FACE_UP = {
    "picker": "printed",
    "from": "catalogue.employees",
    "key": "name",
    "show": "{name}",
    "label": "The card turned up in its place",
}
# the card turned up on a pile is of the pile's department: not asked (app/api/forms.py)
PILES_OWN = {"picker": "follows", "field": "department"}


def employee_of(whose: str) -> dict:
    """An employee of `whose` company (`player` or `target`), by name and department (two
    alike told apart by their order, js/record-fields.js); sent as its id."""
    return {
        "picker": "choose",
        "from": f"companies.{{{whose}}}.employees",
        "value": "id",
        "show": "{name}, {department|named}",
        "names": edition.DEPARTMENT_NAMES,
    }


OWN_EMPLOYEE = employee_of("player")
TARGET_EMPLOYEE = employee_of("target")
OWN_BAD_IDEA = {
    "picker": "choose",
    "from": "companies.{player}.bad_ideas",
    "value": "id",
    "show": "{name}, x{x}",
}


def printed(kind_id: str) -> dict:
    """A Play card of `kind_id` as printed: one of the edition's variants, or typed."""
    variants = edition.KINDS[kind_id]["variants"] or []
    choices = []
    for variant in variants:
        card = {"skill_numbers": variant["skill_numbers"]}
        if variant["amount"] is not None:
            card = {"amount": variant["amount"], **card}
        choices.append({"label": cards.describe(kind_id, card), "value": card})
    return {"picker": "printed", "choices": choices}


BAD_IDEA = {
    "picker": "printed",
    "choices": [
        {"label": f"{name}, x{x}", "value": {"name": name, "x": x}}
        for name, x in edition.KNOWN_BAD_IDEAS.items()
    ],
    "from": "catalogue.bad_ideas",
    "key": "name",
    "show": "{name}, x{x}",
}
VP_CARD = {"picker": "printed", "from": "catalogue.vp_cards", "key": "name", "show": "{name}"}
