"""The wire shape of a listing's health (``quality.health`` in items, ``health`` in the seller view)."""

from __future__ import annotations

from typing import Any

from souk.isotime import iso_utc

UPTIME_DAYS = 7

# SQL select-list entries (alias ``l``): the health row as JSON and [probes, healthy probes] over 7 days.
HEALTH_COLUMNS = """
    (SELECT to_jsonb(h) FROM listing_health h WHERE h.listing_id = l.id) AS health_row,
    (SELECT array[count(*), count(*) FILTER (WHERE p.healthy)] FROM probe_results p
        WHERE p.listing_id = l.id AND p.probed_at > now() - interval '7 days') AS probes_7d
"""


def health_object(row: dict[str, Any] | None, probes_7d: list[int] | None) -> dict[str, Any]:
    """Status, last probe and its outcome, uptime over 7 days; a never-probed listing is active with nulls."""
    row = row or {}
    probes, healthy = (probes_7d or [0, 0])[:2]
    return {
        "status": row.get("status", "active"),
        "delisted": bool(row.get("delisted", False)),
        "lastProbeAt": iso_utc(row.get("last_probe_at")),
        "lastOutcome": row.get("last_outcome"),
        "lastHealthyAt": iso_utc(row.get("last_ok_at")),
        "uptime7d": round(healthy / probes, 4) if probes else None,
        "probes7d": probes,
        "score": round(float(row["score"]), 4) if "score" in row else None,
    }
