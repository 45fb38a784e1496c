"""games/choices.py: things in words as a form tells them apart."""

from games.choices import ordinal, told_apart


def test_a_label_two_share_gets_where_they_are_then_their_order():
    labels = ["Waitress", "CEO", "Waitress", "Waitress"]
    places = ["at work", "at work", "at work", "on the beach"]
    assert told_apart(labels, places) == [
        "Waitress, at work (1st)", "CEO", "Waitress, at work (2nd)", "Waitress, on the beach",
    ]  # fmt: skip
    # where all of a title are in one place, saying the place tells nothing
    assert told_apart(["Waitress", "Waitress", "CEO"], ["in hand", "in hand", "at work"]) == [
        "Waitress (1st)", "Waitress (2nd)", "CEO",
    ]  # fmt: skip
    assert told_apart(["Kim Lee, HR", "Kim Lee, HR", "Ben Zhao, Finance"]) == [
        "Kim Lee, HR (1st)", "Kim Lee, HR (2nd)", "Ben Zhao, Finance",
    ]  # fmt: skip


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip
