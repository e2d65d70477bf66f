"""What a listing declares, gathered once from the Bazaar extension: the input to search text."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import urlparse

from souk import assets
from souk.listing.shape import obj_at


@dataclass(frozen=True, slots=True)
class DeclaredParam:
    name: str
    required: bool = False
    description: str | None = None
    location: str = "query"  # query | body | path | tool


@dataclass(frozen=True, slots=True)
class PaymentOption:
    network: str
    scheme: str
    asset: str
    amount: str  # atomic units, as declared

    @property
    def symbol(self) -> str | None:
        known = assets.lookup(self.network, self.asset)
        return known.symbol if known else None

    @property
    def usd(self) -> Decimal | None:
        return assets.usd_value(self.network, self.asset, self.amount)

    def human_amount(self) -> str:
        known = assets.lookup(self.network, self.asset)
        if known is None:
            return f"{self.amount} {self.asset}"
        return f"{assets.whole_units(int(self.amount), known.decimals):f} {known.symbol}"


@dataclass(frozen=True, slots=True)
class ListingDocument:
    type: str  # http | mcp
    resource_url: str
    method: str | None
    tool_name: str | None
    service_name: str | None
    description: str | None
    tags: tuple[str, ...]
    params: tuple[DeclaredParam, ...]
    output_type: str | None
    output_fields: tuple[str, ...]
    payments: tuple[PaymentOption, ...] = field(default=())

    @property
    def url_path(self) -> str:
        return urlparse(self.resource_url).path

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ListingDocument:
        return cls(
            **{
                **data,
                "tags": tuple(data["tags"]),
                "params": tuple(DeclaredParam(**p) for p in data["params"]),
                "output_fields": tuple(data["output_fields"]),
                "payments": tuple(PaymentOption(**p) for p in data["payments"]),
            }
        )


def _props(schema: Any) -> tuple[dict[str, Any], set[str]]:
    if not isinstance(schema, dict):
        return {}, set()
    props = schema.get("properties")
    required = schema.get("required")
    return (
        props if isinstance(props, dict) else {},
        {r for r in required if isinstance(r, str)} if isinstance(required, list) else set(),
    )


def declared_params(bazaar: dict[str, Any]) -> tuple[DeclaredParam, ...]:
    """Parameters in declaration order, from the MCP inputSchema or the HTTP input schema."""
    info_input = obj_at(bazaar, "info", "input")
    sources: list[tuple[str, Any]] = []
    if info_input.get("type") == "mcp":
        sources.append(("tool", info_input.get("inputSchema")))
    else:
        schema_input = obj_at(bazaar, "schema", "properties", "input", "properties")
        sources += [
            ("path", schema_input.get("pathParams")),
            ("query", schema_input.get("queryParams")),
            ("body", schema_input.get("body")),
        ]
        if not schema_input:
            for location, key in (("query", "queryParams"), ("body", "bodyFields"), ("body", "body")):
                inline = info_input.get(key)
                if isinstance(inline, dict) and all(isinstance(v, dict) for v in inline.values()):
                    sources.append((location, {"properties": inline}))
    out: list[DeclaredParam] = []
    for location, schema in sources:
        props, required = _props(schema)
        for name, prop in props.items():
            description = prop.get("description") if isinstance(prop, dict) else None
            out.append(
                DeclaredParam(
                    name=str(name),
                    required=name in required,
                    description=description if isinstance(description, str) and description else None,
                    location=location,
                )
            )
    return tuple(out)


def output_fields(bazaar: dict[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    output = (bazaar.get("info") or {}).get("output")
    if not isinstance(output, dict):
        return None, ()
    kind = output.get("type") if isinstance(output.get("type"), str) else None
    example = output.get("example")
    fields = tuple(str(k) for k in example) if isinstance(example, dict) else ()
    return kind, fields
