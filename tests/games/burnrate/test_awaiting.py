"""games/burnrate/awaiting.py: what the game waits for and from whom (BR-DRAFT-1, BR-PLAY-1,
BR-TURN-1, BR-WIN-1)."""

import games.burnrate as burnrate
from tests.games.burnrate.table import Table, spare, three_players
from tests.games.burnrate.test_turn import FOUR_FUNDINGS


def test_the_first_hire_waits_for_the_dealer_then_clockwise():
    """BR-DRAFT-1: the dealer picks first."""
    pool = {d: spare(d) for d in ("sales", "development", "hr", "finance")}
    table = Table(["joe", "ruth"], pool, dealer="ruth")
    assert burnrate.awaiting(table.state) == {
        "from": ["player:ruth"],
        "types": ["burnrate.employee_drafted"],
        "what": "ruth hires a face-up employee (the first hire)",
        "rule": "BR-DRAFT-1",
    }


def test_the_play_step_offers_plays_or_a_discard_then_only_plays():
    """BR-PLAY-1: before a card is played joe may play or discard; after one, no discard;
    after four, only the end of the turn."""
    table = three_players()
    waiting = burnrate.awaiting(table.state)
    assert waiting["from"] == ["player:joe"] and waiting["rule"] == "BR-PLAY-1"
    assert {"burnrate.funding_played", "burnrate.cards_discarded"} <= set(waiting["types"])
    assert waiting["what"] == "joe plays up to 4 cards, or discards, then ends the turn"
    table.record("funding_played", player="joe", card=FOUR_FUNDINGS[0])
    waiting = burnrate.awaiting(table.state)
    assert "burnrate.cards_discarded" not in waiting["types"]
    assert waiting["what"] == "joe has played 1 card; 3 more cards may follow, then ends the turn"
    for card in FOUR_FUNDINGS[1:]:
        table.record("funding_played", player="joe", card=card)
    assert burnrate.awaiting(table.state)["types"] == ["burnrate.turn_ended"]


def test_the_end_of_a_turn_waits_for_the_worker():
    """BR-TURN-1: once joe ends the play step the worker resolves the turn's end; then ruth."""
    table = three_players()
    table.record("turn_ended", player="joe")
    assert burnrate.awaiting(table.state)["from"] == ["system:turn_end"]
    table.settle()
    assert burnrate.awaiting(table.state)["from"] == ["player:ruth"]


def test_a_won_game_waits_for_nobody():
    """BR-WIN-1."""
    state = {**three_players().state, "phase": "over", "winner": "ann"}
    assert burnrate.awaiting(state) == {
        "from": [],
        "types": [],
        "what": "the game is over: ann won",
        "rule": "BR-WIN-1",
    }


def test_a_bankruptcy_waits_for_the_table_to_say_which_card_lands_on_top():
    """BR-SALARY-2: ruth goes out with two engineers for an empty pile; the worker stops; the
    game waits for her went_bankrupt (recorded by her seat or the table's)."""
    from tests.games.burnrate.test_bankruptcy import new_table, ruth_goes_out_with_two_engineers

    table = new_table()
    ruth_goes_out_with_two_engineers(table)
    table.settle()
    assert burnrate.awaiting(table.state) == {
        "from": ["player:ruth"],
        "types": ["burnrate.went_bankrupt"],
        "what": "ruth is below zero and out: the table says which card lands on top of each"
        " empty pile (development), recording the bankruptcy",
        "rule": "BR-SALARY-2",
    }
