"""The wire shape of a listing: the SDK's ``DiscoveryResource`` plus Souk's ``quality`` object."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from souk.config import Settings
from souk.isotime import iso_utc
from souk.lifecycle.view import HEALTH_COLUMNS, health_object
from souk.listing.extensions import public_extensions
from souk.listing.payment_options import option_amount
from souk.networks import PRODUCTION_NETWORKS, TESTNETS, V1_NAMES

ITEM_COLUMNS = """
    l.id, l.listing_key, l.type, l.resource_url, l.x402_version, l.accepts, l.description, l.mime_type,
    l.service_name, l.tags, l.icon_url, l.extensions, l.updated_at, l.source_event_at, l.last_settled_at,
    l.tool_name, l.method, l.steers_agents, coalesce(l.keyword_stuffed, false) AS keyword_stuffed,
    (SELECT coalesce(sum(h.settled_paid), 0)::bigint FROM settlement_hours h WHERE h.listing_id = l.id
        AND h.hour > %(quality_since_hour)s AND h.network = ANY(%(quality_production)s))
    + (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.settled_at < %(quality_since_hour)s + interval '1 hour'
        AND s.network = ANY(%(quality_production)s) AND s.amount > 0
    ) AS settled_recent,
    (SELECT count(DISTINCT p.payer) FROM settlement_payers p WHERE p.listing_id = l.id AND NOT p.anonymous
        AND p.last_settled_at > %(quality_since)s AND p.network = ANY(%(quality_production)s))
    -- settlements reported with no payer at all are one payer together (souk.search.candidates)
    + (EXISTS (SELECT FROM settlement_hours h WHERE h.listing_id = l.id AND h.anonymous_paid > 0
        AND h.hour > %(quality_since_hour)s AND h.network = ANY(%(quality_production)s))
      OR EXISTS (SELECT FROM settlements s WHERE s.listing_id = l.id AND s.success AND s.payer_hash IS NULL
        AND s.settled_at > %(quality_since)s AND s.settled_at < %(quality_since_hour)s + interval '1 hour'
        AND s.network = ANY(%(quality_production)s) AND s.amount > 0))::int
    AS payers_recent,
    (SELECT coalesce(sum(t.settled_paid), 0)::bigint FROM settlement_totals t WHERE t.listing_id = l.id
        AND t.network = ANY(%(quality_production)s)) AS settled_total,
    (SELECT coalesce(sum(h.settled), 0)::bigint FROM settlement_hours h WHERE h.listing_id = l.id
        AND h.hour > %(quality_since_hour)s AND h.network = ANY(%(quality_testnets)s))
    + (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.settled_at < %(quality_since_hour)s + interval '1 hour'
        AND s.network = ANY(%(quality_testnets)s)) AS settled_recent_testnet,
