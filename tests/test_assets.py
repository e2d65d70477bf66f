"""Known assets: an EVM address is one address in any case; a Solana mint or a Stellar contract is not."""

from __future__ import annotations

from decimal import Decimal

from souk import assets
from souk import networks as n

SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
STELLAR_USDC = "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75"
BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"


def test_an_evm_token_address_is_known_in_any_case():
    assert assets.lookup(n.BASE, BASE_USDC.lower()) == assets.Asset("USDC", 6)
    assert assets.lookup(n.BASE, "0x" + BASE_USDC[2:].upper()) == assets.Asset("USDC", 6)
    assert assets.usd_value(n.BASE, BASE_USDC.lower(), "1000") == Decimal("0.001")


def test_a_base58_or_strkey_address_in_other_letters_is_another_token():
    assert assets.lookup(n.SOLANA, SOLANA_USDC) == assets.Asset("USDC", 6)
    assert assets.lookup(n.SOLANA, SOLANA_USDC.lower()) is None
    assert assets.usd_value(n.SOLANA, SOLANA_USDC.swapcase(), "1000") is None
    assert assets.lookup(n.STELLAR_PUBNET, STELLAR_USDC.lower()) is None


def test_a_v1_network_name_is_the_same_network():
    assert assets.lookup("base", BASE_USDC.lower()) == assets.Asset("USDC", 6)
    assert assets.usd_value("solana", SOLANA_USDC, "1000") == Decimal("0.001")


def test_any_amount_is_shown_in_whole_units_exactly():
    # The default decimal context keeps 28 digits: 1234567890123456789012345678901 atomic USDC was shown as
    # 1234567890123456789012345.679 in amountDecimal and the MCP text (a probe, 2026-12-07).
    from souk.listing.document import PaymentOption as DocumentOption
    from souk.mcp.summary import payment_option

    amount = "1234567890123456789012345678901"
    uint256_max = str(2**256 - 1)
    accept = {"scheme": "exact", "network": n.BASE, "asset": BASE_USDC, "amount": amount, "payTo": "0xabc"}
    assert payment_option(accept).amountDecimal == "1234567890123456789012345.678901"
    assert payment_option(accept | {"amount": uint256_max}).amountDecimal == uint256_max[:-6] + "." + uint256_max[-6:]
    assert payment_option(accept | {"amount": "1500000"}).amountDecimal == "1.5"
    assert payment_option(accept | {"amount": "1000000"}).amountDecimal == "1"
    assert DocumentOption(n.BASE, "exact", BASE_USDC, amount).human_amount() == (
        "1234567890123456789012345.678901 USDC"
    )
    assert assets.usd_value(n.BASE, BASE_USDC, amount) == Decimal("1234567890123456789012345.678901")
