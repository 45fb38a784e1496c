"""games/burnrate/funding.py: FUNDING adds its amount."""

from tests.games.burnrate.table import three_players


def test_funding_adds_its_amount_when_it_matches_the_finance_head():
    """BR-PLAY-2: joe's Finance head has skill 2."""
    table = three_players()
    table.record("funding_played", player="joe", card={"amount": 10, "skill_numbers": [2, 3]})
    assert table.company("joe")["funding"] == 110 and table.state["discard"] == 1


def test_funding_on_an_unstaffed_finance_needs_a_zero():
    """BR-PLAY-4: ruth has no Finance staff."""
    table = three_players()
    table.end_turn("joe")
    table.refused(
        "funding_played", "BR-PLAY-4", player="ruth", card={"amount": 5, "skill_numbers": [1, 2, 3]}
    )
    table.record("funding_played", player="ruth", card={"amount": 5, "skill_numbers": [0, 1, 2, 3]})
    assert table.company("ruth")["funding"] == 105  # salaries come at the end of her turn


def test_a_funding_card_that_does_not_exist_is_refused():
    """BR-SETUP-2: there is no FUNDING 20 printed 2,3."""
    table = three_players()
    table.refused(
        "funding_played", "BR-SETUP-2", player="joe", card={"amount": 20, "skill_numbers": [2, 3]}
    )
