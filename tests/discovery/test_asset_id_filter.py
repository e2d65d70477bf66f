"""asset takes a CAIP-19 asset id (what wallets and agents name a token by): one payment option must be on the id's
network and in its token, as payTo and network hold on one option; a malformed id is a 400, never an empty page."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from souk import assets
from souk.api.app import make_app
from souk.api.resources import router as resources_router
from souk.api.search import router
from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from souk.discovery.search import search
from souk.errors import SoukError
from souk.networks import BASE, BASE_SEPOLIA, SOLANA, STELLAR_PUBNET, STELLAR_TESTNET
from tests.factories import BASE_SELLER, CLOCK, STELLAR_SELLER, verified, weather

USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
USDC_BASE_SEPOLIA = "0x036CbD53842c5426634e7929541eC2318f3dCF7e"
USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
USDC_STELLAR = "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75"
USDC_STELLAR_ISSUER = "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN"
SOLANA_SELLER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"

BASE_USDC_ID = f"{BASE}/erc20:{USDC_BASE}"
SOLANA_USDC_ID = f"{SOLANA}/token:{USDC_MINT}"

ON_BASE = "https://on-base.example.com/v1/forecast"  # USDC on Base, $0.001
TRAP = "https://trap.example.com/v1/forecast"  # EURC on Base; Base USDC's address, on Base Sepolia
SANDBOX = "https://sandbox.example.com/v1/forecast"  # $2 USDC on Base; 1 atomic unit of USDC on Base Sepolia
ON_SOLANA = "https://on-solana.example.com/v1/forecast"
MINT_IN_OTHER_LETTERS = "https://other-letters.example.com/v1/forecast"
ON_STELLAR = "https://on-stellar.example.com/v1/forecast"
LUMENS = "https://lumens.example.com/v1/forecast"
TEXT = "Weather forecast for any city, hourly and daily."


def _list(**fields: Any) -> Any:
    return verified(weather(description=TEXT, **fields), CLOCK)


@pytest.fixture
def catalog(db, settings):
    base = {"network": BASE, "pay_to": BASE_SELLER}
    sepolia = {"network": BASE_SEPOLIA, "pay_to": BASE_SELLER}
    solana = {"network": SOLANA, "pay_to": SOLANA_SELLER}
    for event in (
        _list(url=ON_BASE, amount="1000", **base),
        _list(url=TRAP, asset_symbol="EURC", amount="1000", **base),
        _list(url=TRAP, asset=USDC_BASE, amount="1000", **sepolia),
        _list(url=SANDBOX, amount="2000000", **base),
        _list(url=SANDBOX, amount="1", **sepolia),
        _list(url=ON_SOLANA, asset=USDC_MINT, amount="1000", **solana),
        _list(url=MINT_IN_OTHER_LETTERS, asset=USDC_MINT.swapcase(), amount="1000", **solana),
        _list(url=ON_STELLAR, network=STELLAR_PUBNET, pay_to=STELLAR_SELLER, amount="10000"),
        _list(url=LUMENS, network=STELLAR_TESTNET, pay_to=STELLAR_SELLER, asset_symbol="XLM", amount="10000"),
    ):
        assert catalog_event(db, event, settings).status == "success"
    return db


def _found(conn, settings, query: str = "weather forecast", **params: str) -> set[str]:
    args = {"query": [query]} | {k: [v] for k, v in params.items()}
    response = search(conn, args, settings, now=CLOCK + timedelta(hours=1))
    return {item["resource"] for item in response.body["resources"]}


def test_the_network_and_the_token_are_held_by_one_option(catalog, settings):
    assert _found(catalog, settings, asset=BASE_USDC_ID) == {ON_BASE, SANDBOX}
    # TRAP is on Base and holds Base USDC's address, in two different options: the bare address finds it.
    assert TRAP in _found(catalog, settings, asset=USDC_BASE)
    assert _found(catalog, settings, asset=f"{BASE_SEPOLIA}/erc20:{USDC_BASE}") == {TRAP}


def test_an_evm_address_in_any_case_and_a_solana_mint_exactly(catalog, settings):
    assert _found(catalog, settings, asset=f"{BASE}/erc20:0x{USDC_BASE[2:].upper()}") == {ON_BASE, SANDBOX}
    assert _found(catalog, settings, asset=f"{BASE}/erc20:{USDC_BASE.lower()}") == {ON_BASE, SANDBOX}
    assert _found(catalog, settings, asset=SOLANA_USDC_ID) == {ON_SOLANA}
    assert _found(catalog, settings, asset=f"{SOLANA}/token:{USDC_MINT.swapcase()}") == {MINT_IN_OTHER_LETTERS}


def test_stellar_ids_by_contract_by_classic_asset_and_lumens(catalog, settings):
    assert _found(catalog, settings, asset=f"{STELLAR_PUBNET}/sep41:{USDC_STELLAR}") == {ON_STELLAR}
    # USDC-<issuer> is the classic asset; x402 pays it through its Stellar Asset Contract, derived from the two.
    assert _found(catalog, settings, asset=f"{STELLAR_PUBNET}/asset:USDC-{USDC_STELLAR_ISSUER}") == {ON_STELLAR}
    assert _found(catalog, settings, asset=f"{STELLAR_TESTNET}/sep41:{USDC_STELLAR}") == set()  # pubnet's contract
    assert _found(catalog, settings, asset=f"{STELLAR_TESTNET}/slip44:148") == {LUMENS}


def test_with_other_payment_filters_one_option_still_holds_all(catalog, settings):
    assert _found(catalog, settings, asset=BASE_USDC_ID, network="base") == {ON_BASE, SANDBOX}
    assert _found(catalog, settings, asset=BASE_USDC_ID, network=BASE, maxUsdPrice="0.01") == {ON_BASE}
    assert _found(catalog, settings, asset=BASE_USDC_ID, payTo=BASE_SELLER.upper().replace("0X", "0x")) == {
        ON_BASE,
        SANDBOX,
    }
    assert _found(catalog, settings, asset=BASE_USDC_ID, network=SOLANA) == set()  # well-formed: an empty page
    assert _found(catalog, settings, asset=BASE_USDC_ID, payTo=SOLANA_SELLER) == set()


def test_a_price_read_from_the_words_holds_on_the_ids_option(catalog, settings):
    # The cap said in words is applied by the search pipeline's own one-option clause, with the same asset value.
    assert _found(catalog, settings, "weather forecast under 1 cent", asset=BASE_USDC_ID) == {ON_BASE}
    # The id names Base Sepolia as a network parameter would: the cap holds there, where SANDBOX takes 1 unit.
    sepolia_usdc = f"{BASE_SEPOLIA}/erc20:{USDC_BASE_SEPOLIA}"
    assert _found(catalog, settings, "weather forecast under 1 cent", asset=sepolia_usdc) == {SANDBOX}


def test_a_v1_listing_is_found_by_its_caip2_network_and_served_under_its_v1_name(db, settings):
    url = "https://v1.example.com/v1/forecast"
    requirements = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "1000",
        "resource": url,
        "description": TEXT,
        "mimeType": "application/json",
        "payTo": BASE_SELLER,
        "maxTimeoutSeconds": 60,
        "asset": USDC_BASE,
        "outputSchema": {"input": {"type": "http", "method": "GET", "discoverable": True}},
        "extra": {"name": "USD Coin", "version": "2"},
    }
    event = {
        "event": "verified",
        "observedAt": CLOCK.isoformat(),
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": requirements,
    }
    assert catalog_event(db, event, settings).status == "success"
    response = search(db, {"query": ["weather forecast"], "asset": [BASE_USDC_ID]}, settings, now=CLOCK)
    (item,) = response.body["resources"]
    assert item["resource"] == url and [a["network"] for a in item["accepts"]] == ["base"]
    assert response.body["interpretedQuery"]["appliedFilters"]["asset"] == BASE_USDC_ID


def test_symbols_and_bare_addresses_keep_their_meaning(catalog, settings):
    assert _found(catalog, settings, asset="USDC") == {ON_BASE, SANDBOX, ON_SOLANA, ON_STELLAR}
    assert _found(catalog, settings, asset=USDC_MINT) == {ON_SOLANA}
    assert _found(catalog, settings, asset=USDC_BASE) == {ON_BASE, SANDBOX, TRAP}
    assert assets.lookup(BASE, USDC_BASE.lower()) is not None  # the premise: known in any case on EVM


@pytest.mark.parametrize(
    "asset",
    [
        "EIP155:8453/erc20:" + USDC_BASE,  # a CAIP-2 namespace is lower case
        "cosmos:cosmoshub-4/slip44:118",  # a chain no x402 option is paid on
        "eip155:base/erc20:" + USDC_BASE,  # an eip155 reference is a decimal chain id
        "solana:mainnet/token:" + USDC_MINT,
        "stellar:futurenet/sep41:" + USDC_STELLAR,
        f"{BASE}/erc20:",  # empty reference
        f"{BASE}/",
        f"{BASE}/:{USDC_BASE}",
        f"{BASE}/erc20:0x1234",
        f"{BASE}/token:{USDC_MINT}",  # Solana's namespace on an EVM chain
        f"{BASE}/slip44:60",  # native ETH: x402 pays EVM in ERC-20 tokens
        f"{SOLANA}/erc20:{USDC_BASE}",
        f"{SOLANA}/token:0OIl" + USDC_MINT[4:],  # not base58
        f"{STELLAR_PUBNET}/sep41:{USDC_STELLAR[:-1]}A",  # a bad strkey checksum
        f"{STELLAR_PUBNET}/sep41:{USDC_STELLAR_ISSUER}",  # an account, not a contract
        f"{STELLAR_PUBNET}/asset:USDC",
        f"{STELLAR_PUBNET}/asset:USDC-{USDC_STELLAR}",  # the issuer is an account
        f"{STELLAR_PUBNET}/asset:TOOLONGCODE13-{USDC_STELLAR_ISSUER}",
        f"{STELLAR_PUBNET}/slip44:501",
        "eip155:1/erc721:0x06012c8cf97BEaD5deAe237070F9587f8E7A266d/771769",  # one NFT
        f"/erc20:{USDC_BASE}",  # no chain id before the slash
        f"8453/erc20:{USDC_BASE}",
    ],
)
def test_a_malformed_asset_id_is_400_and_writes_nothing(db, settings, asset):
    response = TestClient(make_app(router)).get("/discovery/search", params={"query": "weather", "asset": asset})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_asset" and "CAIP-19" in body["reason"]
    assert db.execute("SELECT count(*) AS n FROM search_sessions").fetchone()["n"] == 0


def test_an_overlong_asset_is_400_naming_the_limit_and_the_id_spelling(db, settings):
    overlong = f"{BASE}/erc20:{USDC_BASE}" + "0" * 80
    response = TestClient(make_app(router)).get("/discovery/search", params={"query": "weather", "asset": overlong})
    body = response.json()
    assert response.status_code == 400 and body["error"] == "invalid_asset"
    assert "128" in body["reason"] and "CAIP-19" in body["reason"]
    assert db.execute("SELECT count(*) AS n FROM search_sessions").fetchone()["n"] == 0


def _listed(conn, settings, **params: str) -> tuple[set[str], dict]:
    body = list_resources(conn, {k: [v] for k, v in params.items()}, settings, now=CLOCK + timedelta(hours=1))
    return {item["resource"] for item in body["items"]}, body


def test_the_listing_endpoint_takes_the_same_payment_filters_as_search(catalog, settings):
    # A search's browse stops at 250: /discovery/resources pages everything the same filters pass.
    for params in (
        {"asset": BASE_USDC_ID},
        {"asset": "USDC"},
        {"asset": USDC_BASE},
        {"asset": f"{STELLAR_TESTNET}/slip44:148"},
        {"asset": BASE_USDC_ID, "maxUsdPrice": "0.01"},
        {"maxUsdPrice": "0.01", "network": BASE},
        {"asset": BASE_USDC_ID, "network": SOLANA},
    ):
        listed, body = _listed(catalog, settings, **params)
        assert listed == _found(catalog, settings, **params), params
        assert body["pagination"]["total"] == len(listed) and "unappliedFilters" not in body
    assert _listed(catalog, settings, asset=BASE_USDC_ID)[0] == {ON_BASE, SANDBOX}
    assert _listed(catalog, settings, asset=BASE_USDC_ID, maxUsdPrice="0.01")[0] == {ON_BASE}


def test_the_listing_endpoint_refuses_a_malformed_asset_or_price(db, settings):
    client = TestClient(make_app(resources_router))
    for params, error in (
        ({"asset": f"{BASE}/erc20:0x1234"}, "invalid_asset"),
        ({"maxUsdPrice": "cheap"}, "invalid_maxUsdPrice"),
    ):
        response = client.get("/discovery/resources", params=params)
        assert response.status_code == 400 and response.json()["error"] == error and response.json()["reason"]


def test_solanas_superseded_chain_ids_name_the_same_chains(catalog, settings):
    # Older wallets (WalletConnect v1) still send Solana's pre-2023 CAIP-2 ids: the same chain, not an unknown one.
    superseded_mainnet = "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ"
    assert _found(catalog, settings, asset=f"{superseded_mainnet}/token:{USDC_MINT}") == {ON_SOLANA}
    assert _found(catalog, settings, network=superseded_mainnet) == {ON_SOLANA, MINT_IN_OTHER_LETTERS}
    assert _listed(catalog, settings, network=superseded_mainnet)[0] == {ON_SOLANA, MINT_IN_OTHER_LETTERS}
    assert _found(catalog, settings, network="solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K") == set()  # devnet: none here


def test_an_evm_chain_id_with_leading_zeros_is_the_same_chain(catalog, settings):
    # eip155's reference is a number: 08453 is Base (8453), not an unknown chain that matches nothing.
    assert _found(catalog, settings, network="eip155:08453") == _found(catalog, settings, network=BASE) != set()
    assert _found(catalog, settings, asset=f"eip155:0008453/erc20:{USDC_BASE}") == {ON_BASE, SANDBOX}


@pytest.mark.parametrize("asset", ["/", "a/b", "abc/def", "usdc/base"])
def test_an_asset_with_a_slash_that_is_no_caip19_id_is_refused(catalog, settings, asset):
    with pytest.raises(SoukError) as refused:
        _found(catalog, settings, asset=asset)
    assert refused.value.error == "invalid_asset" and refused.value.reason
