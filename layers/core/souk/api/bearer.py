"""The catalog's bearer check, apart from FastAPI: the route applies it, and ``souk serve`` applies it before it
reads a body, so an unauthenticated client cannot make the runner buffer one."""

from __future__ import annotations

import hmac


def bearer_token(authorization: str | None) -> str:
    """The credentials of a ``Bearer`` header ("" for any other): the scheme name is case-insensitive (RFC 9110
    11.1), the token is compared exactly."""
    scheme, _, token = (authorization or "").strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def authorized(authorization: str | None, secret: str | None) -> bool:
    """``authorization`` carries ``secret`` as its bearer token (never, when no secret is configured)."""
    return bool(secret) and hmac.compare_digest(bearer_token(authorization).encode(), (secret or "").encode())
