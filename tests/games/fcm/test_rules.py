"""games/fcm/rules.py: the game surface the machinery calls."""

import copy

import pytest

import games.fcm as fcm
from tests.games.fcm.table import Table, envelope, seated


def test_evolve_refuses_an_event_it_has_no_rule_for():
    state = Table(["ann", "bob"]).state
    with pytest.raises(ValueError, match="fcm.created"):
        fcm.evolve(state, envelope(2, "fcm.created", {}, "admin"))


def test_evolve_leaves_its_input_alone():
    state = Table(["ann", "bob"]).state
    before = copy.deepcopy(state)
    event = envelope(2, "fcm.starting_restaurant_passed", {"player": "bob"}, "player:bob")
    after = fcm.evolve(state, event)
    assert state == before and after != before


def test_no_automatic_phase_yet():
    """Setup has none; dinnertime and the rest come with their own issues."""
    for state in (Table(["ann", "bob"]).state, seated().state):
        assert fcm.pending(state) is None
        assert fcm.resolve(state) == []
        assert fcm.finished(state) is False


def test_the_package_exposes_the_game_surface_and_the_helpers():
    assert fcm.KIND == "fcm"
    for name in (
        "initial",
        "evolve",
        "pending",
        "resolve",
        "finished",
        "render_map",
        "draw_layout",
    ):
        assert callable(getattr(fcm, name))
