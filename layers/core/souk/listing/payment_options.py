"""Filters on how a listing is paid hold for one payment option, not for the listing as a whole.

A listing's ``networks``, ``schemes``, ``assets`` and ``min_usd_price`` columns summarize all its
payment options, so each filter alone is exact on them. Two together are not: "network=base and
maxUsdPrice=0.001" passed a listing charging $2 on Base that also offered Base Sepolia at 1 atomic
unit, and the answer said both filters were applied. ``one_option_sql`` asks that a single entry of
the listing's ``accepts`` satisfy every payment filter at once, pricing it as ``souk.assets.usd_value``
does (known assets only: an option of an unknown asset has no USD price and passes no cap). The
summary columns stay in the WHERE clause as cheap, index-friendly necessary conditions.

A price cap with no network holds on a production option: "maxUsdPrice=0.01" passed a listing charging $1
on Base because it also offered Base Sepolia at $0.001, a price in test tokens that no production caller
pays. A listing offered only on test networks is priced on them (that is all it offers). "Cheapest" ranks by
the production price too (``price_sql``), and puts a listing with none after those with one.
"""

from __future__ import annotations

import re
from typing import Any

from souk.assets import KNOWN_ASSETS, USD_RATES, address_key
from souk.listing.pay_to import same_pay_to
from souk.networks import TESTNETS

# A symbol ("USDC", "EURC", "USDC.e") names an asset on any network; anything else is an address.
_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9.]{0,11}", re.ASCII)


def option_amount(option: dict[str, Any]) -> str | None:
    """A payment option's price in atomic units: v2's ``amount``, else v1's ``maxAmountRequired`` (the SQL below
    reads it the same way)."""
    amount = option.get("amount")
    if amount is None:
        amount = option.get("maxAmountRequired")
    return None if amount is None else str(amount)


def is_symbol(asset: str) -> bool:
    return _SYMBOL.fullmatch(asset) is not None


def _known_assets_sql() -> str:
    """Known assets as an SQL VALUES list, each with its exact USD value of one atomic unit."""
    rows = [
        f"('{network}', '{address_key(network, address)}', '{known.symbol}',"
        f" {USD_RATES[known.symbol].scaleb(-known.decimals):f})"
        for (network, address), known in KNOWN_ASSETS.items()
        if known.symbol in USD_RATES
    ]
    return "(VALUES " + ", ".join(rows) + ") AS k(network, address, symbol, usd_per_unit)"


_KNOWN = _known_assets_sql()


# The SQL twin of souk.assets.address_key: an option ``o``'s asset, and another address, in the spelling two
# addresses on the option's network share when they are one.
def _address_key_sql(address: str) -> str:
    return f"CASE WHEN o.value->>'network' LIKE 'eip155:%%' THEN lower({address}) ELSE {address} END"


_OPTION_ASSET = _address_key_sql("o.value->>'asset'")
_SAME_ASSET = f"k.network = o.value->>'network' AND k.address = {_OPTION_ASSET}"
# A stored network is CAIP-2, which has no space, so the pair is equal exactly when both halves are.
_OPTION_NETWORK_ASSET = f"o.value->>'network' || ' ' || {_OPTION_ASSET}"


def network_asset_key(network: str, address: str) -> str:
    """The ``asset`` value ``one_option_sql`` reads as "``address`` on ``network``" (a CAIP-19 id): the two
    joined by a space, which no address filter holds (``souk.listing.filters``), in ``address_key`` spelling."""
    return f"{network} {address_key(network, address)}"


def _same_address_sql(asset: str) -> str:
    # The search pipeline hands the filter's placeholder back to one_option_sql, so the value itself says which.
    return (
        f"CASE WHEN strpos({asset}, ' ') > 0 THEN {_OPTION_NETWORK_ASSET} = {asset}"
        f" ELSE {_OPTION_ASSET} = {_address_key_sql(asset)} END"
    )


