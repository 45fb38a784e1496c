"""games/burnrate/bankruptcy.py: below zero a company is out at once, however it got there."""

import games.burnrate as burnrate
from tests.games.burnrate.table import drafted, employee, engineer, staffed

FUNDING = {"amount": 5, "skill_numbers": [0, 1, 2, 3]}


def purple(name="Hostile Takeover", vps=2):
    return {"name": name, "vps_required": vps, "effect": "as printed"}


def new_table():
    """ruth (two VPs) plays first, then joe, then ann; ann dealt."""
    return drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales", "hr"], prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, prefix="J "),
            "ann": staffed({"sales": 2, "hr": 3, "finance": 1}, 1, prefix="A "),
        },
        dealer="ann",
    )


def test_a_purple_card_that_leaves_an_opponent_below_zero_puts_them_out():
    """BR-SALARY-2: joe goes out at once; ruth's play step goes on."""
    table = new_table()
    table.state["companies"]["joe"]["funding"] = 5  # as if earlier turns had spent it
    changes = {"ruth": 10, "joe": -10}
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes=changes)
    assert burnrate.pending(table.state) == "bankruptcy"
    [event] = table.settle()
    assert event["type"] == "burnrate.went_bankrupt" and event["payload"]["player"] == "joe"
    explanation = event["payload"]["explanation"]
    assert explanation["funding"] == -5 and explanation["cause"] == "purple card"
    joe = table.company("joe")
    assert joe["bankrupt"] and joe["employees"] == [] and joe["hand"] == 0
    assert table.state["bankrupt"] == ["joe"]
    turn = table.state["turn"]
    assert (turn["player"], turn["step"], turn["played"]) == ("ruth", "play", 1)
    table.record("funding_played", player="ruth", card=FUNDING)
    ended = table.end_turn("ruth")
    assert ended["turn_started"]["player"] == "ann"
    assert ended["turn_started"]["explanation"]["skipped_bankrupt"] == ["joe"]


def test_a_purple_card_that_leaves_its_player_below_zero_ends_their_game():
    """BR-SALARY-2: ruth is out at once: no salaries, no draw; play passes to joe."""
    table = new_table()
    table.state["companies"]["ruth"]["funding"] = 3
    table.record(
        "vp_card_played", player="ruth", card=purple(), funding_changes={"ruth": -4, "ann": 4}
    )
    events = table.settle()
    assert [e["type"] for e in events] == ["burnrate.went_bankrupt", "burnrate.turn_started"]
    assert events[1]["payload"] == {**events[1]["payload"], "player": "joe", "turn": 2}
    assert table.company("ruth")["bankrupt"] and table.company("ann")["funding"] == 104
    assert table.state["turn"]["player"] == "joe" and table.state["turn"]["step"] == "play"


def test_the_last_company_left_wins_at_once():
    """BR-WIN-1: in a two-player game the purple card decides the game."""
    table = drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales", "hr"], prefix="R "),
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, prefix="J "),
        },
        dealer="joe",
    )
    table.state["companies"]["joe"]["funding"] = 0
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes={"joe": -1})
    events = table.settle()
    assert [e["type"] for e in events] == ["burnrate.went_bankrupt", "burnrate.game_won"]
    assert table.state["winner"] == "ruth" and burnrate.finished(table.state)


def test_two_companies_below_zero_go_out_in_turn_order():
    """BR-SALARY-2: one went_bankrupt each, the player after ruth first."""
    table = new_table()
    table.state["companies"]["ann"]["funding"] = 1
    table.state["companies"]["joe"]["funding"] = 1
    changes = {"ruth": 4, "ann": -2, "joe": -2}
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes=changes)
    events = table.settle()
    assert [e["payload"].get("player") for e in events] == ["joe", "ann", None]
    assert events[-1]["type"] == "burnrate.game_won"
    assert table.state["bankrupt"] == ["joe", "ann"] and table.state["winner"] == "ruth"


