"""``GET /discovery/search`` and ``POST /discovery/v1/conversions``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from souk.api.deps import ConnectionDep, QueryParamsDep, SettingsDep, WriteConnectionDep
from souk.api.docs import SEARCH_HEADERS, ConversionOutcome, SearchPage, conversion_extra, responses, search_extra
from souk.api.media import body_refusal, declares_more_than, is_json
from souk.discovery.conversions import parse_body, record_conversion
from souk.discovery.search import answer
from souk.errors import SoukError
from souk.observability import observe_conversion

router = APIRouter()


@router.get(
    "/discovery/search",
    summary="Search the catalog by intent",
    response_model=None,
    responses=responses(SearchPage, 400, 503, ok_headers=SEARCH_HEADERS),
    openapi_extra=search_extra(),
)
async def get_search(conn: ConnectionDep, params: QueryParamsDep, settings: SettingsDep) -> JSONResponse:
    # Blocking inside is safe: a request has its event loop to itself (souk.api.deps).
    body, headers = answer(conn, params, settings)
    return JSONResponse(body, headers=headers)


@router.post(
    "/discovery/v1/conversions",
    summary="Record that a search result was invoked",
    response_model=None,
    responses=responses(ConversionOutcome, 400, 404, 413, 415, 429, 503),
    openapi_extra=conversion_extra(),
)
async def post_conversion(request: Request, conn: WriteConnectionDep, settings: SettingsDep) -> dict[str, Any]:
    # A declared oversize body is refused before it is read; an undeclared one before it is parsed.
    declared = request.headers.get("content-length", "")
    if declares_more_than(declared, settings.conversion_max_body_bytes):
        raise SoukError(
            "payload_too_large",
            f"a conversion body is at most {settings.conversion_max_body_bytes} bytes",
            status_code=413,
        )
    # A cross-site form or text/plain POST needs no CORS preflight; requiring JSON makes a browser ask first.
    if not is_json(request.headers.get("content-type", "")):
        raise SoukError("unsupported_media_type", "Content-Type must be application/json", status_code=415)
    # As on /mcp and the events route: a gzip body is no "invalid JSON", a latin-1 one is not read as UTF-8.
    if refusal := body_refusal(request.headers.get("content-type"), request.headers.get("content-encoding")):
        raise SoukError("unsupported_media_type", refusal, status_code=415)
    body = parse_body(await request.body(), settings)
    client = request.client.host if request.client else None  # API Gateway's sourceIp (via Mangum)
    recorded = record_conversion(conn, body, settings, client)
    observe_conversion(str(body.get("sessionId")), str(recorded.get("outcome")))
    return recorded
