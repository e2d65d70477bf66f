"""What the routers declare for the OpenAPI document: parameters, request bodies and responses.

Documentation only. Souk parses its own query strings and bodies (souk.listing.filters, loads_event,
conversions.parse_body), so that an unknown parameter is named in ``unappliedFilters`` and a malformed
value is ``400 {"error", "reason"}`` with Souk's own error code. Declaring the parameters as typed
FastAPI ``Query`` arguments would let FastAPI validate first and answer with its codes instead, and a
required ``query`` would stop being ``missing_query``; so parameters and bodies are attached to each
operation as plain OpenAPI objects (``openapi_extra``) and the handlers keep reading the raw request.
Response models are loose (extra fields allowed) and are never used to serialize a response.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from souk.discovery.conversions import MAX_RESOURCE_CHARS, METHODS
from souk.lifecycle.visibility import STATUS_CHOICES
from souk.networks import (
    BASE,
    BASE_SEPOLIA,
    CAIP2_PATTERN,
    LEGACY_ALIASES,
    SOLANA,
    SOLANA_DEVNET,
    STELLAR_PUBNET,
    STELLAR_TESTNET,
)
from souk.search.understanding import MAX_QUERY_CHARS

# The same grammar souk.listing.filters enforces, so generated "valid" values really are valid.
TOKEN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
LISTING_TYPE = r"^([Hh][Tt][Tt][Pp]|[Mm][Cc][Pp])$"  # what parse_filters accepts: http or mcp, in any case
ADDRESS = r"^[\x21-\x7e]{1,128}$"
AMOUNT = r"^[0-9]{1,78}$"
NETWORKS = [BASE, BASE_SEPOLIA, SOLANA, SOLANA_DEVNET, STELLAR_PUBNET, STELLAR_TESTNET]
CATALOG_SECURITY = "catalogBearer"


class ErrorBody(BaseModel):
    """Every 4xx and 503: a stable machine code and a non-empty human reason."""

    model_config = ConfigDict(extra="allow")
    error: str
    reason: str


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow")


class ResourcesPagination(_Loose):
    limit: int
    offset: int
    total: int


class ResourcesPage(_Loose):
    x402Version: int
    items: list[dict[str, Any]]
    pagination: ResourcesPagination
    unappliedFilters: list[str] | None = None


class SearchPagination(_Loose):
    limit: int
    cursor: str | None


class SearchPage(_Loose):
    x402Version: int
    resources: list[dict[str, Any]]
    partialResults: bool
    pagination: SearchPagination
    searchMethod: str
    interpretedQuery: dict[str, Any]
    profile: str
    sessionId: str


class ConversionOutcome(_Loose):
    recorded: bool
    outcome: str
    rank: int


class CatalogOutcome(_Loose):
    status: str


class SearchStatus(_Loose):
    """Provider health, active generation, queue depth, coverage, profile and degraded reason."""

    unappliedFilters: list[str] | None = Field(default=None, description="Query parameters the route does not take.")


_ERROR_TEXT = {
    400: "Malformed parameter or body (Souk's own error code in `error`).",
    401: "Missing or wrong catalog bearer token.",
    404: "Unknown search session, or a resource that was not among its results.",
    413: "The request body is too large.",
    415: "Content-Type is not application/json.",
    422: "The event is well-formed but Souk will not catalog it (nothing was written).",
    429: "Rate limited; see Retry-After.",
    503: "The database is unreachable, saturated or too slow; see Retry-After.",
}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "integer"}}}


def responses(ok: type[BaseModel], *codes: int, ok_headers: dict[str, Any] | None = None) -> dict[int | str, Any]:
    """The ``responses=`` of a route: its 200 model and an ``ErrorBody`` for each error status."""
    out: dict[int | str, Any] = {200: {"model": ok, "description": "OK"}}
    if ok_headers:
        out[200]["headers"] = ok_headers
    for code in codes:
        entry: dict[str, Any] = {"model": ErrorBody, "description": _ERROR_TEXT[code]}
        if code in (429, 503):
            entry["headers"] = _RETRY_AFTER
        out[code] = entry
    return out


def _param(name: str, schema: dict[str, Any], description: str, *, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


def _filter_params() -> list[dict[str, Any]]:
    return [
        _param("type", {"type": "string", "pattern": LISTING_TYPE}, "Listing type: `http` or `mcp` (any case)."),
        _param("payTo", {"type": "string", "pattern": ADDRESS}, "The seller's payTo address."),
        _param("scheme", {"type": "string", "pattern": TOKEN}, "Payment scheme, e.g. `exact`."),
        _param(
            "network",
            {"anyOf": [{"type": "string", "pattern": CAIP2_PATTERN}, {"enum": sorted(LEGACY_ALIASES)}]},
            "A CAIP-2 network id (`eip155:8453`, `stellar:pubnet`) or a known legacy name (`base`).",
        ),
        _param("extensions", {"type": "string", "pattern": TOKEN}, "A declared extension, e.g. `bazaar`."),
    ]


def _payment_params() -> list[dict[str, Any]]:
    """Souk's filters beyond the Bazaar's, held by one payment option together with ``network``/``scheme``/``payTo``."""
    return [
        _param(
            "asset",
            {"type": "string", "pattern": ADDRESS},
            "An asset symbol (`USDC`), an address, or a CAIP-19 asset id naming the network too "
            "(`eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913`).",
        ),
        _param(
            "maxUsdPrice",
            {"type": "number", "minimum": 0, "exclusiveMaximum": 1e9},
            "Highest price per call, in US dollars.",
        ),
    ]


def _limit() -> dict[str, Any]:
    return _param("limit", {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}, "Page size.")


def list_extra() -> dict[str, Any]:
    """``GET /discovery/resources``: the Bazaar filters and offset pagination."""
    offset = _param("offset", {"type": "integer", "minimum": 0, "maximum": 1_000_000, "default": 0}, "Page start.")
    status = _param(
        "status",
        {"type": "string", "enum": list(STATUS_CHOICES)},
        "Listing status: by default (or `default`) every status but `gone`; a status name lists only that status,"
        " `any` all of them. Delisted listings are never listed.",
    )
    return {"parameters": [*_filter_params(), *_payment_params(), status, _limit(), offset]}


def search_extra() -> dict[str, Any]:
    """``GET /discovery/search``: the intent, the filters, a price cap and cursor pagination."""
    return {
        "parameters": [
            _param(
                "query",
                {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS},
                "What the agent needs, in words; constraints in it are read and applied.",
                required=True,
            ),
            *_filter_params(),
            *_payment_params(),
            _limit(),
            _param("cursor", {"type": "string"}, "`pagination.cursor` of the previous page, unchanged."),
        ]
    }


def _json_body(schema: dict[str, Any], description: str) -> dict[str, Any]:
    content = {"application/json": {"schema": schema}}
    return {"requestBody": {"required": True, "description": description, "content": content}}


_REQUIREMENTS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "scheme": {"type": "string", "enum": ["exact"]},
        "network": {"type": "string", "enum": NETWORKS},
        "amount": {"type": "string", "pattern": AMOUNT},
        "asset": {"type": "string", "pattern": ADDRESS},
        "payTo": {"type": "string", "pattern": ADDRESS},
        "maxTimeoutSeconds": {"type": "integer", "minimum": 1},
        "extra": {"type": "object"},
    },
    "required": ["scheme", "network", "amount", "asset", "payTo"],
}

_RESOURCE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "url": {"type": "string", "format": "uri"},
        "description": {"type": "string", "maxLength": 4000},
        "mimeType": {"type": "string"},
        "serviceName": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["url"],
}


def catalog_extra() -> dict[str, Any]:
    """``POST /catalog/v1/events``: an x402 v2 payment event (v1 is accepted through the SDK's fallback)."""
    event = {
        "type": "object",
        "properties": {
            "event": {"type": "string", "enum": ["verified", "settled"]},
            "observedAt": {"type": "string", "format": "date-time"},
            "paymentPayload": {
                "type": "object",
                "properties": {
                    "x402Version": {"type": "integer", "enum": [1, 2]},
                    "resource": _RESOURCE,
                    "accepted": _REQUIREMENTS,
                    "payload": {"type": "object"},
                    "extensions": {"type": "object", "properties": {"bazaar": {"type": "object"}}},
                },
                "required": ["x402Version", "accepted", "payload"],
            },
            "paymentRequirements": _REQUIREMENTS,
            "settlement": {
                "type": "object",
                "properties": {
                    "success": {"type": "boolean"},
                    "transaction": {"type": "string"},
                    "network": {"type": "string", "enum": NETWORKS},
                    "payer": {"type": "string"},
                    "amount": {"type": "string", "pattern": AMOUNT},
                },
            },
        },
        "required": ["event", "paymentPayload", "paymentRequirements"],
    }
    return _json_body(event, "A payment the facilitator verified or settled.") | {"security": [{CATALOG_SECURITY: []}]}


def conversion_extra() -> dict[str, Any]:
    """``POST /discovery/v1/conversions``: a search result was invoked."""
    body = {
        "type": "object",
        "properties": {
            "sessionId": {"type": "string", "format": "uuid"},
            # no NUL: Postgres cannot store one (souk.discovery.conversions answers invalid_conversion)
            "resource": {"type": "string", "minLength": 1, "maxLength": MAX_RESOURCE_CHARS, "pattern": "^[^\\u0000]*$"},
            "toolName": {"type": "string", "minLength": 1, "maxLength": 256},
            "method": {"type": "string", "enum": list(METHODS)},
        },
        "required": ["sessionId", "resource"],
        "additionalProperties": False,
    }
    return _json_body(body, "The session (x-search-session-id) and the resource that was invoked.")


SEARCH_HEADERS = {
    "x-search-session-id": {"description": "The stored session this ranking belongs to.", "schema": {"type": "string"}},
    "x-souk-profile": {"description": "The ranking profile that answered.", "schema": {"type": "string"}},
}
