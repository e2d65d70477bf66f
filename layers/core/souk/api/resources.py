"""``GET /discovery/resources``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from souk.api.deps import ConnectionDep, QueryParamsDep, SettingsDep
from souk.api.docs import ResourcesPage, list_extra, responses
from souk.discovery.resources import list_resources

router = APIRouter()


@router.get(
    "/discovery/resources",
    summary="The catalog, filtered per the Bazaar spec",
    response_model=None,
    responses=responses(ResourcesPage, 400, 503),
    openapi_extra=list_extra(),
)
def get_resources(conn: ConnectionDep, params: QueryParamsDep, settings: SettingsDep) -> dict[str, Any]:
    return list_resources(conn, params, settings)
