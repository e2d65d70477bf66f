"""A CAIP-19 ``asset`` names its network: it wins over a network read from the words, prices "cheapest" on that
network, and counts as naming a network for the production-before-sandbox demotion, as ``network`` does."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from souk.catalog.ingest import catalog_event
from souk.discovery.search import search
from souk.networks import BASE, BASE_SEPOLIA, SOLANA
from tests.factories import BASE_SELLER, CLOCK, verified, weather

USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
USDC_BASE_SEPOLIA = "0x036CbD53842c5426634e7929541eC2318f3dCF7e"
USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
TEXT = "Weather forecast for any city, hourly and daily."


def listing(**fields: Any) -> dict[str, Any]:
    return verified(weather(description=TEXT, **fields), CLOCK)


def body(conn, settings, query: str, **params: str) -> dict[str, Any]:
    args = {"query": [query]} | {k: [v] for k, v in params.items()}
    return search(conn, args, settings, now=CLOCK + timedelta(hours=1)).body


def found(conn, settings, query: str, **params: str) -> list[str]:
    return [item["resource"] for item in body(conn, settings, query, **params)["resources"]]


ON_BASE = "https://on-base.example.com/v1/forecast"
ON_SEPOLIA = "https://on-sepolia.example.com/v1/forecast"


def _two_networks(db, settings):
    for event in (
        listing(url=ON_BASE, network=BASE, pay_to=BASE_SELLER, amount="1000"),
        listing(url=ON_SEPOLIA, network=BASE_SEPOLIA, pay_to=BASE_SELLER, amount="1000"),
    ):
        assert catalog_event(db, event, settings).status == "success"


def test_a_network_in_the_words_does_not_empty_an_explicit_caip19_asset(db, settings):
    _two_networks(db, settings)
    base_usdc = f"{BASE}/erc20:{USDC_BASE}"
    sepolia_usdc = f"{BASE_SEPOLIA}/erc20:{USDC_BASE_SEPOLIA}"
    # The premise: the network parameter wins over "paid on solana".
    assert found(db, settings, "weather forecast paid on solana", network=BASE) == [ON_BASE]
    # The asset id names Base just as explicitly; the words' Solana should be overridden the same way.
    assert found(db, settings, "weather forecast paid on solana", asset=base_usdc) == [ON_BASE]
    # "paid on base" (mainnet) beside the Base Sepolia USDC id: the explicit testnet asset should win.
    assert found(db, settings, "weather forecast paid on base", asset=sepolia_usdc) == [ON_SEPOLIA]


def test_the_constraint_note_says_overridden(db, settings):
    _two_networks(db, settings)
    iq = body(db, settings, "weather forecast paid on solana", asset=f"{BASE}/erc20:{USDC_BASE}")["interpretedQuery"]
    assert [c["appliedAs"] for c in iq["constraints"] if c["kind"] == "network"] == ["overridden"]
    assert "networks" not in iq["appliedFilters"]


CHEAP_ON_BASE = "https://p.example.com/v1/forecast"  # $0.005 on Base
DEAR_ON_BASE = "https://q.example.com/v1/forecast"  # $0.009 on Base, $0.000001 on Solana


def _dear_elsewhere(db, settings):
    for event in (
        listing(url=CHEAP_ON_BASE, network=BASE, pay_to=BASE_SELLER, amount="5000"),
        listing(url=DEAR_ON_BASE, network=BASE, pay_to=BASE_SELLER, amount="9000"),
        listing(url=DEAR_ON_BASE, network=SOLANA, pay_to=BASE_SELLER, asset=USDC_MINT, amount="1"),
    ):
        assert catalog_event(db, event, settings).status == "success"


def test_cheapest_browse_prices_on_the_asset_ids_network(db, settings):
    _dear_elsewhere(db, settings)
    assert found(db, settings, "cheapest", network=BASE) == [CHEAP_ON_BASE, DEAR_ON_BASE]  # the premise
    assert found(db, settings, "cheapest", asset=f"{BASE}/erc20:{USDC_BASE}") == [CHEAP_ON_BASE, DEAR_ON_BASE]


def test_cheapest_ranked_search_prices_on_the_asset_ids_network(db, settings):
    _dear_elsewhere(db, settings)
    query = "cheapest weather forecast"
    assert found(db, settings, query, network=BASE) == [CHEAP_ON_BASE, DEAR_ON_BASE]  # the premise
    assert found(db, settings, query, asset=f"{BASE}/erc20:{USDC_BASE}") == [CHEAP_ON_BASE, DEAR_ON_BASE]


SEPOLIA_ONLY = "https://a.example.com/v1/forecast"
TWIN = "https://b.example.com/v1/forecast"  # Base and Base Sepolia


def test_an_asset_id_on_a_test_network_is_not_demoted_as_a_sandbox(db, settings):
    for event in (
        listing(url=SEPOLIA_ONLY, network=BASE_SEPOLIA, pay_to=BASE_SELLER, amount="5000"),
        listing(url=TWIN, network=BASE_SEPOLIA, pay_to=BASE_SELLER, amount="5000"),
        listing(url=TWIN, network=BASE, pay_to=BASE_SELLER, amount="5000"),
    ):
        assert catalog_event(db, event, settings).status == "success"
    by_network = found(db, settings, "weather forecast", network=BASE_SEPOLIA)
    by_asset_id = found(db, settings, "weather forecast", asset=f"{BASE_SEPOLIA}/erc20:{USDC_BASE_SEPOLIA}")
    assert by_network == [SEPOLIA_ONLY, TWIN]  # the premise: equal text, no demotion
    assert by_asset_id == by_network
