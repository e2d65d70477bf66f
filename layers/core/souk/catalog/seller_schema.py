"""A seller's JSON Schema, as Souk checks ``info`` against it: without its regular expressions.

The bazaar extension's ``schema`` is the seller's, and the SDK checks ``info`` against it with jsonschema,
whose ``pattern`` and ``patternProperties`` run Python's backtracking ``re``: ``(a+)+$`` against 27 a's and
a "!" held a request thread for 12.6 s, and each further "a" doubles that (catastrophic backtracking, a
ReDoS). Souk hands the SDK the schema without them. The listing keeps the declaration as the seller wrote
it; only the check of the seller's own example against the seller's own patterns is skipped.
"""

from __future__ import annotations

from typing import Any

# Keywords whose value maps names (property names, definition names) to subschemas: a name there is never
# a keyword, so a property called "pattern" stays.
_NAMED_SCHEMAS = frozenset({"properties", "definitions", "$defs", "dependentSchemas", "dependencies"})
# Keywords whose value is data, not schema: a "pattern" inside an example is the seller's data.
_DATA = frozenset({"enum", "const", "default", "examples", "example"})


def without_regex(schema: Any) -> Any:
    """``schema`` with every ``pattern`` and ``patternProperties`` keyword removed, at any depth (a ``$ref``
    may point anywhere in the document, so every subschema-shaped value is walked)."""
    return _walk(schema, names=False)


def _walk(node: Any, *, names: bool) -> Any:
    if isinstance(node, list):
        return [_walk(item, names=False) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if names:
            out[key] = _walk(value, names=False)
        elif (key == "pattern" and isinstance(value, str)) or key == "patternProperties":
            continue
        elif key in _NAMED_SCHEMAS:
            out[key] = _walk(value, names=isinstance(value, dict))
        elif key in _DATA:
            out[key] = value
        else:
            out[key] = _walk(value, names=False)
    return out


def regex_free_extension(bazaar: dict[str, Any]) -> dict[str, Any]:
    """A bazaar extension whose schema has no regular expressions (a shallow copy)."""
    if "schema" not in bazaar:
        return bazaar
    return {**bazaar, "schema": without_regex(bazaar["schema"])}


def with_regex_free_bazaar(payload: dict[str, Any]) -> dict[str, Any]:
    """A v2 payment payload whose bazaar extension's schema has no regular expressions (a shallow copy)."""
    extensions = payload.get("extensions")
    if not isinstance(extensions, dict) or not isinstance(extensions.get("bazaar"), dict):
        return payload
    return {**payload, "extensions": {**extensions, "bazaar": regex_free_extension(extensions["bazaar"])}}
