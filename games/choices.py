"""What a form may offer now: each value of a choice field judged by the game's own rules.

A game's `choices(state, actor, event_type)` (games/fcm/choices.py, games/burnrate/choices.py)
names the candidates for each field it covers and, for each, a check: a sample action with that
value folded by the game's `evolve`, or the very check function that action calls. A value the
check accepts is offered; one it refuses is left out, with the refusal's rule and words. So a
form and the service cannot disagree, and no rule is written twice. Like games/actors.py this
is shared code outside every game's package.

A field's answer is

    {"rules": [the ids that left values out],
     "offer": [{"value", "label", "when"?}], "left_out": [{"value", "label", "when"?, "rule",
     "message"}], "none"?: what leaving the field empty means, where the game says,
     "default"?: the value an untouched form holds, one of `offer`'s, where the game says,
     "only"?: {path: [values]}, the field is used only while those fields hold one of those
     values (or are not chosen yet): a campaign's square is not an airplane's}

keyed by the field's path in the payload as app/api/forms.py writes it (`cards.*` for each item
of a list, `steps.*.into` inside one), or a map's value by its key (`structure.<card id>`).
`when` ({path: value}) offers the value only while those fields hold those values (a `*` in
its path is the same item as the field's own). `default` is what the table would most likely
record, e.g. last turn's structure (js/record-fields.js selects it until the person changes the
field); a form sends it like any value chosen, and the rules judge it like any other.
"""

from collections.abc import Callable

from games.errors import RuleViolation


class Field:
    """One field's values as the rules judge them."""

    def __init__(self, none: str | None = None, only: dict | None = None):
        self.offer: list[dict] = []
        self.left_out: list[dict] = []
        self.none = none
        self.default = None
        self.only = only

    def judge(self, value, label: str, check: Callable[[], object], when: dict | None = None):
        """Offer `value` if `check()` returns; leave it out with the refusal if it raises
        RuleViolation. Whether it is offered."""
        entry = {"value": value, "label": label, **({"when": when} if when else {})}
        try:
            check()
        except RuleViolation as refusal:
            self.left_out.append({**entry, "rule": refusal.rule, "message": refusal.message})
            return False
        self.offer.append(entry)
        return True

    def answer(self) -> dict:
        rules = sorted({entry["rule"] for entry in self.left_out})
        answer = {"rules": rules, "offer": self.offer, "left_out": self.left_out}
        answer |= {"none": self.none} if self.none else {}
        answer |= {"only": self.only} if self.only else {}
        return answer | ({"default": self.default} if self.default is not None else {})


def accepts(check: Callable[[], object]) -> bool:
    """Whether `check()` returns rather than raising RuleViolation."""
    try:
        check()
    except RuleViolation:
        return False
    return True


def player_of(actor: str) -> str | None:
    """`player:ann` -> `ann`; None for `admin` or a worker, whose forms name no chooser."""
    return actor.removeprefix("player:") if actor.startswith("player:") else None


def told_apart(labels: list[str], apart: list[str] | None = None) -> list[str]:
    """Things in words as a form tells them apart (js/record-fields.js, `labelled`): a label
    shared by things whose `apart` words differ gets them (", on the beach"), and one still
    shared its order among them ("Waitress, at work (2nd)", "Waitress (2nd)")."""
    if apart is not None:
        differing: dict[str, set[str]] = {}
        for label, more in zip(labels, apart, strict=True):
            differing.setdefault(label, set()).add(more)
        labels = [f"{label}, {more}" if len(differing[label]) > 1 else label
                  for label, more in zip(labels, apart, strict=True)]  # fmt: skip
    counted: dict[str, int] = {}
    told = []
    for label in labels:
        if labels.count(label) == 1:
            told.append(label)
            continue
        counted[label] = counted.get(label, 0) + 1
        told.append(f"{label} ({ordinal(counted[label])})")
    return told


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
