"""``GET /discovery/resources``: the filtered, deterministically ordered catalog page."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from souk.config import Settings
from souk.db.snapshot import one_snapshot
from souk.db.types import Connection, one
from souk.discovery.items import ITEM_COLUMNS, quality_args, to_item
from souk.lifecycle.visibility import hidden_counts, status_clause
from souk.listing.filters import LIST_PARAMS, PAYMENT_PARAMS, filter_sql, parse_filters, parse_int

X402_VERSION = 2


def answer(
    conn: Connection, params: Mapping[str, list[str]], settings: Settings
) -> tuple[dict[str, Any], dict[str, str]]:
    """The listing page as HTTP answers it (body, headers): what souk.api.direct serves."""
    return list_resources(conn, params, settings), {}


def list_resources(
    conn: Connection, params: Mapping[str, list[str]], settings: Settings, *, now: datetime | None = None
) -> dict[str, Any]:
    filters = parse_filters(params, LIST_PARAMS | PAYMENT_PARAMS | {"status"})
    limit = parse_int(params, "limit", 20, 1, 100)
    offset = parse_int(params, "offset", 0, 0, 1_000_000)
    where, args = filter_sql(filters)
    # Gone and delisted listings are hidden after the spec filters (which stay exact); the body says how many.
    shown, shown_args, status_name = status_clause(params)
    # The hidden counts, the total and the page agree with each other (one snapshot), and the order never moves
    # a listing: by when it was first cataloged, so a crawler paging by offset while payments arrive (each one
    # used to move its listing first) sees every listing once, and new listings come at the end.
    with one_snapshot(conn):
        hidden = hidden_counts(conn, where, args | shown_args, shown)
        where, args = f"{where} AND {shown}", args | shown_args
        args |= {"limit": limit, "offset": offset} | quality_args(settings, now)
        total = one(conn.execute(f"SELECT count(*) AS n FROM listings l WHERE {where}", args))["n"]
        rows = conn.execute(
            f"SELECT {ITEM_COLUMNS} FROM listings l WHERE {where} ORDER BY l.id LIMIT %(limit)s OFFSET %(offset)s",
            args,
        ).fetchall()
    body: dict[str, Any] = {
        "x402Version": X402_VERSION,
        "items": [to_item(r, settings) for r in rows],
        "pagination": {"limit": limit, "offset": offset, "total": total},
    }
    body["hidden"] = hidden | {
        "status": status_name,
        "reason": "gone listings (their endpoint answers 404/410 or no payment request for long) are listed only"
        " with status=gone or status=any; listings an operator delisted are never listed",
    }
    if filters.unapplied:
        body["unappliedFilters"] = list(filters.unapplied)
    return body
