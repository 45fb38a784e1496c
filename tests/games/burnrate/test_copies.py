"""games/burnrate/copies.py: no more copies of a Play card out of the deck than are printed."""

from tests.games.burnrate.table import drafted, staffed, three_players

FUNDING_15 = {"amount": 15, "skill_numbers": [2, 3]}  # one copy in the deck
FUNDING_10 = {"amount": 10, "skill_numbers": [2, 3]}  # two copies
PURPLE = {"name": "Hostile Takeover", "vps_required": 1, "effect": "as printed"}


def test_a_single_copy_funding_is_played_once():
    """BR-SETUP-2: FUNDING 15 (2,3) has one copy; the second in a turn cannot exist."""
    table = three_players()
    table.record("funding_played", player="joe", card=FUNDING_15)
    violation = table.refused("funding_played", "BR-SETUP-2", player="joe", card=FUNDING_15)
    assert "1 copy" in violation.message and "last reshuffled" in violation.message
    assert violation.details["copies"] == 1 and violation.details["played"] == 1
    assert "FUNDING 10 (2,3)" in violation.details["legal"]
    assert "FUNDING 15 (2,3)" not in violation.details["legal"]
    table.record("funding_played", player="joe", card=FUNDING_10)
    table.record("funding_played", player="joe", card=FUNDING_10)
    violation = table.refused("funding_played", "BR-SETUP-2", player="joe", card=FUNDING_10)
    assert "2 copies" in violation.message


def test_copies_count_across_turns_until_the_discard_pile_is_reshuffled():
    """BR-SETUP-2, BR-DRAW-1: a played card is in the discard pile until the next reshuffle."""
    table = three_players()
    table.record("funding_played", player="joe", card=FUNDING_15)
    table.end_turn("joe")
    table.end_turn("ruth")
    table.end_turn("ann")
    table.refused("funding_played", "BR-SETUP-2", player="joe", card=FUNDING_15)
    table.record("funding_played", player="joe", card=FUNDING_10)
    table.state["deck"] = 0  # as if the deck had been drawn down
    table.end_turn("joe")
    assert table.derived[-2]["payload"]["reshuffled"]
    assert table.state["played_copies"] == {}
    table.end_turn("ruth")
    table.end_turn("ann")
    table.record("funding_played", player="joe", card=FUNDING_15)


def test_a_unique_purple_card_is_played_once_until_the_reshuffle():
    """BR-SETUP-2: the four purple cards are unique."""
    table = drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales"], prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, prefix="J "),
        },
        dealer="joe",
    )
    table.record("vp_card_played", player="ruth", card=PURPLE)
    other = {**PURPLE, "name": "Board Coup"}
    table.record("vp_card_played", player="ruth", card=other)
    violation = table.refused("vp_card_played", "BR-SETUP-2", player="ruth", card=PURPLE)
    assert "Hostile Takeover" in violation.message
    assert violation.details["legal"] == ["2 purple cards not seen yet"]


def test_bad_ideas_held_stay_out_of_the_deck_after_a_reshuffle():
    """BR-SETUP-2, BR-BADIDEA-1: 21 BAD IDEAs; those a company holds are not reshuffled."""
    table = three_players()
    grocery = {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]}
    table.record("bad_idea_played", player="joe", target="ann", card=grocery)
    table.state["played_copies"]["BAD IDEA"] = 21  # as if every other one were out too
    violation = table.refused("bad_idea_played", "BR-SETUP-2", player="joe", target="ann",
                              card=grocery)  # fmt: skip
    assert "21 copies" in violation.message and violation.details["legal"] == []
    table.state["deck"], table.state["discard"] = 0, 30  # as if most cards had been played
    table.end_turn("joe")
    assert table.state["played_copies"] == {"BAD IDEA": 1}


def test_two_cards_played_together_count_as_two_copies():
    """BR-SETUP-2, BR-VP-3: there are two FIRE 3 cards, and a VP takes two together."""
    table = drafted(
        {
            "joe": staffed({"sales": 1, "hr": 3, "finance": 2}, 1, vps=["finance"], prefix="J "),
            "ruth": staffed({"sales": 2, "hr": 2}, 2, prefix="R "),
        },
        dealer="ruth",
    )
    fire_3 = {"skill_numbers": [3]}
    vp = table.employee_id("joe", "J Finance Head")
    table.record("fire_played", player="joe", cards=[fire_3, fire_3], employee=vp)
    sales = table.employee_id("joe", "J Sales Head")
    table.refused("fire_played", "BR-SETUP-2", player="joe", cards=[fire_3], employee=sales)
