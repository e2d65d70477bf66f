"""Build a FastAPI app for one Lambda function: its router plus Souk's error contract.

Every error is JSON ``{"error", "reason"}``: client errors are 4xx, an unreachable or saturated database
is ``503`` with ``Retry-After`` (the pool gives up after ``pool_timeout_s``, so a request never hangs),
and only a bug is a 500.
"""

from __future__ import annotations

import logging

import psycopg
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout, TooManyRequests
from starlette.exceptions import HTTPException as StarletteHTTPException

from souk.config import get_settings
from souk.errors import SoukError

logger = logging.getLogger(__name__)

# What the database layer raises when Postgres is down, restarting, saturated or too slow.
UNAVAILABLE = (PoolTimeout, TooManyRequests, psycopg.OperationalError, psycopg.InterfaceError)


async def _souk_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, SoukError)
    return JSONResponse(exc.to_body(), status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {"loc": ("request",), "msg": "invalid request"}
    where = ".".join(str(p) for p in first.get("loc", ()))
    return JSONResponse({"error": "invalid_request", "reason": f"{where}: {first.get('msg')}"}, status_code=400)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    # Starlette's own 404/405 (a 405 already carries its Allow header), in Souk's error shape.
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    reason = str(exc.detail) if exc.detail else f"HTTP {exc.status_code}"
    if exc.status_code == 405:
        reason = f"{request.method} is not allowed on {request.url.path}"
    return JSONResponse({"error": code, "reason": reason}, status_code=exc.status_code, headers=exc.headers)


async def _unavailable(request: Request, exc: Exception) -> JSONResponse:
    timeout = isinstance(exc, psycopg.errors.QueryCanceled)
    busy = isinstance(exc, PoolTimeout | TooManyRequests)
    logger.warning("database unavailable for %s %s: %s: %s", request.method, request.url.path, type(exc).__name__, exc)
    if timeout:
        body = {"error": "database_timeout", "reason": "the database did not answer in time; retry shortly"}
    elif busy:
        body = {"error": "database_unavailable", "reason": "no database connection became available; retry shortly"}
    else:
        body = {"error": "database_unavailable", "reason": "the database is unreachable; retry shortly"}
    return JSONResponse(body, status_code=503, headers={"retry-after": str(get_settings().retry_after_s)})


async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
    logger.exception("unhandled error", exc_info=exc)
    return JSONResponse({"error": "internal_error", "reason": "an unexpected error occurred"}, status_code=500)


def make_app(*routers: APIRouter) -> FastAPI:
    app = FastAPI(title="Souk", docs_url=None, redoc_url=None, openapi_url=None)
    for router in routers:
        app.include_router(router)
    app.add_exception_handler(SoukError, _souk_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    for exc_type in UNAVAILABLE:
        app.add_exception_handler(exc_type, _unavailable)
    app.add_exception_handler(Exception, _unexpected)
    return app
