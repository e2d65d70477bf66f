"""Soft-drop of an invalid optional part, the Bazaar spec's rule for metadata, applied to ``headers``.

The spec lists ``headers`` as an optional part of ``info.input`` ("custom header examples", string
values). Many real v1 sellers (x402scan-style ``outputSchema.input.headerFields``) declare headers as
field descriptions (``{"X-PAYMENT": {"type": "string", "description": ...}}``), which the SDK's strict
``QueryInput``/``BodyInput`` models refuse, losing the whole listing over a part that is never cataloged
or searched. The spec's own rule for optional metadata is "a field that fails its rule is discarded; the
surrounding metadata is preserved" (serviceName, tags, iconUrl, routeTemplate), and v1 "had no formal
schema validation". So an invalid ``headers`` part is dropped, the listing is cataloged, and the outcome
names what was dropped. Required parts (method, toolName, inputSchema, a schema-valid ``info``) are never
dropped: their failure still rejects.
"""

from __future__ import annotations

import copy
from typing import Any

from souk.listing.shape import obj_at

_NAME_RULE = "a non-empty printable-ASCII string of at most 32 characters"
_TAG_RULE = f"each tag must be {_NAME_RULE}; the first 5 distinct ones are kept"
_ICON_RULE = "an absolute http(s) URL of at most 2048 characters, no user info, not naming a local or IP-literal host"

_V1_HEADER_KEYS = ("headerFields", "header_fields", "headers")


def _valid_headers(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def drop_invalid_headers(document: dict[str, Any], *, version: int) -> tuple[dict[str, Any], tuple[str, ...]]:
    """``document`` (v2 payment payload or v1 payment requirements) without an invalid headers part,
    and the dotted paths of what was dropped. The input is never mutated."""
    if version == 2:
        info_input = obj_at(document, "extensions", "bazaar", "info", "input")
        if "headers" not in info_input or _valid_headers(info_input["headers"]):
            return document, ()
        out = copy.deepcopy(document)
        del out["extensions"]["bazaar"]["info"]["input"]["headers"]
        return out, ("extensions.bazaar.info.input.headers",)
    schema_key = "outputSchema" if "outputSchema" in document else "output_schema"
    info_input = obj_at(document, schema_key, "input")
    bad = [k for k in _V1_HEADER_KEYS if k in info_input and info_input[k] and not _valid_headers(info_input[k])]
    if not bad:
        return document, ()
    out = copy.deepcopy(document)
    for key in bad:
        del out[schema_key]["input"][key]
    return out, tuple(f"{schema_key}.input.{k}" for k in bad)


def _declared(resource: dict[str, Any], camel: str, snake: str) -> tuple[str, Any]:
    """The key the seller used (the SDK reads the camelCase one first) and its value."""
    return (camel, resource[camel]) if resource.get(camel) is not None else (snake, resource.get(snake))


def dropped_service_metadata(
    resource: Any, service_name: str | None, tags: list[str] | None, icon_url: str | None
) -> tuple[str, ...]:
    """What of ``resource``'s service metadata the SDK's soft-drop discarded, given what it kept, as "path: why".

    The spec drops an invalid serviceName, tag or iconUrl silently; a seller whose new name was 33 characters long
    found its listing with no name at all and a 200 that said nothing. The rules stay the SDK's: whatever it did
    not keep is reported, so nothing here re-implements them."""
    if not isinstance(resource, dict):
        return ()
    out: list[str] = []
    key, name = _declared(resource, "serviceName", "service_name")
    if name is not None and service_name is None:
        out.append(f"paymentPayload.resource.{key} (must be {_NAME_RULE})")
    raw_tags = resource.get("tags")
    if raw_tags is not None:
        kept = {tag.lower() for tag in tags or ()}
        if not isinstance(raw_tags, list):
            out.append(f"paymentPayload.resource.tags (must be an array; {_TAG_RULE})")
        else:
            # a case-insensitive repeat of a kept tag is the same tag, not a loss
            lost = [i for i, tag in enumerate(raw_tags) if not (isinstance(tag, str) and tag.lower() in kept)]
            if lost:
                more = f" and {len(lost) - 10} more" if len(lost) > 10 else ""
                where = ", ".join(f"[{i}]" for i in lost[:10]) + more
                out.append(f"paymentPayload.resource.tags {where} ({_TAG_RULE})")
    key, icon = _declared(resource, "iconUrl", "icon_url")
    if icon is not None and icon_url is None:
        out.append(f"paymentPayload.resource.{key} (must be {_ICON_RULE})")
    return tuple(out)
