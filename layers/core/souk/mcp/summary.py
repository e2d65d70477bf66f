"""A catalog item (souk.discovery.items wire shape) as an agent's ``ResourceSummary``, bounded in size.

Everything here is read from the item the HTTP API serves; nothing is looked up again. Seller text and
schemas are untrusted data, so the shape of every field is checked before it is copied.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from souk import assets
from souk.listing.payment_options import option_amount
from souk.mcp.models import PaymentOption, Quality, ResourceSummary
from souk.networks import TESTNETS, as_caip2

LIST_DESCRIPTION_CHARS = 600  # per result in a page; get_resource returns the whole description
PAGE_BUDGET_BYTES = 200_000  # input schemas beyond this in one page are left out (get_resource has them)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _plain(value: Decimal) -> str:
    text = format(value.normalize(assets.EXACT), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def on_testnet(network: str) -> bool:
    """A test network (its tokens are free), by CAIP-2 id or x402 v1 name."""
    return as_caip2(network) in TESTNETS


def production_first(options: list[PaymentOption]) -> list[PaymentOption]:
    """Options on production networks, then those on test networks, each group in its given order."""
    return sorted(options, key=lambda option: option.testnet)


def payment_option(accept: dict[str, Any], *, full: bool = False) -> PaymentOption:
    """``accept`` (an entry of the item's ``accepts``) as an agent reads it; ``full`` adds the seller's ``extra``
    and the requirements themselves, exactly as declared (what a client echoes as ``accepted``)."""
    network, asset, amount = str(accept.get("network", "")), str(accept.get("asset", "")), option_amount(accept) or ""
    known = assets.lookup(network, asset)
    testnet = on_testnet(network)
    # Test tokens are free: a test network's price has no dollar value, whatever the token is called.
    usd = None if testnet else assets.usd_value(network, asset, amount)
    decimal_amount = None
    if known is not None and amount.isdigit():
        decimal_amount = _plain(assets.whole_units(int(amount), known.decimals))
    timeout = accept.get("maxTimeoutSeconds")
    extra = accept.get("extra")
    return PaymentOption(
        scheme=str(accept.get("scheme", "")),
        network=network,
        testnet=testnet,
        asset=asset,
        # Only a known token has a symbol: a seller's extra.name may say "USDC" of any token.
        assetSymbol=known.symbol if known else None,
        decimals=known.decimals if known else None,
        amount=amount,
        amountDecimal=decimal_amount,
        usdPrice=float(usd) if usd is not None else None,
        payTo=str(accept.get("payTo", "")),
        maxTimeoutSeconds=timeout if isinstance(timeout, int) and not isinstance(timeout, bool) else None,
        extra=extra if full and isinstance(extra, dict) else None,
        requirements=accept if full else None,
    )


def _face_usd(accept: dict[str, Any]) -> Decimal | None:
    return assets.usd_value(str(accept.get("network", "")), str(accept.get("asset", "")), option_amount(accept) or "")


def _interface(item: dict[str, Any]) -> tuple[str | None, str | None, dict[str, Any] | None, dict[str, Any] | None]:
    """(toolName, method, inputSchema, inputExample) from the listing's Bazaar declaration."""
    bazaar = _dict(_dict(item.get("extensions")).get("bazaar"))
    info_input = _dict(_dict(bazaar.get("info")).get("input"))
    if item.get("type") == "mcp":
        schema = info_input.get("inputSchema")
        example = _dict(info_input.get("example")) or None
        return _str(info_input.get("toolName")), None, schema if isinstance(schema, dict) else None, example
    schema = _dict(_dict(_dict(bazaar.get("schema")).get("properties")).get("input")) or None
    method = _str(info_input.get("method"))
    return None, method.upper() if method else None, schema, info_input or None


def summarize(
    item: dict[str, Any], *, description_chars: int | None = LIST_DESCRIPTION_CHARS, full_payments: bool = False
) -> ResourceSummary:
    """The listing for an agent; ``full_payments`` (get_resource, how_to_pay) adds each option's ``extra`` and
    requirements as declared."""
    tool_name, method, schema, example = _interface(item)
    description = _str(item.get("description"))
    truncated = None
    if description and description_chars is not None and len(description) > description_chars:
        description, truncated = description[:description_chars].rstrip() + "…", True
    accepts = [a for a in item.get("accepts") or [] if isinstance(a, dict)]
    payments = production_first([payment_option(a, full=full_payments) for a in accepts])
    # As filters and "cheapest" price a listing (souk.listing.payment_options): on production networks unless it
    # is offered on test ones only, where the face value of the test-token price is what they compare.
    production = [a for a in accepts if not on_testnet(str(a.get("network", "")))]
    prices = [float(usd) for a in production or accepts if (usd := _face_usd(a)) is not None]
    tags = item.get("tags")
    return ResourceSummary(
        resource=item["resource"],
        type=item["type"],
        toolName=tool_name,
        method=method,
        serviceName=_str(item.get("serviceName")),
        description=description,
        descriptionTruncated=truncated,
        tags=[t for t in tags if isinstance(t, str)] if isinstance(tags, list) else None,
        inputSchema=schema,
        inputExample=example,
        payments=payments,
        cheapestUsd=min(prices) if prices else None,
        quality=Quality(**item["quality"]),
        matchStrength=(item.get("relevance") or {}).get("matchStrength"),
        lastUpdated=_str(item.get("lastUpdated")),
    )


def summarize_page(items: list[dict[str, Any]]) -> list[ResourceSummary]:
    """Summaries of a page, its input schemas within ``PAGE_BUDGET_BYTES`` (in rank order, first come first kept)."""
    out: list[ResourceSummary] = []
    spent = 0
    for item in items:
        summary = summarize(item)
        size = len(json.dumps([summary.inputSchema, summary.inputExample], default=str))
        if spent + size > PAGE_BUDGET_BYTES:
            summary.inputSchema = summary.inputExample = None
            summary.inputSchemaOmitted = True
        else:
            spent += size
        out.append(summary)
    return out
