"""games/burnrate/cards.py: printed cards that exist, are refused, or are kept."""

import pytest

from games.burnrate import cards
from games.errors import RuleViolation
from tests.games.burnrate.table import employee, engineer


def refused(rule, check, *args):
    with pytest.raises(RuleViolation) as caught:
        check(*args)
    assert caught.value.rule == rule
    return caught.value


def test_employees_as_printed_are_accepted():
    """BR-SETUP-1: skill 0-3, salary 1-3, engineers in Development with no skill."""
    catalogue = cards.new_catalogue()
    cards.enter_employee(catalogue, employee("Kim Lee", "sales", 0, 3))
    cards.enter_employee(catalogue, employee("Ben Zhao", "finance", 3, 2, vp=True))
    cards.enter_employee(catalogue, engineer(salary=1))
    assert set(catalogue["employees"]) == {"Kim Lee", "Ben Zhao"}


@pytest.mark.parametrize(
    "printed",
    [
        employee("Kim Lee", "sales", 4),
        employee("Kim Lee", "sales", None),
        employee("Kim Lee", "sales", 2, salary=0),
        employee("Kim Lee", "sales", 2, salary=4),
        {**engineer(), "department": "hr"},
        {**engineer(), "skill": 2},
        {**engineer(), "vp": True},
        employee("Ben Zhao", "sales", 3, vp=True),
        employee("Ben Zhao", "finance", 2, vp=True),
    ],
)
def test_employees_that_do_not_exist_are_refused(printed):
    """BR-SETUP-1: a card the employee deck cannot hold."""
    violation = refused("BR-SETUP-1", cards.enter_employee, cards.new_catalogue(), printed)
    assert printed["name"] in violation.message


def test_an_employee_reads_the_same_every_time():
    """BR-SETUP-1: printed values are kept; a returning card must match them."""
    catalogue = cards.new_catalogue()
    cards.enter_employee(catalogue, employee("Kim Lee", "sales", 2, 1))
    cards.enter_employee(catalogue, employee("Kim Lee", "sales", 2, 1))
    refused("BR-SETUP-1", cards.enter_employee, catalogue, employee("Kim Lee", "sales", 3, 1))
    cards.enter_employee(catalogue, engineer(salary=1))
    cards.enter_employee(catalogue, engineer(salary=2))


@pytest.mark.parametrize(
    "kind, card",
    [
        ("HIRE", {"skill_numbers": [0, 1, 2, 3]}),
        ("HIRE", {"skill_numbers": [3, 2, 1]}),
        ("BAD_HIRE", {"skill_numbers": [0]}),
        ("FIRE", {"skill_numbers": [2, 3]}),
        ("POACH", {"skill_numbers": [0, 1, 2]}),
        ("FUNDING", {"amount": 20, "skill_numbers": [3]}),
        ("RELEASE", {"skill_numbers": [0]}),
        ("BAD_IDEA", {"name": "Online Grocery Store", "x": 3, "skill_numbers": [0, 1]}),
        ("BAD_IDEA", {"name": "Online Pet Store", "x": 2, "skill_numbers": [0, 1, 2]}),
    ],
)
def test_play_cards_that_exist_are_accepted(kind, card):
    """BR-SETUP-2: a HIRE printed 0,1,2,3 exists, and unknown BAD IDEAs are taken as printed."""
    cards.enter_play_card(cards.new_catalogue(), kind, card)


@pytest.mark.parametrize(
    "kind, card",
    [
        ("HIRE", {"skill_numbers": [0]}),
        ("HIRE", {"skill_numbers": [1, 2]}),
        ("BAD_HIRE", {"skill_numbers": [1, 2, 3]}),
        ("FIRE", {"skill_numbers": [0, 1]}),
        ("POACH", {"skill_numbers": [3]}),
        ("FUNDING", {"amount": 20, "skill_numbers": [2, 3]}),
        ("FUNDING", {"amount": 25, "skill_numbers": [3]}),
        ("RELEASE", {"skill_numbers": []}),
        ("RELEASE", {"skill_numbers": [0, 0]}),
        ("RELEASE", {"skill_numbers": [4]}),
        ("BAD_IDEA", {"name": "Free Internet Access", "x": 2, "skill_numbers": [0, 1]}),
        ("BAD_IDEA", {"name": "Online Pet Store", "x": 5, "skill_numbers": [0]}),
    ],
)
def test_play_cards_that_do_not_exist_are_refused(kind, card):
    """BR-SETUP-2: a HIRE printed only 0 does not exist."""
    refused("BR-SETUP-2", cards.enter_play_card, cards.new_catalogue(), kind, card)


def test_refusal_lists_the_cards_that_exist():
    """BR-SETUP-2: the message says what would have been legal."""
    violation = refused(
        "BR-SETUP-2", cards.enter_play_card, cards.new_catalogue(), "HIRE", {"skill_numbers": [0]}
    )
    assert violation.details["legal"] == ["0,1,2,3", "1,2,3", "2,3", "3"]
    assert "HIRE 0" in violation.message


def test_a_bad_idea_keeps_its_printed_x():
    """BR-SETUP-2: unknown BAD IDEAs are kept; the same name must show the same X."""
    catalogue = cards.new_catalogue()
    card = {"name": "Online Pet Store", "x": 2, "skill_numbers": [0, 1]}
    cards.enter_play_card(catalogue, "BAD_IDEA", card)
    assert catalogue["bad_ideas"] == {"Online Pet Store": {"x": 2}}
    cards.enter_play_card(catalogue, "BAD_IDEA", {**card, "skill_numbers": [0]})
    refused("BR-SETUP-2", cards.enter_play_card, catalogue, "BAD_IDEA", {**card, "x": 4})


def test_there_are_four_purple_cards_each_with_one_requirement():
    """BR-SETUP-2, BR-PLAY-5: four unique purple cards; their printed values are kept."""
    catalogue = cards.new_catalogue()
    for n in range(1, 5):
        card = {"name": f"Purple {n}", "vps_required": n, "effect": "as printed"}
        cards.enter_play_card(catalogue, "VP_PURPLE", card)
    assert catalogue["vp_cards"]["Purple 2"] == {"vps_required": 2, "effect": "as printed"}
    cards.enter_play_card(
        catalogue,
        "VP_PURPLE",
        {"name": "Purple 2", "vps_required": 2, "effect": "worded otherwise"},
    )
    fifth = {"name": "Purple 5", "vps_required": 1, "effect": "?"}
    violation = refused("BR-SETUP-2", cards.enter_play_card, catalogue, "VP_PURPLE", fifth)
    assert violation.details["legal"] == ["Purple 1", "Purple 2", "Purple 3", "Purple 4"]
    changed = {"name": "Purple 1", "vps_required": 3, "effect": "as printed"}
    refused("BR-SETUP-2", cards.enter_play_card, catalogue, "VP_PURPLE", changed)
    too_many = {"name": "Purple 1", "vps_required": 5, "effect": "?"}
    refused("BR-SETUP-2", cards.enter_play_card, cards.new_catalogue(), "VP_PURPLE", too_many)


def test_cards_described_as_printed():
    assert cards.describe("HIRE", {"skill_numbers": [3, 1, 2]}) == "HIRE 1,2,3"
    assert cards.describe("FUNDING", {"amount": 10, "skill_numbers": [2, 3]}) == "FUNDING 10 (2,3)"
    assert cards.describe_employee(engineer()) == "Engineer (engineer, salary 1)"
