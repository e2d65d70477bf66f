"""Shared FastAPI dependencies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request

from souk.config import Settings, get_settings
from souk.db import get_pool
from souk.db.types import Connection


def _read_connection() -> Iterator[Connection]:
    with get_pool(role="read").connection() as conn:
        yield conn


def _write_connection() -> Iterator[Connection]:
    with get_pool(role="write").connection() as conn:
        yield conn


def _query_params(request: Request) -> dict[str, list[str]]:
    params: dict[str, list[str]] = {}
    for key, value in request.query_params.multi_items():
        params.setdefault(key, []).append(value)
    return params


SettingsDep = Annotated[Settings, Depends(get_settings)]
# Reads (listing, search, status) and writes (catalog events, conversions) draw from separate pools.
ConnectionDep = Annotated[Connection, Depends(_read_connection)]
WriteConnectionDep = Annotated[Connection, Depends(_write_connection)]
QueryParamsDep = Annotated[dict[str, list[str]], Depends(_query_params)]
