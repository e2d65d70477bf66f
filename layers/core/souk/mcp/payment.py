"""How to pay for one listing with x402: the flow for its transport, scheme and network, as steps.

Built from the listing's own ``accepts`` and the x402 specification (the headers and MCP ``_meta`` keys
the ``x402`` package defines), v2's or, for a listing that speaks x402 v1 (most of the real Bazaar), v1's:
the 402 answer in the body, ``X-PAYMENT``, and the price in ``maxAmountRequired``. Souk never takes part in
a payment, it only explains one.
"""

from __future__ import annotations

import json
from typing import Any

from x402.http.constants import (
    PAYMENT_REQUIRED_HEADER,
    PAYMENT_RESPONSE_HEADER,
    PAYMENT_SIGNATURE_HEADER,
    X_PAYMENT_HEADER,
    X_PAYMENT_RESPONSE_HEADER,
)
from x402.mcp.constants import MCP_PAYMENT_META_KEY, MCP_PAYMENT_RESPONSE_META_KEY

from souk.errors import SoukError
from souk.mcp.models import PaymentGuide, PaymentOption, ResourceSummary
from souk.mcp.quoting import name, url
from souk.mcp.summary import summarize
from souk.networks import as_caip2, normalize_network

# The exact scheme on EVM (x402 specs/schemes/exact/scheme_exact_evm.md; the x402 package's
# x402.mechanisms.evm.constants, which needs the EVM extras to import): Permit2's canonical address and the
# x402ExactPermit2Proxy, the spender of an exact Permit2 payment, both the same on every EVM chain.
PERMIT2_ADDRESS = "0x000000000022D473030F116dDEE9F6B43aC78BA3"
X402_EXACT_PERMIT2_PROXY_ADDRESS = "0x402085c248EeA27D92E8b30b2C58ed07f9E20001"

_EIP3009 = (
    "sign an EIP-712 TransferWithAuthorization (EIP-3009) for exactly `amount` of the asset contract, from your "
    "address to payTo, valid for at most maxTimeoutSeconds, with a random 32-byte nonce; the EIP-712 domain name "
    "and version are the option's extra.name and extra.version (e.g. USDC, 2). The payload is {signature, "
    "authorization}. No gas is needed."
)
_PERMIT2_APPROVAL = (
    f"once per token, your address must have approved the canonical Permit2 contract ({PERMIT2_ADDRESS}) to spend "
    "the asset: an on-chain approve, which needs gas, unless the seller's 402 answer offers the eip2612GasSponsoring "
    "or erc20ApprovalGasSponsoring extension"
)
_SIGNING_EVM = {
    None: "EVM, EIP-3009 (the default: extra names no assetTransferMethod): " + _EIP3009,
    "eip3009": "EVM, EIP-3009 (extra.assetTransferMethod): " + _EIP3009,
    "permit2": f"EVM, Permit2 (extra.assetTransferMethod): {_PERMIT2_APPROVAL}. Then sign an EIP-712 "
    "PermitWitnessTransferFrom (Permit2's domain) with permitted = {token: the asset, amount: exactly `amount`}, "
    f"spender = the x402ExactPermit2Proxy ({X402_EXACT_PERMIT2_PROXY_ADDRESS}), a random nonce, a deadline at "
    "most maxTimeoutSeconds ahead and witness = {to: payTo, validAfter}. The payload is {signature, "
    "permit2Authorization}; the facilitator pays the gas of the transfer.",
}
_SIGNING = {
    "solana": (
        "Solana: build a transaction with a compute-unit limit, a compute-unit price and one SPL TransferChecked "
        "of exactly `amount` to payTo's associated token account for the asset mint; the facilitator is the fee "
        "payer (extra.feePayer), so partially sign it with your key only."
    ),
    "stellar": (
        "Stellar: build a Soroban invocation of transfer(from, payTo, amount) on the asset contract (SEP-41), "
        "simulate it, and sign only its authorization entries, expiring after ceil(maxTimeoutSeconds / 5) "
        "ledgers; send the transaction as base64 XDR. Fees are sponsored when extra.areFeesSponsored is true."
    ),
}
# The upto scheme on EVM (specs/schemes/upto/scheme_upto_evm.md): Permit2 only, the signed amount is a maximum.
_SIGNING_UPTO_EVM = (
    f"EVM, upto (always Permit2: EIP-3009 cannot sign a maximum): {_PERMIT2_APPROVAL}. Then sign an EIP-712 "
    "PermitWitnessTransferFrom (Permit2's domain) with permitted = {token: the asset, amount: `amount`, the "
    "maximum}, spender = the x402 upto Permit2 proxy (its address is in your x402 client library), a random nonce, "
    "a deadline at most maxTimeoutSeconds ahead and witness = {to: payTo, facilitator: extra.facilitatorAddress, "
    "validAfter}. The payload is {signature, permit2Authorization}."
)