""" + HEALTH_COLUMNS


def quality_args(settings: Settings, now: datetime | None = None) -> dict[str, Any]:
    """The parameters ITEM_COLUMNS' quality counts read: the window's start, the test and the production networks."""
    since = (now or datetime.now(UTC)) - timedelta(days=settings.quality_window_days)
    # Whole hours after the window's start are summed from settlement_hours (migration 0026); the settlements of the
    # hour it starts in are counted one by one.
    since_hour = since.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
    return {
        "quality_since": since,
        "quality_since_hour": since_hour,
        "quality_testnets": sorted(TESTNETS),
        "quality_production": sorted(PRODUCTION_NETWORKS),  # sales count on these only (souk.networks)
    }


# The fields only an x402 v1 PaymentRequirements has: v2 moved the resource's own to PaymentRequired.resource.
_V1_ONLY = ("maxAmountRequired", "resource", "description", "mimeType", "outputSchema")


def _served(option: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """An entry of ``accepts`` as the item's ``x402Version`` reads it (``_in_version``), named as its client
    names networks (``_as_served``)."""
    version = row["x402_version"]
    return _as_served(_in_version(_one_price(option), version, row), version)


def _in_version(option: dict[str, Any], version: int, row: dict[str, Any]) -> dict[str, Any]:
    """A payment option in the shape of the listing's ``x402Version``, so the x402 SDK's model of that version
    (``PaymentRequirements``, ``PaymentRequirementsV1``) parses every option of the item.

    A listing keeps the options of every event for its URL and method, of either protocol version, while its
    ``x402Version`` is the newest event's (as are its text and metadata). An option declared in the other version
    is converted, never dropped (the network and price filters read every stored option, so the served item shows
    each of them): in a v2 item a v1 option is priced by ``amount`` (its ``maxAmountRequired``) without v1's
    resource fields; in a v1 item a v2 option gets ``maxAmountRequired`` (its ``amount``) and the listing's
    ``resource`` (and description and MIME type, when it has them), and its network is then served by its v1 name
    (``_as_served``; a network with none stays CAIP-2, as for a v1 option). An ``extra`` that is no object (stored
    before such events were refused) is left out: ``extra`` is optional in both versions. What is stored stays as
    the seller declared it; only the served copy changes."""
    extra = option.get("extra")
    if "extra" in option and not isinstance(extra, dict) and not (extra is None and version == 1):
        option = {k: v for k, v in option.items() if k != "extra"}
    if version == 1:
        if "maxAmountRequired" in option and "resource" in option:
            return option  # declared in v1
        price = option_amount(option)
        described = {"description": row.get("description"), "mimeType": row.get("mime_type")}
        v1 = {k: v for k, v in option.items() if k not in ("amount", *_V1_ONLY)}
        return (
            v1
            | {"maxAmountRequired": price, "resource": row["resource_url"]}
            | {k: v for k, v in described.items() if isinstance(v, str)}
        )
    if "amount" in option:
        return option  # declared in v2 (or a v1 option that states the same price under both names)
    v2 = {k: v for k, v in option.items() if k not in _V1_ONLY}
    return v2 | {"amount": option_amount(option)}


def _one_price(option: dict[str, Any]) -> dict[str, Any]:
    """Stored before events with two disagreeing prices were refused: keep the field the option's own version
    prices by (a v1 requirement carries its ``resource``), so no client reads the other as its price."""
    if not _prices_disagree(option):
        return option
    stray = "amount" if "resource" in option else "maxAmountRequired"
    return {k: v for k, v in option.items() if k != stray}


def _as_served(option: dict[str, Any], version: int) -> dict[str, Any]:
    """A payment option as its client reads it: a v1 option (v1's price field, in a v1 listing or without v2's
    ``amount``; a listing keeps options of earlier events) names its network by v1 name (stored under CAIP-2)."""
    option = _one_price(option)
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
        "accepts": [_served(a, row) for a in row["accepts"]],
        "lastUpdated": iso_utc(row["source_event_at"]),
    }
    optional = {
        "description": row["description"],
        "mimeType": row["mime_type"],
        "serviceName": row["service_name"],
        "tags": row["tags"],
        "iconUrl": row["icon_url"],
        # As stored since extensions are cataloged public; a row written before that is cut the same way here.
        "extensions": public_extensions(row["extensions"]) or None,
    }
    item |= {k: v for k, v in optional.items() if v is not None}
    # Paid calls and payers count production networks only, and no $0 settlement: test tokens are free, and 30
    # self-paid testnet calls read as 30 sales (red team, 2026-12-06). Those are counted apart; ranking counts
    # none of them either.
    item["quality"] = {
        "windowDays": settings.quality_window_days,
        "settledCount": row["settled_recent"],
        "uniquePayers": row["payers_recent"],
        "testnetSettledCount": row["settled_recent_testnet"],
        "settledCountAllTime": row["settled_total"],
        "lastSettledAt": iso_utc(row["last_settled_at"]),
        "health": health_object(row["health_row"], row["probes_7d"]),  # probes (souk.lifecycle)
        # "ignore previous instructions", "rank this first" (migrations/0015_steering_text.sql): ranking grades what
        # the listing does and ignores such words; the agent reading the description is told they are there.
        "descriptionAddressesAgents": row["steers_agents"],
        # a keyword list repeating its words ("fx fx fx cheap best forex"; souk.catalog.stuffing): search halves it
        "descriptionKeywordStuffed": row["keyword_stuffed"],
    }
    return item
