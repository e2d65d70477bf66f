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

from collections.abc import Mapping
from datetime import datetime, timedelta

from souk.config import Settings, get_settings
from souk.db.types import Connection
from souk.lifecycle.visibility import LISTED_SQL
from souk.search import candidates
from souk.search.candidates import Candidate

STALE_PENALTY = 0.5

__all__ = ["LISTED_SQL", "STALE_PENALTY", "demote", "factor", "factors"]


def factor(score: float, alive_at: datetime | None, now: datetime, settings: Settings) -> float:
    """The demotion factor of a probed listing with health ``score`` that was last alive at ``alive_at``."""
    penalty = min(1.0, max(0.0, 1.0 - score))
    if alive_at is None or alive_at < now - timedelta(hours=settings.health_stale_hours):
        penalty = max(penalty, STALE_PENALTY)
    return 1.0 - (1.0 - settings.health_demotion_floor) * penalty


def factors(conn: Connection, ids: list[int], now: datetime, settings: Settings | None = None) -> dict[int, float]:
    """The demotion factor of each demoted listing among ``ids`` (absent: factor 1)."""
    settings = settings or get_settings()
    out = {}
    for lid, c in candidates.read(conn, ids, now, settings.quality_window_days).items():
        if c.health_score is not None and (f := factor(c.health_score, c.alive_at, now, settings)) < 1.0:
            out[lid] = f
    return out


def demote(scores: dict[int, float], facts: Mapping[int, Candidate], now: datetime, settings: Settings) -> None:
    """Multiply ``scores`` in place by each probed candidate's factor."""
    for lid, c in facts.items():
        if lid in scores and c.health_score is not None:
            scores[lid] *= factor(c.health_score, c.alive_at, now, settings)
