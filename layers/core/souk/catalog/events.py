"""The facilitator event: one verified or settled x402 payment, as Souk receives it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from souk.errors import CatalogRejection


class Settlement(BaseModel):
    model_config = ConfigDict(extra="allow")

    success: bool
    transaction: str = Field(min_length=1, max_length=256)
    network: str = Field(min_length=1, max_length=128)
    payer: str | None = Field(default=None, max_length=256)
    amount: str | None = Field(default=None, max_length=78)


class FacilitatorEvent(BaseModel):
    """``{"event", "observedAt"?, "paymentPayload", "paymentRequirements", "settlement"?}``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    event: Literal["verified", "settled"]
    observed_at: datetime | None = Field(default=None, alias="observedAt")
    payment_payload: dict[str, Any] = Field(alias="paymentPayload")
    payment_requirements: dict[str, Any] = Field(alias="paymentRequirements")
    settlement: Settlement | None = None

    @field_validator("observed_at")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("observedAt needs a timezone (e.g. a trailing Z)")
        return value

    def observed(self, now: datetime | None = None) -> datetime:
        return self.observed_at or now or datetime.now(UTC)


def parse_event(raw: Any) -> FacilitatorEvent:
    """Validate the envelope; raises CatalogRejection(invalid_event) with the first problem."""
    if not isinstance(raw, dict):
        raise CatalogRejection("invalid_event", "the event must be a JSON object")
    try:
        event = FacilitatorEvent.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "event"
        raise CatalogRejection("invalid_event", f"{where}: {first['msg']}") from None
    if event.event == "settled" and event.settlement is None:
        raise CatalogRejection("invalid_event", "a settled event needs a settlement object")
    if event.event == "verified" and event.settlement is not None:
        raise CatalogRejection("invalid_event", "a verified event carries no settlement")
    return event
