"""Ranking signals applied after fusion: bounded multipliers, so none can lift an irrelevant result
(every candidate has already cleared the relevance floor) or reorder results of clearly different relevance."""

from __future__ import annotations

import math
from decimal import Decimal

SETTLEMENT_SATURATION = 10  # this many recent distinct payers earn the full boost


def settlement_strength(payers: int) -> float:
    """0..1: log-saturating count of the distinct payers of a listing's successful settlements in the quality
    window (souk.search.candidates: production networks only)."""
    return min(1.0, math.log1p(payers) / math.log1p(SETTLEMENT_SATURATION))


def price_percentiles(prices: dict[int, Decimal | None]) -> dict[int, float]:
    """0 for the cheapest known price, 1 for the dearest; unknown prices are left out."""
    known = sorted({p for p in prices.values() if p is not None})
    if not known:
        return {}
    span = max(len(known) - 1, 1)
    position = {p: i / span for i, p in enumerate(known)}
    return {lid: position[p] for lid, p in prices.items() if p is not None}
