"""games/burnrate/staffing.py: HIRE, BAD HIRE, FIRE and POACH."""

from tests.games.burnrate.table import drafted, employee, engineer, staffed

ALL = {"skill_numbers": [0, 1, 2, 3]}
LOW = {"skill_numbers": [0]}


def new_table():
    """joe: Sales 1, HR 1, Finance VP 2, an engineer. ruth: Sales 2, HR 0, Dev 2, Finance VP 1.

    ann: HR 3. The piles show spare cards; joe plays first.
    """
    return drafted(
        {
            "joe": staffed({"sales": 1, "hr": 1, "finance": 2}, 1, vps=["finance"], prefix="J "),
            "ruth": staffed(
                {"sales": 2, "hr": 0, "development": 2, "finance": 1},
                vps=["finance"],
                prefix="R ",
            ),
            "ann": staffed({"hr": 3, "sales": 1}, 2, prefix="A "),
        },
        dealer="ann",
    )


def test_hire_takes_a_face_up_employee_and_turns_up_the_next():
    """BR-PLAY-3 (own HR head 1), BR-DRAFT-1 reveal, BR-PLAY-6 card to the discard pile."""
    table = new_table()
    table.record(
        "hire_played",
        player="joe",
        card={"skill_numbers": [1, 2, 3]},
        department="hr",
        revealed=employee("Kim Lee", "hr", 2),
    )
    assert table.names("joe")[-1] == "Spare hr"
    assert table.state["labor_pool"]["hr"]["name"] == "Kim Lee"
    assert table.company("joe")["hand"] == 5 and table.state["discard"] == 1


def test_hire_must_match_the_players_hr_head():
    """BR-PLAY-2."""
    table = new_table()
    table.refused(
        "hire_played",
        "BR-PLAY-2",
        player="joe",
        card={"skill_numbers": [2, 3]},
        department="hr",
        revealed=None,
    )


def test_hire_from_an_empty_pile_is_refused():
    """BR-SETUP-1: only a face-up employee can be hired."""
    table = new_table()
    table.record("hire_played", player="joe", card=ALL, department="hr", revealed=None)
    table.refused(
        "hire_played", "BR-SETUP-1", player="joe", card=ALL, department="hr", revealed=None
    )


def test_no_second_vice_president_by_hire():
    """BR-VP-2: joe has a Finance VP; the refusal names the legal piles."""
    table = new_table()
    table.record(
        "hire_played",
        player="joe",
        card=ALL,
        department="finance",
        revealed=employee("Vic Stone", "finance", 3, vp=True),
    )
    violation = table.refused(
        "hire_played", "BR-VP-2", player="joe", card=ALL, department="finance", revealed=None
    )
    assert violation.details["legal"] == ["sales", "development", "hr"]
    assert "Vic Stone" in violation.message and "J Finance Head" in violation.message


def test_a_vice_president_may_join_another_department():
    """BR-VP-2: one VP per department, not per company."""
    table = new_table()
    table.record(
        "hire_played",
        player="joe",
        card=ALL,
        department="sales",
        revealed=employee("Sal Vee", "sales", 0, vp=True),
    )
    table.record("hire_played", player="joe", card=ALL, department="sales", revealed=None)
    assert "Sal Vee" in table.names("joe")


def test_bad_hire_forces_an_employee_on_the_target():
    """BR-PLAY-3: matched to ruth's HR head (0)."""
    table = new_table()
    table.record(
        "bad_hire_played", player="joe", target="ruth", card=LOW, department="sales", revealed=None
    )
    assert table.names("ruth")[-1] == "Spare sales"
    violation = table.refused(
        "bad_hire_played",
        "BR-PLAY-3",
        player="joe",
        target="ann",
        card=LOW,
        department="hr",
        revealed=None,
    )
    assert violation.details["legal_targets"] == ["ruth"]


def test_no_one_is_forced_to_hire_a_second_vice_president():
    """BR-VP-2: ruth has a Finance VP."""
    table = new_table()
    table.record(
        "hire_played", player="joe", card=ALL, department="development", revealed=engineer()
    )
    table.record(
        "hire_played",
        player="joe",
        card=ALL,
        department="finance",
        revealed=employee("Vic Stone", "finance", 3, vp=True),
    )
    table.refused(
        "bad_hire_played",
        "BR-VP-2",
        player="joe",
        target="ruth",
        card=LOW,
        department="finance",
        revealed=None,
    )


