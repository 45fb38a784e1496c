"""games/fcm/words.py: a refusal's squares as the page names them (#32 item 2)."""

from games.fcm.words import squares_said


def test_a_square_and_a_list_of_squares_read_as_the_map_names_them():
    said = squares_said("legal from tile [0, 1]: on to [0, 2], [1, 1], or stop there")
    assert said == (
        "legal from tile row 0, column 1: on to row 0, column 2 or row 1, column 1, or stop there"
    )
    assert squares_said("the route does not hold at [7, 9] (square 2)") == (
        "the route does not hold at row 7, column 9 (square 2)"
    )
    other = "{'burger': 3} against ['ann', 'bob']"
    assert squares_said(other) == other, "only squares"


def test_a_square_off_the_map_is_said_in_words_too():
    said = squares_said("[-1, 0] is off the map; [0, 1] is a road")
    assert said == "row -1, column 0 is off the map; row 0, column 1 is a road"
