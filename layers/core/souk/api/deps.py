"""Shared FastAPI dependencies.

They are ``async`` although they may block (a pool checkout waits up to ``pool_timeout_s``): every request
runs on an event loop of its own, Mangum's for the one invocation on Lambda and one per lane thread in the
local runner (souk.lambda_entry.thread_event_loop), so blocking that loop holds up no other request. A
sync dependency would instead be handed to a worker thread and back, which cost ~4 ms of Python CPU in a
~17 ms demo search (eval/bench_http.txt).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request

from souk.config import Settings, get_settings
from souk.db import get_pool
from souk.db.types import Connection


async def _settings() -> Settings:
    return get_settings()


async def _read_connection() -> AsyncIterator[Connection]:
    with get_pool(role="read").connection() as conn:
        yield conn


async def _write_connection() -> AsyncIterator[Connection]:
    with get_pool(role="write").connection() as conn:
        yield conn


async def _query_params(request: Request) -> dict[str, list[str]]:
    params: dict[str, list[str]] = {}
    for key, value in request.query_params.multi_items():
        params.setdefault(key, []).append(value)
    return params


SettingsDep = Annotated[Settings, Depends(_settings)]
# Reads (listing, search, status) and writes (catalog events, conversions) draw from separate pools.
ConnectionDep = Annotated[Connection, Depends(_read_connection)]
WriteConnectionDep = Annotated[Connection, Depends(_write_connection)]
QueryParamsDep = Annotated[dict[str, list[str]], Depends(_query_params)]
