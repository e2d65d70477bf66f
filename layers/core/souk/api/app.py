"""Build a FastAPI app for one Lambda function: its router plus Souk's error contract."""

from __future__ import annotations

import logging

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from souk.errors import SoukError

logger = logging.getLogger(__name__)


async def _souk_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, SoukError)
    return JSONResponse(exc.to_body(), status_code=exc.status_code)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {"loc": ("request",), "msg": "invalid request"}
    where = ".".join(str(p) for p in first.get("loc", ()))
    return JSONResponse({"error": "invalid_request", "reason": f"{where}: {first.get('msg')}"}, status_code=400)


async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
    logger.exception("unhandled error", exc_info=exc)
    return JSONResponse({"error": "internal_error", "reason": "an unexpected error occurred"}, status_code=500)


def make_app(*routers: APIRouter) -> FastAPI:
    app = FastAPI(title="Souk", docs_url=None, redoc_url=None, openapi_url=None)
    for router in routers:
        app.include_router(router)
    app.add_exception_handler(SoukError, _souk_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _unexpected)
    return app
