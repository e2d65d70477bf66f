"""One listing by its URL (any spelling of it) plus tool name or method, in the HTTP API's item shape."""

from __future__ import annotations

from typing import Any

from souk.config import Settings
from souk.db.types import Connection
from souk.discovery.items import ITEM_COLUMNS, quality_args, to_item
from souk.errors import CatalogRejection, SoukError
from souk.lifecycle.visibility import status_clause
from souk.listing.lookup import same_tool_name
from souk.listing.urls import canonical_url
from souk.mcp.models import ListingChoice

MAX_CHOICES = 20
_ARGUMENT = {"mcp": "toolName", "http": "method"}
_EITHER_ARGUMENT = "toolName (an MCP tool) or method (an HTTP endpoint)"


class AmbiguousResource(SoukError):
    """Several listings share the URL. Each of ``choices`` says its kind and the arguments that name it: an MCP
    tool's ``toolName`` on its server, an HTTP endpoint's ``method`` at its URL, so a tool named like a method
    (``GET``) is still told apart. A tool name is the seller's text, so it stays out of ``reason`` (Souk's own
    words) and is only ever shown quoted as data."""

    def __init__(self, choices: list[ListingChoice], more: bool) -> None:
        count = f"more than {len(choices)}" if more else str(len(choices))
        shown = f" (the first {len(choices)})" if more else ""
        kinds = {choice.type for choice in choices}
        what = _ARGUMENT[kinds.pop()] if len(kinds) == 1 else _EITHER_ARGUMENT
        super().__init__(
            "ambiguous_resource", f"{count} listings share that URL; pass the {what} of one of the choices{shown}"
        )
        self.choices = choices
        self.more = more


def find_listing(
    conn: Connection, resource: str, tool_name: str | None, method: str | None, settings: Settings
) -> dict[str, Any]:
    """The listing's item; ``not_found`` when none matches, ``ambiguous_resource`` (with the choices) for several."""
    try:
        # The catalog keys listings by canonical URL, so any spelling of a result's URL names it.
        url = canonical_url(resource)
    except CatalogRejection as exc:
        raise SoukError("invalid_resource", f"resource is not a URL Souk can catalog: {exc.reason}") from None
    # Asked for by name, a gone listing is shown (its item says so in quality.health); a delisted one never is.
    shown, shown_args, _ = status_clause({"status": ["any"]})
    rows = conn.execute(
        f"SELECT {ITEM_COLUMNS} FROM listings l WHERE l.resource_url = %(url)s"
        f" AND (%(tool)s::text IS NULL OR {same_tool_name('l.tool_name', '%(tool)s')})"
        " AND (%(method)s::text IS NULL OR l.method = %(method)s)"
        f" AND {shown} ORDER BY l.listing_key LIMIT %(limit)s",
        shown_args
        | {
            "url": url,
            "tool": tool_name,
            "method": method.upper() if method else None,
            "limit": MAX_CHOICES + 1,
        }
        | quality_args(settings),
    ).fetchall()
    if not rows:
        raise SoukError("not_found", "no listing has that URL (and tool name or method)", status_code=404)
    if len(rows) > 1:
        # The catalog guarantees an MCP listing its tool name and an HTTP one its method (migrations/0001).
        choices = [
            ListingChoice(type=r["type"], resource=r["resource_url"], toolName=r["tool_name"], method=r["method"])
            for r in rows[:MAX_CHOICES]
        ]
        raise AmbiguousResource(choices, more=len(rows) > MAX_CHOICES)
    return to_item(rows[0], settings)
