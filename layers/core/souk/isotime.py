"""Timestamps in API responses: ISO 8601 in UTC with a ``Z``, whatever the database session's time zone."""

from __future__ import annotations

from datetime import UTC, datetime


def iso_utc(value: datetime | str | None) -> str | None:
    """``2026-10-20T12:00:00Z`` for an aware datetime (or its ISO text, as inside ``to_jsonb``); None stays None.

    psycopg returns ``timestamptz`` in the session's TimeZone, so without the conversion a server whose
    time zone is not UTC would answer ``+13:45`` offsets. Whole seconds, always: an event's ``observedAt`` has
    none, the server's clock has microseconds, and one list mixed ``12:07:38Z`` and ``12:12:38.537315Z``."""
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if value.tzinfo is None:
        raise ValueError("a naive datetime has no defined instant")
    return value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
