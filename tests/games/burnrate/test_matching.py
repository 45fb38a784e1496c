"""games/burnrate/matching.py: skill numbers against department heads (BR-PLAY-2..5)."""

import pytest

from games.burnrate import matching
from games.errors import RuleViolation
from tests.games.burnrate.table import three_players


@pytest.mark.parametrize(
    "numbers, head, result",
    [
        ([1, 2, 3], 1, True),
        ([2, 3], 1, False),
        ([0, 1], None, True),
        ([1, 2, 3], None, False),
        ([0], 0, True),
    ],
)
def test_matches(numbers, head, result):
    """BR-PLAY-2, BR-PLAY-4."""
    assert matching.matches(numbers, head) is result


def test_a_defensive_card_must_match_the_players_own_head():
    """BR-PLAY-2: joe's Finance head has skill 2; FUNDING 3 does not match."""
    table = three_players()
    violation = table.refused(
        "funding_played", "BR-PLAY-2", player="joe", card={"amount": 20, "skill_numbers": [3]}
    )
    assert "skill 2" in violation.message and violation.details["needed"] == 2
    table.record("funding_played", player="joe", card={"amount": 15, "skill_numbers": [2, 3]})
    assert table.company("joe")["funding"] == 115


def test_an_offensive_card_matches_the_targets_head_not_the_players():
    """BR-PLAY-3: joe's own Sales head (1) does not matter; ann's (0) does."""
    table = three_players()
    card = {"name": "Online Pet Store", "x": 2, "skill_numbers": [0]}
    table.record("bad_idea_played", player="joe", target="ann", card=card)
    assert table.company("ann")["bad_ideas"][0]["name"] == "Online Pet Store"


def test_an_offensive_card_missing_the_targets_head_names_the_legal_targets():
    """BR-PLAY-3."""
    table = three_players()
    card = {"name": "Online Pet Store", "x": 2, "skill_numbers": [0, 1]}
    violation = table.refused(
        "bad_idea_played", "BR-PLAY-3", player="joe", target="ruth", card=card
    )
    assert violation.details["legal_targets"] == ["ann"]
    assert "legal targets: ann" in violation.message


def test_offensive_cards_target_an_opponent_still_in_the_game():
    """BR-PLAY-3: not oneself, not a bankrupt player."""
    table = three_players()
    card = {"name": "Online Pet Store", "x": 2, "skill_numbers": [0, 1, 2]}
    table.refused("bad_idea_played", "BR-PLAY-3", player="joe", target="joe", card=card)
    table.state["companies"]["ann"]["bankrupt"] = True
    table.refused("bad_idea_played", "BR-PLAY-3", player="joe", target="ann", card=card)


def test_a_zero_matches_an_unstaffed_department():
    """BR-PLAY-4: joe's Development is unstaffed (one engineer only)."""
    state = three_players().state
    matching.check_defensive(state, "joe", "RELEASE", {"skill_numbers": [0]})
    with pytest.raises(RuleViolation) as caught:
        matching.check_defensive(state, "joe", "RELEASE", {"skill_numbers": [1, 2, 3]})
    assert caught.value.rule == "BR-PLAY-4"
    assert "unstaffed" in caught.value.message


def test_purple_cards_need_a_number_of_vice_presidents():
    """BR-PLAY-5: joe has no VP."""
    table = three_players()
    card = {"name": "Purple", "vps_required": 1, "effect": "as printed"}
    violation = table.refused("vp_card_played", "BR-PLAY-5", player="joe", card=card)
    assert violation.details == {"vps": 0, "needed": 1}