def _generic_step(option: PaymentOption, method: str | None = None) -> str:
    how = f" with the asset transfer method {name(method)}" if method is not None else ""
    return (
        f"Build the {name(option.scheme)} payload for {name(option.network)}{how} as that scheme's x402 "
        "specification defines; an x402 client library with a signer for this network does it for you."
    )


def _signing_step(option: PaymentOption, version: int = 2) -> str:
    family = as_caip2(option.network).split(":", 1)[0]
    if family == "eip155" and version == 1 and option.scheme == "exact":
        # x402 v1 has EIP-3009 only (its spec, 6.1; the SDK's v1 EVM client builds nothing else).
        return _SIGNING_EVM[None]
    if family == "eip155" and version == 2 and option.scheme in ("exact", "upto"):
        if option.scheme == "upto":
            return _SIGNING_UPTO_EVM
        # The exact scheme on EVM signs by the option's extra.assetTransferMethod (EIP-3009 when it names none).
        extra = option.extra if isinstance(option.extra, dict) else {}
        method = extra.get("assetTransferMethod")
        if method is None or (isinstance(method, str) and method in _SIGNING_EVM):
            return _SIGNING_EVM[method]
        return _generic_step(option, method if isinstance(method, str) else json.dumps(method))
    if option.scheme == "exact" and family in _SIGNING:
        return _SIGNING[family]
    return _generic_step(option)


def _price(option: PaymentOption) -> str:
    symbol = name(option.assetSymbol) if option.assetSymbol else None
    units = f"{option.amountDecimal} {symbol}" if option.amountDecimal and symbol else None
    usd = f" (about ${option.usdPrice:.6g})" if option.usdPrice is not None else ""
    atomic = f"{option.amount} atomic units of {name(option.asset)}"
    price = f"{units}, i.e. {atomic}{usd}" if units else f"{atomic}{usd}"
    return f"at most {price}" if option.scheme == "upto" else price


TEST_NETWORK = "a test network, paid in free test tokens"


def _choose(option: PaymentOption) -> str:
    scheme, pay_to, network = name(option.scheme), name(option.payTo), name(option.network)
    where = f"{network} ({TEST_NETWORK})" if option.testnet else network
    return f"Choose an option you can pay: {_price(option)} on {where} ({scheme}), to {pay_to}."


_V1_AMOUNT = "This listing speaks x402 v1: `amount` is its option's maxAmountRequired"
_AMOUNT_NOTE = {
    ("exact", 2): "Prices are in atomic units of the asset: pay exactly `amount`, never a rounded value.",
    # A v1 option has no `amount`: summary.py shows its maxAmountRequired there, which the exact scheme charges.
    ("exact", 1): f"Prices are in atomic units of the asset. {_V1_AMOUNT}, the most the seller may charge; the "
    "exact scheme charges all of it, so sign for exactly that value, never a rounded one.",
    # The upto scheme (specs/schemes/upto/scheme_upto.md): the client authorizes a maximum, the seller settles
    # for what the call used, at most that and possibly nothing.
    ("upto", 2): "Prices are in atomic units of the asset. An upto option's `amount` is the most the seller may "
    "charge: authorize exactly that maximum, never a rounded value; the seller then charges what the call used, "
    "at most `amount` and possibly nothing, and the settlement response's amount says what was charged.",
    ("upto", 1): f"Prices are in atomic units of the asset. {_V1_AMOUNT}; an upto option's `amount` is the most "
    "the seller may charge: authorize exactly that maximum, never a rounded value; the seller then charges what the "
    "call used, at most `amount` and possibly nothing.",
}


def _amount_notes(options: list[PaymentOption], version: int) -> list[str]:
    notes = []
    for scheme in dict.fromkeys(o.scheme for o in options):
        note = _AMOUNT_NOTE.get((scheme, version))
        if note is None:
            note = (
                f"Prices are in atomic units of the asset; what a {name(scheme)} option charges of `amount` is "
                "defined by that scheme's x402 specification."
            )
        notes.append(note)
    return notes


_STATUS_NOTE = {
    "degraded": "some of their recent checks failed, so the call may fail",
    "unreachable": "their recent checks could not connect to it, so the call will probably fail",
    "gone": "for some time they have found no paid endpoint there, so a payment would probably be wasted",
}


def _health_note(health: dict[str, Any] | None) -> str | None:
    """A warning when Souk's probes (quality.health) rate the listing other than active, or it is delisted."""
    health = health or {}
    status, delisted = health.get("status"), health.get("delisted") is True
    if (status in (None, "active")) and not delisted:
        return None
    said = []
    if delisted:
        said.append("Souk's operator has delisted this listing")
    if status not in (None, "active"):
        uptime = health.get("uptime7d")
        up = f" (up in {uptime:.0%} of the last 7 days' probes)" if isinstance(uptime, float | int) else ""
        why = _STATUS_NOTE.get(str(status))
        said.append(f"Souk's probes rate this listing {name(str(status))}{up}" + (f": {why}" if why else ""))
    # Step 2 of every flow is the seller asking for payment: without it there is nothing to pay for.
    return f"Health: {'; '.join(said)}. The first, unpaid call costs nothing: pay only if it asks for payment."


