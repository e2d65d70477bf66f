"""Chain coverage read from a listing's own words, and the demotion of listings about other chains."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.networks import BASE, SOLANA, STELLAR_TESTNET
from souk.search.analysis import analyze_field
from souk.search.bm25f import terms_in_listings
from souk.search.chains import (
    CHAIN_TERMS,
    COVERAGE_FIELDS,
    EVM,
    contradicts,
    families_in_terms,
    family_of_network,
    query_families,
)
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE, with_name
from tests.factories import BASE_SELLER, CLOCK, verified, weather


def test_families_of_networks_and_words() -> None:
    assert family_of_network(SOLANA) == "solana"
    assert family_of_network(STELLAR_TESTNET) == "stellar"
    assert family_of_network(BASE) == "base"
    assert family_of_network("eip155:10") == EVM  # an EVM chain without a name of its own here
    assert family_of_network("cosmos:cosmoshub-4") is None
    assert families_in_terms(analyze_field("EVM balances on Base and Ethereum")) == {EVM, "base", "ethereum"}
    assert families_in_terms(analyze_field("Current weather for a city")) == frozenset()


def test_query_families_add_evm_for_erc20_words() -> None:
    assert query_families([SOLANA], ["wallet", "balanc"]) == {"solana"}
    assert query_families([], analyze_field("takes an ERC20 contract address")) == {EVM}
    assert query_families([], analyze_field("takes an ERC-20 contract address")) == {EVM}
    assert families_in_terms(analyze_field("Price of any ERC 1155 collection")) == {EVM}
    assert query_families([], ["weather"]) == frozenset()


def test_contradiction_needs_named_chains_that_all_differ() -> None:
    assert contradicts(frozenset({"solana"}), frozenset({EVM, "base"}))
    assert not contradicts(frozenset({"solana"}), frozenset({"solana", "base"}))  # names the query's chain too
    assert not contradicts(frozenset({"solana"}), frozenset())  # silence is no contradiction
    assert not contradicts(frozenset(), frozenset({"stellar"}))  # the query names no chain
    assert not contradicts(frozenset({"base"}), frozenset({EVM}))  # a generic EVM listing serves Base
    assert not contradicts(frozenset({EVM}), frozenset({"polygon"}))
    assert contradicts(frozenset({EVM}), frozenset({"stellar"}))
    assert contradicts(frozenset({"ethereum"}), frozenset({"base"}))  # one EVM chain is not another


def _balance_listing(
    slug: str,
    description: str,
    network: str = BASE,
    *,
    url: str | None = None,
    name: str | None = None,
    tags: tuple[str, ...] = ("wallet", "balance"),
):
    return weather(
        url=url or f"https://{slug}.example/balance",
        network=network,
        pay_to=BASE_SELLER,
        service_name=name or f"{slug} wallet balance",
        description=description,
        tags=list(tags),
        params=[],
    )


def test_a_listing_about_other_chains_drops_below_one_about_the_topic_chain(db, settings) -> None:
    evm = _balance_listing("evmscan", "Check a wallet balance: wallet balance check for EVM chains, Base and Ethereum.")
    solana = _balance_listing("solscan", "Wallet balance lookup for Solana accounts.")
    generic = _balance_listing("anyscan", "Wallet balance lookup.")
    ids = {}
    for listing in (evm, solana, generic):
        ids[listing.url] = catalog_event(db, verified(listing, CLOCK - timedelta(hours=1)), settings).listing_id
    db.commit()
    query = "check a wallet balance on solana"  # solana is the topic here, not the rail: no filter

    def ranked(profile):
        return rank(db, RankRequest(query, now=CLOCK), settings, profile).listing_ids

    off = ranked(with_name(DEFAULT_PROFILE, "no-chain-penalty", chain_mismatch_penalty=1.0))
    assert off[0] == ids[evm.url]  # the best word match, without the penalty
    shipped = ranked(DEFAULT_PROFILE)
    assert len(shipped) == 3  # every listing is paid on Base: nothing was filtered out
    assert shipped.index(ids[evm.url]) > shipped.index(ids[solana.url])



def test_a_chain_in_the_url_path_is_the_rail_not_the_coverage(db, settings) -> None:
    # A seller with one route per payment rail ("/solana/v1/token/...") covers what its words say.
    routed = _balance_listing(
        "routed",
        "Token price by contract address.",
        SOLANA,
        url="https://api.routed.example/solana/v1/token-price",
        name="Routed token price",
        tags=("token", "price"),
    )
    plain = _balance_listing("plain", "Token price by address.", name="Plain token price", tags=("quote",))
    listing_id = catalog_event(db, verified(routed, CLOCK - timedelta(hours=1)), settings).listing_id
    plain_id = catalog_event(db, verified(plain, CLOCK - timedelta(hours=1)), settings).listing_id
    db.commit()
    chain_terms = list(CHAIN_TERMS)
    assert terms_in_listings(db, [listing_id], chain_terms) == {listing_id: {"solana"}}  # in the URL field
    assert terms_in_listings(db, [listing_id], chain_terms, COVERAGE_FIELDS) == {}  # not in the seller's words
    query = RankRequest("token price by ERC-20 contract address", now=CLOCK)
    off = rank(db, query, settings, with_name(DEFAULT_PROFILE, "no-chain-penalty", chain_mismatch_penalty=1.0))
    assert off.listing_ids == [listing_id, plain_id]
    assert rank(db, query, settings, DEFAULT_PROFILE).listing_ids == off.listing_ids  # not demoted for its route
