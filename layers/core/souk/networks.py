"""Network names: legacy aliases to CAIP-2, and the families a query may name."""

from __future__ import annotations

import re

BASE = "eip155:8453"
BASE_SEPOLIA = "eip155:84532"
SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
STELLAR_PUBNET = "stellar:pubnet"
STELLAR_TESTNET = "stellar:testnet"

# x402 v1 used bare names; v2 uses CAIP-2. Listings are stored under CAIP-2 only.
LEGACY_ALIASES: dict[str, str] = {
    "base": BASE,
    "base-mainnet": BASE,
    "base-sepolia": BASE_SEPOLIA,
    "solana": SOLANA,
    "solana-mainnet": SOLANA,
    "solana-devnet": SOLANA_DEVNET,
    "stellar": STELLAR_PUBNET,
    "stellar-pubnet": STELLAR_PUBNET,
    "stellar-testnet": STELLAR_TESTNET,
    "ethereum": "eip155:1",
    "polygon": "eip155:137",
    "polygon-amoy": "eip155:80002",
    "avalanche": "eip155:43114",
    "avalanche-fuji": "eip155:43113",
    "sei": "eip155:1329",
    "sei-testnet": "eip155:1328",
    "iotex": "eip155:4689",
}

# The name an x402 v1 client expects for a CAIP-2 id (the first alias above): a v1 listing is stored under
# CAIP-2 but served with v1 names, since the v1 SDKs know networks by name only ("Unknown v1 network").
V1_NAMES: dict[str, str] = {}
for _name, _caip2 in LEGACY_ALIASES.items():
    V1_NAMES.setdefault(_caip2, _name)

# Test networks (free test tokens): a price there is no price a production caller pays. Those the x402 SDK and
# its v1 network names know, and the common EVM testnets.
TESTNETS = frozenset(
    {
        BASE_SEPOLIA,
        SOLANA_DEVNET,
        "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",  # Solana testnet
        STELLAR_TESTNET,
        "eip155:80002",  # Polygon Amoy
        "eip155:43113",  # Avalanche Fuji
        "eip155:1328",  # Sei testnet
        "eip155:11155111",  # Ethereum Sepolia
        "eip155:17000",  # Holesky
        "eip155:421614",  # Arbitrum Sepolia
        "eip155:11155420",  # OP Sepolia
        "eip155:10143",  # Monad testnet
        "eip155:11124",  # Abstract testnet
        "eip155:2201",  # Stable testnet
        "eip155:1444673419",  # SKALE Base Sepolia
        "eip155:11142220",  # Celo Sepolia
        "eip155:51",  # XDC Apothem
    }
)

# CAIP-2: namespace:reference, namespace [-a-z0-9]{3,8}, reference [-_a-zA-Z0-9]{1,32}.
_CAIP2 = re.compile(r"^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$")
CAIP2_PATTERN = _CAIP2.pattern  # documented in the OpenAPI parameters (souk.api.docs)


def is_caip2(value: str) -> bool:
    """True when ``value`` is syntactically a CAIP-2 chain id."""
    return bool(_CAIP2.match(value))


# Solana's CAIP-2 ids before the namespace moved to the genesis hash's first 32 characters (WalletConnect v1 and
# older wallets still send them): the same chains, so a filter naming one finds what x402 sells there.
SUPERSEDED_CAIP2: dict[str, str] = {
    "solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ": SOLANA,
    "solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K": SOLANA_DEVNET,
}


def normalize_network(value: str) -> str | None:
    """Return the CAIP-2 id for a CAIP-2 id (a superseded one as its current id) or a known legacy name, else None."""
    candidate = value.strip()
    if is_caip2(candidate):
        namespace, reference = candidate.split(":", 1)
        if namespace == "eip155":
            if not reference.isdigit():  # eip155:-8453 numbers no chain
                return None
            # An EVM chain id is a number: eip155:08453 is Base, not a chain of its own that no filter finds.
            candidate = f"eip155:{int(reference)}"
        # "stellar:PUBNET" is stored as the filters spell it, or no network filter could ever find it
        candidate = canonical_case(candidate)
        return SUPERSEDED_CAIP2.get(candidate, candidate)
    return LEGACY_ALIASES.get(candidate.lower())


def display_name(network: str) -> str:
    """A readable network name for search text (``stellar:testnet`` -> ``stellar testnet``)."""
    names = {
        BASE: "base",
        BASE_SEPOLIA: "base sepolia",
        SOLANA: "solana",
        SOLANA_DEVNET: "solana devnet",
        STELLAR_PUBNET: "stellar pubnet",
        STELLAR_TESTNET: "stellar testnet",
    }
    return names.get(network, network)


# Chain families as a query names them: (mainnet ids, testnet ids). Query vocabulary only.
FAMILIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "stellar": ((STELLAR_PUBNET,), (STELLAR_TESTNET,)),
    "solana": ((SOLANA,), (SOLANA_DEVNET,)),
    "base": ((BASE,), (BASE_SEPOLIA,)),
    "ethereum": (("eip155:1",), ()),
    "polygon": (("eip155:137",), ("eip155:80002",)),
    "avalanche": (("eip155:43114",), ("eip155:43113",)),
    "sei": (("eip155:1329",), ("eip155:1328",)),
    "iotex": (("eip155:4689",), ()),
    # Arbitrum One: a query naming it gets its filter (and an honest empty page) rather than no constraint at all.
    # Not "optimism", an English word ("optimism about the market") as often as a chain.
    "arbitrum": (("eip155:42161",), ("eip155:421614",)),
}

KNOWN_NETWORKS = frozenset(LEGACY_ALIASES.values()) | TESTNETS

# Where a settlement counts as a sale (paid calls, payers, the settlement boost, "most recently paid"): an allow-list
# of production chains. A denylist of testnets let any other chain id count, a seller's own dev chain
# (eip155:31337, Anvil/Hardhat) or a retired testnet included, where paying yourself from ten wallets in a token you
# minted costs nothing and bought the boost (a probe, 2026-12-07). A payment on a chain not listed here still
# catalogs the listing and its payment option; it only counts as no sale.
PRODUCTION_NETWORKS = frozenset(
    {network for mainnets, _ in FAMILIES.values() for network in mainnets}
    | (frozenset(LEGACY_ALIASES.values()) - TESTNETS)
    | {
        "eip155:10",  # OP Mainnet
        "eip155:56",  # BNB Smart Chain
        "eip155:196",  # X Layer
        "eip155:2741",  # Abstract
        "eip155:3338",  # peaq
        "eip155:8217",  # Kaia
        "eip155:42220",  # Celo
        "eip155:50",  # XDC
    }
)


def as_caip2(network: str) -> str:
    """``network`` as its CAIP-2 id when it is one or a known v1 name (served v1 options use names), else as is."""
    return normalize_network(network) or network


def canonical_case(network: str) -> str:
    """A known CAIP-2 id in its canonical case (queries arrive lowercased); others unchanged."""
    lowered = network.lower()
    return next((known for known in KNOWN_NETWORKS if known.lower() == lowered), network)
