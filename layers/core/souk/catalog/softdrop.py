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
