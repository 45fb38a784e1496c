import copy

from games.plain_data import copied, given_up
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


def test_a_value_marshal_refuses_is_copied_by_deepcopy():
    class Tagged(dict):
        pass

    state = {"kept": Tagged(cards=["a"]), "big": 2**80}
    copy_ = copied(state)
    assert copy_ == state and type(copy_["kept"]) is Tagged
    copy_["kept"]["cards"].append("b")
    assert state["kept"]["cards"] == ["a"]


def test_a_state_given_up_is_not_copied_and_nothing_else_is_spared():
    state, other = {"cards": ["a"]}, {"cards": ["b"]}
    with given_up(state):
        assert copied(state) is state
        assert copied(other) == other and copied(other) is not other
    assert copied(state) is not state  # outside, a copy again
