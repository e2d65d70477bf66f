"""The Bazaar discovery filters, parsed strictly: well-formed values are honoured, malformed ones are 400s.

Conformance (bazaar_discovery_conformance): for a well-formed value every returned item satisfies the
filter (an empty page when none does); a malformed value gets a 400 with ``error`` and ``reason``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from souk.errors import SoukError
from souk.listing.asset_ids import AssetId, parse_asset_id
from souk.listing.pay_to import PAY_TO, pay_to_key
from souk.listing.payment_options import address_sql, is_symbol, network_asset_key, one_option_sql
from souk.networks import canonical_case, normalize_network

# fullmatch, not ^...$ (which passes a trailing newline); ASCII, or IGNORECASE lets the Kelvin sign be a k.
_TOKEN = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}", re.IGNORECASE | re.ASCII)
_ADDRESS = re.compile(r"[\x21-\x7e]{1,128}")

LIST_PARAMS = frozenset({"type", "payTo", "scheme", "network", "extensions", "limit", "offset"})
RESOURCE_TYPES = frozenset({"http", "mcp"})  # what souk.catalog.extract catalogs
# Souk's own payment filters, on both discovery endpoints: a search's browse lists at most 250, so the listing
# endpoint must be able to page everything that passes the same filters.
PAYMENT_PARAMS = frozenset({"asset", "maxUsdPrice"})


@dataclass(frozen=True, slots=True)
class Filters:
    type: str | None = None
    pay_to: str | None = None
    scheme: str | None = None
    network: str | None = None
    extensions: str | None = None
    asset: str | None = None
    max_usd_price: Decimal | None = None  # exact: a float let $0.003 pass a cap of 0.0029999999999999999
    unapplied: tuple[str, ...] = field(default=())

    def applied(self) -> dict[str, str]:
        pairs = {
            "type": self.type,
            "payTo": self.pay_to,
            "scheme": self.scheme,
            "network": self.network,
            "extensions": self.extensions,
            # one spelling per meaning, as the filter reads it: a cursor bound to "USDC" and 0.01 takes "usdc" and 0.010
            "asset": self.asset.upper() if self.asset is not None and is_symbol(self.asset) else self.asset,
            "maxUsdPrice": None if self.max_usd_price is None else plain_decimal(self.max_usd_price),
        }
        return {k: v for k, v in pairs.items() if v is not None}

    @property
    def asset_id(self) -> AssetId | None:
        """``asset`` read as a CAIP-19 id (network and address, one option holds both), else None."""
        return None if self.asset is None else parse_asset_id(self.asset)

    @property
    def payment_network(self) -> str | None:
        """The network a payment must be made on, as a parameter says it: ``network``, else a CAIP-19 ``asset``'s."""
        asset_id = self.asset_id
        return self.network or (None if asset_id is None else asset_id.network)


def _single(params: Mapping[str, list[str]], name: str) -> str | None:
    values = params.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise SoukError("invalid_parameter", f"{name} may be given once")
    return values[0]


def _lower(value: str | None) -> str | None:
    return None if value is None else value.lower()


def _token(params: Mapping[str, list[str]], name: str) -> str | None:
    value = _single(params, name)
    if value is None:
        return None
    if not _TOKEN.fullmatch(value):
        raise SoukError(f"invalid_{name}", f"{name} must be 1-64 letters, digits, '.', '_' or '-'")
    return value


# ASCII digits only: Python's int() and float() also take other scripts' digits ("３"), underscores
# ("1_000") and words ("inf", "nan"), none of which a query string should mean as a number.
_INTEGER = re.compile(r"[0-9]{1,9}")
# One way to match each string: no backtracking over a long run of digits.
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?")
_DECIMAL_MAX_CHARS = 64
# Far below any price (an 18-decimal token's smallest unit is 1e-18), and an echo of 1e-500 no longer runs to 500
# digits; caps written to 32 places stay exact (0.00299999999999999999999999999999 is not $0.003).
_MAX_USD_DECIMALS = 40
_MAX_USD = Decimal(1_000_000_000)


