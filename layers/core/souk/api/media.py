"""Media types of request bodies."""

from __future__ import annotations


def is_json(content_type: str) -> bool:
    """True for ``application/json``, with or without parameters (``; charset=utf-8``), in any case; not for
    look-alikes such as ``application/jsonx``."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"