def test_fire_sends_the_employee_to_the_bottom_of_their_pile():
    """BR-PLAY-6: under the face-up card, or face up on an empty pile."""
    table = new_table()
    sales = table.employee_id("joe", "J Sales Head")
    table.record("fire_played", player="joe", cards=[ALL], employee=sales)
    assert "J Sales Head" not in table.names("joe")
    assert table.state["labor_pool"]["sales"]["name"] == "Spare sales"
    assert table.state["discard"] == 1
    table.record("hire_played", player="joe", card=ALL, department="hr", revealed=None)
    hr = table.employee_id("joe", "J Hr Head")
    table.record("fire_played", player="joe", cards=[{"skill_numbers": [1, 2, 3]}], employee=hr)
    assert table.state["labor_pool"]["hr"]["id"] == hr


def test_fire_must_match_the_players_hr_head():
    """BR-PLAY-2: joe's HR head has skill 1."""
    table = new_table()
    sales = table.employee_id("joe", "J Sales Head")
    table.refused(
        "fire_played", "BR-PLAY-2", player="joe", cards=[{"skill_numbers": [3]}], employee=sales
    )


def test_firing_a_vice_president_takes_two_cards():
    """BR-VP-3: one card is refused, two together fire the VP; two for anyone else are not."""
    table = new_table()
    vp = table.employee_id("joe", "J Finance Head")
    violation = table.refused("fire_played", "BR-VP-3", player="joe", cards=[ALL], employee=vp)
    assert violation.details == {"needed": 2}
    sales = table.employee_id("joe", "J Sales Head")
    table.refused("fire_played", "BR-VP-3", player="joe", cards=[ALL, ALL], employee=sales)
    table.record("fire_played", player="joe", cards=[ALL, ALL], employee=vp)
    assert "J Finance Head" not in table.names("joe")
    assert table.state["turn"]["played"] == 2 and table.state["discard"] == 2


def test_contractors_cannot_be_fired():
    """BR-CONTRACT-2."""
    table = new_table()
    violation = table.refused(
        "fire_played", "BR-CONTRACT-2", player="joe", cards=[ALL], employee="contractor"
    )
    assert "RELEASE" in violation.message


def test_fire_names_one_of_the_players_own_employees():
    """BR-PLAY-6: the refusal lists joe's employees."""
    table = new_table()
    ruths = table.employee_id("ruth", "R Sales Head")
    violation = table.refused("fire_played", "BR-PLAY-6", player="joe", cards=[ALL], employee=ruths)
    assert len(violation.details["employees"]) == 4


def test_poach_takes_an_opponents_employee():
    """BR-PLAY-3: matched to ruth's HR head (0)."""
    table = new_table()
    sales = table.employee_id("ruth", "R Sales Head")
    table.record("poach_played", player="joe", target="ruth", cards=[LOW], employee=sales)
    assert "R Sales Head" in table.names("joe") and "R Sales Head" not in table.names("ruth")


def test_poach_must_match_the_targets_hr_head():
    """BR-PLAY-3: ann's HR head has skill 3."""
    table = new_table()
    sales = table.employee_id("ann", "A Sales Head")
    table.refused(
        "poach_played",
        "BR-PLAY-3",
        player="joe",
        target="ann",
        cards=[{"skill_numbers": [0, 1, 2]}],
        employee=sales,
    )


def test_poaching_a_vice_president_takes_two_cards_and_room_for_them():
    """BR-VP-3 and BR-VP-2: two POACH cards, and joe already has a Finance VP."""
    table = new_table()
    vp = table.employee_id("ruth", "R Finance Head")
    table.refused("poach_played", "BR-VP-3", player="joe", target="ruth", cards=[LOW], employee=vp)
    violation = table.refused(
        "poach_played", "BR-VP-2", player="joe", target="ruth", cards=[LOW, ALL], employee=vp
    )
    assert len(violation.details["legal"]) == 3
    joes_vp = table.employee_id("joe", "J Finance Head")
    table.record("fire_played", player="joe", cards=[ALL, ALL], employee=joes_vp)
    table.record("poach_played", player="joe", target="ruth", cards=[LOW, ALL], employee=vp)
    assert "R Finance Head" in table.names("joe")


