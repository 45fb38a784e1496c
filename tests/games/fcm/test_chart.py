"""games/fcm/chart.py: what the chart of a Food Chain Magnate game shows, read off a state."""

import copy

from games.fcm import chart
from games.fcm.bankruptcy import ranking
from tests.games.fcm.table import Table, seated, turn_five


def cash_of(points: dict) -> dict:
    return {line["name"]: line["values"]["cash"] for line in points["series"]}


def test_a_new_game_shows_every_chain_with_no_cash_and_the_bank_full():
    """FCM-SETUP-4: no money for the chains, $50 a player in the bank; in the introductory
    game $75 a player."""
    points = chart.points(Table(["ann", "bob", "cid"]).state)
    assert points["turn"] == 1
    assert cash_of(points) == {"ann": 0, "bob": 0, "cid": 0, "Bank": 150}
    assert [line["role"] for line in points["series"]] == ["chain"] * 3 + ["bank"]
    assert not any(line["out"] for line in points["series"])
    introductory = Table(["ann", "bob"], introductory=True).state
    assert cash_of(chart.points(introductory))["Bank"] == 150


def test_the_chains_come_in_seating_order_whatever_the_turn_order():
    """FCM-ORDER-1 changes the turn order each turn; a line must keep its place."""
    state = Table(["ann", "bob", "cid"], turn_order=["cid", "ann", "bob"]).state
    assert [line["name"] for line in chart.points(state)["series"]] == ["ann", "bob", "cid", "Bank"]


def test_the_turn_and_the_cash_are_the_states():
    state = turn_five()
    state["chains"]["ann"]["cash"], state["chains"]["bob"]["cash"] = 37, 12
    state["bank"]["cash"] = 61
    points = chart.points(state)
    assert points["turn"] == 5 and cash_of(points) == {"ann": 37, "bob": 12, "Bank": 61}


def test_the_measure_is_what_decides_the_winner():
    """FCM-BANK-4: the most cash wins, so cash is the score the chart draws: the line on top
    at the end is the winner's (a tie to the earlier in turn order)."""
    state = copy.deepcopy(seated().state)
    assert [m["key"] for m in chart.CHART["measures"]] == ["cash"]
    state["chains"]["ann"]["cash"], state["chains"]["bob"]["cash"] = 80, 95
    chains = [line for line in chart.points(state)["series"] if line["role"] == "chain"]
    assert max(chains, key=lambda line: line["values"]["cash"])["name"] == ranking(state)[0]


def test_points_leave_the_state_alone():
    state = turn_five()
    before = copy.deepcopy(state)
    chart.points(state)
    assert state == before
