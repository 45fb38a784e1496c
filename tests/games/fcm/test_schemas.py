"""games/fcm/schemas.py: payloads refused before any rule sees them."""

import pytest
from marshmallow import ValidationError

from tests.games.fcm.table import layout_for, validated


@pytest.mark.parametrize(
    ("type_name", "payload"),
    [
        ("fcm.created", {"players": ["ann", "bob"], "options": {"colour": "red"}}),
        ("fcm.created", {"players": ["ann", "bob"], "options": {"connection": "sometimes"}}),
        ("fcm.created", {"players": [""], "options": {}}),
        ("fcm.starting_restaurant_placed", {"player": "ann", "top_left": [1], "entrance": "NE"}),
        ("fcm.starting_restaurant_placed", {"player": "ann", "top_left": [1, 2], "entrance": "N"}),
        (
            "fcm.starting_restaurant_placed",
            {"player": "ann", "top_left": ["1", 2], "entrance": "NE"},
        ),
        ("fcm.reserve_card_sealed", {"player": "ann", "commitment": "ABC"}),
        ("fcm.reserve_card_sealed", {"player": "ann", "commitment": "A" * 64}),
        ("fcm.reserve_card_revealed", {"player": "ann", "money": 150, "nonce": "n" * 16}),
        ("fcm.reserve_card_revealed", {"player": "ann", "money": 100, "nonce": "short"}),
    ],
)
def test_malformed_payloads_are_refused(type_name, payload):
    with pytest.raises(ValidationError):
        validated(type_name, payload)


def test_a_layout_loads_as_given():
    payload = {"players": ["ann", "bob"], "options": {"layout": layout_for(2)}}
    assert validated("fcm.created", payload) == payload
    layout = {**layout_for(2), "tiles": [{"tile": "A", "rotation": 45, "row": 0, "col": 0}]}
    with pytest.raises(ValidationError):
        validated("fcm.created", {"players": ["ann"], "options": {"layout": layout}})