def test_contractors_cannot_be_poached():
    """BR-CONTRACT-2."""
    table = new_table()
    table.refused(
        "poach_played",
        "BR-CONTRACT-2",
        player="joe",
        target="ruth",
        cards=[LOW],
        employee="contractor",
    )


def test_one_card_is_said_in_the_singular():
    """BR-VP-3: "1 FIRE card", not "1 FIRE card(s)"."""
    table = new_table()
    sales = table.employee_id("joe", "J Sales Head")
    violation = table.refused("fire_played", "BR-VP-3", player="joe", cards=[ALL, ALL],
                              employee=sales)  # fmt: skip
    assert "(s)" not in violation.message and "1 FIRE card, not 2" in violation.message
    vp = table.employee_id("joe", "J Finance Head")
    violation = table.refused("fire_played", "BR-VP-3", player="joe", cards=[ALL], employee=vp)
    assert "2 FIRE cards played together, not 1" in violation.message


def nobody_may_join():
    """joe and ruth have Finance VPs; the only face-up card is a Finance VP, Vic Stone."""
    table = new_table()
    for department in ("sales", "development", "hr"):
        table.state["labor_pool"][department] = None  # as if those piles had run out
    vic = employee("Vic Stone", "finance", 3, vp=True)
    table.record("hire_played", player="joe", card=ALL, department="finance", revealed=vic)
    return table


def test_a_hire_nobody_may_answer_is_played_for_no_effect():
    """BR-VP-2: hiring is compulsory unless no face-up employee may join; then nothing is."""
    table = nobody_may_join()
    staff = table.names("joe")
    table.record("hire_played", player="joe", card=ALL, department=None, revealed=None)
    assert table.names("joe") == staff
    assert table.state["labor_pool"]["finance"]["name"] == "Vic Stone"
    assert table.company("joe")["hand"] == 4 and table.state["discard"] == 2
    assert table.state["turn"]["hires"] == [
        {"by": "joe", "to": "joe", "employee": table.employee_id("joe", "Spare finance")},
        {"by": "joe", "to": "joe", "employee": None},
    ]


def test_a_bad_hire_nobody_may_answer_is_played_for_no_effect():
    """BR-VP-2: ruth has a Finance VP, so Vic Stone cannot be forced on her."""
    table = nobody_may_join()
    table.record(
        "bad_hire_played", player="joe", target="ruth", card=LOW, department=None, revealed=None
    )
    assert table.state["turn"]["hires"][-1] == {"by": "joe", "to": "ruth", "employee": None}
    assert len(table.names("ruth")) == 4


def test_naming_a_pile_when_nobody_may_join_says_to_play_for_no_effect():
    """BR-VP-2 for the VP, BR-SETUP-1 for an empty pile: record the card with department null."""
    table = nobody_may_join()
    violation = table.refused(
        "hire_played", "BR-VP-2", player="joe", card=ALL, department="finance", revealed=None
    )
    assert "no effect" in violation.message and "department null" in violation.message
    assert violation.details["legal"] == []
    violation = table.refused(
        "hire_played", "BR-SETUP-1", player="joe", card=ALL, department="hr", revealed=None
    )
    assert "no effect" in violation.message and "the hr pile is empty" in violation.message


def test_a_hire_is_compulsory_while_someone_may_join():
    """BR-VP-2: department null is refused while a face-up employee may join; they are named."""
    table = new_table()
    violation = table.refused(
        "hire_played", "BR-VP-2", player="joe", card=ALL, department=None, revealed=None
    )
    assert violation.details["legal"] == ["sales", "development", "hr", "finance"]
    assert "Spare hr" in violation.message


def test_nothing_is_turned_up_when_nothing_is_hired():
    """BR-SETUP-1: with no hire no card is taken, so none is turned up."""
    table = nobody_may_join()
    table.refused(
        "hire_played",
        "BR-SETUP-1",
        player="joe",
        card=ALL,
        department=None,
        revealed=employee("Kim Lee", "hr", 2),
    )
