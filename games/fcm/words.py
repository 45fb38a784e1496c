"""A refusal's words as a person reads them, beside a form or in an API's problem: every id of
the state's said as the pages say it. A card of a chain by its printed title, told apart from
the chain's other cards of that title by where it is, then by its order (pickers.py,
games/choices.py `told_apart`); a CEO as its chain's ("ann's CEO"); a card's data name by its
title (`kitchen_trainee` is a Kitchen Trainee), a milestone by its name; a restaurant by its
square; an event type by its form's title (`fcm.drinks_collected` is “Drinks collected”); a
square, or a tile of a zeppelin's route, as the map and the square picker name it (`[7, 9]` is
"row 7, column 9", a list of them "row 7, column 9 or row 8, column 9").
The rules raise their refusals with ids, which are exact; `evolve` (rules.py) and the choices
(choices.py) say them in words."""

import re

from games.choices import told_apart
from games.errors import RuleViolation
from games.fcm.data import DATA, MILESTONES
from games.fcm.event_types import EVENT_TYPES
from games.fcm.pickers import PLACES, TITLES
from games.fcm.sentences import a


def card_words(state: dict, player: str, card: dict) -> str:
    """A card of the chain as its pickers show it (pickers.py): its title, told apart from
    the chain's other cards of that title by where it is, then by its order."""
    cards = state["chains"][player]["cards"]
    titles = [TITLES.get(c["card"], c["card"].replace("_", " ")) for c in cards]
    told = told_apart(titles, [PLACES.get(c["place"], c["place"]) for c in cards])
    return told[next(n for n, c in enumerate(cards) if c["id"] == card["id"])]


def type_title(name: str) -> str:
    """`fcm.drinks_collected` -> “Drinks collected”, as its form is titled (app/api/forms.py)."""
    words = name.split(".", 1)[-1].replace("_", " ")
    return f"“{words[:1].upper()}{words[1:]}”"


TYPE_TITLES = {event_type.name: type_title(event_type.name) for event_type in EVENT_TYPES}


def in_words(state: dict):
    """A function saying a text with each id of `state`'s in words (`burger_cook-8 is a
    burger_cook` is "Burger Cook (2nd) is a Burger Cook", `ann-1` "ann's restaurant at row 0,
    column 4")."""
    words = dict(TITLES) | TYPE_TITLES | {name: m["name"] for name, m in MILESTONES.items()}
    for player, chain in state["chains"].items():
        for card in chain["cards"]:
            ceo = card["card"] == DATA["ceo"]["id"]
            words[card["id"]] = f"{player}'s CEO" if ceo else card_words(state, player, card)
    for restaurant in state["board"]["restaurants"]:
        row, col = restaurant["top_left"]
        words[restaurant["id"]] = f"{restaurant['owner']}'s restaurant at row {row}, column {col}"
    names = "|".join(re.escape(name) for name in sorted(words, key=len, reverse=True))
    ids = re.compile(rf"(?<![\w-])(?:(an?) )?({names})(?![\w-])")

    def said(found: re.Match) -> str:
        named = words[found.group(2)]
        if found.group(1) and named.endswith("'s CEO"):
            return named
        return a(named) if found.group(1) else named  # "a Errand Boy" is "an Errand Boy"

    return lambda text: squares_said(ids.sub(said, text))


SQUARES = re.compile(r"\[-?\d+, -?\d+\](?:, \[-?\d+, -?\d+\])*")  # [7, 9], [7, 10], [-1, 0]...
PAIR = re.compile(r"\[(-?\d+), (-?\d+)\]")


def square_words(square) -> str:
    """[3, 4] -> "row 3, column 4", as the map says a square."""
    return f"row {square[0]}, column {square[1]}"


def squares_said(text: str) -> str:
    """`legal from [1, 4]: on to [1, 5], [2, 4], or stop` -> `legal from row 1, column 4: on to
    row 1, column 5 or row 2, column 4, or stop`."""
    return SQUARES.sub(lambda run: " or ".join(map(square_words, PAIR.findall(run.group()))), text)


def said_in_words(refusal: RuleViolation, state: dict) -> RuleViolation:
    """The same refusal, its message in words; its rule and details as they were."""
    return RuleViolation(refusal.rule, in_words(state)(refusal.message), refusal.details)
