"""Who may record an action for a player."""

from games.errors import RuleViolation


def check_actor(state: dict, event: dict, player: str, rule: str) -> None:
    """The payload names a player of this game, and the actor is that player or the admin
    recording for the table; a worker (`system:`) never takes a player's action. `rule` is
    the id of the rule whose action this is."""
    if player not in state["players"]:
        raise RuleViolation(rule, f"{player} does not play in this game")
    actor = event["actor"]
    if actor not in ("admin", f"player:{player}"):
        raise RuleViolation(rule, f"{actor} may not act for {player}")
