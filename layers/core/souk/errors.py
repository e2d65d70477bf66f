"""Errors that become 4xx responses: a machine-readable code and a human reason."""

from __future__ import annotations

# Reasons quote what the client sent ("network 'zzz…' is neither CAIP-2 nor a known name"): a 200 kB value made a
# 267 kB EXTENSION-RESPONSES header that HTTP clients refuse to read, so a facilitator never learnt why.
MAX_REASON_CHARS = 1000


class SoukError(Exception):
    """A client error: ``error`` is a stable machine code, ``reason`` says what to fix (at most
    ``MAX_REASON_CHARS``; a longer one is cut)."""

    status_code = 400

    def __init__(self, error: str, reason: str, *, status_code: int | None = None) -> None:
        if not reason:
            raise ValueError("a SoukError needs a non-empty reason")
        if len(reason) > MAX_REASON_CHARS:
            reason = reason[: MAX_REASON_CHARS - 1] + "…"
        super().__init__(f"{error}: {reason}")
        self.error = error
        self.reason = reason
        if status_code is not None:
            self.status_code = status_code

    def to_body(self) -> dict[str, str]:
        return {"error": self.error, "reason": self.reason}


class CatalogRejection(SoukError):
    """A facilitator event Souk will not catalog; nothing was written."""

    status_code = 422
