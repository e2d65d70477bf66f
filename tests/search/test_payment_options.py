"""Payment filters hold for one payment option together: a listing charging $2 on Base does not pass
"network=base and maxUsdPrice=0.001" because it also takes 1 atomic unit on Base Sepolia."""

from __future__ import annotations

from datetime import timedelta

import pytest

from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from souk.discovery.search import search
from tests.factories import BASE_SELLER, CLOCK, verified, weather

TRICK = "https://trick.example.com/v1/forecast"
HONEST = "https://honest.example.com/v1/forecast"
LITERAL = "https://literal.example.com/v1/forecast"
SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
SOLANA_SELLER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"


@pytest.fixture
def catalog(db, settings):
    base = {"pay_to": BASE_SELLER, "description": "Weather forecast for any city, hourly and daily."}
    catalog_event(db, verified(weather(url=TRICK, network="eip155:8453", amount="2000000", **base)), settings)
    later = CLOCK + timedelta(minutes=1)
    sandbox = weather(url=TRICK, network="eip155:84532", amount="1", scheme="upto", **base)
    catalog_event(db, verified(sandbox, later), settings)
    catalog_event(db, verified(weather(url=HONEST, network="eip155:8453", amount="1000", **base)), settings)
    # An "asset" that is not a known token's address but merely says USDC.
    catalog_event(db, verified(weather(url=LITERAL, network="eip155:8453", asset="USDC", amount="1", **base)), settings)
    return db


def _found(conn, settings, **params: str) -> set[str]:
    response = search(conn, {k: [v] for k, v in params.items()}, settings, now=CLOCK + timedelta(hours=1))
    return {item["resource"] for item in response.body["resources"]}


def test_the_network_and_the_price_cap_hold_for_one_option(catalog, settings):
    trick_accepts = list_resources(catalog, {}, settings)["items"]
    assert {len(i["accepts"]) for i in trick_accepts if i["resource"] == TRICK} == {2}  # the fixture's premise
    found = _found(catalog, settings, query="weather forecast", network="eip155:8453", maxUsdPrice="0.001")
    assert HONEST in found and TRICK not in found
    # The network alone is honest about the listing as a whole: it is on Base.
    assert TRICK in _found(catalog, settings, query="weather forecast", network="eip155:8453")
    # The cap is met on Base Sepolia, so the pair holds there.
    assert TRICK in _found(catalog, settings, query="weather forecast", network="eip155:84532", maxUsdPrice="0.001")


def test_a_cap_without_a_network_is_met_by_a_production_option(catalog, settings, db):
    # $2 on Base and $0.000001 in test tokens on Base Sepolia: a production caller pays $2.
    assert TRICK not in _found(catalog, settings, query="weather forecast", maxUsdPrice="0.001")
    assert TRICK not in _found(catalog, settings, query="weather forecast under 1 cent")
    assert HONEST in _found(catalog, settings, query="weather forecast", maxUsdPrice="0.001")
    # A listing offered on test networks only is priced on them: that is all it offers.
    sandbox_only = "https://sandbox.example.com/v1/forecast"
    catalog_event(
        db, verified(weather(url=sandbox_only, network="eip155:84532", amount="1", pay_to=BASE_SELLER)), settings
    )
    assert sandbox_only in _found(catalog, settings, query="weather forecast", maxUsdPrice="0.001")


def test_constraints_read_from_the_words_hold_for_one_option_too(catalog, settings):
    found = _found(catalog, settings, query="weather forecast paid on base under 1 cent")
    assert HONEST in found and TRICK not in found
    # A word-read cap with an explicit network parameter, and the other way round.
    assert TRICK not in _found(catalog, settings, query="weather forecast under 1 cent", network="eip155:8453")
    assert TRICK not in _found(catalog, settings, query="weather forecast paid on base", maxUsdPrice="0.01")


def test_an_asset_symbol_matches_known_tokens_only(catalog, settings):
    found = _found(catalog, settings, query="weather forecast", asset="USDC")
    assert HONEST in found and LITERAL not in found
    on_base = {"network": "eip155:8453", "maxUsdPrice": "0.001"}
    assert _found(catalog, settings, query="weather forecast", asset="USDC", **on_base) == {HONEST}


