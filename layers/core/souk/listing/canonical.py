"""The canonical search text of a listing: declared fields only, fixed order, deterministic.

Format (search-and-indexing docs):

    Service: Weather API
    Description: Returns current weather and forecasts for a city.
    Type: HTTP GET
    Parameters:
    - city (required): City name, required.
    Output: json
    Tags: weather, forecast
    Payment: stellar:testnet, exact, 0.001 USDC

MCP listings say ``Type: MCP tool`` and add ``Tool: <toolName>``. Missing fields are omitted, never
inferred. Control characters are flattened so seller text cannot forge extra lines.
"""

from __future__ import annotations

import re

from souk.listing.document import ListingDocument

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")


def _clean(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def canonical_text(doc: ListingDocument) -> str:
    lines: list[str] = []
    if doc.service_name:
        lines.append(f"Service: {_clean(doc.service_name)}")
    if doc.tool_name:
        lines.append(f"Tool: {_clean(doc.tool_name)}")
    lines.append(f"Resource: {_clean(doc.resource_url)}")
    if doc.description:
        lines.append(f"Description: {_clean(doc.description)}")
    lines.append("Type: MCP tool" if doc.type == "mcp" else f"Type: HTTP {doc.method}")
    if doc.params:
        lines.append("Parameters:")
        for p in doc.params:
            head = f"- {_clean(p.name)}" + (" (required)" if p.required else "")
            lines.append(f"{head}: {_clean(p.description)}" if p.description else head)
    if doc.output_type or doc.output_fields:
        out = _clean(doc.output_type or "")
        if doc.output_fields:
            out = f"{out} ({', '.join(_clean(f) for f in doc.output_fields)})".strip()
        lines.append(f"Output: {out}")
    if doc.tags:
        lines.append(f"Tags: {', '.join(_clean(t) for t in doc.tags)}")
    for pay in doc.payments:
        lines.append(f"Payment: {pay.network}, {pay.scheme}, {pay.human_amount()}")
    return "\n".join(lines)
