"""Search demotes listings whose endpoint looks unhealthy or stale, by a bounded factor.

Gone and delisted listings are not searchable at all (``LISTED_SQL``, from souk.lifecycle.visibility).
Every other listing's fused score is multiplied by

    factor = 1 - (1 - FLOOR) * penalty,   penalty in [0, 1],   so factor in [FLOOR, 1] (default [0.5, 1])

where ``penalty = 1 - score`` (the health EWMA of souk.lifecycle.status: 0 for a listing whose probes
succeed) raised to at least ``STALE_PENALTY`` when the listing is stale: probed, but with no healthy
probe and no verified payment in the last ``STALE_HOURS``. FLOOR and STALE_HOURS are settings
(``SOUK_HEALTH_DEMOTION_FLOOR``, ``SOUK_HEALTH_STALE_HOURS``). A listing that was never probed has no
penalty (factor 1), so a catalog without probe history ranks exactly as before. A demotion reorders
comparably relevant results; at the default floor it can at most halve a score, so it never buries a strong match under
a weak one by much, and it never lifts anything.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from souk.config import Settings, get_settings
from souk.db.id_array import IdArray
from souk.db.types import Connection
from souk.lifecycle.visibility import LISTED_SQL

STALE_PENALTY = 0.5

__all__ = ["LISTED_SQL", "STALE_PENALTY", "demote", "factors"]


def factors(conn: Connection, ids: list[int], now: datetime, settings: Settings | None = None) -> dict[int, float]:
    """The demotion factor of each probed listing among ``ids`` (absent: factor 1)."""
    if not ids:
        return {}
    settings = settings or get_settings()
    floor = settings.health_demotion_floor
    rows = conn.execute(
        """SELECT h.listing_id, h.score, h.probes, GREATEST(h.last_ok_at, l.last_verified_at) AS alive_at
           FROM listing_health h JOIN listings l ON l.id = h.listing_id
           WHERE h.listing_id = ANY(%s) AND h.probes > 0""",
        (IdArray(ids),),
    ).fetchall()
    stale_before = now - timedelta(hours=settings.health_stale_hours)
    out: dict[int, float] = {}
    for r in rows:
        penalty = min(1.0, max(0.0, 1.0 - float(r["score"])))
        if r["alive_at"] is None or r["alive_at"] < stale_before:
            penalty = max(penalty, STALE_PENALTY)
        if penalty > 0:
            out[r["listing_id"]] = 1.0 - (1.0 - floor) * penalty
    return out


def demote(conn: Connection, scores: dict[int, float], now: datetime, settings: Settings | None = None) -> None:
    """Multiply ``scores`` in place by each listing's factor."""
    for lid, factor in factors(conn, list(scores), now, settings).items():
        scores[lid] *= factor
