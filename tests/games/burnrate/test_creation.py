"""games/burnrate/creation.py and the burnrate.created schema: the table as set up."""

import json

import pytest
from marshmallow import ValidationError

import games.burnrate as burnrate
from games.errors import RuleViolation
from tests.games.burnrate.table import Table, employee, validated

POOL = {
    "sales": employee("Martin Able", "sales", 1, 1),
    "development": employee("Brad Duke", "development", 2, 2),
    "hr": employee("Tony Fuji", "hr", 1, 1),
    "finance": employee("Ben Zhao", "finance", 3, 3, vp=True),
}


def test_setup_labor_pool_play_deck_and_no_contractors():
    """BR-SETUP-1, BR-SETUP-2: four face-up piles, a whole Play deck, contractors aside."""
    state = Table(["joe", "ruth", "ann"], POOL, dealer="joe").state
    assert {d: e["name"] for d, e in state["labor_pool"].items()} == {
        "sales": "Martin Able",
        "development": "Brad Duke",
        "hr": "Tony Fuji",
        "finance": "Ben Zhao",
    }
    assert (state["deck"], state["discard"]) == (102, 0)
    assert all(c["contractors"] == 0 and c["hand"] == 0 for c in state["companies"].values())
    assert state["phase"] == "draft" and state["draft"] == {"picks": 0, "player": "joe"}
    assert json.loads(json.dumps(state)) == state


def test_funding_is_100_each():
    """BR-SETUP-3."""
    state = Table(["joe", "ruth", "ann"], POOL).state
    assert [c["funding"] for c in state["companies"].values()] == [100, 100, 100]


def test_funding_is_80_in_a_four_player_game():
    """BR-SETUP-3."""
    state = Table(["joe", "ruth", "ann", "bob"], POOL).state
    assert {c["funding"] for c in state["companies"].values()} == {80}


def test_the_dealer_defaults_to_the_first_player():
    assert Table(["joe", "ruth"], POOL).state["dealer"] == "joe"


def test_a_face_up_card_on_the_wrong_pile_is_refused():
    """BR-SETUP-1: each pile holds its own department."""
    with pytest.raises(RuleViolation) as caught:
        Table(["joe", "ruth"], {**POOL, "sales": POOL["hr"]})
    assert caught.value.rule == "BR-SETUP-1"


def test_a_deck_too_small_to_deal_is_refused():
    """BR-DEAL-1: six cards to every player."""
    with pytest.raises(RuleViolation) as caught:
        Table(["joe", "ruth", "ann"], POOL, play_deck_size=17)
    assert caught.value.rule == "BR-DEAL-1"


def test_a_contractor_salary_outside_1_to_3_is_refused():
    """BR-SALARY-1."""
    with pytest.raises(RuleViolation) as caught:
        Table(["joe", "ruth"], POOL, contractor_salary=0)
    assert caught.value.rule == "BR-SALARY-1"


@pytest.mark.parametrize(
    "players, options",
    [
        (["joe"], {"labor_pool": POOL}),
        (["a", "b", "c", "d", "e"], {"labor_pool": POOL}),
        (["joe", "joe"], {"labor_pool": POOL}),
        (["joe", "ruth"], {"labor_pool": POOL, "dealer": "ann"}),
        (["joe", "ruth"], {}),
        (["joe", "ruth"], {"labor_pool": {**POOL, "sales": None}}),
        (["joe", "ruth"], {"labor_pool": POOL, "seats": 2}),
        (["joe", "ruth:ann"], {"labor_pool": POOL}),
    ],
)
def test_malformed_creation_payloads_do_not_load(players, options):
    with pytest.raises(ValidationError):
        validated("burnrate.created", {"players": players, "options": options})


def test_created_cannot_be_applied_again():
    """BR-SETUP-1: a game is set up once."""
    table = Table(["joe", "ruth"], POOL)
    with pytest.raises(RuleViolation) as caught:
        burnrate.evolve(table.state, {"type": "burnrate.created", "payload": {}, "actor": "admin"})
    assert caught.value.rule == "BR-SETUP-1"
