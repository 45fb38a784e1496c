"""#32: an event type's title reads as words: a short form people say in capitals stays so."""

import pytest

from app.api.forms import title


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("burnrate.vp_card_played", "VP card played"),
        ("burnrate.funding_played", "Funding played"),
        ("fcm.ceo_hired", "CEO hired"),
        ("fcm.working_ended", "Working ended"),
    ],
)
def test_an_event_types_title_reads_as_words(name, said):
    assert title(name) == said
