"""What cataloging derives from a listing's own fields (its operator, whether its description is keyword-stuffed) is
stored when it is cataloged; rows from before a column existed are filled once."""

from __future__ import annotations

from datetime import UTC, datetime

from souk.catalog.derived import fill_missing
from souk.catalog.ingest import catalog_event
from souk.search import candidates
from souk.search.signature import text_signature
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


STUFFED = "fx forex exchange rates currency convert usd eur gbp jpy cheap fast best fx fx fx rates rates"


def test_cataloging_stores_whether_the_description_is_stuffed(db, settings):
    catalog_event(db, verified(weather(url="https://a.example.com/fx", description=STUFFED)), settings)
    catalog_event(db, verified(weather(url="https://b.example.com/fx", description="Exchange rates.")), settings)
    rows = db.execute("SELECT resource_url, keyword_stuffed FROM listings").fetchall()
    assert {r["resource_url"]: r["keyword_stuffed"] for r in rows} == {
        "https://a.example.com/fx": True,
        "https://b.example.com/fx": False,
    }


def test_rows_from_before_the_stuffing_column_are_filled_once(db, settings):
    catalog_event(db, verified(weather(url="https://a.example.com/fx", description=STUFFED)), settings)
    catalog_event(db, verified(weather(url="https://b.example.com/fx", description="Exchange rates.")), settings)
    db.execute("UPDATE listings SET keyword_stuffed = NULL")
    ids = {r["resource_url"]: r["id"] for r in db.execute("SELECT id, resource_url FROM listings").fetchall()}
    # meanwhile ranking reads NULL as not stuffed
    facts = candidates.read(db, list(ids.values()), datetime.now(UTC), 30)
    assert not any(c.keyword_stuffed for c in facts.values())
    assert fill_missing(db) == 2
    rows = db.execute("SELECT resource_url, keyword_stuffed FROM listings").fetchall()
    assert {r["resource_url"]: r["keyword_stuffed"] for r in rows} == {
        "https://a.example.com/fx": True,
        "https://b.example.com/fx": False,
    }
    assert fill_missing(db) == 0


def test_the_fill_never_overwrites_what_cataloging_wrote_meanwhile(db, settings):
    catalog_event(db, verified(weather(url="https://b.example.com/fx", description="Exchange rates.")), settings)
    # as if cataloging had just written a flag to a row whose operator is still missing
    db.execute("UPDATE listings SET operator = NULL, keyword_stuffed = true")
    assert fill_missing(db) == 1
    row = db.execute("SELECT operator, keyword_stuffed FROM listings").fetchone()
    assert row["operator"] == "example.com" and row["keyword_stuffed"] is True


def test_cataloging_stores_the_text_signature_and_rows_from_before_it_are_filled_once(db, settings):
    described = weather(url="https://a.example.com/fx", description="Exchange rates for a currency pair, daily.")
    bare = weather(url="https://b.example.com/fx", description="Rates.", service_name=None)
    for listing in (described, bare):
        catalog_event(db, verified(listing), settings)
    stored = {r["resource_url"]: r["text_signature"] for r in db.execute("SELECT * FROM listings").fetchall()}
    assert stored["https://a.example.com/fx"] == text_signature(described.description, described.service_name)
    assert stored["https://b.example.com/fx"] == b""  # too few words to sign: stored as such, not left pending
    db.execute("UPDATE listings SET text_signature = NULL")
    assert fill_missing(db) == 2
    assert {r["resource_url"]: r["text_signature"] for r in db.execute("SELECT * FROM listings").fetchall()} == stored
    assert fill_missing(db) == 0
