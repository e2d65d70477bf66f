"""What each MCP tool does: the same ``souk.discovery`` call its HTTP endpoint makes, then a summary.

Arguments become the query parameters the HTTP API would receive (``{name: [value]}``), so filters are
parsed, validated and applied by the same code, with the same error codes, and search ranks through
the one pipeline, stores its session and pages by its cursors.
"""

from __future__ import annotations

from typing import Any

from souk.config import Settings
from souk.db.types import Connection
from souk.discovery.conversions import record_conversion
from souk.discovery.resources import list_resources
from souk.discovery.search import search
from souk.mcp.lookup import find_listing
from souk.mcp.models import (
    ConversionResult,
    HowToPayArguments,
    ListArguments,
    ListingRef,
    ListPagination,
    ListResult,
    PaymentGuide,
    ReportArguments,
    ResourceDetail,
    SearchArguments,
    SearchResult,
)
from souk.mcp.payment import payment_guide
from souk.mcp.summary import summarize, summarize_page


def _params(arguments: dict[str, Any]) -> dict[str, list[str]]:
    return {name: [str(value)] for name, value in arguments.items() if value is not None}


def search_resources(conn: Connection, args: SearchArguments, settings: Settings, client: str | None) -> SearchResult:
    # limit is always passed: the cursor is bound to it, and the MCP default differs from the HTTP one.
    body = search(conn, _params(args.model_dump()), settings).body
    return SearchResult(
        query=args.query,
        results=summarize_page(body["resources"]),
        nextCursor=body["pagination"]["cursor"],
        sessionId=body["sessionId"],
        searchMethod=body["searchMethod"],
        partialResults=body["partialResults"],
        interpretedQuery=body["interpretedQuery"],
        relevance=body.get("relevance"),
        unappliedFilters=body.get("unappliedFilters"),
        degradedReason=body.get("degradedReason"),
        profile=body["profile"],
    )


def list_catalog(conn: Connection, args: ListArguments, settings: Settings, client: str | None) -> ListResult:
    body = list_resources(conn, _params(args.model_dump()), settings)
    page = body["pagination"]
    following = page["offset"] + page["limit"]
    return ListResult(
        results=summarize_page(body["items"]),
        pagination=ListPagination(**page, nextOffset=following if following < page["total"] else None),
        hidden=body.get("hidden"),
        unappliedFilters=body.get("unappliedFilters"),
    )


def get_resource(conn: Connection, args: ListingRef, settings: Settings, client: str | None) -> ResourceDetail:
    item = find_listing(conn, args.resource, args.toolName, args.method, settings)
    return ResourceDetail(summary=summarize(item, description_chars=None, full_payments=True), item=item)


def how_to_pay(conn: Connection, args: HowToPayArguments, settings: Settings, client: str | None) -> PaymentGuide:
    item = find_listing(conn, args.resource, args.toolName, args.method, settings)
    return payment_guide(item, args.network)


def report_invocation(
    conn: Connection, args: ReportArguments, settings: Settings, client: str | None
) -> ConversionResult:
    # The HTTP endpoint's own validation, caps and per-client token buckets (keyed on the caller's address).
    outcome = record_conversion(conn, args.model_dump(exclude_none=True), settings, client)
    return ConversionResult(**outcome)
