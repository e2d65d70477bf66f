"""Ranking signals applied after fusion: bounded multipliers, so none can lift an irrelevant result
(every candidate has already cleared the relevance floor) or reorder results of clearly different relevance."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from decimal import Decimal

from souk.db.id_array import IdArray
from souk.db.types import Connection

SETTLEMENT_SATURATION = 10  # this many recent settlements earn the full boost


def settlement_strength(conn: Connection, listing_ids: list[int], now: datetime, window_days: int) -> dict[int, float]:
    """0..1 per listing: log-saturating count of successful settlements in the window before ``now``."""
    if not listing_ids:
        return {}
    rows = conn.execute(
        """SELECT listing_id, count(*) AS n FROM settlements
           WHERE listing_id = ANY(%s) AND success AND settled_at > %s AND settled_at <= %s
           GROUP BY listing_id""",
        (IdArray(listing_ids), now - timedelta(days=window_days), now),
    ).fetchall()
    scale = math.log1p(SETTLEMENT_SATURATION)
    return {r["listing_id"]: min(1.0, math.log1p(r["n"]) / scale) for r in rows}


def price_percentiles(prices: dict[int, Decimal | None]) -> dict[int, float]:
    """0 for the cheapest known price, 1 for the dearest; unknown prices are left out."""
    known = sorted({p for p in prices.values() if p is not None})
    if not known:
        return {}
    span = max(len(known) - 1, 1)
    position = {p: i / span for i, p in enumerate(known)}
    return {lid: position[p] for lid, p in prices.items() if p is not None}
