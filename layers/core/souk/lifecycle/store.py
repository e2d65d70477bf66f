"""Listing health in the database: probe results, status transitions, reactivation, operator delisting.

Nothing here writes a catalog column: status lives in ``listing_health``, history in ``probe_results``,
and every transition or operator action in ``listing_status_changes`` with its reason.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from psycopg.types.json import Jsonb

from souk.config import Settings
from souk.db.types import Connection, one
from souk.errors import SoukError
from souk.lifecycle.status import Health, after_payment, observe
from souk.listing.lookup import listing_id_of

if TYPE_CHECKING:  # the cataloging path imports this module; it needs no HTTP client
    from souk.lifecycle.probe import ProbeResult

_HEALTH_FIELDS = (
    "status",
    "score",
    "probes",
    "failure_streak",
    "streak_started_at",
    "last_probe_at",
    "last_outcome",
    "last_ok_at",
)


def _lock_listing(conn: Connection, listing_id: int) -> None:
    """Take the listing row's key lock before its health row, as cataloging does (the listing FOR UPDATE, then its
    health): the key lock is what the inserts below check their foreign key with, and taking it after the health
    row deadlocked a delist, relist or probe record against a catalog event for the same listing."""
    conn.execute("SELECT 1 FROM listings WHERE id = %s FOR KEY SHARE", (listing_id,))


def _load(conn: Connection, listing_id: int) -> tuple[Health | None, bool]:
    row = conn.execute(
        f"SELECT {', '.join(_HEALTH_FIELDS)}, delisted FROM listing_health WHERE listing_id = %s FOR UPDATE",
        (listing_id,),
    ).fetchone()
    if row is None:
        return None, False
    return Health(**{k: row[k] for k in _HEALTH_FIELDS}), bool(row["delisted"])


def _save(conn: Connection, listing_id: int, health: Health, next_probe_at: datetime | None) -> None:
    cols = {k: getattr(health, k) for k in _HEALTH_FIELDS} | {"listing_id": listing_id, "next_probe_at": next_probe_at}
    names = ", ".join(cols)
    values = ", ".join(f"%({k})s" for k in cols)
    updates = ", ".join(f"{k} = EXCLUDED.{k}" for k in cols if k != "listing_id")
    conn.execute(
        f"INSERT INTO listing_health ({names}) VALUES ({values}) ON CONFLICT (listing_id) DO UPDATE SET {updates}",
        cols,
    )


def _transition(conn: Connection, listing_id: int, before: str, after: str, reason: str, at: datetime) -> None:
    conn.execute(
        "UPDATE listing_health SET status_changed_at = %s WHERE listing_id = %s",
        (at, listing_id),
    )
    conn.execute(
        "INSERT INTO listing_status_changes (listing_id, action, from_status, to_status, reason, changed_at)"
        " VALUES (%s, 'status', %s, %s, %s, %s)",
        (listing_id, before, after, reason[:500], at),
    )


def record_probe(conn: Connection, result: ProbeResult, settings: Settings) -> Health | None:
    """Store ``result`` and the status it leads to; None when the listing no longer exists."""
    with conn.transaction():
        paid = conn.execute(  # the listing's key lock first: see _lock_listing
            "SELECT last_verified_at FROM listings WHERE id = %s FOR KEY SHARE", (result.listing_id,)
        ).fetchone()
        if paid is None:
            return None
        before, _ = _load(conn, result.listing_id)
        health = observe(before or Health(), result.outcome, result.probed_at, paid["last_verified_at"], settings)
        hours = settings.probe_gone_interval_hours if health.status == "gone" else settings.probe_interval_minutes / 60
        _save(conn, result.listing_id, health, result.probed_at + timedelta(hours=hours))
        conn.execute(
            """INSERT INTO probe_results
                 (listing_id, probed_at, outcome, healthy, http_status, latency_ms, address, detail, findings)
               VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)""",
            (
                result.listing_id,
                result.probed_at,
                result.outcome,
                result.healthy,
                result.http_status,
                result.latency_ms,
                result.address,
                (result.detail or "")[:500] or None,
                Jsonb(result.findings),
            ),
        )
        previous = before.status if before else "active"
        if health.status != previous:
            reason = f"probe: {result.outcome}" + (f" ({result.detail})" if result.detail else "")
            _transition(conn, result.listing_id, previous, health.status, reason, result.probed_at)
    return health


def record_payment(conn: Connection, listing_id: int, at: datetime, settings: Settings) -> None:
    """A verified payment newer than the last probe reactivates a probed listing (an operator's delisting
    stays). Runs inside the cataloging transaction; writes nothing for a listing in perfect health."""
    before, delisted = _load(conn, listing_id)
    if before is None or delisted:
        return
    # Payment timestamps carry whole seconds, probe times microseconds: a payment in the probe's own
    # second is not known to be older, and a payment is the stronger evidence of a live seller.
    if before.last_probe_at is not None and at < before.last_probe_at.replace(microsecond=0):
        return  # older than the evidence the status rests on
    if before.status == "active" and before.failure_streak == 0 and before.score >= 1.0:
        return
    health = after_payment(before, at, settings)
    conn.execute(
        "UPDATE listing_health SET status = %s, score = %s, failure_streak = 0, streak_started_at = NULL,"
        " last_ok_at = %s WHERE listing_id = %s",
        (health.status, health.score, health.last_ok_at, listing_id),
    )
    if before.status != health.status:
        # A payment stamped in the last probe's second is recorded after that probe's transition, so the
        # history stays in order (the seller view's statusReason is the newest change).
        changed_at = max(at, before.last_probe_at) if before.last_probe_at is not None else at
        _transition(conn, listing_id, before.status, health.status, "a new verified payment", changed_at)


def prune_history(conn: Connection, before: datetime) -> int:
    return conn.execute("DELETE FROM probe_results WHERE probed_at < %s", (before,)).rowcount


def _require_reason(reason: str) -> str:
    if not reason or not reason.strip():
        raise SoukError("reason_required", "a delist or relist needs a reason for the record")
    return reason.strip()[:500]


def delist(conn: Connection, listing: str, reason: str) -> dict[str, Any]:
    """Hide a listing from the list and search (operator decision; probes stop until relisted)."""
    reason = _require_reason(reason)
    with conn.transaction():
        lid = listing_id_of(conn, listing)
        _lock_listing(conn, lid)
        # One statement decides, so two operators delisting at once record one delisting, not two.
        changed = conn.execute(
            "INSERT INTO listing_health (listing_id, delisted, delist_reason) VALUES (%s, true, %s)"
            " ON CONFLICT (listing_id) DO UPDATE SET delisted = true, delist_reason = EXCLUDED.delist_reason"
            " WHERE NOT listing_health.delisted",
            (lid, reason),
        ).rowcount
        if not changed:
            raise SoukError("already_delisted", "this listing is delisted already; relist it first to change why")
        conn.execute(
            "INSERT INTO listing_status_changes (listing_id, action, reason) VALUES (%s, 'delist', %s)", (lid, reason)
        )
    return show(conn, str(lid))


def relist(conn: Connection, listing: str, reason: str) -> dict[str, Any]:
    """Undo a delisting; a gone listing comes back as degraded with its failure streak cleared (the
    next probes decide again)."""
    reason = _require_reason(reason)
    with conn.transaction():
        lid = listing_id_of(conn, listing)
        _lock_listing(conn, lid)
        row = conn.execute(
            "SELECT status, delisted FROM listing_health WHERE listing_id = %s FOR UPDATE", (lid,)
        ).fetchone()
        if row is None or not row["delisted"]:
            raise SoukError("not_delisted", "this listing is not delisted; there is nothing to relist")
        before = row["status"]
        after = "degraded" if before == "gone" else before
        conn.execute(
            "UPDATE listing_health SET delisted = false, delist_reason = NULL, status = %s, failure_streak = 0,"
            " streak_started_at = NULL, next_probe_at = NULL WHERE listing_id = %s",
            (after, lid),
        )
        conn.execute(
            "INSERT INTO listing_status_changes (listing_id, action, from_status, to_status, reason)"
            " VALUES (%s, 'relist', %s, %s, %s)",
            (lid, before, after, reason),
        )
    return show(conn, str(lid))


def show(conn: Connection, listing: str) -> dict[str, Any]:
    """A listing's status, health, recent probes and status history (for ``souk listing show``)."""
    from souk.isotime import iso_utc
    from souk.lifecycle.view import health_object

    lid = listing_id_of(conn, listing)
    row = one(conn.execute(
        """SELECT l.id, l.listing_key, l.pay_to, l.last_verified_at, l.last_settled_at,
                  (SELECT to_jsonb(h) FROM listing_health h WHERE h.listing_id = l.id) AS health_row,
                  (SELECT array[count(*), count(*) FILTER (WHERE p.healthy)] FROM probe_results p
                    WHERE p.listing_id = l.id AND p.probed_at > now() - interval '7 days') AS probes_7d
           FROM listings l WHERE l.id = %s""",
        (lid,),
    ))
    probes = conn.execute(
        "SELECT probed_at, outcome, http_status, latency_ms, address, detail, findings FROM probe_results"
        " WHERE listing_id = %s ORDER BY probed_at DESC, id DESC LIMIT 10",
        (lid,),
    ).fetchall()
    changes = conn.execute(
        "SELECT changed_at, action, from_status, to_status, reason FROM listing_status_changes"
        " WHERE listing_id = %s ORDER BY changed_at DESC, id DESC LIMIT 20",
        (lid,),
    ).fetchall()
    return {
        "listingId": row["id"],
        "listingKey": row["listing_key"],
        "payTo": row["pay_to"],
        "lastVerifiedAt": iso_utc(row["last_verified_at"]),
        "lastSettledAt": iso_utc(row["last_settled_at"]),
        "health": health_object(row["health_row"], row["probes_7d"]),
        "probes": [{**p, "probed_at": iso_utc(p["probed_at"])} for p in probes],
        "changes": [{**c, "changed_at": iso_utc(c["changed_at"])} for c in changes],
    }
