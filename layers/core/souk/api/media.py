"""Media types of request bodies."""

from __future__ import annotations


def is_json(content_type: str) -> bool:
    """True for ``application/json``, with or without parameters (``; charset=utf-8``), in any case; not for
    look-alikes such as ``application/jsonx``."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def declares_more_than(content_length: str | bytes | None, limit: int) -> bool:
    """A ``Content-Length`` whose value exceeds ``limit``, so the body is refused before it is read. One too long
    to be any body's length counts too, without int() (which refuses more than 4,300 digits: a 500). Anything
    that is no ASCII number is left to the read, which counts what actually arrives."""
    if isinstance(content_length, bytes):
        content_length = content_length.decode("latin-1")
    if not content_length or not content_length.isascii() or not content_length.isdigit():
        return False
    return len(content_length) > 18 or int(content_length) > limit
