"""``GET /discovery/merchant?payTo=``: a seller's listings with status and health, and recent event outcomes."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from souk.api.deps import ConnectionDep, QueryParamsDep, SettingsDep
from souk.api.docs import ADDRESS, responses
from souk.lifecycle.merchant import merchant_view

router = APIRouter()


class MerchantView(BaseModel):
    """Listings bound to the payTo (status, health, verified/settled times) and recent event outcomes."""

    model_config = ConfigDict(extra="allow")
    payTo: str
    listings: list[dict[str, Any]]
    pagination: dict[str, int]
    recentEvents: list[dict[str, Any]]


def _param(name: str, schema: dict[str, Any], description: str, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


MERCHANT_EXTRA = {
    "parameters": [
        _param("payTo", {"type": "string", "pattern": ADDRESS}, "The seller's payTo address.", required=True),
        _param("limit", {"type": "integer", "minimum": 1, "maximum": 500, "default": 100}, "Listings per page."),
        _param("offset", {"type": "integer", "minimum": 0, "maximum": 1_000_000, "default": 0}, "Page start."),
    ]
}


@router.get(
    "/discovery/merchant",
    summary="A seller's listings: status, health, and why recent events were accepted or rejected",
    response_model=None,
    responses=responses(MerchantView, 400, 503),
    openapi_extra=MERCHANT_EXTRA,
)
def get_merchant(conn: ConnectionDep, params: QueryParamsDep, settings: SettingsDep) -> dict[str, Any]:
    return merchant_view(conn, params, settings)
