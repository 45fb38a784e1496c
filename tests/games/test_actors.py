"""games/actors.py: the one check of a player's action against its actor, every game's."""

import pytest

from games.actors import check_actor
from games.errors import RuleViolation


def test_the_player_and_the_table_s_admin_may_record_a_player_s_action():
    check_actor("player:ann", "ann", "X-TURN-1")
    check_actor("admin", "ann", "X-TURN-1", players=["ann", "ben"])


@pytest.mark.parametrize("actor", ["player:ben", "system:tally", "player:anna"])
def test_anyone_else_is_refused_under_the_game_s_own_rule(actor):
    with pytest.raises(RuleViolation) as refused:
        check_actor(actor, "ann", "X-TURN-1")
    assert refused.value.rule == "X-TURN-1"
    assert refused.value.message == (
        f"{actor} cannot record an action of ann's; player:ann or admin can"
    )
    assert refused.value.details == {"actor": actor, "player": "ann"}


def test_a_payload_naming_someone_outside_the_game_is_refused_first():
    with pytest.raises(RuleViolation) as refused:
        check_actor("admin", "zed", "X-TURN-1", players=["ann", "ben"])
    assert refused.value.rule == "X-TURN-1"
    assert refused.value.message == "zed does not play in this game; players: ann, ben"
    assert refused.value.details == {"players": ["ann", "ben"]}
