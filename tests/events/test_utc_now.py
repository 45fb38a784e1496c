"""`utc_now`, the instant every event is recorded at: the form datetime's `isoformat` wrote,
to the microsecond, under a frozen clock and a real one."""

import re
from datetime import UTC, datetime, timedelta

from freezegun import freeze_time

from events.envelope import INSTANT
from events.store import utc_now

MICROSECONDS = [0, 1, 7, 499_999, 500_000, 789_012, 999_998, 999_999]
SECONDS = [
    datetime(2026, 3, 1, 12, 34, 56, tzinfo=UTC),
    datetime(2099, 12, 31, 23, 59, 59, tzinfo=UTC),
]


def by_datetime(instant: datetime) -> str:
    return instant.isoformat(timespec="microseconds").replace("+00:00", "Z")


def test_a_frozen_instant_is_written_to_its_microsecond():
    for second in SECONDS:
        for micro in MICROSECONDS:
            instant = second.replace(microsecond=micro)
            with freeze_time(instant):
                assert utc_now() == by_datetime(instant)


def test_the_second_moves_on_at_its_boundary():
    instant = datetime(2026, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC)
    with freeze_time(instant) as frozen:
        assert utc_now() == "2026-12-31T23:59:59.999999Z"
        frozen.tick(timedelta(microseconds=1))
        assert utc_now() == "2027-01-01T00:00:00.000000Z"
        frozen.tick(timedelta(seconds=-1))
        assert utc_now() == "2026-12-31T23:59:59.000000Z"


def test_the_real_instant_is_now_in_the_form_of_an_instant():
    before = datetime.now(UTC)
    written = utc_now()
    after = datetime.now(UTC)
    assert re.match(INSTANT, written)
    read = datetime.fromisoformat(written.replace("Z", "+00:00"))
    assert before - timedelta(microseconds=1) <= read <= after + timedelta(microseconds=1)
