"""A self-facilitating SDK facilitator catalogs in-process through the registered hooks."""

from __future__ import annotations

from x402.facilitator import x402FacilitatorSync
from x402.schemas import PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse

from souk.catalog.hooks import register_catalog_hooks
from tests.conftest import table_snapshot
from tests.factories import SPOOFER, verified, weather

HOOK_TX = "ab" * 32  # a Stellar transaction hash


class AcceptingScheme:
    """A stand-in payment mechanism: the chain is remote, Souk's side is what is under test."""

    scheme = "exact"
    caip_family = "stellar:*"

    def get_extra(self, network):
        return None

    def get_signers(self, network):
        return []

    def verify(self, payload, requirements, context=None):
        return VerifyResponse(is_valid=True, payer="GPAYER")

    def settle(self, payload, requirements, context=None):
        return SettleResponse(success=True, transaction=HOOK_TX, network=requirements.network, payer="GPAYER")


def _facilitator(db, settings):
    from contextlib import nullcontext

    facilitator = x402FacilitatorSync().register(["stellar:testnet"], AcceptingScheme())
    return register_catalog_hooks(facilitator, connection=lambda: nullcontext(db), settings=settings)


def test_verify_and_settle_hooks_catalog_the_payment(db, settings):
    facilitator = _facilitator(db, settings)
    ev = verified(weather())
    payload = PaymentPayload.model_validate(ev["paymentPayload"])
    requirements = PaymentRequirements.model_validate(ev["paymentRequirements"])
    result = facilitator.verify(payload, requirements)
    assert result.is_valid
    assert result.extension_responses == {"bazaar": {"status": "success"}}
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 1
    settled = facilitator.settle(payload, requirements)
    assert settled.success
    row = db.execute("SELECT transaction, success FROM settlements").fetchone()
    assert row == {"transaction": HOOK_TX, "success": True}


def test_a_rejected_listing_does_not_fail_the_payment(db, settings):
    facilitator = _facilitator(db, settings)
    ev = verified(weather())
    facilitator.verify(
        PaymentPayload.model_validate(ev["paymentPayload"]),
        PaymentRequirements.model_validate(ev["paymentRequirements"]),
    )
    before = table_snapshot(db)
    spoof = verified(weather(pay_to=SPOOFER, network="stellar:testnet"))
    spoof["paymentPayload"]["accepted"]["payTo"] = spoof["paymentRequirements"]["payTo"] = SPOOFER
    result = facilitator.verify(
        PaymentPayload.model_validate(spoof["paymentPayload"]),
        PaymentRequirements.model_validate(spoof["paymentRequirements"]),
    )
    assert result.is_valid
    assert result.extension_responses["bazaar"]["status"] == "rejected"
    assert "payTo" in result.extension_responses["bazaar"]["rejectedReason"]
    assert table_snapshot(db) == before