def test_the_listings_route_holds_network_and_scheme_to_one_option(catalog, settings):
    def listed(**params: str) -> list[str]:
        return [i["resource"] for i in list_resources(catalog, {k: [v] for k, v in params.items()}, settings)["items"]]

    assert listed(network="eip155:84532", scheme="upto") == [TRICK]
    assert listed(network="eip155:84532", scheme="exact") == []  # exact is its Base option


def test_a_solana_mint_in_other_letters_is_not_usdc(db, settings):
    mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"  # USDC
    real = "https://real.example.com/v1/forecast"
    fake = "https://fake.example.com/v1/forecast"
    description = "Weather forecast for any city, hourly and daily."
    for url, asset in ((real, mint), (fake, mint.swapcase())):
        listing = weather(
            url=url, network=SOLANA, pay_to=SOLANA_SELLER, asset=asset, amount="1000", description=description
        )
        catalog_event(db, verified(listing), settings)
    assert _found(db, settings, query="weather forecast", asset="USDC") == {real}
    assert _found(db, settings, query="weather forecast", maxUsdPrice="0.01") == {real}
    assert _found(db, settings, query="weather forecast under 1 cent on solana") == {real}


def test_a_constraint_an_explicit_parameter_replaced_is_reported_overridden(catalog, settings):
    params = {"query": ["weather forecast paid on stellar under 1 cent"], "network": ["eip155:8453"]}
    body = search(catalog, params, settings, now=CLOCK + timedelta(hours=1)).body
    notes = {n["kind"]: n for n in body["interpretedQuery"]["constraints"]}
    assert notes["network"]["appliedAs"] == "overridden" and "network parameter" in notes["network"]["why"]
    assert notes["price"]["appliedAs"] == "filter"  # no maxUsdPrice parameter: the words' cap holds
    assert body["interpretedQuery"]["appliedFilters"]["network"] == "eip155:8453"
    assert {a["network"] for r in body["resources"] for a in r["accepts"]} <= {"eip155:8453", "eip155:84532"}


def test_an_asset_address_holds_exactly_off_evm_and_in_any_case_on_evm(db, settings):
    mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
    real, fake, evm = (f"https://{name}.example.com/v1/forecast" for name in ("real", "fake", "evm"))
    for url, network, asset, pay_to in (
        (real, SOLANA, mint, SOLANA_SELLER),
        (fake, SOLANA, mint.swapcase(), SOLANA_SELLER),
        (evm, "eip155:8453", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", BASE_SELLER),
    ):
        text = "Weather forecast for any city."
        listing = weather(url=url, network=network, pay_to=pay_to, asset=asset, amount="1000", description=text)
        catalog_event(db, verified(listing), settings)
    assert _found(db, settings, query="weather forecast", asset=mint) == {real}
    assert _found(db, settings, query="weather forecast", asset=mint.swapcase()) == {fake}
    assert _found(db, settings, query="weather forecast", asset="0x833589FCD6EDB6E08F4C7C32D4F71B54BDA02913") == {evm}


def test_an_http_method_in_the_words_yields_to_an_explicit_mcp_type(db, settings):
    tool = weather(url="https://wx.example.com/mcp", kind="mcp", tool_name="forecast", network="eip155:8453")
    catalog_event(db, verified(tool), settings)
    catalog_event(db, verified(weather(url=HONEST, network="eip155:8453", pay_to=BASE_SELLER)), settings)
    params = {"query": ["weather forecast via POST"], "type": ["mcp"]}
    body = search(db, params, settings, now=CLOCK + timedelta(hours=1)).body
    # Before: type=mcp AND method=POST, which no listing can pass, answered as "constraints_exclude_topic".
    assert [r["resource"] for r in body["resources"]] == ["https://wx.example.com/mcp"]
    assert "method" not in body["interpretedQuery"]["appliedFilters"]
    (method,) = [n for n in body["interpretedQuery"]["constraints"] if n["kind"] == "method"]
    assert method["appliedAs"] == "overridden" and "type parameter" in method["why"]
    # An explicit type=http keeps the method the words ask for.
    http = search(db, params | {"type": ["http"]}, settings, now=CLOCK + timedelta(hours=1)).body
    assert http["interpretedQuery"]["appliedFilters"]["method"] == "POST"
