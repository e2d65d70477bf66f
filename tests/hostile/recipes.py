"""Turn a hostile-corpus recipe (one line of cases.jsonl) into the request body it describes.

A recipe names a base event built with the test factories (so every case starts from what a real
resource server sends), then edits it:

    {"base": "weather", "listing": {...factory overrides...},
     "set": {"pr+acc.amount": "²"}, "del": ["res.description"]}

Path prefixes: ``pp`` paymentPayload, ``pr`` paymentRequirements, ``acc`` paymentPayload.accepted,
``res`` paymentPayload.resource, ``bz`` paymentPayload.extensions.bazaar, ``st`` settlement,
``ev`` the event itself; ``a+b.x`` sets the same value under both. ``"body"`` instead of ``base`` is a
raw request body. Values may be macros (``{"$repeat": ["z", 5000]}``, ``{"$now": 600}``, ...), listed
in ``_MACROS``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from souk.demo.builders import Param
from tests.factories import SPOOFER, pdf_tool, settled, verified, weather

V1_SELLER = "0x2222222222222222222222222222222222222222"
BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"

_PREFIXES = {
    "ev": (),
    "pp": ("paymentPayload",),
    "pr": ("paymentRequirements",),
    "acc": ("paymentPayload", "accepted"),
    "res": ("paymentPayload", "resource"),
    "bz": ("paymentPayload", "extensions", "bazaar"),
    "st": ("settlement",),
    "os": ("paymentRequirements", "outputSchema"),
}


class RawJSON(str):
    """JSON text spliced into the body as is: nesting deeper than ``json.dumps`` itself can write."""


def _nest(depth: int, style: str) -> Any:
    """``depth`` levels of JSON-Schema properties (style "schema") or of plain objects ("plain")."""
    if depth > 100:
        head = '{"type": "object", "properties": {"a": ' if style == "schema" else '{"a": '
        tail = "}}" if style == "schema" else "}"
        return RawJSON(head * depth + '{"type": "string"}' + tail * depth)
    node: Any = {"type": "string"}
    for _ in range(depth):
        node = {"type": "object", "properties": {"a": node}} if style == "schema" else {"a": node}
    return node


_MACROS: dict[str, Callable[[Any], Any]] = {
    "$repeat": lambda a: a[0] * a[1],
    "$now": lambda s: (datetime.now(UTC) + timedelta(seconds=s)).strftime("%Y-%m-%dT%H:%M:%SZ"),
    "$digits": lambda n: "1" + "0" * (n - 1),
    "$nines": lambda n: "9" * n,
    "$uint256max": lambda _: str(2**256 - 1),
    "$uint256over": lambda _: str(2**256),
    "$nest": lambda a: _nest(a[0], a[1]),
    "$params": lambda n: [Param(f"p{i}", "string", f"parameter {i}") for i in range(n)],
    "$fields": lambda n: {f"p{i}": {"type": "string"} for i in range(n)},
}


def resolve(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)) in _MACROS:
            name, arg = next(iter(value.items()))
            return _MACROS[name](resolve(arg))
        return {k: resolve(v) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v) for v in value]
    return value


def v1_event(**overrides: Any) -> dict[str, Any]:
    """An x402 v1 event (discovery in ``outputSchema``), the shape the SDK's v1 fallback reads."""
    fields: dict[str, Any] = {
        "url": "https://tokens.example.net/analyze",
        "description": "Token risk analysis for an address.",
        "method": "POST",
        "pay_to": V1_SELLER,
        "params": {"token": {"type": "string", "description": "token address", "required": True}},
    }
    fields |= overrides
    body_key = "bodyFields" if fields["method"] in ("POST", "PUT", "PATCH") else "queryParams"
    requirements: dict[str, Any] = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "10000",
        "resource": fields["url"],
        "description": fields["description"],
        "mimeType": "application/json",
        "payTo": fields["pay_to"],
        "maxTimeoutSeconds": 60,
        "asset": BASE_USDC,
        "outputSchema": {
            "input": {"type": "http", "method": fields["method"], body_key: fields["params"]},
            "output": {"risk": "string"},
        },
    }
    if body_key == "bodyFields":
        requirements["outputSchema"]["input"]["bodyType"] = "json"
    return {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": requirements,
    }


def _base(name: str, listing: dict[str, Any]) -> dict[str, Any]:
    if name == "weather":
        return verified(weather(**listing))
    if name == "weather_settled":
        return settled(weather(**listing))
    if name == "pdf_tool":
        return verified(pdf_tool(**listing))
    if name == "spoof":  # someone else's payTo naming the seeded weather listing's URL
        return verified(weather(**({"pay_to": SPOOFER, "network": "eip155:8453"} | listing)))
    if name == "spoof_tool":
        return verified(pdf_tool(**({"pay_to": SPOOFER} | listing)))
    if name == "v1":
        return v1_event(**listing)
    raise ValueError(f"unknown base {name!r}")


def _set(event: dict[str, Any], path: str, value: Any, *, delete: bool = False) -> None:
    head, _, rest = path.partition(".")
    for prefix in head.split("+"):
        keys: list[Any] = [*_PREFIXES[prefix], *(rest.split(".") if rest else [])]
        node: Any = event
        for key in keys[:-1]:
            node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
        last = keys[-1]
        if isinstance(node, list):
            last = int(last)
        if delete:
            del node[last]
        else:
            node[last] = copy.deepcopy(value)


def build(recipe: dict[str, Any]) -> str:
    """The request body (a JSON text) the recipe describes."""
    if "body" in recipe:
        body = recipe["body"]
        if isinstance(body, dict) and "$deep_array" in body:
            return "[" * body["$deep_array"] + "]" * body["$deep_array"]
        if isinstance(body, dict) and "$bigint" in body:
            return '{"event": "verified", "observedAt": ' + "9" * body["$bigint"] + "}"
        return body if isinstance(body, str) else json.dumps(resolve(body))
    event = _base(recipe["base"], resolve(recipe.get("listing", {})))
    for path in recipe.get("del", []):
        _set(event, path, None, delete=True)
    raw: dict[str, str] = {}
    for path, value in recipe.get("set", {}).items():
        value = resolve(value)
        if isinstance(value, RawJSON):
            raw[f"@@raw{len(raw)}@@"] = value
            value = next(reversed(raw))
        _set(event, path, value)
    text = json.dumps(event)
    for placeholder, fragment in raw.items():
        text = text.replace(json.dumps(placeholder), fragment)
    return text
