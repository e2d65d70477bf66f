"""Events arrive out of order: metadata and an option's price follow the newest event, but a payment option new
to the listing is added whatever the arrival order (an older payment on another network is still a way to pay)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from tests.factories import BASE_SELLER, CLOCK, settled, verified, weather

POLYGON_USDC = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"  # not in souk.assets: no symbol, no USD price


def _on_polygon(**overrides: object):
    return weather(**({"pay_to": BASE_SELLER, "network": "eip155:137", "asset": POLYGON_USDC} | overrides))


def _on_base(**overrides: object):
    return weather(pay_to=BASE_SELLER, network="eip155:8453", **overrides)


def _listing(db):
    return db.execute("SELECT * FROM listings").fetchone()


def test_an_older_event_on_another_network_adds_its_payment_option(db, settings):
    catalog_event(db, settled(_on_polygon(description="Newest text."), CLOCK), settings)
    older = settled(_on_base(description="Older text.", service_name="Old name"), CLOCK - timedelta(minutes=1))
    outcome = catalog_event(db, older, settings)
    assert outcome.changed
    row = _listing(db)
    assert [a["network"] for a in row["accepts"]] == ["eip155:137", "eip155:8453"]
    assert row["networks"] == ["eip155:137", "eip155:8453"]
    assert row["assets"] == sorted([POLYGON_USDC, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"])
    assert row["schemes"] == ["exact"]
    assert row["asset_symbols"] == ["USDC"]
    assert float(row["min_usd_price"]) == pytest.approx(0.01)  # 10000 at 6 decimals: the Base option's price
    assert [p["network"] for p in row["document"]["payments"]] == ["eip155:137", "eip155:8453"]
    assert "Payment: eip155:8453, exact, 0.01 USDC" in row["search_text"]
    # Text and metadata stay the newest event's.
    assert row["description"] == "Newest text." and row["service_name"] == "Weather API"
    assert row["document"]["description"] == "Newest text." and "Older text." not in row["search_text"]
    assert row["source_event_at"] == CLOCK
    assert db.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"] == 2
    for network in ("base", "polygon"):
        (item,) = list_resources(db, {"network": [network]}, settings)["items"]
        assert [a["network"] for a in item["accepts"]] == ["eip155:137", "eip155:8453"]


def test_an_added_payment_option_requeues_the_listings_embedding(db, settings):
    from souk.embedding import generations
    from tests.embedding.fakes import FakeProvider

    catalog_event(db, verified(_on_polygon(), CLOCK), settings)
    generations.create_generation(db, FakeProvider().identity)
    before = _listing(db)["content_hash"]
    catalog_event(db, verified(_on_base(), CLOCK - timedelta(minutes=1)), settings)
    after = _listing(db)["content_hash"]
    assert after != before  # the search text names every payment option
    assert db.execute("SELECT content_hash FROM embedding_jobs").fetchone()["content_hash"] == after


def test_an_older_event_does_not_change_an_existing_options_price(db, settings):
    catalog_event(db, verified(_on_base(amount="10000"), CLOCK), settings)
    before = _listing(db)
    outcome = catalog_event(db, verified(_on_base(amount="99"), CLOCK - timedelta(minutes=1)), settings)
    assert not outcome.changed
    after = _listing(db)
    assert after["accepts"] == before["accepts"] and after["content_hash"] == before["content_hash"]
    assert after["updated_at"] == before["updated_at"]


def test_a_failed_or_replayed_older_payment_adds_no_option(db, settings):
    catalog_event(db, settled(_on_polygon(), CLOCK), settings)
    failed = settled(_on_base(), CLOCK - timedelta(minutes=1))
    failed["settlement"].update(success=False, transaction="", errorReason="insufficient_funds")
    assert [w.code for w in catalog_event(db, failed, settings).warnings] == ["settlement_failed"]
    other_asset = "0x" + "c" * 40  # a new slot on Polygon, paid by the Polygon payment's transaction again
    replay = settled(_on_polygon(asset=other_asset), CLOCK - timedelta(minutes=2))
    replay["settlement"]["transaction"] = db.execute("SELECT transaction FROM settlements").fetchone()["transaction"]
    assert [w.code for w in catalog_event(db, replay, settings).warnings] == ["settlement_not_recorded"]
    assert [(a["network"], a["asset"]) for a in _listing(db)["accepts"]] == [("eip155:137", POLYGON_USDC)]


def test_a_delisted_listing_still_gains_an_option_and_stays_hidden(db, settings):
    from souk.lifecycle.store import delist

    listing_id = catalog_event(db, verified(_on_polygon(), CLOCK), settings).listing_id
    delist(db, str(listing_id), "operator review")
    catalog_event(db, verified(_on_base(), CLOCK - timedelta(minutes=1)), settings)
    assert _listing(db)["networks"] == ["eip155:137", "eip155:8453"]
    assert list_resources(db, {"network": ["base"]}, settings)["items"] == []


def _one_instant(db, settings, first, second) -> dict:
    for event in (first, second):
        catalog_event(db, event, settings)
    row = _listing(db)
    return {k: row[k] for k in ("accepts", "description", "search_text", "min_usd_price", "source_event_at")}


@pytest.mark.parametrize(("cheap_text", "dear_text"), [("Same text.", "Same text."), ("Cheap text.", "Dear text.")])
def test_two_prices_for_one_option_at_one_instant_do_not_depend_on_arrival_order(db, settings, cheap_text, dear_text):
    """The defect: at an equal observedAt the second event was "not newer", so whichever arrived first kept its
    price (and its text)."""
    cheap = verified(_on_base(amount="10000", description=cheap_text), CLOCK)
    dear = verified(_on_base(amount="20000", description=dear_text), CLOCK)
    one_way = _one_instant(db, settings, cheap, dear)
    db.execute("DELETE FROM listings")
    other_way = _one_instant(db, settings, dear, cheap)
    assert one_way == other_way
    # At one instant the higher price stands: a listing never shows less than its seller may ask.
    assert [a["amount"] for a in one_way["accepts"]] == ["20000"] and one_way["description"] == dear_text


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ({"description": "Forecast by city."}, {"description": "Tide tables by port."}),
        ({"service_name": "Weather API"}, {"service_name": "Tides API"}),
    ],
)
def test_two_declarations_of_one_option_at_one_instant_do_not_depend_on_arrival_order(db, settings, one, other):
    """The defect (red team, 2026-12-07): the same option at the same observedAt with another text tied, and the first
    to arrive kept its text."""
    first, second = verified(_on_base(**one), CLOCK), verified(_on_base(**other), CLOCK)
    one_way = _one_instant(db, settings, first, second)
    db.execute("DELETE FROM listings")
    other_way = _one_instant(db, settings, second, first)
    assert one_way == other_way


def test_an_equal_option_at_one_instant_changes_nothing(db, settings):
    catalog_event(db, verified(_on_base(), CLOCK), settings)
    before = _listing(db)
    outcome = catalog_event(db, verified(_on_base(), CLOCK), settings)
    assert not outcome.changed and _listing(db) == before


def test_an_event_older_than_the_listing_says_what_it_did_not_change(db, settings):
    # A probe (2026-12-07): a facilitator whose clock ran 5 s behind got "success" while its new text was dropped.
    catalog_event(db, verified(weather(description="Forecast by city."), CLOCK), settings)
    older = catalog_event(db, verified(weather(description="Tide tables."), CLOCK - timedelta(seconds=5)), settings)
    assert older.status == "success" and not older.changed
    [warning] = [w for w in older.warnings if w.code == "older_than_listing"]
    assert "stay" in warning.reason
    newer = catalog_event(db, verified(weather(description="Tide tables."), CLOCK + timedelta(seconds=5)), settings)
    assert newer.changed and not [w for w in newer.warnings if w.code == "older_than_listing"]
