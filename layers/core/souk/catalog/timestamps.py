"""``observedAt``: when the facilitator saw the payment, bounded so it cannot poison ordering.

The newest event wins a listing's metadata, and listings are ordered by it. A timestamp far in the future
would freeze a listing (every real event afterwards looks older) and pin it to the top of the catalog; one
that lands past year 9999 in UTC is stored by Postgres but cannot be read back by psycopg, breaking every
read that touches the row. So: an ISO 8601 string with a timezone, not before 2020 (x402 did not exist),
at most a small clock skew ahead of Souk's clock, and a value inside the skew is stored as "now" so no
future instant is ever stored.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from souk.errors import CatalogRejection

EARLIEST = datetime(2020, 1, 1, tzinfo=UTC)
DEFAULT_MAX_SKEW = timedelta(minutes=5)


def _reject(reason: str) -> CatalogRejection:
    return CatalogRejection("invalid_observed_at", reason)


def parse_observed_at(value: Any) -> datetime:
    """An aware UTC datetime from an ISO 8601 string; raises CatalogRejection otherwise."""
    if not isinstance(value, str) or not 10 <= len(value) <= 64:
        raise _reject("observedAt must be an ISO 8601 date-time string such as 2026-10-20T12:00:00Z")
    text = value[:-1] + "+00:00" if value.endswith(("Z", "z")) else value
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise _reject(f"observedAt {value[:40]!r} is not an ISO 8601 date-time") from None
    if parsed.tzinfo is None:
        raise _reject("observedAt needs a timezone (e.g. a trailing Z)")
    try:
        return parsed.astimezone(UTC)
    except OverflowError:  # e.g. 9999-12-31T23:59:59-14:00 is year 10000 in UTC
        raise _reject(f"observedAt {value[:40]!r} is beyond year 9999 in UTC") from None


def bounded_observed_at(observed: datetime, now: datetime, max_skew: timedelta = DEFAULT_MAX_SKEW) -> datetime:
    """``observed`` if plausible, clamped to ``now`` inside the allowed skew; raises otherwise."""
    if observed < EARLIEST:
        raise _reject(f"observedAt {observed.isoformat()} is before {EARLIEST.date()}; x402 payments are newer")
    if observed > now + max_skew:
        raise _reject(
            f"observedAt {observed.isoformat()} is more than {int(max_skew.total_seconds())} s ahead of this "
            "server's clock; send the time the payment was observed"
        )
    return min(observed, now)
