"""``GET /discovery/search`` and ``POST /discovery/v1/conversions``."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from souk.api.deps import ConnectionDep, QueryParamsDep, SettingsDep
from souk.discovery.search import PROFILE_HEADER, SESSION_HEADER, record_conversion, search
from souk.errors import SoukError

router = APIRouter()


@router.get("/discovery/search")
def get_search(conn: ConnectionDep, params: QueryParamsDep, settings: SettingsDep) -> JSONResponse:
    response = search(conn, params, settings)
    return JSONResponse(
        response.body,
        headers={SESSION_HEADER: str(response.session_id), PROFILE_HEADER: response.profile.header()},
    )


@router.post("/discovery/v1/conversions")
async def post_conversion(request: Request, conn: ConnectionDep) -> dict[str, Any]:
    try:
        body = json.loads(await request.body())
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise SoukError("invalid_json", "the body is not valid JSON") from None
    return record_conversion(conn, body)
