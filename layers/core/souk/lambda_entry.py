"""Wrap a FastAPI app as a Lambda handler: Mangum (lifespan off) under the Powertools decorators."""

from __future__ import annotations

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


def lambda_entry(app: FastAPI) -> Handler:
    # lifespan="off": with it on, FastAPI startup/shutdown would run on every invocation.
    asgi = Mangum(app, lifespan="off")

    @logger.inject_lambda_context
    @tracer.capture_lambda_handler
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        return asgi(event, context)

    return handler


def job_entry(job: Callable[[dict[str, Any]], dict[str, Any]]) -> Handler:
    """A scheduled (non-HTTP) function under the same decorators."""

    @logger.inject_lambda_context
    @tracer.capture_lambda_handler
    @metrics.log_metrics
    def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
        return job(event)

    return handler
