"""migrations/0006: listings cataloged before URL canonicalization are re-keyed so bindings hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection
from tests.factories import SPOOFER, pdf_tool, verified, weather

MIGRATION = Path(__file__).resolve().parents[2] / "migrations" / "0006_canonical_listing_keys.sql"


def _legacy(db, listing_id: int, key: str, url: str) -> None:
    """Rewrite a listing to the key and URL the pre-canonical code would have stored."""
    db.execute("UPDATE listings SET listing_key = %s, resource_url = %s WHERE id = %s", (key, url, listing_id))


def _keys(db) -> dict[int, str]:
    return {r["id"]: r["listing_key"] for r in db.execute("SELECT id, listing_key FROM listings")}


def test_legacy_keys_are_canonicalized_and_the_binding_then_holds(db, settings):
    ids = {
        name: catalog_event(db, verified(listing), settings).listing_id
        for name, listing in {
            "current": weather(),
            "hourly": weather(url="https://weather.example.com/v1/hourly"),
            "daily": weather(url="https://weather.example.com/v1/daily"),
            "daily_variant": weather(url="https://weather.example.com/v1/daily-copy"),
            "tool": pdf_tool(),
        }.items()
    }
    _legacy(
        db,
        ids["current"],
        "http GET https://Weather.example.com:443/v1/current/",
        "https://Weather.example.com:443/v1/current/",
    )
    _legacy(
        db,
        ids["hourly"],
        "http GET https://weather.example.com//v1/./hourly",
        "https://weather.example.com//v1/./hourly",
    )
    # A variant of an already-canonical listing: it cannot take the key, so it keeps its own.
    _legacy(
        db,
        ids["daily_variant"],
        "http GET https://WEATHER.example.com/v1/daily/",
        "https://WEATHER.example.com/v1/daily/",
    )
    _legacy(db, ids["tool"], "mcp https://DOCS.example.org/mcp/ merge_pdf_files", "https://DOCS.example.org/mcp/")
    db.commit()

    with db.transaction():
        db.execute(MIGRATION.read_text(encoding="utf-8"))

    keys = _keys(db)
    assert keys[ids["current"]] == "http GET https://weather.example.com/v1/current"
    assert keys[ids["hourly"]] == "http GET https://weather.example.com/v1/hourly"
    assert keys[ids["daily"]] == "http GET https://weather.example.com/v1/daily"
    assert keys[ids["daily_variant"]] == "http GET https://WEATHER.example.com/v1/daily/"
    assert keys[ids["tool"]] == "mcp https://docs.example.org/mcp merge_pdf_files"
    row = db.execute("SELECT resource_url, document FROM listings WHERE id = %s", (ids["current"],)).fetchone()
    assert row["resource_url"] == row["document"]["resource_url"] == "https://weather.example.com/v1/current"

    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, verified(weather(pay_to=SPOOFER, network="eip155:8453")), settings)
    assert info.value.error == "payto_mismatch"
    outcome = catalog_event(db, verified(weather(url="https://weather.example.com/v1/hourly/")), settings)
    assert outcome.listing_id == ids["hourly"]
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 5


def test_the_migration_is_a_no_op_on_canonical_data(db, settings):
    catalog_event(db, verified(weather()), settings)
    catalog_event(db, verified(pdf_tool()), settings)
    db.commit()
    before = _keys(db)
    with db.transaction():
        db.execute(MIGRATION.read_text(encoding="utf-8"))
    assert _keys(db) == before
