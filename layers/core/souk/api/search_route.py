"""``GET /discovery/search`` straight from the API Gateway event, without FastAPI.

The search function answers most of its traffic here: FastAPI, Starlette and Mangum cost ~0.2 s of every
cold start and ~2 ms of CPU per request, and this route needs none of them (no body, no dependencies,
one JSON answer). It answers exactly what souk.api.search's FastAPI route answers — the same ``search``,
the same headers, the same error contract through souk.api.errors — and a test holds the two to that.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qsl

from souk.api.errors import error_response
from souk.config import get_settings
from souk.db import get_pool
from souk.discovery.search import PROFILE_HEADER, SESSION_HEADER, search
from souk.observability import record_search

ROUTE_KEY = "GET /discovery/search"


def query_params(event: dict[str, Any]) -> dict[str, list[str]]:
    """Every value of every query parameter, in order, as Starlette's ``multi_items`` reads them."""
    params: dict[str, list[str]] = {}
    for key, value in parse_qsl(event.get("rawQueryString") or "", keep_blank_values=True):
        params.setdefault(key, []).append(value)
    return params


def json_answer(status: int, body: object, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """An HTTP API response whose body is serialized as Starlette's ``JSONResponse`` serializes it."""
    text = json.dumps(body, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))
    return {
        "statusCode": status,
        "headers": {
            **(headers or {}),
            "content-length": str(len(text.encode("utf-8"))),
            "content-type": "application/json",
        },
        "isBase64Encoded": False,
        "body": text,
    }


def search_route(event: dict[str, Any]) -> dict[str, Any]:
    """Answer one ``GET /discovery/search`` event."""
    try:
        settings = get_settings()
        params = query_params(event)
        with get_pool(settings, "read").connection() as conn:
            started = time.perf_counter()
            response = search(conn, params, settings)
        record_search(response.body, str(response.session_id), (time.perf_counter() - started) * 1000)
        headers = {SESSION_HEADER: str(response.session_id), PROFILE_HEADER: response.profile.header()}
        return json_answer(200, response.body, headers)
    except Exception as exc:  # every failure answers in the error contract; only a bug is a 500
        answer = error_response(exc, method="GET", path=event.get("rawPath") or "/discovery/search")
        return json_answer(answer.status_code, answer.body, answer.headers)
