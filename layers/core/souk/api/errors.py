"""Souk's error contract as plain data, without FastAPI: which exception becomes which response.

Every error is JSON ``{"error", "reason"}``: client errors are 4xx, an unreachable or saturated database
is ``503`` with ``Retry-After`` (the pool gives up after ``pool_timeout_s``, so a request never hangs),
and only a bug is a 500. The FastAPI apps (souk.api.app) and the search function's direct route
(souk.api.search_route) both answer through ``error_response``, so the two cannot drift apart.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import psycopg
from psycopg_pool import PoolTimeout, TooManyRequests

from souk.config import get_settings
from souk.db.pool import drain_pools
from souk.errors import SoukError

logger = logging.getLogger(__name__)

# What the database layer raises when Postgres is down, restarting, saturated or too slow.
UNAVAILABLE = (PoolTimeout, TooManyRequests, psycopg.OperationalError, psycopg.InterfaceError)


def stale_plan(exc: BaseException) -> bool:
    """A prepared statement whose row type a migration changed under it ("cached plan must not change result
    type", told by the server function that raises it, in any server language). Every warm connection of a process
    holds such statements, so ``recover`` drains the process's pools: the connections are replaced and the
    retry meets fresh ones."""
    return isinstance(exc, psycopg.errors.FeatureNotSupported) and (
        exc.diag.source_function == "RevalidateCachedQuery" or "cached plan must not change result type" in str(exc)
    )


STALE_PLAN_REASON = "the database schema changed during the request; retry"


def recover(exc: BaseException) -> None:
    """What a database failure asks of this process before it is answered: after a stale plan, fresh connections."""
    if stale_plan(exc):
        drain_pools()


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` is a database failure a retry may not meet: one of ``UNAVAILABLE`` or a stale plan."""
    return isinstance(exc, UNAVAILABLE) or stale_plan(exc)


def unavailable_error(exc: Exception) -> str:
    """The error code of a database failure (``unavailable``), the same on HTTP and MCP."""
    if isinstance(exc, psycopg.errors.QueryCanceled):
        return "database_timeout"
    if isinstance(exc, psycopg.errors.DeadlockDetected | psycopg.errors.SerializationFailure):
        return "write_conflict"  # Postgres aborted the transaction for a concurrent one on the same rows
    return "database_unavailable"


_UNAVAILABLE_REASONS = {
    "database_timeout": "the database did not answer in time; retry shortly",
    "write_conflict": "a concurrent change to the same record won; retry shortly",
    "database_unavailable": "the database is unreachable; retry shortly",
}


@dataclass(frozen=True, slots=True)
class ErrorResponse:
    status_code: int
    body: dict[str, str]
    headers: dict[str, str] = field(default_factory=dict)


def error_response(exc: Exception, *, method: str = "", path: str = "") -> ErrorResponse:
    """The response for ``exc``; ``method`` and ``path`` only label the log line of a 503 or a 500."""
    if isinstance(exc, SoukError):
        return ErrorResponse(exc.status_code, exc.to_body(), dict(getattr(exc, "headers", None) or {}))
    if unavailable(exc):
        logger.warning("database unavailable for %s %s: %s: %s", method, path, type(exc).__name__, exc)
        error = unavailable_error(exc)
        reason = _UNAVAILABLE_REASONS[error]
        if isinstance(exc, PoolTimeout | TooManyRequests):
            reason = "no database connection became available; retry shortly"
        if stale_plan(exc):
            reason = STALE_PLAN_REASON
        recover(exc)
        body = {"error": error, "reason": reason}
        return ErrorResponse(503, body, {"retry-after": str(get_settings().retry_after_s)})
    logger.exception("unhandled error", exc_info=exc)
    return ErrorResponse(500, {"error": "internal_error", "reason": "an unexpected error occurred"})
