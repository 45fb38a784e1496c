"""Who may record a player's action: the one check every game makes of a payload's player.

The machinery already knows that an actor `player:<name>` is a player of the game and that a
seat's token records only its own player (events/seats.py). What it cannot know is which
payload field names the player an action belongs to; the game does, and asks this:

    check_actor(event["actor"], payload["player"], "RPS-THROW-1", state["players"])

A player records their own actions; `admin`, the table's recorder, records anyone's; a worker
(`system:<phase>`) never takes a player's action. The refusal carries the game's own rule id.
Like games/sealed.py this is shared code, outside every game's package, so it is not part of
any game's rules digest (projections/rules.py).
"""

from games.errors import RuleViolation


def check_actor(actor: str, player: str, rule: str, players: list[str] | None = None) -> None:
    """Refuse (`rule`) an action of `player`'s recorded as anyone but `player:<player>` or
    `admin`; with `players`, first refuse a `player` who is not one of them."""
    if players is not None and player not in players:
        raise RuleViolation(
            rule,
            f"{player} does not play in this game; players: {', '.join(players)}",
            {"players": list(players)},
        )
    if actor not in (f"player:{player}", "admin"):
        raise RuleViolation(
            rule,
            f"{actor} cannot record an action of {player}'s; player:{player} or admin can",
            {"actor": actor, "player": player},
        )