def test_exactly_zero_after_a_purple_card_plays_on():
    """BR-SALARY-2: below zero, not at zero."""
    table = new_table()
    table.state["companies"]["joe"]["funding"] = 10
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes={"joe": -10})
    assert burnrate.pending(table.state) is None and not table.company("joe")["bankrupt"]


def test_actions_wait_while_a_bankruptcy_is_resolved():
    """BR-TURN-1: ruth cannot play on until joe's bankruptcy is recorded."""
    table = new_table()
    table.state["companies"]["joe"]["funding"] = 5
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes={"joe": -10})
    violation = table.refused("funding_played", "BR-TURN-1", player="ruth", card=FUNDING)
    assert "joe" in violation.message and "retry once its job has finished" in violation.message
    assert violation.details == {"pending": "bankruptcy"}


def test_a_purple_card_cannot_put_every_company_out():
    """BR-WIN-1: the rules name a winner only when one company is left."""
    table = new_table()
    for player in ("ruth", "joe", "ann"):
        table.state["companies"][player]["funding"] = 1
    changes = {"ruth": -2, "joe": -2, "ann": -2}
    violation = table.refused("vp_card_played", "BR-WIN-1", player="ruth", card=purple(),
                              funding_changes=changes)  # fmt: skip
    assert "ruth, joe, ann" in violation.message


def test_a_bankruptcy_of_a_company_not_below_zero_is_refused():
    """BR-SALARY-2: the worker cannot put out a company that is at zero or above."""
    table = new_table()
    table.state["companies"]["joe"]["funding"] = 5
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes={"joe": -10})
    [event] = burnrate.resolve(table.state)
    ann = {**event["payload"], "player": "ann"}
    violation = table.refused("went_bankrupt", "BR-SALARY-2", actor="system:bankruptcy", **ann)
    assert "joe" in violation.message


def ruth_goes_out_with_two_engineers(table):
    """ruth's turn ends below zero; her two engineers go back to the empty Development pile."""
    table.state["companies"]["ruth"]["funding"] = 1  # as if earlier turns had spent it
    table.state["labor_pool"]["development"] = None  # as if the pile had run out
    table.record("turn_ended", player="ruth")
    return [table.employee_id("ruth", f"R Engineer {n}") for n in (1, 2)]


def test_the_table_says_which_employee_lands_on_top_of_an_empty_pile():
    """BR-SALARY-2: the worker stops after the salaries; the table records the bankruptcy."""
    table = new_table()
    first, second = ruth_goes_out_with_two_engineers(table)
    types = [e["type"] for e in table.settle()]
    assert types == ["burnrate.contractors_adjusted", "burnrate.salaries_paid"]
    assert burnrate.pending(table.state) is None and table.state["turn"]["step"] == "bankruptcy"
    violation = table.refused("funding_played", "BR-SALARY-2", player="joe", card=FUNDING)
    assert "burnrate.went_bankrupt" in violation.message and second in violation.message
    assert violation.details["needed"] == {"development": [first, second]}
    table.record("went_bankrupt", player="ruth", returned_on_top={"development": second})
    assert table.state["labor_pool"]["development"]["id"] == second
    assert table.company("ruth")["bankrupt"] and table.state["turn"]["step"] == "next"
    assert [e["payload"]["player"] for e in table.settle()] == ["joe"]


