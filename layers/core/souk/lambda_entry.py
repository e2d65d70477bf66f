"""Wrap a FastAPI app as a Lambda handler: Mangum (lifespan off) under the Powertools decorators."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable
from typing import Any

from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.typing import LambdaContext
from fastapi import FastAPI
from mangum import Mangum

logger = Logger(service="souk")
tracer = Tracer(service="souk")
metrics = Metrics(namespace="Souk", service="souk")

Handler = Callable[[dict[str, Any], LambdaContext], dict[str, Any]]

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


def lambda_entry(app: FastAPI) -> Handler:
    _refuse_insecure_keys()
    # lifespan="off": with it on, FastAPI startup/shutdown would run on every invocation.
    asgi = Mangum(app, lifespan="off")

    @logger.inject_lambda_context
    @tracer.capture_lambda_handler
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        thread_event_loop()
        return asgi(event, context)

    return handler


def job_entry(job: Callable[[dict[str, Any]], dict[str, Any]]) -> Handler:
    """A scheduled (non-HTTP) function under the same decorators."""
    _refuse_insecure_keys()

    @logger.inject_lambda_context
    @tracer.capture_lambda_handler
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        return job(event)

    return handler
