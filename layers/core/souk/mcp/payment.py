"""How to pay for one listing with x402: the flow for its transport, scheme and network, as steps.

Built from the listing's own ``accepts`` and the x402 specification (the headers and MCP ``_meta`` keys
the ``x402`` package defines), v2's or, for a listing that speaks x402 v1 (most of the real Bazaar), v1's:
the 402 answer in the body, ``X-PAYMENT``, and the price in ``maxAmountRequired``. Souk never takes part in
a payment, it only explains one.
"""

from __future__ import annotations

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
from souk.mcp.quoting import name
from souk.mcp.summary import summarize
from souk.networks import as_caip2, normalize_network

_SIGNING = {
    "eip155": (
        "EVM: sign an EIP-712 TransferWithAuthorization (EIP-3009) for exactly `amount` of the asset contract, "
        "from your address to payTo, valid for at most maxTimeoutSeconds, with a random 32-byte nonce; the "
        "EIP-712 domain name and version are in the option's extra (e.g. USDC, 2). No gas is needed."
    ),
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


def _signing_step(option: PaymentOption) -> str:
    family = as_caip2(option.network).split(":", 1)[0]
    if option.scheme == "exact" and family in _SIGNING:
        return _SIGNING[family]
    return (
        f"Build the {name(option.scheme)} payload for {option.network} as that scheme's x402 specification defines; "
        "an x402 client library with a signer for this network does it for you."
    )


def _price(option: PaymentOption) -> str:
    symbol = name(option.assetSymbol) if option.assetSymbol else None
    units = f"{option.amountDecimal} {symbol}" if option.amountDecimal and symbol else None
    usd = f" (about ${option.usdPrice:.6g})" if option.usdPrice is not None else ""
    atomic = f"{option.amount} atomic units of {name(option.asset)}"
    return f"{units}, i.e. {atomic}{usd}" if units else f"{atomic}{usd}"


def _choose(option: PaymentOption) -> str:
    scheme, pay_to = name(option.scheme), name(option.payTo)
    return f"Choose an option you can pay: {_price(option)} on {option.network} ({scheme}), to {pay_to}."


_AMOUNT_NOTE = {
    2: "Prices are in atomic units of the asset: pay exactly `amount`, never a rounded value.",
    # A v1 option has no `amount`: summary.py shows its maxAmountRequired there, which the exact scheme charges.
    1: "Prices are in atomic units of the asset. This listing speaks x402 v1: `amount` is its option's "
    "maxAmountRequired, the most the seller may charge; the exact scheme charges all of it, so sign for exactly "
    "that value, never a rounded one.",
}


def _http_v1_steps(summary: ResourceSummary, chosen: PaymentOption) -> list[str]:
    return [
        f"Send the request: {summary.method or 'GET'} {summary.resource}, with input matching inputSchema.",
        "The server answers HTTP 402 with a JSON body: an x402 v1 PaymentRequired object (x402Version 1) whose "
        "`accepts` lists the payment options (the same as below: priced in maxAmountRequired, networks by v1 "
        "name such as base).",
        _choose(chosen),
        _signing_step(chosen),
        f"Repeat the same request with an `{X_PAYMENT_HEADER}` header: base64 JSON of the x402 v1 PaymentPayload "
        "(x402Version 1, the chosen option's scheme and network as the 402 answer spells them, payload = your "
        "signature or transaction).",
        f"On success the response carries `{X_PAYMENT_RESPONSE_HEADER}` (base64 JSON settlement: transaction id, "
        "network, payer); a 402 again means the payment was refused, and its body says why.",
    ]


def payment_guide(item: dict[str, Any], network: str | None) -> PaymentGuide:
    summary = summarize(item, description_chars=None)
    version = 1 if item.get("x402Version") == 1 else 2
    options = summary.payments
    if network is not None:
        wanted = normalize_network(network)
        if wanted is None:
            raise SoukError("invalid_network", "network must be a CAIP-2 id such as eip155:8453 or stellar:pubnet")
        options = [o for o in options if as_caip2(o.network) == wanted]
        if not options:
            accepted = ", ".join(sorted({o.network for o in summary.payments})) or "none"
            raise SoukError("network_not_accepted", f"this listing does not accept {wanted}; it accepts {accepted}")
    if not options:
        raise SoukError("no_payment_options", "this listing declares no payment requirements Souk can explain")
    chosen = options[0]
    steps: list[str]
    if summary.type == "mcp":
        steps = [
            f"Connect an MCP client to {summary.resource} and call the tool {name(summary.toolName or '')} with "
            "arguments that match its inputSchema, without payment.",
            "The server answers with a payment-required tool error whose structured content is an x402 "
            "PaymentRequired object: its `accepts` lists the payment options (the same as below).",
            _choose(chosen),
            _signing_step(chosen),
            f"Call the same tool again with the x402 PaymentPayload (x402Version, accepted = the chosen option, "
            f'payload = your signature or transaction) in the request\'s `_meta["{MCP_PAYMENT_META_KEY}"]`.',
            "The server has a facilitator verify and settle it and returns the tool result; its "
            f'`_meta["{MCP_PAYMENT_RESPONSE_META_KEY}"]` carries the settlement (transaction id, network, payer).',
        ]
    elif version == 1:
        steps = _http_v1_steps(summary, chosen)
    else:
        steps = [
            f"Send the request: {summary.method or 'GET'} {summary.resource}, with input matching inputSchema.",
            f"The server answers HTTP 402 with a `{PAYMENT_REQUIRED_HEADER}` header: base64 JSON of an x402 "
            "PaymentRequired object whose `accepts` lists the payment options (the same as below).",
            _choose(chosen),
            _signing_step(chosen),
            f"Repeat the same request with a `{PAYMENT_SIGNATURE_HEADER}` header: base64 JSON of the x402 "
            "PaymentPayload (x402Version, accepted = the chosen option, payload = your signature or transaction). "
            "x402 v1 servers read `X-PAYMENT` instead.",
            f"On success the response carries `{PAYMENT_RESPONSE_HEADER}` (base64 JSON settlement: transaction id, "
            "network, payer); a 402 again means the payment was refused, and its body says why.",
        ]
    notes = [
        _AMOUNT_NOTE[version],
        "The seller's own 402 answer is authoritative: if its requirements differ from these, pay what it asks.",
    ]
    if len(options) > 1:
        notes.append(f"{len(options)} options are accepted; the steps use the first. Any of them settles the call.")
    return PaymentGuide(
        resource=summary.resource,
        type=summary.type,
        toolName=summary.toolName,
        method=summary.method,
        x402Version=version,
        options=options,
        steps=steps,
        notes=notes,
    )
