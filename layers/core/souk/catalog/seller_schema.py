"""Checking a seller's ``info`` against the seller's own JSON Schema, without running the seller's regexes.

The bazaar extension's ``schema`` is the seller's, and the SDK checks ``info`` against it with jsonschema, whose
``pattern``, ``patternProperties`` (and, through them, ``additionalProperties`` and ``unevaluatedProperties``)
run Python's backtracking ``re``: ``(a+)+$`` against 27 a's and a "!" held a request thread for 12.6 s, and
each further "a" doubles that (catastrophic backtracking, a ReDoS). Removing those keywords from the document
is not enough: a ``$ref`` may point anywhere in it, into ``default`` or ``examples`` too. So Souk validates
with a validator whose regex keywords do nothing, and which, where patterns decide what ``additionalProperties``
and ``unevaluatedProperties`` allow, allows it: the check only ever gets looser than the seller's schema.
References stay same-document only, as the SDK requires (an external ``$ref`` or ``$id`` is an SSRF).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from jsonschema import SchemaError, ValidationError
from jsonschema.exceptions import best_match
from jsonschema.validators import extend, validator_for


def _skip(*_: Any) -> Iterator[ValidationError]:
    return iter(())


def _has_patterns(node: Any) -> bool:
    if isinstance(node, dict):
        return "patternProperties" in node or any(_has_patterns(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_patterns(v) for v in node)
    return False


def _external_reference(node: Any) -> bool:
    """A ``$ref`` or ``$id`` that is not a same-document fragment, anywhere in the document."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("$ref", "$id", "$dynamicRef") and not (isinstance(value, str) and value.startswith("#")):
                return True
            if _external_reference(value):
                return True
    elif isinstance(node, list):
        return any(_external_reference(item) for item in node)
    return False


def info_errors(info: Any, schema: Any) -> list[str]:
    """Why ``info`` fails ``schema`` (empty when it passes), with no regular expression of the seller's run."""
    if not isinstance(schema, dict | bool):
        return ["schema must be a JSON Schema object"]
    if _external_reference(schema):
        return ["schema must not contain external $ref/$id references"]
    if isinstance(schema, dict) and not isinstance(schema.get("$schema", ""), str):
        return ["schema's $schema must be a string"]
    base = validator_for(schema)
    try:
        base.check_schema(schema)
    except SchemaError as exc:
        return [f"schema is not a valid JSON Schema: {exc.message}"]
    additional = base.VALIDATORS.get("additionalProperties")
    patterned = _has_patterns(schema)

    def additional_properties(validator: Any, value: Any, instance: Any, node: Any) -> Iterator[ValidationError]:
        if "patternProperties" in node or additional is None:
            return iter(())  # which properties the patterns admit cannot be told without running them
        return additional(validator, value, instance, node)

    overrides = {"pattern": _skip, "patternProperties": _skip, "additionalProperties": additional_properties}
    if patterned:
        overrides["unevaluatedProperties"] = _skip
    checker = extend(base, overrides)(schema)
    error = best_match(checker.iter_errors(info))
    if error is None:
        return []
    path = "/".join(str(p) for p in error.absolute_path) or "(root)"
    return [f"{path}: {error.message}"]
