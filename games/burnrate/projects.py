"""BAD IDEAs and RELEASE: the projects that tie up engineers (BR-BADIDEA-1).

A BAD IDEA in a company is `{"id": "B1", "name", "x", "skill_numbers", "from": player}`.
"""

from games.errors import RuleViolation

from . import copies, matching
from .turn import begin_play, spend_cards


def bad_idea_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.bad_idea_played`: give an opponent a BAD IDEA (BR-PLAY-3, BR-BADIDEA-1).

    The card matches the target's Sales head and stays with the target until RELEASEd, so it
    does not go to the discard pile.
    """
    player, target, card = payload["player"], payload["target"], payload["card"]
    begin_play(state, payload, actor, 1)
    copies.play(state, "BAD_IDEA", [card])
    matching.check_offensive(state, player, target, "BAD_IDEA", card)
    bad_idea = {
        "id": f"B{state['next_id']['bad_idea']}",
        "name": card["name"],
        "x": card["x"],
        "skill_numbers": sorted(card["skill_numbers"]),
        "from": player,
    }
    state["next_id"]["bad_idea"] += 1
    state["companies"][target]["bad_ideas"].append(bad_idea)
    spend_cards(state, player, 1, to_discard=0)


def release_played(state: dict, payload: dict, actor: str) -> None:
    """`burnrate.release_played`: RELEASE removes one of the player's BAD IDEAs (BR-BADIDEA-1).

    The card matches the player's Development head; both cards go to the discard pile.
    """
    player, card = payload["player"], payload["card"]
    own = begin_play(state, payload, actor, 1)
    copies.play(state, "RELEASE", [card])
    held = [f"{b['id']} {b['name']}" for b in own["bad_ideas"]]
    if payload["bad_idea"] not in {b["id"] for b in own["bad_ideas"]}:
        raise RuleViolation(
            "BR-BADIDEA-1",
            f"{player} holds no BAD IDEA {payload['bad_idea']}; a RELEASE removes one of the "
            f"player's own BAD IDEAs: {', '.join(held) or 'none'}",
            {"bad_ideas": held},
        )
    matching.check_defensive(state, player, "RELEASE", card)
    own["bad_ideas"] = [b for b in own["bad_ideas"] if b["id"] != payload["bad_idea"]]
    spend_cards(state, player, 1, to_discard=2)
