"""The cataloging outcome and its ``EXTENSION-RESPONSES`` header value (Bazaar spec)."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Literal

EXTENSION_RESPONSES_HEADER = "EXTENSION-RESPONSES"


@dataclass(frozen=True, slots=True)
class OutcomeWarning:
    """Something the seller should know about an accepted event (a dropped optional part, a settlement
    that was not counted). ``code`` is stable, ``reason`` is for people."""

    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    status: Literal["success", "processing", "rejected"]
    rejected_reason: str | None = None
    error: str | None = None
    listing_key: str | None = None
    listing_id: int | None = None
    changed: bool = False
    warnings: tuple[OutcomeWarning, ...] = ()

    def bazaar_response(self) -> dict[str, str]:
        body: dict[str, str] = {"status": self.status}
        if self.status == "rejected" and self.rejected_reason:
            body["rejectedReason"] = self.rejected_reason
        return body

    def extension_responses_header(self) -> str:
        """base64 of ``{"bazaar": {"status", "rejectedReason"?}}``."""
        raw = json.dumps({"bazaar": self.bazaar_response()}, separators=(",", ":"))
        return base64.b64encode(raw.encode("utf-8")).decode("ascii")

    def to_body(self) -> dict[str, object]:
        body: dict[str, object] = {"status": self.status}
        if self.status == "rejected":
            body |= {"error": self.error or "rejected", "reason": self.rejected_reason or "rejected"}
            body["rejectedReason"] = self.rejected_reason
        if self.listing_key:
            body |= {"listingKey": self.listing_key, "listingId": self.listing_id, "changed": self.changed}
        if self.warnings:
            body["warnings"] = [{"code": w.code, "reason": w.reason} for w in self.warnings]
        return body
