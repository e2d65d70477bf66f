"""Wrap a FastAPI app as a Lambda handler: Mangum (lifespan off) under the Powertools decorators.

Cold start: what a function imports before its first request is paid on every new container, so this
module imports only what every function needs. FastAPI and Mangum are imported by ``lambda_entry`` (HTTP
functions), by ``routed_entry`` only when an event needs its FastAPI fallback, and never by ``job_entry``
(scheduled ones). Powertools' Tracer imports the X-Ray SDK (and
botocore, ~0.5 s) even when tracing is disabled, so it is built only when tracing is on (on Lambda,
unless ``POWERTOOLS_TRACE_DISABLED``); otherwise the handler goes without the tracing decorator.
``warm`` runs during init (Lambda gives init its own, unbilled-until-10-s, full-CPU phase): the search
function loads its model and opens its pool there instead of in its first request.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.utilities.typing import LambdaContext

if TYPE_CHECKING:
    from fastapi import FastAPI

    from souk.api.direct import EventRoute

logger = Logger(service="souk")
metrics = Metrics(namespace="Souk", service="souk")

Handler = Callable[[dict[str, Any], LambdaContext], dict[str, Any]]

_TRUE = frozenset({"1", "true", "yes", "on"})


def tracing_enabled() -> bool:
    """X-Ray tracing happens only on Lambda (``Tracing: Active``) and not when Powertools is told not to."""
    disabled = os.environ.get("POWERTOOLS_TRACE_DISABLED", "").strip().lower() in _TRUE
    return bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME")) and not disabled


def _traced(handler: Handler) -> Handler:
    if not tracing_enabled():
        return handler
    from aws_lambda_powertools import Tracer

    return Tracer(service="souk").capture_lambda_handler(handler)


_thread = threading.local()


def thread_event_loop() -> asyncio.AbstractEventLoop:
    """This thread's own event loop, made current.

    Mangum runs each invocation with ``asyncio.get_event_loop()`` but creates a loop only in the thread
    that constructed it. Lambda calls a handler from that one thread; the local runner calls it from
    many worker threads at once, and each needs a loop of its own (one loop must never be driven by two
    threads). The loop is kept for the thread's lifetime, so a reused worker thread pays nothing.
    """
    loop: asyncio.AbstractEventLoop | None = getattr(_thread, "loop", None)
    if loop is None or loop.is_closed():
        loop = asyncio.new_event_loop()
        _thread.loop = loop
    asyncio.set_event_loop(loop)
    return loop


def _refuse_insecure_keys() -> None:
    # On Lambda, a default, empty or short key stops the cold start here (souk.keys), not at the first request.
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        from souk.config import get_settings

        get_settings()


def _warm(warm: Callable[[], None] | None) -> None:
    if warm is None:
        return
    try:
        warm()
    except Exception:  # whatever failed here fails again, and is reported, in the request that needs it
        logging.getLogger(__name__).warning("init warm-up failed; the first request pays for it", exc_info=True)


_HOST = re.compile(r"[^:]*(?::[0-9]{1,5})?")


def _unsupported(event: object) -> dict[str, Any] | None:
    """A JSON 400 for what is no HTTP event (a schedule's or a queue's sent to an HTTP function, ``{}``, null):
    Mangum would raise. None for an HTTP event."""
    if isinstance(event, dict) and isinstance(event.get("requestContext"), dict):
        return None
    reason = "this function answers HTTP events (API Gateway); the event has no requestContext"
    return {
        "statusCode": 400,
        "headers": {"content-type": "application/json"},
        "isBase64Encoded": False,
        "body": json.dumps({"error": "unsupported_event", "reason": reason}),
    }


def for_mangum(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` with the headers Mangum reads before the app (Host and X-Forwarded-Port, for the ASGI server
    address) in a shape it parses: it calls int() on the port and splits Host on ":", so a repeated header joined
    by API Gateway ("443,80"), an empty port or an IPv6 host raised before Souk's error handling ran. Only the
    server address changes; no route reads it."""
    if "rawQueryString" in event and not isinstance(event["rawQueryString"], str):
        event = event | {"rawQueryString": ""}
    headers = event.get("headers")
    if not isinstance(headers, dict):
        return event | {"headers": {}}
    fixed: dict[str, Any] = {}
    for key, value in headers.items():
        lower, text = str(key).lower(), str(value)
        if lower == "x-forwarded-port":
            first = text.split(",", 1)[0].strip()
            if not (first.isascii() and first.isdigit() and len(first) <= 5):
                continue
            value = first
        elif lower == "host" and not _HOST.fullmatch(text):
            value = text.split(":", 1)[0].strip("[]") or "localhost"
        fixed[key] = value
    return event if fixed == headers else event | {"headers": fixed}


