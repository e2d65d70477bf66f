"""In-process cataloging for a self-facilitating x402 SDK facilitator.

``register_catalog_hooks(facilitator)`` adds ``on_after_verify`` and ``on_after_settle`` hooks that turn
the SDK's context into a facilitator event and catalog it through the same path as
``POST /catalog/v1/events``. A cataloging problem never fails the payment: the outcome goes into the
response's ``extension_responses`` (the EXTENSION-RESPONSES sidechannel) and the log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any, TypeVar

from souk.catalog.ingest import catalog_event
from souk.catalog.outcome import Outcome
from souk.config import Settings, get_settings
from souk.db.types import Connection
from souk.errors import CatalogRejection

logger = logging.getLogger(__name__)

F = TypeVar("F")


def _dump(model: Any) -> Any:
    return model.model_dump(by_alias=True, exclude_none=True) if hasattr(model, "model_dump") else model


def event_from_context(context: Any, kind: str) -> dict[str, Any]:
    """The facilitator event for an SDK hook context (VerifyResultContext or SettleResultContext)."""
    event: dict[str, Any] = {
        "event": kind,
        "observedAt": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "paymentPayload": _dump(context.payment_payload),
        "paymentRequirements": _dump(context.requirements),
    }
    if kind == "settled":
        result = context.result
        event["settlement"] = {
            "success": bool(result.success),
            "transaction": result.transaction or "",
            "network": result.network or event["paymentRequirements"].get("network", ""),
            "payer": result.payer,
        }
    return event


def _attach(context: Any, outcome: Outcome) -> None:
    responses = dict(getattr(context.result, "extension_responses", None) or {})
    responses["bazaar"] = outcome.bazaar_response()
    try:
        context.result.extension_responses = responses
    except (AttributeError, TypeError, ValueError):  # a frozen result: the log still has it
        logger.info("bazaar outcome %s", responses["bazaar"])


def register_catalog_hooks(
    facilitator: F,
    *,
    connection: Callable[[], AbstractContextManager[Connection]] | None = None,
    settings: Settings | None = None,
) -> F:
    """Catalog every verified and settled payment of ``facilitator``; returns it for chaining."""

    def open_connection() -> AbstractContextManager[Connection]:
        if connection is not None:
            return connection()
        from souk.db import get_pool

        return get_pool().connection()

    def catalog(context: Any, kind: str) -> None:
        try:
            with open_connection() as conn:
                outcome = catalog_event(conn, event_from_context(context, kind), settings or get_settings())
        except CatalogRejection as rejection:
            outcome = Outcome("rejected", rejection.reason, rejection.error)
        except Exception:
            logger.exception("cataloging after %s failed", kind)
            outcome = Outcome("rejected", "the catalog could not process this payment", "internal_error")
        _attach(context, outcome)

    facilitator.on_after_verify(lambda ctx: catalog(ctx, "verified"))  # type: ignore[attr-defined]
    facilitator.on_after_settle(lambda ctx: catalog(ctx, "settled"))  # type: ignore[attr-defined]
    return facilitator
