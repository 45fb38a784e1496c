"""The rulebook's examples, recorded as scenarios."""

from tests.games.burnrate.table import Table, drafted, employee, engineer, staffed

FREE_INTERNET = {"name": "Free Internet Access", "x": 1, "skill_numbers": [0, 1]}
GROCERY = {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]}


def test_joe_drafts_ben_zhao():
    """BR-DRAFT-1: Joe deals, hires Ben Zhao (skill 3) and turns up Mary DeLany.

    The rulebook does not say which departments Martin Able, Brad Duke and Tony Fuji are in;
    the example puts them in Sales, Development and HR.
    """
    table = Table(
        ["joe", "ruth"],
        {
            "sales": employee("Martin Able", "sales", 1),
            "development": employee("Brad Duke", "development", 2),
            "hr": employee("Tony Fuji", "hr", 1),
            "finance": employee("Ben Zhao", "finance", 3, vp=True),
        },
        dealer="joe",
    )
    table.record(
        "employee_drafted",
        player="joe",
        department="finance",
        revealed=employee("Mary DeLany", "finance", 2),
    )
    assert table.names("joe") == ["Ben Zhao"]
    assert table.state["labor_pool"]["finance"]["name"] == "Mary DeLany"
    assert table.state["draft"]["player"] == "ruth"


def joe_and_ruth(table=Table):
    """Joe: Sales 1, HR 1, two engineers and no Development manager. Ruth: Sales 2. Joe starts."""
    return drafted(
        {
            "joe": staffed({"sales": 1, "hr": 1}, engineers=2, prefix="Joe "),
            "ruth": staffed({"sales": 2, "hr": 2, "development": 1, "finance": 1}, prefix="Ruth "),
        },
        dealer="ruth",
        table=table,
    )


def test_hire_1_2_3_matches_joes_hr_head_of_1():
    """BR-PLAY-3, example 1: a legal defensive play; Joe hires the employee of his choice."""
    table = joe_and_ruth()
    table.record(
        "hire_played",
        player="joe",
        card={"skill_numbers": [1, 2, 3]},
        department="finance",
        revealed=employee("Next Up", "finance", 1),
    )
    assert table.names("joe")[-1] == "Spare finance"


def test_bad_idea_0_1_is_blocked_by_ruths_sales_head_of_2():
    """BR-PLAY-3, example 2: a blocked offensive play."""
    table = joe_and_ruth()
    violation = table.refused(
        "bad_idea_played", "BR-PLAY-3", player="joe", target="ruth", card=FREE_INTERNET
    )
    assert "Sales head Ruth Sales Head has skill 2" in violation.message
    assert table.company("ruth")["bad_ideas"] == []


def joe_with_two_bad_ideas(make_table=Table):
    """Ruth gives Joe Free Internet Access (x1) and Online Grocery Store (x3)."""
    table = joe_and_ruth(make_table)
    table.end_turn("joe")
    table.record("bad_idea_played", player="ruth", target="joe", card=FREE_INTERNET)
    table.record("bad_idea_played", player="ruth", target="joe", card=GROCERY)
    table.end_turn("ruth")
    return table


def test_release_with_its_0_on_joes_unstaffed_development():
    """BR-PLAY-4, example 3: no Development manager or VP, so the 0 matches."""
    table = joe_with_two_bad_ideas()
    table.record("release_played", player="joe", card={"skill_numbers": [0]}, bad_idea="B2")
    assert [b["name"] for b in table.company("joe")["bad_ideas"]] == ["Free Internet Access"]


def test_two_engineers_and_bad_ideas_x1_and_x3_need_two_contractors():
    """BR-CONTRACT-1: the contractor example, then RELEASE or engineers remove them."""
    table = joe_with_two_bad_ideas()
    ended = table.end_turn("joe")
    explanation = ended["contractors_adjusted"]["explanation"]
    assert explanation["engineers"] == 2 and explanation["x_total"] == 4
    assert (explanation["contractors_before"], explanation["contractors_after"]) == (0, 2)
    paid = ended["salaries_paid"]["explanation"]
    assert paid["sum"] == "2 + 2 + 1 + 1 + 2x3 = 12"
    table.end_turn("ruth")
    table.record("release_played", player="joe", card={"skill_numbers": [0]}, bad_idea="B2")
    assert table.end_turn("joe")["contractors_adjusted"]["contractors"] == 0


def test_engineers_hired_replace_the_contractors():
    """BR-CONTRACT-1: Joe could HIRE more engineers instead."""
    table = joe_with_two_bad_ideas()
    table.end_turn("joe")
    table.end_turn("ruth")
    for revealed in (engineer(), engineer(), None):  # the spare manager, then two engineers
        table.record(
            "hire_played",
            player="joe",
            card={"skill_numbers": [1, 2, 3]},
            department="development",
            revealed=revealed,
        )
    explanation = table.end_turn("joe")["contractors_adjusted"]["explanation"]
    assert explanation["engineers"] == 4 and explanation["contractors_after"] == 0
