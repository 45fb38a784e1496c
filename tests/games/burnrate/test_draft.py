"""games/burnrate/draft.py: the first hire and the deal."""

from tests.games.burnrate.table import Table, employee, engineer, three_players

POOL = {
    "sales": employee("Martin Able", "sales", 1, 1),
    "development": employee("Brad Duke", "development", 2, 2),
    "hr": employee("Tony Fuji", "hr", 1, 1),
    "finance": employee("Ben Zhao", "finance", 3, 3, vp=True),
}


def new_table():
    return Table(["joe", "ruth", "ann"], POOL, dealer="ruth")


def test_the_dealer_hires_first_then_clockwise():
    """BR-DRAFT-1: ruth deals, so ruth, ann, joe, ruth, ..."""
    table = new_table()
    table.refused(
        "employee_drafted",
        "BR-DRAFT-1",
        player="joe",
        department="sales",
        revealed=employee("S2", "sales", 1),
    )
    order = []
    for n in range(4):
        order.append(table.state["draft"]["player"])
        table.record(
            "employee_drafted",
            player=order[-1],
            department="sales",
            revealed=employee(f"S{n}", "sales", 1),
        )
    assert order == ["ruth", "ann", "joe", "ruth"]


def test_the_pick_turns_up_the_next_card_of_that_pile():
    """BR-DRAFT-1."""
    table = new_table()
    table.record(
        "employee_drafted", player="ruth", department="hr", revealed=employee("Kim Lee", "hr", 3)
    )
    assert [e["name"] for e in table.company("ruth")["employees"]] == ["Tony Fuji"]
    assert table.state["labor_pool"]["hr"]["name"] == "Kim Lee"


def test_a_pick_from_an_empty_pile_is_refused():
    """BR-DRAFT-1: one of the face-up employees."""
    table = new_table()
    table.record("employee_drafted", player="ruth", department="hr", revealed=None)
    violation = table.refused(
        "employee_drafted", "BR-DRAFT-1", player="ann", department="hr", revealed=None
    )
    assert "empty" in violation.message


def test_a_player_may_leave_departments_unstaffed_but_hires_four():
    """BR-DRAFT-2: ann hires only Development; the draft ends after twelve picks."""
    table = new_table()
    for n in range(4):
        for player in ("ruth", "ann", "joe"):
            department = "development" if player == "ann" else "sales"
            salesman = employee(f"S {n} {player}", "sales", 1)  # each card is another card
            revealed = engineer() if department == "development" else salesman
            table.record(
                "employee_drafted", player=player, department=department, revealed=revealed
            )
    assert all(len(c["employees"]) == 4 for c in table.state["companies"].values())
    assert table.state["phase"] == "turn"
    table.refused(
        "employee_drafted", "BR-DRAFT-2", player="ruth", department="sales", revealed=None
    )


def test_no_second_vice_president_in_the_draft():
    """BR-VP-2: the refusal names the piles that would have been legal."""
    table = new_table()
    table.record(
        "employee_drafted",
        player="ruth",
        department="finance",
        revealed=employee("Jo Vance", "finance", 1, vp=True),
    )
    for player in ("ann", "joe"):
        table.record(
            "employee_drafted",
            player=player,
            department="sales",
            revealed=employee(f"S {player}", "sales", 1),
        )
    violation = table.refused(
        "employee_drafted", "BR-VP-2", player="ruth", department="finance", revealed=None
    )
    assert violation.details["legal"] == ["sales", "development", "hr"]


def test_cards_are_not_played_during_the_draft():
    """BR-DRAFT-2: the first hire comes first."""
    table = new_table()
    table.refused("turn_ended", "BR-DRAFT-2", player="ruth")


def test_six_cards_each_and_the_player_left_of_the_dealer_starts():
    """BR-DEAL-1: ann dealt; joe, on her left (next in seating), starts."""
    state = three_players().state
    assert [c["hand"] for c in state["companies"].values()] == [6, 6, 6]
    assert state["deck"] == 102 - 18
    assert state["turn"] == {
        "number": 1,
        "player": "joe",
        "played": 0,
        "discarded": None,
        "step": "play",
        "hires": [],
    }
