"""``GET /discovery/search``: parse, rank once per session, page through the stored ranking with cursors.

A search stores its ranked ids under a session id; cursors point into that snapshot, so pages never
overlap or skip even while the catalog changes underneath.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from souk.config import Settings
from souk.db.id_array import IdArray
from souk.db.types import Connection
from souk.discovery import sessions
from souk.discovery.items import ITEM_COLUMNS, quality_args, to_item
from souk.discovery.resources import X402_VERSION
from souk.errors import SoukError
from souk.listing.filters import Filters, filter_sql, parse_filters, parse_int
from souk.observability import record_search
from souk.search import cursor as cursors
from souk.search.pipeline import RankRequest, eligibility_sql, rank, read_pool_side
from souk.search.profile import DEFAULT_PROFILE, Profile
from souk.search.understanding import QueryTooLong, normalize_query, read_lines

SEARCH_PARAMS = frozenset(
    {"query", "type", "payTo", "scheme", "network", "extensions", "asset", "maxUsdPrice", "limit", "cursor"}
)
SESSION_HEADER = "x-search-session-id"
PROFILE_HEADER = "x-souk-profile"


@dataclass(frozen=True, slots=True)
class SearchResponse:
    body: dict[str, Any]
    session_id: uuid.UUID
    profile: Profile


def answer(
    conn: Connection, params: Mapping[str, list[str]], settings: Settings
) -> tuple[dict[str, Any], dict[str, str]]:
    """One search as HTTP answers it: the body, recorded (souk.observability), and its session and profile
    headers. Both the FastAPI route (souk.api.search) and the direct one (souk.api.direct) answer with this."""
    started = time.perf_counter()
    response = search(conn, params, settings)
    record_search(response.body, str(response.session_id), (time.perf_counter() - started) * 1000)
    return response.body, {SESSION_HEADER: str(response.session_id), PROFILE_HEADER: response.profile.header()}


def _query(params: Mapping[str, list[str]]) -> str:
    values = params.get("query")
    if not values or (len(values) == 1 and not values[0].strip()):
        raise SoukError("missing_query", "query is required, e.g. /discovery/search?query=weather+api")
    if len(values) > 1:
        raise SoukError("invalid_parameter", "query may be given once")
    return values[0]


def search(
    conn: Connection,
    params: Mapping[str, list[str]],
    settings: Settings,
    *,
    profile: Profile = DEFAULT_PROFILE,
    now: datetime | None = None,
) -> SearchResponse:
    query = _query(params)
    filters = parse_filters(params, SEARCH_PARAMS)
    limit = parse_int(params, "limit", 20, 1, 100)
    cursor_values = params.get("cursor") or []
    if len(cursor_values) > 1:
        raise SoukError("invalid_parameter", "cursor may be given once")
    token = cursor_values[0] if cursor_values else None
    normalized = normalize_query(query)
    # The text as it is read, case and lines kept ("weather GET" asks for GET, "weather get" does not): a later page
    # re-reads the constraints from the query it is sent with; spacing alone changes nothing.
    fingerprint = cursors.fingerprint(
        {"q": "\n".join(read_lines(query)), "f": filters.applied(), "limit": limit, "profile": profile.name}
    )
    secret = settings.cursor_secret.get_secret_value()

    served: int | None = None  # how far a stored session's pages had reached (a later page may go further)
    if token:
        cur = cursors.decode(token, secret, fingerprint)
        stored = sessions.load(conn, cur.session_id, settings)
        if stored is None:
            raise SoukError("cursor_expired", "the search session behind this cursor no longer exists; search again")
        session_id, ids, meta, served = cur.session_id, stored.ids, stored.meta, stored.served
        offset = cur.offset
    else:
        try:
            # Diversity is capped per window of 20 results whatever the page size: "5 per operator in 20" holds
            # for a client paging by 5 too, and every page size pages through one order.
            request = RankRequest(query, filters, profile, now)
            result = rank(conn, request, settings, profile, side=read_pool_side(settings))
        except QueryTooLong as exc:
            raise SoukError("query_too_long", str(exc)) from None
        session_id, ids, offset = uuid.uuid4(), result.listing_ids, 0
        meta = {
            "interpretedQuery": _with_parameters(result.interpreted.to_dict(), filters)
            | {"appliedFilters": result.applied},
            "searchMethod": result.search_method,
            "partialResults": result.partial,
            "degradedReason": result.degraded_reason,
            "unapplied": result.unapplied,
            "relevance": {
                "matchStrength": result.match_strength,
                "abstained": result.abstained,
                "abstainReason": result.abstain_reason,
                "evidence": result.evidence.to_dict() if result.evidence else None,
            },
            # one letter a ranked result (s strong, w weak), for every page of the session to say
            "strengths": "".join(strength[0] for strength in result.result_strengths),
        }

    # The first page was ranked in this transaction; a later one re-checks everything a result must pass.
    where, args = eligibility_sql(query, filters, profile) if token else filter_sql(filters)
    items, next_offset = _page(conn, ids, offset, limit, where, args, settings, now, meta.get("strengths") or "")
    if not token:
        # Compact, capped and expiring (souk.discovery.sessions); expired and surplus ones go as new ones arrive.
        # Stored last: its commit ends the search's one transaction (the page's items were read in it).
        session = sessions.Session(ids, meta, served=next_offset)
        sessions.store(conn, session_id, normalized, profile.name, session, settings)
    elif served is not None and next_offset > served:
        sessions.mark_served(conn, session_id, next_offset)  # what this page showed may now be reported
    next_cursor = (
        cursors.encode(cursors.Cursor(session_id, next_offset, fingerprint), secret) if next_offset < len(ids) else None
    )
    body: dict[str, Any] = {
        "x402Version": X402_VERSION,
        "resources": items,
        "partialResults": bool(meta["partialResults"]),
        "pagination": {"limit": limit, "cursor": next_cursor},
        "searchMethod": meta["searchMethod"],
        "interpretedQuery": meta["interpretedQuery"],
        "profile": profile.name,
        "sessionId": str(session_id),
    }
    if meta.get("relevance"):
        body["relevance"] = meta["relevance"]
    unapplied = sorted(set(filters.unapplied) | set(meta["unapplied"]))
    if unapplied:
        body["unappliedFilters"] = unapplied
    if meta.get("degradedReason"):
        body["degradedReason"] = meta["degradedReason"]
    return SearchResponse(body, session_id, profile)


def _with_parameters(interpreted: dict[str, Any], filters: Filters) -> dict[str, Any]:
    """The reading with its top-level ``networks``, ``type`` and ``maxUsdPrice`` as applied: an explicit parameter
    wins over the words, so it is what those fields say, and what the words said instead is kept in
    ``overriddenByParameters`` (a probe, 2026-12-07: ``network=base`` with "weather on solana" showed Solana there
    while Base was applied)."""
    overridden: dict[str, Any] = {}
    network = filters.payment_network
    if network is not None:
        if interpreted["networks"] and interpreted["networks"] != [network]:
            overridden["networks"] = interpreted["networks"]
        interpreted["networks"] = [network]
    if filters.type is not None:
        if interpreted["type"] not in (None, filters.type):
            overridden["type"] = interpreted["type"]
        interpreted["type"] = filters.type
        if filters.type == "mcp" and interpreted["method"] is not None:  # an MCP tool answers no HTTP method
            overridden["method"] = interpreted["method"]
            interpreted["method"] = None
    if filters.max_usd_price is not None:
        cap = filters.applied()["maxUsdPrice"]  # the spelling appliedFilters and the cursor use
        if interpreted["maxUsdPrice"] is not None and interpreted["maxUsdPrice"] != cap:
            overridden["maxUsdPrice"] = interpreted["maxUsdPrice"]
        interpreted["maxUsdPrice"], interpreted["maxUsdPriceStrict"] = cap, False
    if overridden:
        interpreted["overriddenByParameters"] = overridden
    return interpreted


_STRENGTH = {"s": "strong", "w": "weak"}


def _page(
    conn: Connection,
    ids: list[int],
    offset: int,
    limit: int,
    where: str,
    args: dict[str, object],
    settings: Settings,
    now: datetime | None,
    strengths: str = "",
) -> tuple[list[dict[str, Any]], int]:
    """Up to ``limit`` items from the stored ranking at ``offset``, and where the next page starts. With
    ``strengths`` (a letter a ranked result), each item says its own evidence (``relevance.matchStrength``).

    A stored listing that no longer passes (repriced out of the filter, delisted, gone) is skipped and the page is
    filled from the ranking after it, so a page is short only at the end: a client that stops at an empty or short
    page has seen everything (a probe, 2026-12-07: a repricing between pages left an empty page with a cursor)."""
    items: list[dict[str, Any]] = []
    position = offset
    while len(items) < limit and position < len(ids):
        chunk = ids[position : position + limit - len(items)]
        eligible = dict(_items_by_id(conn, chunk, where, args, settings, now))
        for listing_id in chunk:
            position += 1
            if listing_id in eligible:
                item = eligible[listing_id]
                if position <= len(strengths):
                    item["relevance"] = {"matchStrength": _STRENGTH[strengths[position - 1]]}
                items.append(item)
    return items, position


def _items_by_id(
    conn: Connection, ids: list[int], where: str, args: dict[str, object], settings: Settings, now: datetime | None
) -> list[tuple[int, dict[str, Any]]]:
    if not ids:
        return []
    rows = conn.execute(
        f"SELECT {ITEM_COLUMNS} FROM listings l WHERE l.id = ANY(%(ids)s) AND {where}",
        args
        | {"ids": IdArray(ids)}
        | quality_args(settings, now),
    ).fetchall()
    return [(r["id"], to_item(r, settings)) for r in rows]
