"""Build a FastAPI app for one Lambda function: its router plus Souk's error contract (souk.api.errors)."""

from __future__ import annotations

import psycopg
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from souk.api.errors import UNAVAILABLE, error_response
from souk.errors import SoukError


async def _contract_error(request: Request, exc: Exception) -> JSONResponse:
    # SoukError, an unavailable database, or a bug: the same mapping the direct search route uses.
    answer = error_response(exc, method=request.method, path=request.url.path)
    return JSONResponse(answer.body, status_code=answer.status_code, headers=answer.headers or None)


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


def make_app(*routers: APIRouter) -> FastAPI:
    app = FastAPI(title="Souk", docs_url=None, redoc_url=None, openapi_url=None)
    for router in routers:
        app.include_router(router)
    app.add_exception_handler(SoukError, _contract_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    # FeatureNotSupported too: a stale prepared plan is a 503 (souk.api.errors.stale_plan), and only the catch-all
    # handler would re-raise it after answering
    for exc_type in (*UNAVAILABLE, psycopg.errors.FeatureNotSupported):
        app.add_exception_handler(exc_type, _contract_error)
    app.add_exception_handler(Exception, _contract_error)
    return app
