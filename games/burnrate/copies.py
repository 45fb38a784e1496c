"""How many copies of a Play card the edition prints, and how many are out of the deck
(BR-SETUP-2).

A played card goes to the discard pile and comes back only when the discard pile is reshuffled
into the deck (BR-DRAW-1); a BAD IDEA stays with its target until it is RELEASEd
(BR-BADIDEA-1). So between two reshuffles no more copies of a card can be played than the
edition prints. `state["played_copies"]` counts them by card as `cards.describe` names it:
`{"FUNDING 15 (2,3)": 1, "BAD IDEA": 7, "purple card Hostile Takeover": 1}`. A reshuffle
empties it, but for the BAD IDEAs companies still hold. Cards whose count is not known
(RELEASE) are not counted.
"""

from games.errors import RuleViolation

from . import cards, edition
from .words import plural

BAD_IDEAS = "BAD IDEA"


def printed_copies(kind_id: str, card: dict) -> tuple[str, int] | None:
    """(the name the count goes by, copies in the deck), or None where the edition does not
    know. Each purple card is unique; a variant counts its own copies; a BAD IDEA the kind's."""
    kind = edition.KINDS[kind_id]
    if kind_id == "VP_PURPLE":
        return f"purple card {card['name']}", 1
    if kind["variants"] is not None:
        printed = (card.get("amount"), sorted(card["skill_numbers"]))
        for variant in kind["variants"]:
            if (variant["amount"], sorted(variant["skill_numbers"])) == printed:
                return cards.describe(kind_id, card), variant["copies"]
        return None  # no such card: cards.enter_play_card refuses it first
    if kind["copies"] is not None:
        return kind["name"], kind["copies"]
    return None


def with_copies_left(state: dict, kind_id: str) -> list[str]:
    """The cards of a kind of which a copy may still be played: what would be legal."""
    played = state["played_copies"]
    kind = edition.KINDS[kind_id]
    if kind_id == "VP_PURPLE":
        seen = state["catalogue"]["vp_cards"]
        legal = [name for name in seen if f"purple card {name}" not in played]
        unseen = edition.VP_CARD_COUNT - len(seen)
        return legal + ([f"{plural(unseen, 'purple card')} not seen yet"] if unseen else [])
    if kind["variants"] is not None:
        legal = []
        for variant in kind["variants"]:
            name = cards.describe(kind_id, variant)
            if played.get(name, 0) < variant["copies"]:
                legal.append(name)
        return legal
    return [] if played.get(kind["name"], 0) >= (kind["copies"] or 0) else [kind["name"]]


def play(state: dict, kind_id: str, played: list[dict]) -> None:
    """Enter each card as printed (BR-SETUP-2) and count it out of the deck; a copy more than
    the edition prints is refused, with the cards of that kind that could be played."""
    for card in played:
        cards.enter_play_card(state["catalogue"], kind_id, card)
    for card in played:
        counted = printed_copies(kind_id, card)
        if counted is None:
            continue
        name, copies = counted
        out = state["played_copies"].get(name, 0)
        if out >= copies:
            refuse_copy(state, kind_id, card, copies, out)
        state["played_copies"][name] = out + 1


def refuse_copy(state: dict, kind_id: str, card: dict, copies: int, out: int) -> None:
    """Every copy is out of the deck: say where they are and what may still be played."""
    where = "in the discard pile"
    if kind_id == "BAD_IDEA":
        where = "held by companies or in the discard pile"
    legal = with_copies_left(state, kind_id)
    kind = edition.KINDS[kind_id]["name"]
    raise RuleViolation(
        "BR-SETUP-2",
        f"{cards.describe(kind_id, card)} cannot be played: the deck has "
        f"{plural(copies, 'copy', 'copies')} and {out} {'was' if out == 1 else 'were'} played "
        f"since the discard pile was last reshuffled, so {'it is' if copies == 1 else 'all are'} "
        f"{where}; {kind} cards that may still be played: {', '.join(legal) or 'none'}",
        {"copies": copies, "played": out, "legal": legal},
    )


def reshuffled(state: dict) -> None:
    """The discard pile is the deck again: only the BAD IDEAs companies hold stay out."""
    held = sum(len(c["bad_ideas"]) for c in state["companies"].values())
    state["played_copies"] = {BAD_IDEAS: held} if held else {}
