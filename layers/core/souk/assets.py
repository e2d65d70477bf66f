"""Known payment assets: symbol and on-chain decimals per (network, asset), and a USD rate table.

Amounts in x402 are atomic units; USDC has 7 decimals on Stellar and 6 on EVM chains and Solana,
so any price comparison must go through :func:`usd_value`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Context, Decimal

from souk import networks as n


@dataclass(frozen=True, slots=True)
class Asset:
    symbol: str
    decimals: int


# Addresses in canonical case. Only an EVM address is the same address in any case (checksum casing varies);
# a Solana mint (base58) or a Stellar contract (strkey) in other letters is another token, priced as nothing.
KNOWN_ASSETS: dict[tuple[str, str], Asset] = {
    (n.BASE, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"): Asset("USDC", 6),
    (n.BASE_SEPOLIA, "0x036CbD53842c5426634e7929541eC2318f3dCF7e"): Asset("USDC", 6),
    (n.BASE, "0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42"): Asset("EURC", 6),
    (n.BASE_SEPOLIA, "0x808456652fdb597867f38412077a9182bf77359F"): Asset("EURC", 6),
    (n.SOLANA, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"): Asset("USDC", 6),
    (n.SOLANA_DEVNET, "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU"): Asset("USDC", 6),
    (n.STELLAR_PUBNET, "CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75"): Asset("USDC", 7),
    (n.STELLAR_TESTNET, "CBIELTK6YBZJU5UP2WWQEUCYKLPU6AUNZ2BQ4WWFEIE3USCIHMXQDAMA"): Asset("USDC", 7),
    (n.STELLAR_PUBNET, "CAS3J7GYLGXMF6TDJBBYYSE3HQ6BBSMLNUQ34T6TZMYMW2EVH34XOWMA"): Asset("XLM", 7),
    (n.STELLAR_TESTNET, "CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC"): Asset("XLM", 7),
}

# Static, documented reference rates (USD per unit). Price caps are approximate for non-USD assets.
USD_RATES: dict[str, Decimal] = {
    "USDC": Decimal("1"),
    "EURC": Decimal("1.08"),
    "XLM": Decimal("0.40"),
}


def address_key(network: str, address: str) -> str:
    """The spelling two addresses on ``network`` share when they are one address."""
    return address.lower() if network.startswith("eip155:") else address


_BY_KEY = {(net, address_key(net, address)): known for (net, address), known in KNOWN_ASSETS.items()}


def lookup(network: str, asset: str) -> Asset | None:
    """The known asset at ``asset`` on ``network`` (a CAIP-2 id or an x402 v1 name), or None."""
    network = n.as_caip2(network)
    return _BY_KEY.get((network, address_key(network, asset)))


def address_of(network: str, symbol: str) -> str | None:
    """The canonical-case address of ``symbol`` on ``network``, or None."""
    for (net, address), known in KNOWN_ASSETS.items():
        if net == network and known.symbol == symbol:
            return address
    return None


# Wide enough for any amount a requirement may state (a uint256 has 78 digits) at any asset's decimals: the default
# context keeps 28 significant digits, and 1234567890123456789012345678901 atomic USDC was shown as
# 1234567890123456789012345.679 (a probe, 2026-12-07).
EXACT = Context(prec=200)


def whole_units(amount_atomic: int, decimals: int) -> Decimal:
    """``amount_atomic`` in whole units of an asset with ``decimals``, exactly (trailing zeros dropped)."""
    return Decimal(amount_atomic).scaleb(-decimals, context=EXACT).normalize(EXACT)


def usd_value(network: str, asset: str, amount_atomic: str | int) -> Decimal | None:
    """USD value of an atomic amount, or None when the asset or its rate is unknown."""
    known = lookup(network, asset)
    if known is None or known.symbol not in USD_RATES:
        return None
    try:
        units = Decimal(int(amount_atomic)).scaleb(-known.decimals, context=EXACT)
    except (TypeError, ValueError):
        return None
    return EXACT.multiply(units, USD_RATES[known.symbol])
