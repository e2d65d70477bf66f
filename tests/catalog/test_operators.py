"""Each listing's operator is stored when it is cataloged; rows from before the column are filled once."""

from __future__ import annotations

from datetime import UTC, datetime

from souk.catalog.ingest import catalog_event
from souk.catalog.operators import fill_missing
from souk.search import candidates
from tests.factories import verified, weather


def test_cataloging_stores_the_registrable_domain(db, settings):
    catalog_event(db, verified(weather(url="https://api.eu.skycast.co.uk/v1/forecast")), settings)
    catalog_event(db, verified(weather(url="https://skycast-demo.vercel.app/v1/forecast")), settings)
    rows = db.execute("SELECT resource_url, operator FROM listings ORDER BY resource_url").fetchall()
    assert {r["resource_url"]: r["operator"] for r in rows} == {
        "https://api.eu.skycast.co.uk/v1/forecast": "skycast.co.uk",
        "https://skycast-demo.vercel.app/v1/forecast": "skycast-demo.vercel.app",  # a platform's customer
    }


def test_rows_without_an_operator_are_filled_once_and_read_meanwhile(db, settings):
    catalog_event(db, verified(weather(url="https://mcp.acme.io/weather")), settings)
    db.execute("UPDATE listings SET operator = NULL")
    (listing_id,) = [r["id"] for r in db.execute("SELECT id FROM listings").fetchall()]
    # before the fill, search computes the operator of such a row itself
    facts = candidates.read(db, [listing_id], datetime.now(UTC), 30)
    assert facts[listing_id].operator == "acme.io"
    assert fill_missing(db) == 1
    assert db.execute("SELECT operator FROM listings").fetchone()["operator"] == "acme.io"
    assert fill_missing(db) == 0
