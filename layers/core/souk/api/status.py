"""``GET /analytics/v1/search/status``: provider health, generation, queue, coverage, profile, degraded reason."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from souk.api.deps import ConnectionDep, SettingsDep
from souk.api.docs import SearchStatus, responses
from souk.search.status import search_status

router = APIRouter()


@router.get(
    "/analytics/v1/search/status",
    summary="Search health",
    response_model=None,
    responses=responses(SearchStatus, 503),
)
def get_status(conn: ConnectionDep, settings: SettingsDep) -> dict[str, Any]:
    return search_status(conn, settings)
