"""``POST /catalog/v1/events``: a facilitator reports a verified or settled payment."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse

from souk.api.bearer import authorized
from souk.api.deps import SettingsDep, WriteConnectionDep
from souk.api.docs import CatalogOutcome, catalog_extra, responses
from souk.api.media import body_refusal
from souk.catalog.ingest import catalog_event
from souk.catalog.jsonsafety import loads_event
from souk.catalog.outcome import EXTENSION_RESPONSES_HEADER, Outcome
from souk.errors import CatalogRejection, SoukError
from souk.observability import record_catalog_outcome

router = APIRouter()


def _authorize(authorization: str | None, secret: str | None) -> None:
    if not secret:
        reason = "the catalog secret is not configured on this server"
    elif not authorized(authorization, secret):
        reason = "a valid 'Authorization: Bearer <catalog secret>' header is required"
    else:
        return
    record_catalog_outcome("rejected", "unauthorized", 401)
    raise SoukError("unauthorized", reason, status_code=401)


@router.post(
    "/catalog/v1/events",
    summary="A facilitator reports a verified or settled payment",
    response_model=None,
    responses=responses(CatalogOutcome, 400, 401, 413, 415, 422, 503),
    openapi_extra=catalog_extra(),
)
async def post_event(
    request: Request,
    conn: WriteConnectionDep,
    settings: SettingsDep,
    # Documented as the bearer security scheme (souk.api.docs), not as a free-form header parameter.
    authorization: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> JSONResponse:
    secret = settings.catalog_secret.get_secret_value() if settings.catalog_secret else None
    _authorize(authorization, secret)
    refusal = body_refusal(request.headers.get("content-type"), request.headers.get("content-encoding"))
    if refusal is not None:
        return _respond(Outcome("rejected", refusal, "unsupported_media_type"), 415)
    body = await request.body()
    if len(body) > settings.max_event_bytes:
        outcome = Outcome("rejected", f"the event exceeds {settings.max_event_bytes} bytes", "field_too_large")
        return _respond(outcome, 413)
    try:
        raw = loads_event(body)  # deep nesting, huge integers, NaN: rejections, never a 500
    except CatalogRejection as rejection:
        return _respond(Outcome("rejected", rejection.reason, rejection.error), 400)
    try:
        outcome = catalog_event(conn, raw, settings)
    except CatalogRejection as rejection:
        return _respond(Outcome("rejected", rejection.reason, rejection.error), rejection.status_code)
    return _respond(outcome, 200)


def _respond(outcome: Outcome, status: int) -> JSONResponse:
    record_catalog_outcome(outcome.status, outcome.error, status)
    return JSONResponse(
        outcome.to_body(),
        status_code=status,
        headers={EXTENSION_RESPONSES_HEADER: outcome.extension_responses_header()},
    )
