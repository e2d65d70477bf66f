"""Size and shape limits Souk applies on top of the Bazaar schema checks."""

from __future__ import annotations

import json
from typing import Any

from souk.config import Settings
from souk.errors import CatalogRejection
from souk.listing.document import ListingDocument
from souk.listing.shape import obj_at


def json_size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def schema_depth(node: Any) -> int:
    """Nesting depth counted in JSON-Schema levels (``properties`` / ``items`` hops), not raw dicts."""
    if not isinstance(node, dict):
        return 0
    children: list[Any] = []
    props = node.get("properties")
    if isinstance(props, dict):
        children.extend(props.values())
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            children.append(node[key])
    for key in ("anyOf", "oneOf", "allOf"):
        if isinstance(node.get(key), list):
            children.extend(node[key])
    return 1 + max((schema_depth(c) for c in children), default=0)


def declared_parameter_schemas(bazaar: dict[str, Any]) -> list[dict[str, Any]]:
    """The parameter schemas a seller declared: MCP inputSchema, or the HTTP query/body/path schemas."""
    info_input = obj_at(bazaar, "info", "input")
    found: list[dict[str, Any]] = []
    if isinstance(info_input.get("inputSchema"), dict):
        found.append(info_input["inputSchema"])
    schema_input = obj_at(bazaar, "schema", "properties", "input", "properties")
    for key in ("queryParams", "body", "pathParams"):
        if isinstance(schema_input.get(key), dict):
            found.append(schema_input[key])
    return found


def check_bounds(payload: dict[str, Any], settings: Settings) -> None:
    """Raise CatalogRejection when the declaration exceeds a limit; the reason names the limit."""
    description = obj_at(payload, "resource").get("description")
    if isinstance(description, str) and len(description) > settings.max_description_chars:
        raise CatalogRejection(
            "field_too_large",
            f"resource.description has {len(description)} characters; the limit is {settings.max_description_chars}",
        )
    bazaar = obj_at(payload, "extensions", "bazaar")
    if not bazaar:
        return
    info_input = obj_at(bazaar, "info", "input")
    mcp_description = info_input.get("description")
    if isinstance(mcp_description, str) and len(mcp_description) > settings.max_description_chars:
        raise CatalogRejection(
            "field_too_large",
            f"the tool description has {len(mcp_description)} characters; the limit is "
            f"{settings.max_description_chars}",
        )
    schema_bytes = json_size(bazaar.get("schema")) + json_size(obj_at(bazaar, "info").get("input"))
    if schema_bytes > settings.max_schema_bytes:
        raise CatalogRejection(
            "field_too_large",
            f"the declared input and schema take {schema_bytes} bytes; the limit is {settings.max_schema_bytes}",
        )
    output = obj_at(bazaar, "info").get("output")
    if isinstance(output, dict) and "example" in output:
        example_bytes = json_size(output["example"])
        if example_bytes > settings.max_example_bytes:
            raise CatalogRejection(
                "field_too_large",
                f"the output example takes {example_bytes} bytes; the limit is {settings.max_example_bytes}",
            )
    for schema in declared_parameter_schemas(bazaar):
        params = schema.get("properties")
        if isinstance(params, dict) and len(params) > settings.max_params:
            raise CatalogRejection(
                "field_too_large",
                f"{len(params)} parameters declared; the limit is {settings.max_params}",
            )
        depth = schema_depth(schema)
        if depth > settings.max_schema_depth:
            raise CatalogRejection(
                "schema_too_deep",
                f"a parameter schema nests {depth} levels; the limit is {settings.max_schema_depth}",
            )


# Where the SDK's v1 path looks for inline parameter declarations (souk.listing.document reads the same).
_V1_PARAM_KEYS = (
    "queryParams",
    "query_params",
    "query",
    "params",
    "bodyFields",
    "body_fields",
    "bodyParams",
    "body",
    "data",
    "properties",
)


