"""The seller's event log: the outcome of every catalog event that named a payTo, bounded.

A rejection still changes no catalog table; its code and reason go here, so a seller can see why a
listing did not appear (``GET /discovery/merchant``). Bounded: per payTo the newest
``SOUK_PAYTO_LOG_PER_PAYTO`` (50) entries, none older than ``SOUK_PAYTO_LOG_DAYS`` (30); both are pruned
on every write. Seller text is stored only clipped (resource URL) and is never interpreted.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from souk.config import Settings
from souk.db.types import Connection
from souk.isotime import iso_utc
from souk.json_objects import unstorable_text
from souk.listing.pay_to import PAY_TO, same_pay_to

logger = logging.getLogger(__name__)

_SAME_PAY_TO = same_pay_to("pay_to", "%(p)s")
_KINDS = frozenset({"verified", "settled"})


def _dig(raw: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(raw, dict):
            return None
        raw = raw.get(key)
    return raw


def named_pay_to(raw: Any) -> str | None:
    """The payTo an event names (requirements first, then the payload's accepted), if well-formed."""
    for path in (("paymentRequirements", "payTo"), ("paymentPayload", "accepted", "payTo")):
        value = _dig(raw, *path)
        if isinstance(value, str) and PAY_TO.fullmatch(value):
            return value
    return None


def record(
    conn: Connection,
    raw: Any,
    settings: Settings,
    *,
    outcome: str,
    error: str | None = None,
    reason: str | None = None,
    listing_key: str | None = None,
    now: datetime | None = None,
) -> None:
    """Log one outcome for the payTo ``raw`` names (nothing when it names none). Never raises: the log
    must not decide whether an event is cataloged."""
    pay_to = named_pay_to(raw)
    if pay_to is None:
        return
    at = now or datetime.now(UTC)
    kind = _dig(raw, "event")
    resource = _dig(raw, "paymentPayload", "resource", "url")
    if resource is None:
        resource = _dig(raw, "paymentRequirements", "resource")  # x402 v1 names it in the requirements
    if isinstance(resource, str) and unstorable_text(resource):
        resource = None  # a NUL or a lone surrogate (what the event was refused for) is not written back
    try:
        with conn.transaction():
            conn.execute(
                "INSERT INTO payto_event_log (pay_to, observed_at, event, outcome, error, reason, listing_key,"
                " resource) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    pay_to,
                    at,
                    kind if isinstance(kind, str) and kind in _KINDS else None,
                    outcome,
                    (error or "")[:64] or None,
                    (reason or "")[:500] or None,
                    (listing_key or "")[:2048] or None,
                    resource[:2048] if isinstance(resource, str) else None,
                ),
            )
            conn.execute(
                f"""DELETE FROM payto_event_log WHERE {_SAME_PAY_TO} AND id NOT IN (
                     SELECT id FROM payto_event_log WHERE {_SAME_PAY_TO}
                     ORDER BY observed_at DESC, id DESC LIMIT %(keep)s)""",
                {"p": pay_to, "keep": settings.payto_log_per_payto},
            )
            conn.execute(
                "DELETE FROM payto_event_log WHERE observed_at < %s", (at - timedelta(days=settings.payto_log_days),)
            )
    except (psycopg.Error, ValueError, TypeError):
        logger.warning("payTo event log write failed (the event's outcome stands)", exc_info=True)


def recent(conn: Connection, pay_to: str, settings: Settings, now: datetime | None = None) -> list[dict[str, Any]]:
    since = (now or datetime.now(UTC)) - timedelta(days=settings.payto_log_days)
    rows = conn.execute(
        f"""SELECT observed_at, event, outcome, error, reason, listing_key, resource FROM payto_event_log
           WHERE {_SAME_PAY_TO} AND observed_at > %(since)s
           ORDER BY observed_at DESC, id DESC LIMIT %(keep)s""",
        {"p": pay_to, "since": since, "keep": settings.payto_log_per_payto},
    ).fetchall()
    out = []
    for r in rows:
        entry: dict[str, Any] = {
            "at": iso_utc(r["observed_at"]),
            "event": r["event"],
            "outcome": r["outcome"],
        }
        if r["outcome"] == "rejected":
            entry |= {"error": r["error"], "reason": r["reason"]}
        elif r["reason"]:
            entry["warnings"] = r["reason"]  # accepted, with what was dropped or not counted and why
        if r["listing_key"]:
            entry["listingKey"] = r["listing_key"]
        if r["resource"]:
            entry["resource"] = r["resource"]
        out.append(entry)
    return out
