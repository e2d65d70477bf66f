"""Opaque, tamper-evident search cursors: HMAC-SHA256 over (session, offset, request fingerprint)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import uuid
from dataclasses import dataclass

from souk.errors import SoukError


@dataclass(frozen=True, slots=True)
class Cursor:
    session_id: uuid.UUID
    offset: int
    fingerprint: str


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fingerprint(parts: dict[str, object]) -> str:
    """What a cursor is bound to: normalized query, filters, limit, profile."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:32]


def encode(cursor: Cursor, secret: str) -> str:
    body = json.dumps(
        {"s": str(cursor.session_id), "o": cursor.offset, "f": cursor.fingerprint}, separators=(",", ":")
    ).encode()
    mac = hmac.new(secret.encode(), body, hashlib.sha256).digest()[:16]
    return f"{_b64(body)}.{_b64(mac)}"


def decode(token: str, secret: str, expected_fingerprint: str) -> Cursor:
    """Verify and open a cursor; a forged or foreign one is a 400 with a reason."""
    try:
        body_part, mac_part = token.split(".", 1)
        body, mac = _unb64(body_part), _unb64(mac_part)
    except (ValueError, TypeError):
        raise SoukError(
            "invalid_cursor",
            "the cursor is malformed; pass back the cursor a search returned (pagination.cursor; nextCursor over MCP) "
            "unchanged",
        ) from None
    expected = hmac.new(secret.encode(), body, hashlib.sha256).digest()[:16]
    if not hmac.compare_digest(mac, expected):
        raise SoukError("invalid_cursor", "the cursor's signature does not verify; it was altered or forged")
    try:
        data = json.loads(body)
        session, offset, bound_to = data["s"], data["o"], data["f"]
        # exactly what encode writes: not 1.9, true, "1_0" or Infinity as an offset
        if not (isinstance(session, str) and type(offset) is int and isinstance(bound_to, str)):
            raise TypeError("cursor fields of the wrong type")
        cursor = Cursor(uuid.UUID(session), offset, bound_to)
    except (ValueError, KeyError, TypeError, RecursionError):
        raise SoukError("invalid_cursor", "the cursor's content is unreadable") from None
    if cursor.fingerprint != expected_fingerprint:
        raise SoukError("cursor_mismatch", "the cursor belongs to a different query, filters, limit or profile")
    if cursor.offset < 0:
        raise SoukError("invalid_cursor", "the cursor's offset is negative")
    return cursor
