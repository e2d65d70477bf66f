"""One resolver of "<id or key>" for operators (seller moves, delist/relist, listing show)."""

from __future__ import annotations

from souk.db.types import Connection
from souk.errors import CatalogRejection, SoukError
from souk.listing.urls import canonical_url


def same_tool_name(column: str, param: str) -> str:
    """SQL true when the tool name in ``column`` is the one in ``param`` (a ``%(name)s``) as listing keys compare
    them: without the spaces around either (souk.catalog.extract.listing_key)."""
    return f"btrim({column}, ' ') = btrim({param}, ' ')"


def canonical_key(listing: str) -> str:
    """``listing`` with its URL part canonicalized, so an operator may type the URL as the seller wrote it."""
    kind, _, rest = listing.partition(" ")
    try:
        if kind == "http":
            method, _, url = rest.partition(" ")
            return f"http {method.upper()} {canonical_url(url)}"
        if kind == "mcp":
            url, _, tool = rest.partition(" ")
            return f"mcp {canonical_url(url)} {tool.strip()}"
    except CatalogRejection:
        pass
    return listing


def listing_id_of(conn: Connection, listing: str) -> int:
    """The id of the listing named by its numeric id or its listing key; 404 ``listing_not_found`` otherwise."""
    row = conn.execute(
        "SELECT id FROM listings WHERE listing_key = ANY(%s) OR id::text = %s ORDER BY listing_key = %s DESC LIMIT 1",
        ([listing, canonical_key(listing)], listing, listing),
    ).fetchone()
    if row is None:
        raise SoukError("listing_not_found", f"no listing with id or key {listing!r}", status_code=404)
    return int(row["id"])
