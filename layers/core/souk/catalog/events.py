"""The facilitator event: one verified or settled x402 payment, as Souk receives it."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError, model_validator

from souk.catalog.timestamps import parse_observed_at
from souk.errors import CatalogRejection
from souk.listing.pay_to import is_evm_address
from souk.networks import as_caip2

# How each chain family writes a transaction id: an EVM or Stellar hash is 64 hex digits (EVM with 0x, though either
# is read either way: souk.catalog.ingest.transaction_key), a Solana signature 64 bytes in base58. Anything else
# ("0xabc123", "GET", a URL) is no transaction, and in any case but the hash's own it was counted as another sale
# (red team, 2026-12-07).
HEX_HASH = re.compile(r"(?:0[xX])?([0-9a-fA-F]{64})")  # the 64 hex digits in group 1
_TRANSACTION_FORMS = {
    "eip155": (HEX_HASH, "a 32-byte hash: 0x and 64 hex digits"),
    "stellar": (HEX_HASH, "a 32-byte hash: 64 hex digits"),
    # base58 (87-88 characters for 64 bytes); any letters and digits, as test fixtures also write them in hex
    "solana": (re.compile(r"[0-9A-Za-z]{43,88}"), "a signature: 43-88 letters and digits (base58)"),
}


class Settlement(BaseModel):
    model_config = ConfigDict(extra="allow")

    success: StrictBool  # "true" or 1 is not a boolean
    # x402 SettleResponse: "empty string if settlement failed"; a successful one names its transaction.
    transaction: str = Field(max_length=256)
    network: str = Field(min_length=1, max_length=128)
    payer: str | None = Field(default=None, max_length=256)
    amount: str | None = None  # checked by souk.catalog.amounts (ASCII uint256), not by length alone

    @property
    def charged_nothing(self) -> bool:
        """An upto payment settled at $0 ("no charge if no usage occurred"): successful, an amount of 0. Nothing was
        paid whether or not the facilitator names a transaction, so it is no sale either way."""
        amount = self.amount
        return self.success and amount is not None and amount.isascii() and amount.isdigit() and int(amount) == 0

    @model_validator(mode="after")
    def _successful_names_transaction(self) -> Settlement:
        transaction = self.transaction.strip()
        if self.success and not transaction and not self.charged_nothing:
            raise ValueError(
                "a successful settlement needs its transaction hash (blank only when it failed or charged 0)"
            )
        form = _TRANSACTION_FORMS.get(as_caip2(self.network).split(":", 1)[0])
        if transaction and form is not None and not form[0].fullmatch(transaction):
            raise ValueError(f"the transaction is no transaction id of {self.network[:64]}: it must be {form[1]}")
        return self


class FacilitatorEvent(BaseModel):
    """``{"event", "observedAt"?, "paymentPayload", "paymentRequirements", "settlement"?}``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    event: Literal["verified", "settled"]
    # Parsed by parse_observed_at (not pydantic's lax datetime, which also takes epoch numbers and
    # overflows on out-of-range offsets) so every bad value has one error code.
    observed_at: datetime | None = Field(default=None, alias="observedAt", exclude=True)
    payment_payload: dict[str, Any] = Field(alias="paymentPayload")
    payment_requirements: dict[str, Any] = Field(alias="paymentRequirements")
    settlement: Settlement | None = None

    def observed(self, now: datetime | None = None) -> datetime:
        return self.observed_at or now or datetime.now(UTC)

    @property
    def payer(self) -> str | None:
        """Who paid: the settlement's ``payer`` (optional in the spec), else the wallet that signed the payment's
        EVM authorization (``paymentPayload.payload.authorization.from``, verified by the facilitator). Without
        either, ten 1-unit settlements from one wallet counted as ten payers (a probe, 2026-12-07)."""
        if self.settlement is not None and self.settlement.payer and self.settlement.payer.strip():
            return self.settlement.payer
        payload = self.payment_payload.get("payload")
        authorization = payload.get("authorization") if isinstance(payload, dict) else None
        signer = authorization.get("from") if isinstance(authorization, dict) else None
        return signer if isinstance(signer, str) and is_evm_address(signer) else None


def parse_event(raw: Any) -> FacilitatorEvent:
    """Validate the envelope; raises CatalogRejection(invalid_event) with the first problem."""
    if not isinstance(raw, dict):
        raise CatalogRejection("invalid_event", "the event must be a JSON object")
    observed_at = parse_observed_at(raw["observedAt"]) if raw.get("observedAt") is not None else None
    try:
        event = FacilitatorEvent.model_validate({k: v for k, v in raw.items() if k != "observedAt"})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "event"
        raise CatalogRejection("invalid_event", f"{where}: {first['msg']}") from None
    event.observed_at = observed_at
    if event.event == "settled" and event.settlement is None:
        raise CatalogRejection("invalid_event", "a settled event needs a settlement object")
    if event.event == "verified" and event.settlement is not None:
        raise CatalogRejection("invalid_event", "a verified event carries no settlement")
    return event
