"""CAIP-19 ids read into the pair a payment option stores: its CAIP-2 network and its asset address."""

from __future__ import annotations

import pytest

from souk import assets
from souk.errors import SoukError
from souk.listing.asset_ids import AssetId, parse_asset_id, stellar_asset_contract
from souk.networks import BASE, SOLANA, STELLAR_PUBNET, STELLAR_TESTNET

USDC_ISSUERS = {
    STELLAR_PUBNET: "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
    STELLAR_TESTNET: "GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5",
}


@pytest.mark.parametrize("network", [STELLAR_PUBNET, STELLAR_TESTNET])
def test_a_classic_stellar_asset_is_its_asset_contract(network):
    assert stellar_asset_contract(network, "USDC", USDC_ISSUERS[network]) == assets.address_of(network, "USDC")


@pytest.mark.parametrize("network", [STELLAR_PUBNET, STELLAR_TESTNET])
def test_lumens_are_the_native_asset_contract(network):
    # The known-asset table had an invented pubnet address (its checksum failed): pubnet XLM went unpriced.
    assert stellar_asset_contract(network) == assets.address_of(network, "XLM")
    # Published by Stellar (stellar contract id asset --asset native --network mainnet).
    assert stellar_asset_contract(STELLAR_PUBNET) == "CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA"


def test_a_twelve_letter_code_is_alphanum12_and_another_asset():
    issuer = USDC_ISSUERS[STELLAR_PUBNET]
    long_code = stellar_asset_contract(STELLAR_PUBNET, "USDCUSDCUSDC", issuer)
    assert long_code is not None and long_code.startswith("C") and len(long_code) == 56
    assert long_code != stellar_asset_contract(STELLAR_PUBNET, "USDC", issuer)


def test_ids_read_into_the_options_pair():
    address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    assert parse_asset_id(f"{BASE}/erc20:{address}") == AssetId(BASE, address)
    mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
    assert parse_asset_id(f"{SOLANA}/token:{mint}") == AssetId(SOLANA, mint)
    issuer = USDC_ISSUERS[STELLAR_PUBNET]
    assert parse_asset_id(f"{STELLAR_PUBNET}/asset:USDC-{issuer}") == AssetId(
        STELLAR_PUBNET, "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75"
    )
    for not_an_id in ("USDC", address, mint, "a/b", "eip155:8453"):
        assert parse_asset_id(not_an_id) is None


def test_a_malformed_id_says_why():
    with pytest.raises(SoukError) as raised:
        parse_asset_id(f"{BASE}/slip44:60")
    assert raised.value.error == "invalid_asset" and "erc20" in raised.value.reason
