"""games/fcm/turn/reserve.py: reserve cards sealed at setup, revealed when the bank first breaks."""

import copy
import hashlib

import pytest

from games.errors import RuleViolation
from games.fcm.turn.reserve import check_reveal, reserve_commitment
from tests.games.fcm.table import Table, nonce, seated


def test_the_commitment_is_sha256_of_money_colon_nonce():
    """FCM-SETUP-9: the documented format, byte for byte."""
    assert (
        reserve_commitment(200, "8f14e45fceea167a5a36dedd4bea2543")
        == "acb85e7ab6101487f0f6cbced0f585516369d7049800acd5ba66159bfa70429b"
    )
    assert reserve_commitment(100, "x" * 16) == hashlib.sha256(b"100:" + b"x" * 16).hexdigest()


def test_a_reveal_must_open_the_commitment():
    """FCM-SETUP-9: another card or another nonce does not match."""
    sealed = reserve_commitment(300, nonce("ann"))
    check_reveal(sealed, 300, nonce("ann"))
    for money, secret in [(200, nonce("ann")), (300, nonce("bob"))]:
        with pytest.raises(RuleViolation) as caught:
            check_reveal(sealed, money, secret)
        assert caught.value.rule == "FCM-SETUP-9"
        assert caught.value.details["commitment"] == sealed


def test_each_player_seals_once_after_the_restaurants_and_then_turn_1_begins():
    """FCM-SETUP-9."""
    table = Table(["ann", "bob"])
    commitment = reserve_commitment(100, nonce("ann"))
    table.refused("reserve_card_sealed", "FCM-SETUP-9", player="ann", commitment=commitment)
    table.place_anywhere("bob")
    table.place_anywhere("ann")
    table.record("reserve_card_sealed", player="ann", commitment=commitment)
    assert table.state["chains"]["ann"]["reserve"] == {"commitment": commitment, "revealed": None}
    assert table.state["phase"] == "setup_reserve"
    table.refused("reserve_card_sealed", "FCM-SETUP-9", player="ann", commitment=commitment)
    table.refused(
        "reserve_card_sealed",
        "FCM-SETUP-9",
        actor="player:ann",
        player="bob",
        commitment=commitment,
    )
    table.record(
        "reserve_card_sealed", player="bob", commitment=reserve_commitment(300, nonce("bob"))
    )
    # turn 1 begins; with the CEO alone at work there is nothing to restructure (FCM-RESTR-4)
    assert (table.state["phase"], table.state["turn"]) == ("order_of_business", 1)


def broken_bank(table):
    """The same game declared again with the bank broken once."""
    position = copy.deepcopy(table.state)
    position["bank"]["breaks"] = 1
    return Table(position["players"], position=position)


def test_reserve_cards_are_revealed_only_after_the_bank_broke():
    """FCM-BANK-2."""
    table = seated(money=200)
    table.refused(
        "reserve_card_revealed", "FCM-BANK-2", player="ann", money=200, nonce=nonce("ann")
    )
    broken = broken_bank(table)
    broken.record("reserve_card_revealed", player="ann", money=200, nonce=nonce("ann"))
    assert broken.state["chains"]["ann"]["reserve"]["revealed"] == 200
    broken.refused(
        "reserve_card_revealed", "FCM-BANK-2", player="ann", money=200, nonce=nonce("ann")
    )


def test_a_reveal_that_does_not_match_is_refused_without_what_it_tried_to_open():
    """FCM-SETUP-9: the refusal names the commitment, and neither the card nor the nonce
    (whoever reads the refusal must not learn a secret from it)."""
    broken = broken_bank(seated(money=200))
    error = broken.refused(
        "reserve_card_revealed", "FCM-SETUP-9", player="bob", money=300, nonce=nonce("bob")
    )
    assert error.details == {"commitment": reserve_commitment(200, nonce("bob"))}
    assert nonce("bob") not in error.message and "300" not in error.message
    assert broken.state["chains"]["bob"]["reserve"]["revealed"] is None