def lambda_entry(app: FastAPI, *, warm: Callable[[], None] | None = None) -> Handler:
    from mangum import Mangum

    _refuse_insecure_keys()
    # lifespan="off": with it on, FastAPI startup/shutdown would run on every invocation.
    asgi = Mangum(app, lifespan="off")

    @metrics.log_metrics
    def handle(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        if (refused := _unsupported(event)) is not None:
            return refused
        thread_event_loop()
        return asgi(for_mangum(event), context)  # type: ignore[arg-type]  # Mangum's LambdaContext protocol

    handler = logger.inject_lambda_context(_traced(handle))
    _warm(warm)
    return handler


def routed_entry(
    routes: Mapping[str, EventRoute], router_module: str, *, warm: Callable[[], None] | None = None
) -> Handler:
    """A function whose hot routes answer straight from the event (by HTTP API ``routeKey``, e.g.
    ``"GET /discovery/search"``) and whose other events go to a FastAPI app of ``router_module``'s ``router``,
    built on the first event that needs it, so FastAPI is imported only then."""
    _refuse_insecure_keys()

    @functools.cache  # two threads racing here would each build the same app; one is kept
    def fallback() -> Callable[[dict[str, Any], LambdaContext], dict[str, Any]]:
        from mangum import Mangum

        from souk.api.app import make_app

        return Mangum(make_app(importlib.import_module(router_module).router), lifespan="off")  # type: ignore[return-value]

    def via_fastapi(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        thread_event_loop()
        return fallback()(for_mangum(event), context)

    @metrics.log_metrics
    def handle(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        if (refused := _unsupported(event)) is not None:
            return refused
        # The route key names the method too; the request's own must match it ("DELETE" sent to a GET route
        # by a catch-all route is FastAPI's 405 to answer).
        key = str(event.get("routeKey", ""))
        http = event["requestContext"].get("http")
        method = str(http.get("method", "")) if isinstance(http, dict) else ""
        route = routes.get(key) if key.split(" ", 1)[0] == method else None
        return route(event) if route is not None else via_fastapi(event, context)

    handler = logger.inject_lambda_context(_traced(handle))
    _warm(warm)
    return handler


def job_entry(job: Callable[[dict[str, Any]], dict[str, Any]]) -> Handler:
    """A scheduled (non-HTTP) function under the same decorators."""
    _refuse_insecure_keys()

    @metrics.log_metrics
    def handle(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        return job(event)

    return logger.inject_lambda_context(_traced(handle))


def warm_search() -> None:
    """Load the query-embedding model, embed once (the first run allocates), and open the read pool: every
    function that ranks (search, MCP) does this in init. Origin diversity reads each listing's operator as
    stored when it was cataloged, so the Public Suffix List is not loaded here (souk.catalog.derived)."""
    from souk.config import get_settings
    from souk.db import get_pool
    from souk.search import constraint_veto
    from souk.search.semantic import query_provider

    settings = get_settings()
    try:
        constraint_veto.model()  # ~50 ms of JSON, read once
        query_provider(settings).embed(["warm up"])
    finally:
        get_pool(settings, "read").wait(timeout=settings.pool_timeout_s)
