"""games/burnrate/turn.py: whose turn it is, and playing or discarding (BR-TURN-1, BR-PLAY-1)."""

import games.burnrate as burnrate
from games.burnrate import turn
from tests.games.burnrate.table import three_players

HIRE = {"skill_numbers": [0, 1, 2, 3]}
FUNDING = {"amount": 5, "skill_numbers": [0, 1, 2, 3]}
# Four FUNDING cards joe's Finance head (2) matches; the deck has three of the first.
FOUR_FUNDINGS = [FUNDING, FUNDING, FUNDING, {"amount": 10, "skill_numbers": [2, 3]}]


def test_acting_out_of_turn_is_refused():
    """BR-TURN-1: it is joe's turn; ruth must wait."""
    table = three_players()
    violation = table.refused("funding_played", "BR-TURN-1", player="ruth", card=FUNDING)
    assert "joe's turn" in violation.message


def test_a_player_records_only_their_own_actions_and_admin_anyones():
    """BR-TURN-1: the actor must be the acting player, or admin."""
    table = three_players()
    table.refused("turn_ended", "BR-TURN-1", actor="player:ruth", player="joe")
    table.refused("turn_ended", "BR-TURN-1", actor="system:turn_end", player="joe")
    table.record("turn_ended", actor="admin", player="joe")
    assert table.state["turn"]["step"] == "contractors"


def test_an_unknown_player_is_refused():
    """BR-TURN-1."""
    table = three_players()
    table.refused("turn_ended", "BR-TURN-1", actor="admin", player="zed")


def test_up_to_four_cards_a_turn():
    """BR-PLAY-1: four cards are accepted, a fifth is refused."""
    table = three_players()
    for card in FOUR_FUNDINGS:
        table.record("funding_played", player="joe", card=card)
    assert table.state["turn"]["played"] == 4
    assert table.company("joe")["hand"] == 2 and table.state["discard"] == 4
    violation = table.refused("funding_played", "BR-PLAY-1", player="joe", card=FUNDING)
    assert "turn_ended" in violation.message


def test_two_cards_for_a_vice_president_count_toward_the_four():
    """BR-PLAY-1 with BR-VP-3: three cards played leave room for one, not two."""
    table = three_players()
    for _ in range(3):
        table.record("funding_played", player="joe", card=FUNDING)
    table.refused("fire_played", "BR-PLAY-1", player="joe", cards=[HIRE, HIRE], employee="E1")


def test_discard_up_to_four_instead_of_playing():
    """BR-PLAY-1: discarding ends the play step."""
    table = three_players()
    table.refused("cards_discarded", "BR-PLAY-1", player="joe", count=5)
    table.record("cards_discarded", player="joe", count=4)
    assert table.company("joe")["hand"] == 2 and table.state["discard"] == 4
    assert table.state["turn"]["discarded"] == 4
    assert table.state["turn"]["step"] == "contractors"
    table.refused("funding_played", "BR-TURN-1", player="joe", card=FUNDING)


def test_no_discard_after_playing():
    """BR-PLAY-1: play, or play none and discard."""
    table = three_players()
    table.record("funding_played", player="joe", card=FUNDING)
    table.refused("cards_discarded", "BR-PLAY-1", player="joe", count=1)


def test_a_turn_may_end_with_nothing_played():
    """BR-PLAY-1: up to four, so none is fine too."""
    table = three_players()
    table.record("turn_ended", player="joe")
    assert table.state["turn"]["step"] == "contractors"
    table.refused("turn_ended", "BR-TURN-1", player="joe")


def test_play_passes_left_skipping_bankrupt_players():
    """BR-DRAW-1: left is the next name in seating order."""
    state = three_players().state
    assert turn.left_of(state, "joe") == "ruth"
    assert turn.left_of(state, "ann") == "joe"
    state["companies"]["ruth"]["bankrupt"] = True
    assert turn.left_of(state, "joe") == "ann"


def test_counts_of_one_are_said_in_the_singular():
    """BR-PLAY-1: "holds 1 card", "played 1 card", "1 more card"."""
    table = three_players()
    table.state["companies"]["joe"]["hand"] = 1  # as if joe had played down to one card
    violation = table.refused("fire_played", "BR-PLAY-1", player="joe", cards=[HIRE, HIRE],
                              employee="E1")  # fmt: skip
    assert "holds 1 card," in violation.message
    table.record("funding_played", player="joe", card=FUNDING)
    violation = table.refused("cards_discarded", "BR-PLAY-1", player="joe", count=0)
    assert "played 1 card this turn" in violation.message
    table = three_players()
    for _ in range(3):
        table.record("funding_played", player="joe", card=FUNDING)
    violation = table.refused("fire_played", "BR-PLAY-1", player="joe", cards=[HIRE, HIRE],
                              employee="E1")  # fmt: skip
    assert "1 more card may be played" in violation.message


def test_an_action_while_the_turns_end_is_resolved_is_told_to_wait():
    """BR-TURN-1: pending(state) names the turn's end; whoever acts is told to retry after it."""
    table = three_players()
    table.record("turn_ended", player="joe")
    assert burnrate.pending(table.state) == "turn_end"
    for player in ("ruth", "joe"):
        violation = table.refused("funding_played", "BR-TURN-1", player=player, card=FUNDING)
        assert "the end of joe's turn is being resolved" in violation.message
        assert "retry once its job has finished" in violation.message
        assert "not ruth's" not in violation.message
        assert violation.details["pending"] == "turn_end"
    table.settle()
    table.record("funding_played", player="ruth", card=FUNDING)
