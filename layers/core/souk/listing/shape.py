"""Typed reads from untrusted JSON: a seller may put any JSON type at any place, so no read may assume
one (``(x.get("info") or {}).get("input")`` is an AttributeError, i.e. a 500, when ``info`` is a string)."""

from __future__ import annotations

from typing import Any


def obj_at(value: Any, *keys: str) -> dict[str, Any]:
    """``value[k1][k2]...`` when every step is an object, else ``{}`` (JSON Schema even allows booleans)."""
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else {}