def check_v1_bounds(requirements: dict[str, Any], settings: Settings) -> None:
    """The v2 limits, applied to where x402 v1 keeps the same declarations (``outputSchema``)."""
    description = requirements.get("description")
    if isinstance(description, str) and len(description) > settings.max_description_chars:
        raise CatalogRejection(
            "field_too_large",
            f"description has {len(description)} characters; the limit is {settings.max_description_chars}",
        )
    output_schema = requirements.get("outputSchema") or requirements.get("output_schema")
    if not isinstance(output_schema, dict):
        return
    info_input = output_schema.get("input")
    schema_bytes = json_size(info_input)
    if schema_bytes > settings.max_schema_bytes:
        raise CatalogRejection(
            "field_too_large",
            f"the declared input takes {schema_bytes} bytes; the limit is {settings.max_schema_bytes}",
        )
    if "output" in output_schema:
        example_bytes = json_size(output_schema["output"])
        if example_bytes > settings.max_example_bytes:
            raise CatalogRejection(
                "field_too_large",
                f"the declared output takes {example_bytes} bytes; the limit is {settings.max_example_bytes}",
            )
    if not isinstance(info_input, dict):
        return
    for key in _V1_PARAM_KEYS:
        inline = info_input.get(key)
        if not isinstance(inline, dict):
            continue
        if len(inline) > settings.max_params:
            raise CatalogRejection(
                "field_too_large", f"{len(inline)} parameters declared; the limit is {settings.max_params}"
            )
        depth = schema_depth({"properties": inline}) - 1  # the inline dict is the parameter level itself
        if depth > settings.max_schema_depth:
            raise CatalogRejection(
                "schema_too_deep",
                f"a parameter declaration nests {depth} levels; the limit is {settings.max_schema_depth}",
            )


def check_document_bounds(document: ListingDocument, settings: Settings) -> None:
    """Limits on what was extracted, identical for every protocol version (defence in depth for v1)."""
    if document.description is not None and len(document.description) > settings.max_description_chars:
        raise CatalogRejection(
            "field_too_large",
            f"the description has {len(document.description)} characters; the limit is "
            f"{settings.max_description_chars}",
        )
    if len(document.params) > settings.max_params:
        raise CatalogRejection(
            "field_too_large", f"{len(document.params)} parameters declared; the limit is {settings.max_params}"
        )


def served_size(accepts: list[dict[str, Any]], extensions: Any, description: str | None, url: str) -> int:
    """An upper bound on the bytes one listing adds to a page: its options, extensions and description, with the
    description and the URL counted once more per option (a v1 item repeats them in every option it serves)."""
    repeated = len((description or "").encode("utf-8")) + len(url.encode("utf-8"))
    return json_size(accepts) + json_size(extensions) + repeated * (len(accepts) + 1)


def check_listing_size(
    accepts: list[dict[str, Any]],
    extensions: Any,
    description: str | None,
    url: str,
    settings: Settings,
    *,
    previous: tuple[int, int] = (0, 0),
) -> None:
    """What the listing would serve, after this event: at most ``max_payment_options`` options and
    ``max_listing_bytes`` in all (``served_size``). Each event is bounded on its own, but a listing adds an option
    per new (scheme, network, asset) and every page that holds it serves them all. ``previous``: the listing's
    options and size before the event; one stored over the limits before they existed is refused only what makes it
    larger (a re-sent option still records its payment)."""
    before_options, before_size = previous
    if len(accepts) > settings.max_payment_options and len(accepts) > before_options:
        raise CatalogRejection(
            "too_many_payment_options",
            f"the listing would have {len(accepts)} payment options; the limit is {settings.max_payment_options}",
        )
    size = served_size(accepts, extensions, description, url)
    if size > settings.max_listing_bytes and size > before_size:
        raise CatalogRejection(
            "field_too_large",
            f"the listing's payment options, extensions and description would take {size} bytes; the limit is "
            f"{settings.max_listing_bytes}",
        )
