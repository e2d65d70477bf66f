"""``GET /analytics/v1/search/status``: provider health, generation, queue, coverage, profile, degraded reason."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

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
def get_status(request: Request, conn: ConnectionDep, settings: SettingsDep) -> dict[str, Any]:
    body = search_status(conn, settings)
    # The route takes no parameters; one sent anyway is named, as the discovery routes name theirs, not dropped.
    if unapplied := sorted(set(request.query_params)):
        body["unappliedFilters"] = unapplied
    return body
