"""Build facilitator events (the shape Souk catalogs) from a compact listing description.

A facilitator event is one verified or settled x402 v2 payment:

    {"event": "verified" | "settled",
     "observedAt": "2026-10-20T12:00:00Z",
     "paymentPayload": {x402Version, resource{url, description, mimeType, serviceName, tags},
                        accepted{PaymentRequirements}, payload{...}, extensions{bazaar{...}}},
     "paymentRequirements": {PaymentRequirements},
     "settlement": {"success", "transaction", "network", "payer", "amount"}   # settled only}

The bazaar extension is produced by the x402 SDK's own declare functions, so fixtures carry exactly
what a real resource server would send.
"""

from __future__ import annotations

import base64
import copy
import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from x402.extensions.bazaar import OutputConfig, declare_discovery_extension
from x402.extensions.bazaar.resource_service import DeclareMcpDiscoveryConfig, declare_mcp_discovery_extension

from souk import assets

QUERY_METHODS = frozenset({"GET", "HEAD", "DELETE"})


@dataclass
class Param:
    name: str
    type: str = "string"
    description: str | None = None
    required: bool = False
    enum: list[str] | None = None


@dataclass
class Listing:
    """A seller's declaration, as compact as a fixture author wants to write it."""

    url: str
    pay_to: str
    network: str
    amount: str  # atomic units of the asset
    description: str | None = None
    kind: Literal["http", "mcp"] = "http"
    method: str = "GET"  # ignored for MCP
    tool_name: str | None = None  # MCP only
    asset_symbol: str = "USDC"
    asset: str | None = None  # explicit address; defaults to the symbol's address on the network
    scheme: str = "exact"
    service_name: str | None = None
    tags: list[str] | None = None
    mime_type: str = "application/json"
    params: list[Param] = field(default_factory=list)
    example_input: dict[str, Any] | None = None
    output_example: dict[str, Any] | None = None
    route_template: str | None = None
    path_params: list[Param] = field(default_factory=list)
    body_type: Literal["json", "form-data", "text"] = "json"


def _schema(params: list[Param]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for p in params:
        prop: dict[str, Any] = {"type": p.type}
        if p.description:
            prop["description"] = p.description
        if p.enum:
            prop["enum"] = p.enum
        properties[p.name] = prop
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [p.name for p in params if p.required]
    if required:
        schema["required"] = required
    return schema


def bazaar_extension(listing: Listing) -> dict[str, Any]:
    """The ``bazaar`` extension object a resource server would declare for ``listing``."""
    output = OutputConfig(example=listing.output_example) if listing.output_example is not None else None
    if listing.kind == "mcp":
        if not listing.tool_name:
            raise ValueError("an MCP listing needs tool_name")
        ext = declare_mcp_discovery_extension(
            DeclareMcpDiscoveryConfig(
                tool_name=listing.tool_name,
                input_schema=_schema(listing.params),
                description=listing.description,
                example=listing.example_input,
                output=output,
            )
        )["bazaar"]
        return ext
    method = listing.method.upper()
    is_query = method in QUERY_METHODS
    ext = declare_discovery_extension(
        input=listing.example_input,
        input_schema=_schema(listing.params) if listing.params else None,
        path_params_schema=_schema(listing.path_params) if listing.path_params else None,
        body_type=None if is_query else listing.body_type,
        output=output,
    )["bazaar"]
    ext["info"]["input"]["method"] = method
    if listing.route_template:
        ext["routeTemplate"] = listing.route_template
    return ext


def requirements(listing: Listing) -> dict[str, Any]:
    asset = listing.asset or assets.address_of(listing.network, listing.asset_symbol)
    if asset is None:
        raise ValueError(f"no known {listing.asset_symbol} address on {listing.network}; pass asset=")
    extra = {"name": listing.asset_symbol, "version": "2"} if listing.network.startswith("eip155:") else {}
    return {
        "scheme": listing.scheme,
        "network": listing.network,
        "amount": listing.amount,
        "asset": asset,
        "payTo": listing.pay_to,
        "maxTimeoutSeconds": 60,
        "extra": extra,
    }


def _fake_hex(seed: str, length: int) -> str:
    out = ""
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(f"{seed}:{counter}".encode()).hexdigest()
        counter += 1
    return out[:length]


def event(
    listing: Listing,
    *,
    kind: Literal["verified", "settled"] = "verified",
    observed_at: datetime,
    payer: str = "0xpayer",
) -> dict[str, Any]:
    """One facilitator event for ``listing``; ``payer`` appears only in the raw event, never stored in clear."""
    reqs = requirements(listing)
    resource: dict[str, Any] = {"url": listing.url, "mimeType": listing.mime_type}
    if listing.description is not None:
        resource["description"] = listing.description
    if listing.service_name is not None:
        resource["serviceName"] = listing.service_name
    if listing.tags is not None:
        resource["tags"] = listing.tags
    seed = f"{listing.url}|{listing.tool_name}|{observed_at.isoformat()}|{payer}"
    payload = {
        "x402Version": 2,
        "resource": resource,
        "accepted": copy.deepcopy(reqs),
        "payload": {"signature": "0x" + _fake_hex(seed, 130)},
        "extensions": {"bazaar": bazaar_extension(listing)},
    }
    doc: dict[str, Any] = {
        "event": kind,
        "observedAt": observed_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "paymentPayload": payload,
        "paymentRequirements": reqs,
    }
    if kind == "settled":
        doc["settlement"] = {
            "success": True,
            "transaction": _fake_hex("tx:" + seed, 64),
            "network": listing.network,
            "payer": payer,
            "amount": reqs["amount"],
        }
    return doc


def history(
    listing: Listing,
    *,
    listed_at: datetime,
    settlements: list[tuple[datetime, str]] = (),  # type: ignore[assignment]
) -> list[dict[str, Any]]:
    """A verified event at ``listed_at`` followed by settled events at (time, payer) pairs."""
    events = [event(listing, observed_at=listed_at)]
    events += [event(listing, kind="settled", observed_at=at, payer=payer) for at, payer in settlements]
    return events


def days_before(clock: datetime, days: float) -> datetime:
    return clock - timedelta(days=days)


_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _crc16_xmodem(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _base58(data: bytes) -> str:
    num = int.from_bytes(data, "big")
    out = ""
    while num:
        num, rem = divmod(num, 58)
        out = _BASE58[rem] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def fixture_address(network: str, key: bytes) -> str:
    """A made-up but syntactically valid address for ``network``'s family from 32 key bytes: EVM hex, a
    Stellar StrKey account (version byte G, CRC16 checksum), or Solana base58. It belongs to no one."""
    if network.startswith("eip155:"):
        return "0x" + key.hex()[:40]
    if network.startswith("stellar:"):
        body = bytes([6 << 3]) + key  # version byte of an ed25519 public key ("G...")
        return base64.b32encode(body + _crc16_xmodem(body).to_bytes(2, "little")).decode()
    if network.startswith("solana:"):
        return _base58(key)
    raise ValueError(f"no address family for {network}")
