"""``GET /discovery/resources``."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from souk.api.deps import ConnectionDep, QueryParamsDep, SettingsDep
from souk.api.docs import ResourcesPage, list_extra, responses
from souk.discovery.resources import answer

router = APIRouter()


@router.get(
    "/discovery/resources",
    summary="The catalog, filtered per the Bazaar spec",
    response_model=None,
    responses=responses(ResourcesPage, 400, 503),
    openapi_extra=list_extra(),
)
def get_resources(conn: ConnectionDep, params: QueryParamsDep, settings: SettingsDep) -> JSONResponse:
    # A JSONResponse, not a dict: FastAPI's jsonable_encoder would drop seller JSON keys starting with "_sa".
    body, headers = answer(conn, params, settings)
    return JSONResponse(body, headers=headers or None)
