"""games/burnrate/vp_cards.py: the purple Vice President cards (BR-PLAY-5)."""

from tests.games.burnrate.table import drafted, staffed

CARD = {"name": "Purple as printed", "vps_required": 2, "effect": "ruth took 10 from joe"}


def new_table():
    """ruth has two VPs (Sales, HR) and plays first; joe has one."""
    return drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales", "hr"], prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, vps=["hr"], prefix="J "),
        },
        dealer="joe",
    )


def test_a_purple_card_needs_enough_vice_presidents():
    """BR-PLAY-5: ruth has 2 VPs, so a card needing 2 is played; one needing 3 is not."""
    table = new_table()
    table.record(
        "vp_card_played", player="ruth", card=CARD, funding_changes={"ruth": 10, "joe": -10}
    )
    assert table.company("ruth")["funding"] == 110 and table.company("joe")["funding"] == 90
    assert table.state["catalogue"]["vp_cards"] == {
        "Purple as printed": {"vps_required": 2, "effect": "ruth took 10 from joe"}
    }
    assert table.state["discard"] == 1
    table.refused(
        "vp_card_played",
        "BR-PLAY-5",
        player="ruth",
        card={"name": "Other purple", "vps_required": 3, "effect": "?"},
    )


def test_a_purple_card_moves_money_only_between_players_in_the_game():
    """BR-PLAY-5."""
    table = new_table()
    table.refused(
        "vp_card_played", "BR-PLAY-5", player="ruth", card=CARD, funding_changes={"zed": 5}
    )


def test_a_purple_card_changes_nothing_unless_told():
    """BR-PLAY-5: without funding_changes only the card moves."""
    table = new_table()
    before = {p: c["funding"] for p, c in table.state["companies"].items()}
    table.record("vp_card_played", player="ruth", card=CARD)
    assert {p: c["funding"] for p, c in table.state["companies"].items()} == before


def test_one_vice_president_is_said_in_the_singular():
    """BR-PLAY-5: "needs 1 Vice President", not "1 Vice Presidents"."""
    table = drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, prefix="J "),
        },
        dealer="joe",
    )
    card = {"name": "Small purple", "vps_required": 1, "effect": "?"}
    violation = table.refused("vp_card_played", "BR-PLAY-5", player="ruth", card=card)
    assert "(1 VP)" in violation.message
    assert "needs 1 Vice President;" in violation.message
