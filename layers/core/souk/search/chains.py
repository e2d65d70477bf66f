"""Which chains a listing is *about*, read from its own words, and whether that contradicts the query.

A chain the query names as its topic ("check a wallet balance on solana", "takes an ERC-20 contract
address") is no payment filter (souk.search.understanding), but a listing whose text says it covers
only other chains ("EVM balances", "Stellar account lookup") cannot answer it, whatever rail it is
paid on. Judges mark such listings constraint-ineligible. A listing that names no chain, or names
the query's chain among others, is left alone: silence is no contradiction.

Chains are compared by family (mainnet and testnets alike), and the EVM words (``evm``, ``erc20``, ``erc``)
cover every ``eip155`` chain on either side.
"""

from __future__ import annotations

from collections.abc import Iterable

from souk import networks as n
from souk.search.lexical_index import Field

EVM = "evm"

# Analyzed terms (souk.search.analysis: lower-cased, Snowball-stemmed) that name a chain family.
# Words with a common non-chain sense are left out ("sol", "optimism" -> "optim", "matic").
CHAIN_TERMS: dict[str, str] = {
    "solana": "solana",
    "stellar": "stellar",
    "soroban": "stellar",
    "xlm": "stellar",
    "ethereum": "ethereum",
    "base": "base",
    "polygon": "polygon",
    "avalanch": "avalanche",
    "avax": "avalanche",
    "arbitrum": "arbitrum",
    "sei": "sei",
    "iotex": "iotex",
    "bitcoin": "bitcoin",
    "btc": "bitcoin",
    "evm": EVM,
    "erc20": EVM,
    "erc721": EVM,
    # "ERC-20" / "ERC 1155" analyze to "erc" plus a number; the word has no other common sense
    "erc": EVM,
}
# A listing's coverage is in the words its seller wrote, not in its URL: a route such as
# "/solana/v1/token/:chain/:address" names the rail it is paid on more often than the chains it covers.
COVERAGE_FIELDS = [int(f) for f in Field if f is not Field.URL]
EVM_FAMILIES = frozenset({"ethereum", "base", "polygon", "avalanche", "arbitrum", "sei", "iotex", EVM})

# CAIP-2 chain id -> family, for the query's topical networks: the networks module's families, plus two
# EVM chains the query vocabulary has no name for.
_CAIP2_FAMILIES: dict[str, str] = {
    caip2: family for family, (mainnets, testnets) in n.FAMILIES.items() for caip2 in (*mainnets, *testnets)
} | {"eip155:11155111": "ethereum", "eip155:42161": "arbitrum"}


def family_of_network(caip2: str) -> str | None:
    """The chain family of a CAIP-2 id (``solana:…`` -> ``solana``), None when unknown."""
    if caip2 in _CAIP2_FAMILIES:
        return _CAIP2_FAMILIES[caip2]
    namespace = caip2.split(":", 1)[0]
    if namespace in ("solana", "stellar"):
        return namespace
    return EVM if namespace == "eip155" else None


def families_in_terms(terms: Iterable[str]) -> frozenset[str]:
    """The chain families that analyzed ``terms`` name."""
    return frozenset(CHAIN_TERMS[t] for t in terms if t in CHAIN_TERMS)


def query_families(topical_networks: Iterable[str], topical_terms: Iterable[str]) -> frozenset[str]:
    """Families the query is about: its topical networks, plus EVM when it says ``erc20``/``evm``."""
    named = {f for f in (family_of_network(n) for n in topical_networks) if f is not None}
    if EVM in families_in_terms(topical_terms):
        named.add(EVM)
    return frozenset(named)


def contradicts(query: frozenset[str], listing: frozenset[str]) -> bool:
    """True when the listing names chains and none of them is one the query is about."""
    if not query or not listing:
        return False
    return not any(_covers(q, lf) for q in query for lf in listing)


def _covers(query_family: str, listing_family: str) -> bool:
    if query_family == listing_family:
        return True
    # A generic EVM listing serves any EVM chain; an EVM query accepts any EVM chain's listing.
    if EVM in (query_family, listing_family):
        return query_family in EVM_FAMILIES and listing_family in EVM_FAMILIES
    return False
