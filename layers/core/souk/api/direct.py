"""Read routes answered straight from the API Gateway event, without FastAPI.

``GET /discovery/search`` and ``GET /discovery/resources`` are most of the traffic of their functions, and
they need nothing FastAPI gives (no body, no dependencies, one JSON answer), while FastAPI, Starlette and
Mangum cost ~0.2 s of every cold start and ~2 ms of CPU per request. A function's ``app.py`` pairs this
module's ``read_route`` with the same answer function its FastAPI route calls (souk.discovery), so each
route answers what the FastAPI route answers: the same JSON serialization and the same error contract
(souk.api.errors); tests/api holds the two to that byte for byte. This module imports neither FastAPI nor
what any one route needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from souk.api.errors import error_response
from souk.config import Settings, get_settings
from souk.db import get_pool
from souk.db.types import Connection

Params = Mapping[str, list[str]]
Answer = tuple[dict[str, Any], dict[str, str]]  # body, headers
AnswerFunction = Callable[[Connection, Params, Settings], Answer]
EventRoute = Callable[[dict[str, Any]], dict[str, Any]]


def query_params(event: Mapping[str, Any]) -> dict[str, list[str]]:
    """Every value of every query parameter, in order, as Starlette's ``multi_items`` reads them."""
    params: dict[str, list[str]] = {}
    for key, value in parse_qsl(event.get("rawQueryString") or "", keep_blank_values=True):
        params.setdefault(key, []).append(value)
    return params


def json_answer(status: int, body: object, headers: Mapping[str, str] | None = None) -> dict[str, Any]:
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


def read_route(answer: AnswerFunction) -> EventRoute:
    """A GET route: the query parameters and a read connection in, ``answer``'s JSON out."""

    def route(event: dict[str, Any]) -> dict[str, Any]:
        try:
            settings = get_settings()
            params = query_params(event)
            with get_pool(settings, "read").connection() as conn:
                body, headers = answer(conn, params, settings)
            return json_answer(200, body, headers)
        except Exception as exc:  # every failure answers in the error contract; only a bug is a 500
            failure = error_response(exc, method="GET", path=str(event.get("rawPath") or ""))
            return json_answer(failure.status_code, failure.body, failure.headers)

    return route