def parse_int(params: Mapping[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    raw = _single(params, name)
    if raw is None:
        return default
    digits = raw.strip()
    if not _INTEGER.fullmatch(digits):
        raise SoukError(f"invalid_{name}", f"{name} must be an integer between {low} and {high}")
    value = int(digits)
    if not low <= value <= high:
        raise SoukError(f"invalid_{name}", f"{name} must be between {low} and {high}, got {value}")
    return value


def plain_decimal(value: Decimal) -> str:
    """``value`` in plain digits without trailing zeros, exactly: 0.010 and 1e-2 are "0.01"."""
    text = format(value, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def parse_filters(params: Mapping[str, list[str]], known: frozenset[str]) -> Filters:
    """Parse the filter parameters; unknown parameters are named in ``unapplied``, never silently dropped."""
    kind = _token(params, "type")
    if kind is not None:
        kind = kind.lower()
        # Souk catalogs no other resource type: "htpp" would be a filter nothing passes, an empty page said to be the
        # catalog's answer (red team, 2026-12-07)
        if kind not in RESOURCE_TYPES:
            raise SoukError("invalid_type", f"type must be one of {', '.join(sorted(RESOURCE_TYPES))}")
    pay_to = _single(params, "payTo")
    if pay_to is not None and not PAY_TO.fullmatch(pay_to):
        raise SoukError("invalid_payTo", "payTo must be 1-128 printable characters without spaces")
    network = _single(params, "network")
    if network is not None:
        # a known network in another case ("stellar:PUBNET", "EIP155:8453") is that network, not one nothing is paid on
        normalized = normalize_network(canonical_case(network.strip()))
        if normalized is None:
            raise SoukError("invalid_network", "network must be a CAIP-2 id such as eip155:8453 or stellar:pubnet")
        network = normalized
    asset = _single(params, "asset") if "asset" in known else None
    if asset is not None:
        if not _ADDRESS.fullmatch(asset):
            raise SoukError(
                "invalid_asset",
                "asset must be 1-128 printable characters without spaces: a symbol such as USDC, an asset address "
                "or a CAIP-19 asset id such as eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            )
        # a malformed CAIP-19 id is a 400 here, not an empty page later; nor is a slash in a symbol or an address
        if parse_asset_id(asset) is None and "/" in asset:
            raise SoukError(
                "invalid_asset",
                "an asset with a slash must be a CAIP-19 asset id such as "
                "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            )
    max_price = _single(params, "maxUsdPrice") if "maxUsdPrice" in known else None
    max_usd: Decimal | None = None
    if max_price is not None:
        number = max_price.strip()
        if len(number) > _DECIMAL_MAX_CHARS:
            raise SoukError("invalid_maxUsdPrice", f"maxUsdPrice is longer than {_DECIMAL_MAX_CHARS} characters")
        if not _DECIMAL.fullmatch(number):
            raise SoukError("invalid_maxUsdPrice", "maxUsdPrice must be a non-negative number such as 0.01")
        max_usd = Decimal(number)
        if not max_usd < _MAX_USD:
            raise SoukError("invalid_maxUsdPrice", "maxUsdPrice must be below 1000000000")
        if len(plain_decimal(max_usd).partition(".")[2]) > _MAX_USD_DECIMALS:
            raise SoukError("invalid_maxUsdPrice", f"maxUsdPrice has more than {_MAX_USD_DECIMALS} decimal places")
    unapplied = tuple(sorted(k for k in params if k not in known))
    return Filters(
        type=kind,
        pay_to=pay_to,
        # x402 names schemes in lower case ("exact"); "EXACT" means the same one
        scheme=_lower(_token(params, "scheme")),
        network=network,
        extensions=_token(params, "extensions"),
        asset=asset,
        max_usd_price=max_usd,
        unapplied=unapplied,
    )


def filter_sql(f: Filters, alias: str = "l") -> tuple[str, dict[str, object]]:
    """A WHERE fragment (always valid SQL) and its parameters for the structured filters."""
    clauses = ["TRUE"]
    args: dict[str, object] = {}
    if f.type is not None:
        clauses.append(f"{alias}.type = %(f_type)s")
        args["f_type"] = f.type
    if f.pay_to is not None:
        # Held by one payment option with the other payment filters (below); the indexed keys narrow first.
        clauses.append(f"{alias}.pay_to_keys @> ARRAY[%(f_pay_to_key)s]::text[]")
        args["f_pay_to"] = f.pay_to
        args["f_pay_to_key"] = pay_to_key(f.pay_to)
    if f.scheme is not None:
        clauses.append(f"%(f_scheme)s = ANY(SELECT lower(s) FROM unnest({alias}.schemes) s)")
        args["f_scheme"] = f.scheme
    if f.network is not None:
        clauses.append(f"%(f_network)s = ANY({alias}.networks)")
        args["f_network"] = f.network
    if f.extensions is not None:
        # any case ("Bazaar", "eip2612gassponsoring"), the extension's own camelCase spelling included
        clauses.append(
            f"EXISTS (SELECT 1 FROM jsonb_object_keys({alias}.extensions) k WHERE lower(k) = lower(%(f_ext)s))"
        )
        args["f_ext"] = f.extensions
    asset_id = f.asset_id
    if f.asset is not None:
        args["f_asset"] = f.asset
        # A symbol matches a known asset's symbol, never a seller's "asset" field that merely says "USDC".
        if is_symbol(f.asset):
            clauses.append(f"upper(%(f_asset)s) = ANY({alias}.asset_symbols)")
        elif asset_id is not None:
            # The summary columns narrow; one option then holds the pair (one_option_sql reads the key).
            clauses.append(f"%(f_asset_network)s = ANY({alias}.networks)")
            clauses.append(f"lower(%(f_asset_address)s) = ANY(SELECT lower(a) FROM unnest({alias}.assets) a)")
            args["f_asset_network"] = asset_id.network
            args["f_asset_address"] = asset_id.address
            args["f_asset"] = network_asset_key(asset_id.network, asset_id.address)
        else:
            # The summary column narrows cheaply in any case; one option then holds the address exactly.
            clauses.append(f"lower(%(f_asset)s) = ANY(SELECT lower(a) FROM unnest({alias}.assets) a)")
            clauses.append(address_sql(alias, "%(f_asset)s"))
    if f.max_usd_price is not None:
        clauses.append(f"{alias}.min_usd_price <= %(f_max_usd)s")
        args["f_max_usd"] = f.max_usd_price
    networks = None if f.network is None else "ARRAY[%(f_network)s]::text[]"
    if asset_id is not None:
        if f.network is not None and f.network != asset_id.network:
            clauses.append("FALSE")  # no option is on two networks
        # The asset's network given as a network too, so one_option_sql asks for the option even when alone.
        networks = networks or "ARRAY[%(f_asset_network)s]::text[]"
    one_option = one_option_sql(
        alias,
        networks=networks,
        scheme=None if f.scheme is None else "%(f_scheme)s",
        asset=None if f.asset is None else "%(f_asset)s",
        asset_is_symbol=f.asset is not None and is_symbol(f.asset),
        max_usd=None if f.max_usd_price is None else "%(f_max_usd)s",
        pay_to=None if f.pay_to is None else "%(f_pay_to)s",
    )
    if one_option is not None:
        clauses.append(one_option)
    return " AND ".join(clauses), args
