"""games/burnrate/words.py: counted nouns in refusals."""

from games.burnrate.words import plural


def test_one_is_singular_and_every_other_count_plural():
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(2, "Vice President") == "2 Vice Presidents"
    assert plural(1, "copy", "copies") == "1 copy"
    assert plural(3, "copy", "copies") == "3 copies"
