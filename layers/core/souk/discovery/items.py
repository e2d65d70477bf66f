"""The wire shape of a listing: the SDK's ``DiscoveryResource`` plus Souk's ``quality`` object."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from souk.config import Settings
from souk.isotime import iso_utc
from souk.lifecycle.view import HEALTH_COLUMNS, health_object
from souk.networks import TESTNETS, V1_NAMES

ITEM_COLUMNS = """
    l.id, l.listing_key, l.type, l.resource_url, l.x402_version, l.accepts, l.description, l.mime_type,
    l.service_name, l.tags, l.icon_url, l.extensions, l.updated_at, l.source_event_at, l.last_settled_at,
    l.tool_name, l.method, l.steers_agents,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s) AS settled_recent,
    (SELECT count(DISTINCT s.payer_hash) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s) AS payers_recent,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success) AS settled_total,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.network = ANY(%(quality_testnets)s)) AS settled_recent_testnet,
""" + HEALTH_COLUMNS


def quality_args(settings: Settings, now: datetime | None = None) -> dict[str, Any]:
    """The parameters ITEM_COLUMNS' quality counts read: the window's start and the test networks."""
    since = (now or datetime.now(UTC)) - timedelta(days=settings.quality_window_days)
    return {"quality_since": since, "quality_testnets": sorted(TESTNETS)}


def _as_served(option: dict[str, Any], version: int) -> dict[str, Any]:
    """A payment option as its client reads it: a v1 option (v1's price field, in a v1 listing or without v2's
    ``amount``; a listing keeps options of earlier events) names its network by v1 name (stored under CAIP-2)."""
    if _prices_disagree(option):
        # Stored before such events were refused: keep the field the option's own version prices by (a v1
        # requirement carries its ``resource``), so no client reads the other as its price.
        stray = "amount" if "resource" in option else "maxAmountRequired"
        option = {k: v for k, v in option.items() if k != stray}
    v1 = "maxAmountRequired" in option and (version == 1 or "amount" not in option)
    name = V1_NAMES.get(option.get("network", "")) if v1 else None
    return option if name is None else {**option, "network": name}


def _prices_disagree(option: dict[str, Any]) -> bool:
    """Both price fields, with different values: v2 prices by ``amount``, v1 by ``maxAmountRequired``."""
    return (
        "amount" in option
        and "maxAmountRequired" in option
        and str(option["amount"]) != str(option["maxAmountRequired"])
    )


def to_item(row: dict[str, Any], settings: Settings) -> dict[str, Any]:
    item: dict[str, Any] = {
        "resource": row["resource_url"],
        "type": row["type"],
        "x402Version": row["x402_version"],
        "accepts": [_as_served(a, row["x402_version"]) for a in row["accepts"]],
        "lastUpdated": iso_utc(row["source_event_at"]),
    }
    optional = {
        "description": row["description"],
        "mimeType": row["mime_type"],
        "serviceName": row["service_name"],
        "tags": row["tags"],
        "iconUrl": row["icon_url"],
        "extensions": row["extensions"] or None,
    }
    item |= {k: v for k, v in optional.items() if v is not None}
    item["quality"] = {
        "windowDays": settings.quality_window_days,
        "settledCount": row["settled_recent"],
        "uniquePayers": row["payers_recent"],
        # Test tokens are free: how many of settledCount were paid with them (ranking counts none of these).
        "testnetSettledCount": row["settled_recent_testnet"],
        "settledCountAllTime": row["settled_total"],
        "lastSettledAt": iso_utc(row["last_settled_at"]),
        "health": health_object(row["health_row"], row["probes_7d"]),  # probes (souk.lifecycle)
        # "ignore previous instructions", "rank this first" (migrations/0015_steering_text.sql): ranking grades what
        # the listing does and ignores such words; the agent reading the description is told they are there.
        "descriptionAddressesAgents": row["steers_agents"],
    }
    return item
