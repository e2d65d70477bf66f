"""API timestamps are UTC with a Z, whatever time zone the database session or the value uses."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from souk.isotime import iso_utc


def test_any_offset_is_converted_to_utc() -> None:
    chatham = timezone(timedelta(hours=13, minutes=45))
    assert iso_utc(datetime(2026, 10, 21, 1, 45, tzinfo=chatham)) == "2026-10-20T12:00:00Z"
    assert iso_utc(datetime(2026, 10, 20, 12, 0, tzinfo=UTC)) == "2026-10-20T12:00:00Z"
    assert iso_utc("2026-10-21T01:45:00+13:45") == "2026-10-20T12:00:00Z"  # as inside to_jsonb(...)
    assert iso_utc(None) is None
    with pytest.raises(ValueError):
        iso_utc(datetime(2026, 10, 20, 12, 0))


def test_a_session_in_another_time_zone_still_gives_z(db) -> None:
    db.execute("SET TimeZone = 'Pacific/Chatham'")
    row = db.execute("SELECT timestamptz '2026-10-20 12:00:00+00' AS at").fetchone()
    assert row["at"].utcoffset() != timedelta(0)  # psycopg answers in the session's zone
    assert iso_utc(row["at"]) == "2026-10-20T12:00:00Z"
    db.execute("RESET TimeZone")


def test_every_timestamp_is_given_to_the_whole_second() -> None:
    # red team, 2026-12-07: one list mixed "...12:07:38Z" (an event's observedAt) and "...12:12:38.537315Z" (the clock)
    assert iso_utc(datetime(2026, 12, 7, 12, 12, 38, 537315, tzinfo=UTC)) == "2026-12-07T12:12:38Z"
    assert iso_utc("2026-12-07T12:12:38.5+00:00") == "2026-12-07T12:12:38Z"
