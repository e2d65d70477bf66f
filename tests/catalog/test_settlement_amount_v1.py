"""An x402 v1 exact payment may settle more than maxAmountRequired (a floor the authorization may exceed)."""

from __future__ import annotations

from souk.catalog.ingest import catalog_event
from tests.factories import settled, weather


def _v1_settled(amount: str) -> dict:
    # x402 v1 exact on EVM: the reference facilitator accepts authorization.value >= maxAmountRequired
    # ("verify value in payload is enough to cover paymentRequirements.maxAmountRequired") and settles that value.
    return {
        "event": "settled",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {
            "x402Version": 1,
            "scheme": "exact",
            "network": "base",
            "payload": {"authorization": {"value": amount}},
        },
        "paymentRequirements": {
            "scheme": "exact",
            "network": "base",
            "maxAmountRequired": "1000",
            "resource": "https://quotes.example.net/v1/quote",
            "description": "Delayed stock quote for a ticker symbol",
            "payTo": "0x2222222222222222222222222222222222222222",
            "maxTimeoutSeconds": 60,
            "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            "outputSchema": {"input": {"type": "http", "method": "GET", "discoverable": True}},
        },
        "settlement": {"success": True, "transaction": "0x" + "ab" * 32, "network": "base", "amount": amount},
    }


def test_v1_exact_settlement_above_max_amount_required_is_a_payment(db, settings):
    # v1's maxAmountRequired is a minimum for the exact scheme's authorization value, not an exact price.
    assert catalog_event(db, _v1_settled("1500"), settings).status == "success"
