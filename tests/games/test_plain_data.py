import copy

from games.plain_data import copied
from tests.games.fcm.table import seated


def test_a_copy_equals_the_state_and_shares_nothing_with_it():
    state = seated(["ann", "bob", "cat"]).state
    state["odd"] = {"tuple": (1, [2]), "nothing": None, "half": 0.5, "yes": True, "é": "😀"}
    copy_ = copied(state)
    assert copy_ == copy.deepcopy(state) == state
    copy_["chains"]["ann"]["cards"].append("x")
    copy_["odd"]["tuple"][1].append(3)
    assert state == seated(["ann", "bob", "cat"]).state | {"odd": state["odd"]}
    assert state["odd"]["tuple"] == (1, [2])
