"""Project-authored listings for tests, built with the same builders as the demo catalog."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from souk.demo.builders import Listing, Param, event

CLOCK = datetime(2026, 10, 20, 12, 0, tzinfo=UTC)
STELLAR_SELLER = "GBWEATHERSELLERAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
BASE_SELLER = "0x1111111111111111111111111111111111111111"
SPOOFER = "0x9999999999999999999999999999999999999999"


def weather(**overrides: Any) -> Listing:
    fields: dict[str, Any] = {
        "url": "https://weather.example.com/v1/current",
        "pay_to": STELLAR_SELLER,
        "network": "stellar:testnet",
        "amount": "10000",
        "description": "Current weather and a three-day forecast for a city.",
        "service_name": "Weather API",
        "tags": ["weather", "forecast"],
        "params": [
            Param("city", "string", "City name", True),
            Param("units", "string", "celsius or fahrenheit"),
        ],
        "example_input": {"city": "Paris"},
        "output_example": {"temperature": 12.5, "conditions": "cloudy"},
    }
    return Listing(**(fields | overrides))


def pdf_tool(**overrides: Any) -> Listing:
    fields: dict[str, Any] = {
        "url": "https://docs.example.org/mcp",
        "kind": "mcp",
        "tool_name": "merge_pdf_files",
        "pay_to": BASE_SELLER,
        "network": "eip155:8453",
        "amount": "5000",
        "description": "Merge several PDF files into one document.",
        "params": [Param("files", "array", "URLs of the PDFs to merge", True)],
    }
    return Listing(**(fields | overrides))


def verified(listing: Listing, at: datetime = CLOCK) -> dict[str, Any]:
    return event(listing, observed_at=at)


def settled(listing: Listing, at: datetime = CLOCK, payer: str = "0xpayer0001") -> dict[str, Any]:
    return event(listing, kind="settled", observed_at=at, payer=payer)
