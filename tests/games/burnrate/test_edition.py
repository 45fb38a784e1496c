"""games/burnrate/edition.py: the edition data, loaded once and checked at load."""

import pytest
from marshmallow import ValidationError

from games.burnrate import edition


def test_the_play_deck_kinds_and_their_known_variants():
    """BR-SETUP-2: the Play deck the edition data knows."""
    assert edition.PLAY_DECK_SIZE == 102
    assert set(edition.KINDS) == {
        "HIRE",
        "BAD_HIRE",
        "FIRE",
        "POACH",
        "FUNDING",
        "BAD_IDEA",
        "RELEASE",
        "VP_PURPLE",
    }
    assert edition.KINDS["HIRE"]["copies"] == 14
    assert sum(v["copies"] for v in edition.KINDS["FUNDING"]["variants"]) == 18
    assert edition.KINDS["BAD_IDEA"]["variants"] is None
    assert edition.KNOWN_BAD_IDEAS == {"Free Internet Access": 1, "Online Grocery Store": 3}
    assert edition.VP_CARD_COUNT == 4


def test_card_colours_give_departments():
    """BR-PLAY-2: a card belongs to a department by its colour."""
    departments = {k: v["department"] for k, v in edition.KINDS.items()}
    assert departments == {
        "HIRE": "hr",
        "BAD_HIRE": "hr",
        "FIRE": "hr",
        "POACH": "hr",
        "FUNDING": "finance",
        "BAD_IDEA": "sales",
        "RELEASE": "development",
        "VP_PURPLE": None,
    }


def test_two_cards_fire_or_poach_a_vice_president():
    """BR-VP-3 in the data: FIRE and POACH need two cards for a VP."""
    assert {k for k, v in edition.KINDS.items() if v["cards_for_vp"] == 2} == {"FIRE", "POACH"}


def test_starting_funding_is_100_or_80_with_four_players():
    """BR-SETUP-3."""
    assert [edition.starting_funding(n) for n in (2, 3, 4)] == [100, 100, 80]


def test_the_four_departments():
    """BR-SETUP-1: four department piles."""
    assert edition.DEPARTMENTS == ("sales", "development", "hr", "finance")


def test_variant_copies_must_add_up():
    bad = {
        "id": "HIRE",
        "name": "HIRE",
        "department": "hr",
        "role": "defensive",
        "copies": 3,
        "cards_for_vp": 1,
        "variants": [{"skill_numbers": [3], "copies": 2}],
        "basis": "test",
    }
    with pytest.raises(ValidationError):
        edition._Kind().load(bad)


def test_files_that_disagree_are_refused():
    play_cards = {**edition.PLAY_CARDS, "kinds": [{**edition.KINDS["HIRE"], "department": "it"}]}
    with pytest.raises(ValidationError):
        edition.check_consistent(edition.EDITION, play_cards)
    doubled = {**edition.PLAY_CARDS, "kinds": [edition.KINDS["HIRE"], edition.KINDS["HIRE"]]}
    with pytest.raises(ValidationError):
        edition.check_consistent(edition.EDITION, doubled)
