"""A cursor's signed content is read strictly: anything encode() would not write is invalid_cursor, never a 500."""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid

import pytest

from souk.errors import SoukError
from souk.search.cursor import Cursor, decode, encode

SECRET = "cursor-test-secret"


def _signed(body: bytes) -> str:
    # what a holder of the secret could sign; decode must still refuse what encode never writes
    mac = hmac.new(SECRET.encode(), body, hashlib.sha256).digest()[:16]
    b64 = [base64.urlsafe_b64encode(part).decode().rstrip("=") for part in (body, mac)]
    return ".".join(b64)


def test_a_cursor_round_trips():
    cursor = Cursor(uuid.uuid4(), 20, "f" * 32)
    assert decode(encode(cursor, SECRET), SECRET, "f" * 32) == cursor


@pytest.mark.parametrize(
    "body",
    [
        b'{"s":"%s","o":Infinity,"f":"x"}',  # int(inf) raised OverflowError
        b'{"s":123,"o":1,"f":"x"}',  # uuid.UUID(123) raised AttributeError
        b"[" * 100_000,  # RecursionError in json
        b'{"s":"%s","o":1.9,"f":"x"}',
        b'{"s":"%s","o":true,"f":"x"}',
        b'{"s":"%s","o":"1_0","f":"x"}',
        b'{"s":"%s","o":1,"f":7}',
        b"[]",
    ],
    ids=["infinity", "number-session", "deep", "float", "bool", "underscored", "number-fingerprint", "list"],
)
def test_signed_content_encode_never_writes_is_an_invalid_cursor(body):
    token = _signed(body.replace(b"%s", str(uuid.uuid4()).encode()) if b"%s" in body else body)
    with pytest.raises(SoukError) as raised:
        decode(token, SECRET, "x")
    assert raised.value.error == "invalid_cursor"