_ACCEPTED = (
    "accepted = the chosen entry of that `accepts`, copied unchanged (Souk's copy of it is the option's "
    "`requirements`, not the whole option)"
)


def _http_v1_steps(summary: ResourceSummary, chosen: PaymentOption) -> list[str]:
    return [
        f"Send the request: {name(summary.method or 'GET')} {url(summary.resource)}, with input matching inputSchema.",
        "The server answers HTTP 402 with a JSON body: an x402 v1 PaymentRequired object (x402Version 1) whose "
        "`accepts` lists the payment options (the same as below: priced in maxAmountRequired, networks by v1 "
        "name such as base).",
        _choose(chosen),
        _signing_step(chosen, 1),
        f"Repeat the same request with an `{X_PAYMENT_HEADER}` header: base64 JSON of the x402 v1 PaymentPayload "
        "(x402Version 1, the chosen option's scheme and network as the 402 answer spells them, payload = your "
        "signature or transaction).",
        f"On success the response carries `{X_PAYMENT_RESPONSE_HEADER}` (base64 JSON settlement: transaction id, "
        "network, payer); a 402 again means the payment was refused, and its body says why.",
    ]


def payment_guide(item: dict[str, Any], network: str | None) -> PaymentGuide:
    summary = summarize(item, description_chars=None, full_payments=True)
    version = 1 if item.get("x402Version") == 1 else 2
    options = summary.payments  # production networks first (summary.py), so the steps use a production option
    if network is not None:
        wanted = normalize_network(network)
        if wanted is None:
            raise SoukError("invalid_network", "network must be a CAIP-2 id such as eip155:8453 or stellar:pubnet")
        options = [o for o in options if as_caip2(o.network) == wanted]
        if not options:
            accepted = ", ".join(sorted({name(o.network) for o in summary.payments})) or "none"
            raise SoukError("network_not_accepted", f"this listing does not accept {wanted}; it accepts {accepted}")
    if not options:
        raise SoukError("no_payment_options", "this listing declares no payment requirements Souk can explain")
    chosen = options[0]
    steps: list[str]
    if summary.type == "mcp":
        steps = [
            f"Connect an MCP client to {url(summary.resource)} and call the tool {name(summary.toolName or '')} "
            "with arguments that match its inputSchema, without payment.",
            "The server answers with a payment-required tool error whose structured content is an x402 "
            "PaymentRequired object: its `accepts` lists the payment options (the same as below).",
            _choose(chosen),
            _signing_step(chosen, version),
            f"Call the same tool again with the x402 PaymentPayload (x402Version, {_ACCEPTED}, payload = your "
            f'signature or transaction) in the request\'s `_meta["{MCP_PAYMENT_META_KEY}"]`.',
            "The server has a facilitator verify and settle it and returns the tool result; its "
            f'`_meta["{MCP_PAYMENT_RESPONSE_META_KEY}"]` carries the settlement (transaction id, network, payer).',
        ]
    elif version == 1:
        steps = _http_v1_steps(summary, chosen)
    else:
        steps = [
            f"Send the request: {name(summary.method or 'GET')} {url(summary.resource)}, with input matching "
            "inputSchema.",
            f"The server answers HTTP 402 with a `{PAYMENT_REQUIRED_HEADER}` header: base64 JSON of an x402 "
            "PaymentRequired object whose `accepts` lists the payment options (the same as below).",
            _choose(chosen),
            _signing_step(chosen),
            f"Repeat the same request with a `{PAYMENT_SIGNATURE_HEADER}` header: base64 JSON of the x402 "
            f"PaymentPayload (x402Version, {_ACCEPTED}, payload = your signature or transaction). "
            "x402 v1 servers read `X-PAYMENT` instead.",
            f"On success the response carries `{PAYMENT_RESPONSE_HEADER}` (base64 JSON settlement: transaction id, "
            f"network, payer); a 402 again means the payment was refused, and its `{PAYMENT_RESPONSE_HEADER}` "
            "header's errorReason says why (x402 v2 carries everything in headers; the body is the server's own).",
        ]
    health = summary.quality.health
    notes = [note for note in [_health_note(health)] if note is not None]
    notes += _amount_notes(options, version)
    if chosen.testnet:
        notes.append(
            f"The option the steps use is on {TEST_NETWORK} (from the network's faucet, worth nothing): it is for "
            "trying the listing out, and its price is no production price."
        )
    notes.append(
        "The seller's own 402 answer is authoritative: if its requirements differ from these, pay what it asks."
    )
    if len(options) > 1:
        test = sum(o.testnet for o in options)
        kinds = f" ({len(options) - test} on production networks, {test} on test networks)" if test else ""
        notes.append(
            f"{len(options)} options are accepted{kinds}; the steps use the first. Any of them settles the call."
        )
    return PaymentGuide(
        resource=summary.resource,
        type=summary.type,
        toolName=summary.toolName,
        method=summary.method,
        x402Version=version,
        options=options,
        steps=steps,
        notes=notes,
        health=health,
    )