def address_sql(alias: str, address: str) -> str:
    """SQL true when a payment option of the listing is paid in the asset at ``address`` (an SQL expression):
    in any case on an EVM network, exactly elsewhere (a Solana mint in other letters is another token)."""
    return (
        f"EXISTS (SELECT 1 FROM jsonb_array_elements({alias}.accepts) AS o"
        f" WHERE {_OPTION_ASSET} = {_address_key_sql(address)})"
    )


_TESTNETS = "ARRAY[" + ", ".join(f"'{network}'" for network in sorted(TESTNETS)) + "]::text[]"


def one_option_sql(
    alias: str,
    *,
    networks: str | None = None,
    scheme: str | None = None,
    asset: str | None = None,
    asset_is_symbol: bool = False,
    max_usd: str | None = None,
    strict: bool = False,
    pay_to: str | None = None,
) -> str | None:
    """SQL true when one payment option of the listing (alias ``alias``) passes every given condition; None
    when one alone is exact on the listing's summary columns.

    Each argument is an SQL expression (a placeholder): ``networks`` a ``text[]`` of CAIP-2 ids,
    ``scheme`` text, ``asset`` a symbol (``asset_is_symbol``), an address or a ``network_asset_key``,
    ``max_usd`` a number (``strict``: below it, not at it), ``pay_to`` an address
    (``souk.listing.pay_to.same_pay_to``). A cap without ``networks`` holds on a production option unless the
    listing has none, or the asset names its network. ``pay_to`` has no summary column (``listings.pay_to`` is
    the last event's payTo, while an option may pay another bound address, or an address the listing was moved
    away from), so it is always read from the options."""
    given = sum(condition is not None for condition in (networks, scheme, asset, max_usd, pay_to))
    production_price = max_usd is not None and networks is None
    if given < 2 and not production_price and pay_to is None:
        return None
    conditions = ["TRUE"]
    if pay_to is not None:
        conditions.append(same_pay_to("(o.value->>'payTo')", pay_to))
    if networks is not None:
        conditions.append(f"o.value->>'network' = ANY({networks})")
    if production_price:
        anywhere = f"o.value->>'network' <> ALL({_TESTNETS}) OR {alias}.networks <@ {_TESTNETS}"
        if asset is not None and not asset_is_symbol:
            anywhere += f" OR strpos({asset}, ' ') > 0"  # an asset id names its network, as a network filter does
        conditions.append(f"({anywhere})")
    if scheme is not None:
        conditions.append(f"lower(o.value->>'scheme') = {scheme}")
    if asset is not None:
        conditions.append(f"k.symbol = upper({asset})" if asset_is_symbol else _same_address_sql(asset))
    if max_usd is not None:
        usd = "coalesce(o.value->>'amount', o.value->>'maxAmountRequired')::numeric * k.usd_per_unit"
        conditions.append(f"{usd} {'<' if strict else '<='} {max_usd}")
    exists = (
        f"EXISTS (SELECT 1 FROM jsonb_array_elements({alias}.accepts) AS o"
        f" LEFT JOIN {_KNOWN} ON {_SAME_ASSET}"
        f" WHERE {' AND '.join(conditions)})"
    )
    if given == 1 and max_usd is not None:  # the cap alone: only a listing on both kinds of network reads its options
        return f"(NOT ({alias}.networks && {_TESTNETS}) OR {alias}.networks <@ {_TESTNETS} OR {exists})"
    return exists


def price_sql(alias: str, networks: str | None = None) -> str:
    """SQL for the listing's lowest USD price among its options on ``networks`` (an SQL ``text[]``), or on
    production networks when None; NULL when no such option has a known price. "Cheapest" ranks by it: a
    1-atomic option on a test network, or on a network the query did not ask for, is not what the caller pays."""
    testnets = ", ".join(f"'{network}'" for network in sorted(TESTNETS))
    where = f"k.network = ANY({networks})" if networks is not None else f"k.network NOT IN ({testnets})"
    return (
        "(SELECT min(coalesce(o.value->>'amount', o.value->>'maxAmountRequired')::numeric * k.usd_per_unit)"
        f" FROM jsonb_array_elements({alias}.accepts) AS o"
        f" JOIN {_KNOWN} ON {_SAME_ASSET}"
        f" WHERE {where})"
    )
