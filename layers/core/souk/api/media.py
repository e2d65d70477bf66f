"""Media types of request bodies."""

from __future__ import annotations


def is_json(content_type: str) -> bool:
    """True for ``application/json``, with or without parameters (``; charset=utf-8``), in any case; not for
    look-alikes such as ``application/jsonx``."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


# What json.detect_encoding tells apart by the bytes themselves: a body declared in one of these is read as it is.
_JSON_CHARSETS = frozenset({"utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be"})


def body_refusal(content_type: str | None, content_encoding: str | None) -> str | None:
    """Why a JSON body sent with these headers cannot be read as sent (None: it can). No ``Content-Type`` is let
    through (a facilitator posting bytes without one still sends JSON); another media type, a charset JSON is never
    written in (JSON is UTF-8, RFC 8259; the routes also read UTF-16 and UTF-32, which their bytes announce) or a
    content coding is refused: each was read as UTF-8 JSON regardless, a gzip body then failing as "invalid JSON"
    (a probe, 2026-12-07)."""
    if content_encoding and content_encoding.strip().lower() != "identity":
        return f"Content-Encoding {content_encoding[:40]!r} is not supported; send the JSON uncompressed"
    if content_type is None or not content_type.strip():
        return None
    if not is_json(content_type):
        return "Content-Type must be application/json"
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset" and value.strip().strip('"').lower() not in _JSON_CHARSETS:
            return "a JSON body is UTF-8 (RFC 8259; UTF-16 and UTF-32 are read too); Content-Type names another charset"
    return None


def declares_more_than(content_length: str | bytes | None, limit: int) -> bool:
    """A ``Content-Length`` whose value exceeds ``limit``, so the body is refused before it is read. One too long
    to be any body's length counts too, without int() (which refuses more than 4,300 digits: a 500). Anything
    that is no ASCII number is left to the read, which counts what actually arrives."""
    if isinstance(content_length, bytes):
        content_length = content_length.decode("latin-1")
    if not content_length or not content_length.isascii() or not content_length.isdigit():
        return False
    return len(content_length) > 18 or int(content_length) > limit
