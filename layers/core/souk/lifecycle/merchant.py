"""``GET /discovery/merchant?payTo=``: what Souk knows about one seller's listings, and why.

Every listing bound to the payTo (souk.catalog.bindings) with its status, health, first and last
verified and last settled times and the last status change's reason; plus the outcomes of the most
recent catalog events naming that payTo (souk.lifecycle.rejections), so a seller whose listing never
appeared can read the rejection code and reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from souk.config import Settings
from souk.db.types import Connection, one
from souk.errors import SoukError
from souk.isotime import iso_utc
from souk.lifecycle import rejections
from souk.lifecycle.view import HEALTH_COLUMNS, health_object
from souk.listing.filters import parse_int
from souk.listing.pay_to import PAY_TO, same_pay_to

PARAMS = frozenset({"payTo", "limit", "offset"})


def _pay_to(params: Mapping[str, list[str]]) -> str:
    unknown = sorted(k for k in params if k not in PARAMS)
    if unknown:
        raise SoukError(
            "unknown_parameter", f"unknown parameter(s) {', '.join(unknown)[:200]}; use payTo, limit, offset"
        )
    values = params.get("payTo") or []
    if not values or values == [""]:
        raise SoukError("missing_payTo", "payTo is required, e.g. /discovery/merchant?payTo=0x1234...")
    if len(values) > 1:
        raise SoukError("invalid_parameter", "payTo may be given once")
    if not PAY_TO.fullmatch(values[0]):
        raise SoukError("invalid_payTo", "payTo must be 1-128 printable characters without spaces")
    return values[0]


def merchant_view(
    conn: Connection, params: Mapping[str, list[str]], settings: Settings, *, now: datetime | None = None
) -> dict[str, Any]:
    pay_to = _pay_to(params)
    limit = parse_int(params, "limit", 100, 1, 500)
    offset = parse_int(params, "offset", 0, 0, 1_000_000)
    bound = f"SELECT b.listing_id FROM listing_bindings b WHERE {same_pay_to('b.pay_to', '%(p)s')}"
    total = one(conn.execute(f"SELECT count(*) AS n FROM ({bound}) x", {"p": pay_to}))["n"]
    rows = conn.execute(
        f"""SELECT l.id, l.listing_key, l.type, l.resource_url, l.method, l.tool_name, l.pay_to,
                   l.first_verified_at, l.last_verified_at, l.last_settled_at, {HEALTH_COLUMNS},
                   (SELECT c.reason FROM listing_status_changes c WHERE c.listing_id = l.id
                     ORDER BY c.changed_at DESC, c.id DESC LIMIT 1) AS last_change
            FROM listings l WHERE l.id IN ({bound})
            ORDER BY l.id LIMIT %(limit)s OFFSET %(offset)s""",
        {"p": pay_to, "limit": limit, "offset": offset},
    ).fetchall()
    listings = []
    for r in rows:
        health = health_object(r["health_row"], r["probes_7d"])
        item: dict[str, Any] = {
            "listingId": r["id"],
            "listingKey": r["listing_key"],
            "resource": r["resource_url"],
            "type": r["type"],
            "status": health["status"],
            "listed": health["status"] != "gone" and not health["delisted"],
            "health": health,
            "firstVerifiedAt": iso_utc(r["first_verified_at"]),
            "lastVerifiedAt": iso_utc(r["last_verified_at"]),
            "lastSettledAt": iso_utc(r["last_settled_at"]),
        }
        if r["method"]:
            item["method"] = r["method"]
        if r["tool_name"]:
            item["toolName"] = r["tool_name"]
        if r["last_change"]:
            item["statusReason"] = r["last_change"]
        if (r["health_row"] or {}).get("delist_reason"):
            item["delistReason"] = r["health_row"]["delist_reason"]
        listings.append(item)
    return {
        "payTo": pay_to,
        "listings": listings,
        "pagination": {"limit": limit, "offset": offset, "total": total},
        "recentEvents": rejections.recent(conn, pay_to, settings, now),
        "eventWindow": {"perPayTo": settings.payto_log_per_payto, "days": settings.payto_log_days},
    }
