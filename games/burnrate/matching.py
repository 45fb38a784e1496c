"""Can this card be played: skill numbers against a department head (BR-PLAY-2..5)."""

from games.errors import RuleViolation

from . import cards, company, edition
from .words import plural


def matches(skill_numbers: list[int], head_skill: int | None) -> bool:
    """A card matches a head of that skill; its 0 also matches an unstaffed department.

    BR-PLAY-2, BR-PLAY-4.
    """
    return (0 if head_skill is None else head_skill) in skill_numbers


def department_of(kind_id: str) -> str:
    """The department a card belongs to by its colour (BR-PLAY-2)."""
    return edition.KINDS[kind_id]["department"]


def _head_words(owner: str, department: str, head: dict | None) -> str:
    name = edition.DEPARTMENT_NAMES[department]
    if head is None:
        return f"{owner}'s {name} department is unstaffed"
    return f"{owner}'s {name} head {head['name']} has skill {head['skill']}"


def check_defensive(state: dict, player: str, kind_id: str, card: dict) -> None:
    """A defensive card matches the player's own head of its department (BR-PLAY-2, BR-PLAY-3).

    Only a 0 matches an unstaffed department (BR-PLAY-4).
    """
    department = department_of(kind_id)
    head = company.head(state["companies"][player], department)
    skill = None if head is None else head["skill"]
    if matches(card["skill_numbers"], skill):
        return
    needed = 0 if skill is None else skill
    raise RuleViolation(
        "BR-PLAY-4" if head is None else "BR-PLAY-2",
        f"{cards.describe(kind_id, card)} cannot be played: "
        f"{_head_words(player, department, head)}, so the card would need a {needed}",
        {"department": department, "head_skill": skill, "needed": needed},
    )


def check_target(state: dict, player: str, target: str) -> None:
    """An offensive card targets an opponent still in the game (BR-PLAY-3)."""
    opponents = [
        p for p in state["players"] if p != player and not state["companies"][p]["bankrupt"]
    ]
    if target not in opponents:
        raise RuleViolation(
            "BR-PLAY-3",
            f"{target} cannot be targeted: an offensive card targets an opponent still in the "
            f"game: {', '.join(opponents)}",
            {"opponents": opponents},
        )


def legal_targets(state: dict, player: str, kind_id: str, card: dict) -> list[str]:
    """The opponents whose head of the card's department the card matches (BR-PLAY-3)."""
    department = department_of(kind_id)
    return [
        p
        for p in state["players"]
        if p != player
        and not state["companies"][p]["bankrupt"]
        and matches(card["skill_numbers"], company.head_skill(state["companies"][p], department))
    ]


def check_offensive(state: dict, player: str, target: str, kind_id: str, card: dict) -> None:
    """An offensive card matches the targeted opponent's head of its department (BR-PLAY-3).

    Only a 0 matches an unstaffed department (BR-PLAY-4).
    """
    check_target(state, player, target)
    department = department_of(kind_id)
    head = company.head(state["companies"][target], department)
    skill = None if head is None else head["skill"]
    if matches(card["skill_numbers"], skill):
        return
    legal = legal_targets(state, player, kind_id, card)
    raise RuleViolation(
        "BR-PLAY-3",
        f"{cards.describe(kind_id, card)} cannot be played on {target}: "
        f"{_head_words(target, department, head)}, and the card shows no "
        f"{0 if skill is None else skill}; legal targets: {', '.join(legal) or 'none'}",
        {"department": department, "head_skill": skill, "legal_targets": legal},
    )


def check_vp_requirement(state: dict, player: str, card: dict) -> None:
    """A purple card needs at least its printed number of Vice Presidents (BR-PLAY-5)."""
    have = company.vp_count(state["companies"][player])
    if have < card["vps_required"]:
        raise RuleViolation(
            "BR-PLAY-5",
            f"{cards.describe('VP_PURPLE', card)} needs "
            f"{plural(card['vps_required'], 'Vice President')}; "
            f"{player} has {have}",
            {"vps": have, "needed": card["vps_required"]},
        )
