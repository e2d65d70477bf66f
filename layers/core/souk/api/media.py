"""Media types of request bodies."""

from __future__ import annotations


def is_json(content_type: str) -> bool:
    """True for ``application/json``, with or without parameters (``; charset=utf-8``), in any case; not for
    look-alikes such as ``application/jsonx``."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


# What json.detect_encoding tells apart by the bytes themselves (and ASCII, a subset of UTF-8): a body declared in one
# of these is read as it is.
_JSON_CHARSETS = frozenset(
    {"utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be"}
)


def body_refusal(content_type: str | None, content_encoding: str | None) -> str | None:
    """Why a JSON body sent with these headers would be misread (None: it would not): a content coding (a gzip body
    failed as "invalid JSON") or a charset JSON is not written in (a latin-1 body was read as UTF-8) (a probe,
    2026-12-07). JSON is UTF-8 (RFC 8259); UTF-16 and UTF-32 are read too, told apart by their bytes. The media
    type is the route's own check (the events route reads JSON whatever it is labelled: its callers hold the
    catalog secret, and a ``curl -d`` labels it form data)."""
    if content_encoding and content_encoding.strip() and content_encoding.strip().lower() != "identity":
        return f"Content-Encoding {content_encoding[:40]!r} is not supported; send the JSON uncompressed"
    for parameter in (content_type or "").split(";")[1:]:
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
