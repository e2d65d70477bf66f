"""x402 v1 listings (most of the real Bazaar) are priced in ``maxAmountRequired``: every tool shows that price,
and how_to_pay explains v1's flow (402 body, X-PAYMENT), what its price field means and how to sign it."""

from __future__ import annotations

from typing import Any

import pytest

from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from souk.mcp.models import ListPagination, ListResult
from souk.mcp.payment import payment_guide
from souk.mcp.summary import payment_option, summarize
from souk.mcp.text import list_text, payment_text
from tests.mcp.conftest import run

URL = "https://x402.tokens.example.net/x402/tools/analyze_token"
USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"


def v1_event() -> dict[str, Any]:
    """A verified v1 payment as the crawl sees them: $0.01 of USDC on Base, no ``amount`` field."""
    requirements = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "10000",
        "resource": URL,
        "description": "Token analysis for a crypto address: holders, liquidity and risk flags.",
        "mimeType": "application/json",
        "payTo": "0x2222222222222222222222222222222222222222",
        "maxTimeoutSeconds": 60,
        "asset": USDC_BASE,
        "outputSchema": {"input": {"type": "http", "method": "GET", "discoverable": True}},
        "extra": {"name": "USD Coin", "version": "2"},
    }
    return {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": requirements,
    }


@pytest.fixture
def v1_item(db, settings) -> dict[str, Any]:
    assert catalog_event(db, v1_event(), settings).status == "success"
    (item,) = list_resources(db, {}, settings)["items"]
    assert item["x402Version"] == 1 and "amount" not in item["accepts"][0]
    return item


def test_a_v1_option_is_priced_from_max_amount_required(v1_item):
    summary = summarize(v1_item)
    (option,) = summary.payments
    assert (option.amount, option.amountDecimal, option.assetSymbol) == ("10000", "0.01", "USDC")
    assert option.usdPrice == pytest.approx(0.01) and summary.cheapestUsd == pytest.approx(0.01)
    text = list_text(ListResult(results=[summary], pagination=ListPagination(offset=0, limit=10, total=1)))
    assert "price: 0.01 USDC (10000 atomic, ≈$0.01) on " in text


def test_an_amount_is_read_before_max_amount_required():
    # The rule of the SQL that filters and ranks (coalesce(amount, maxAmountRequired)): what is shown is what
    # was filtered on.
    assert payment_option({"amount": "5", "maxAmountRequired": "9"}).amount == "5"
    assert payment_option({"amount": None, "maxAmountRequired": "9"}).amount == "9"
    assert payment_option({}).amount == ""


def test_how_to_pay_a_v1_listing_follows_v1(v1_item):
    guide = payment_guide(v1_item, None)
    assert guide.x402Version == 1 and guide.options[0].amount == "10000"
    steps = " ".join(guide.steps)
    assert "X-PAYMENT" in steps and "X-PAYMENT-RESPONSE" in steps and "JSON body" in steps
    assert "PAYMENT-SIGNATURE" not in steps and "PAYMENT-REQUIRED" not in steps  # v2's headers
    assert "0.01 USDC, i.e. 10000 atomic units" in steps and "EIP-3009" in steps
    assert "maxAmountRequired, the most the seller may charge" in " ".join(guide.notes or [])
    assert "  atomic" not in payment_text(guide)  # no empty price


@pytest.mark.parametrize("network", ["eip155:8453", "base"])
def test_how_to_pay_finds_a_v1_option_by_either_network_spelling(v1_item, network):
    # A v1 item names its networks as v1 clients do ("base"); the argument may be CAIP-2 or that name.
    (option,) = payment_guide(v1_item, network).options
    assert option.amount == "10000"


def test_the_tools_show_a_v1_price(v1_item, connect_http):
    async def main():
        async with connect_http() as client:
            found = await client.call_tool("search_resources", {"query": "token analysis for a crypto address"})
            guide = await client.call_tool("how_to_pay", {"resource": URL})
            return found, guide

    found, guide = run(main)
    (result,) = found.structured_content["results"]
    assert result["payments"][0]["amount"] == "10000" and result["payments"][0]["usdPrice"] == pytest.approx(0.01)
    assert result["cheapestUsd"] == pytest.approx(0.01)
    assert "0.01 USDC (10000 atomic" in found.content[0].text
    assert guide.structured_content["x402Version"] == 1
    assert "maxAmountRequired" in guide.content[0].text


def test_the_cheapest_price_is_on_a_production_network_unless_there_is_none():
    def option(network: str, amount: str) -> dict[str, Any]:
        asset = {"eip155:8453": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}.get(
            network, "0x036CbD53842c5426634e7929541eC2318f3dCF7e"
        )
        return {"scheme": "exact", "network": network, "asset": asset, "amount": amount, "payTo": "0x" + "1" * 40}

    quality = {"windowDays": 30, "settledCount": 0, "uniquePayers": 0, "settledCountAllTime": 0}
    item = {"resource": "https://wx.example/f", "type": "http", "x402Version": 2, "quality": quality}
    both = summarize(item | {"accepts": [option("eip155:8453", "2000000"), option("eip155:84532", "1")]})
    assert both.cheapestUsd == 2.0  # $0.000001 in test USDC is not what a production caller pays
    sandbox = summarize(item | {"accepts": [option("eip155:84532", "1000")]})
    assert sandbox.cheapestUsd == 0.001