def test_the_top_card_is_required_where_it_matters_and_checked():
    """BR-SALARY-2: missing, on a pile that is not empty, or not one of the cards going back."""
    table = new_table()
    first, second = ruth_goes_out_with_two_engineers(table)
    table.settle()
    violation = table.refused("went_bankrupt", "BR-SALARY-2", player="ruth")
    assert "development" in violation.message and first in violation.message
    sales = table.employee_id("ruth", "R Sales Head")
    for wrong in (
        {"development": first, "sales": sales},  # the sales pile shows a card: it goes under
        {"development": table.employee_id("joe", "J Engineer 1")},
        {"development": sales},
    ):
        table.refused("went_bankrupt", "BR-SALARY-2", player="ruth", returned_on_top=wrong)
    table.refused("went_bankrupt", "BR-TURN-1", actor="player:joe", player="ruth",
                  returned_on_top={"development": first})  # fmt: skip
    table.record("went_bankrupt", actor="admin", player="ruth",
                 returned_on_top={"development": first})  # fmt: skip
    assert table.state["labor_pool"]["development"]["id"] == first


def test_the_top_card_is_optional_where_only_one_goes_back():
    """BR-SALARY-2: naming the one card going back to an empty pile is allowed, and checked."""
    table = new_table()
    first, _ = ruth_goes_out_with_two_engineers(table)
    table.state["labor_pool"]["hr"] = None
    table.settle()
    hr = table.employee_id("ruth", "R Hr Head")
    table.refused("went_bankrupt", "BR-SALARY-2", player="ruth",
                  returned_on_top={"development": first, "hr": first})  # fmt: skip
    table.record("went_bankrupt", player="ruth", returned_on_top={"development": first, "hr": hr})
    assert table.state["labor_pool"]["hr"]["id"] == hr


def test_the_worker_writes_it_when_only_one_card_goes_back_to_an_empty_pile():
    """BR-SALARY-2: one card has no order to say."""
    table = new_table()
    table.state["companies"]["ann"]["funding"] = 1
    table.state["labor_pool"]["development"] = None
    table.end_turn("ruth")
    table.end_turn("joe")
    ended = table.end_turn("ann")
    assert ended["went_bankrupt"]["returned_on_top"] is None
    returned = ended["went_bankrupt"]["explanation"]["employees_to_labor_pool"]
    assert [e["face_up"] for e in returned] == [False, False, False, True]


def test_a_purple_card_bankruptcy_waits_for_the_table_too():
    """BR-SALARY-2: ruth's own purple card puts her out; the table names the top engineer."""
    table = new_table()
    table.state["labor_pool"]["development"] = None
    table.record(
        "vp_card_played", player="ruth", card=purple(), funding_changes={"ruth": -101, "ann": 101}
    )
    assert burnrate.pending(table.state) is None
    first, _ = [table.employee_id("ruth", f"R Engineer {n}") for n in (1, 2)]
    table.refused("funding_played", "BR-SALARY-2", player="ruth", card=FUNDING)
    table.record("went_bankrupt", player="ruth", returned_on_top={"development": first})
    assert [e["payload"]["player"] for e in table.settle()] == ["joe"]


def test_a_worker_bankruptcy_recorded_before_the_table_could_say_keeps_its_order():
    """BR-SALARY-2: logs written before returned_on_top put the first listed employee on top."""
    table = new_table()
    first, _ = ruth_goes_out_with_two_engineers(table)
    table.settle()
    table.record("went_bankrupt", actor="system:turn_end", player="ruth", explanation={})
    assert table.state["labor_pool"]["development"]["id"] == first


def test_cards_printed_alike_need_no_order():
    """BR-SALARY-2: two engineers that read the same land either way; the worker writes it."""
    table = drafted(
        {
            "ruth": staffed({"sales": 1, "hr": 2}, 2, vps=["sales", "hr"], prefix="R "),
            "joe": [
                employee("Jo S", "sales", 1),
                employee("Jo H", "hr", 1),
                engineer(),
                engineer(),
            ],
        },
        dealer="joe",
    )
    table.state["companies"]["joe"]["funding"] = 0
    table.state["labor_pool"]["development"] = None
    table.record("vp_card_played", player="ruth", card=purple(), funding_changes={"joe": -1})
    assert [e["type"] for e in table.settle()][0] == "burnrate.went_bankrupt"
    assert table.state["winner"] == "ruth"
