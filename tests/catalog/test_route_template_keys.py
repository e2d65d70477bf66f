"""A templated route is one listing however its parameters are named or its letters cased (migration 0036)."""

from __future__ import annotations

from pathlib import Path

import pytest

from souk.catalog.ingest import catalog_event
from souk.catalog.route_templates import key_path
from souk.errors import CatalogRejection
from tests.conftest import table_snapshot
from tests.factories import BASE_SELLER, SPOOFER, verified, weather

MIGRATION = Path(__file__).resolve().parents[2] / "migrations" / "0036_route_template_keys.sql"
SELLER_ROUTE = ("https://users.example.com/users/123", "/users/:id")


def _route(url: str, template: str | None, pay_to: str = BASE_SELLER):
    return weather(url=url, route_template=template, pay_to=pay_to, network="eip155:8453")


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/users/:id", "/users/:"),
        ("/users/:userId", "/users/:"),
        ("/Users/:ID/posts/:post_id", "/users/:/posts/:"),
        ("/v1/items:batchGet/:id", "/v1/items:/:"),
        ("/plain", "/plain"),
    ],
)
def test_a_template_path_folds_parameter_names_and_case(path, key):
    assert key_path(path) == key


@pytest.mark.parametrize(
    ("url", "template"),
    [
        ("https://users.example.com/users/456", "/users/:userId"),
        ("https://users.example.com/users/456", "/users/:ID"),
        ("https://users.example.com/Users/456", "/Users/:id"),
    ],
)
def test_another_spelling_of_a_bound_route_is_the_same_listing(db, settings, url, template):
    # each was a new listing of the seller's route paying the spoofer (red team, 2026-12-07)
    catalog_event(db, verified(_route(*SELLER_ROUTE)), settings)
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, verified(_route(url, template, pay_to=SPOOFER)), settings)
    assert info.value.error == "payto_mismatch"
    assert table_snapshot(db) == before
    # the seller's own event in another spelling updates its one listing
    outcome = catalog_event(db, verified(_route(url, template)), settings)
    assert outcome.status == "success"
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 1


def test_a_concrete_url_with_a_colon_is_not_folded(db, settings):
    first = catalog_event(db, verified(_route("https://api.example.com/v1/items:batchGet", None)), settings)
    second = catalog_event(db, verified(_route("https://api.example.com/v1/items:batchCreate", None)), settings)
    assert first.listing_id != second.listing_id


def test_the_migration_folds_keys_cataloged_before_and_the_binding_then_holds(db, settings):
    ids = [
        catalog_event(db, verified(_route(*SELLER_ROUTE)), settings).listing_id,
        catalog_event(
            db, verified(_route("https://users.example.com/orders/9", "/orders/:orderId")), settings
        ).listing_id,
        catalog_event(db, verified(_route("https://users.example.com/plain/:x", None)), settings).listing_id,
    ]
    legacy = {
        ids[0]: "http GET https://users.example.com/users/:id",
        ids[1]: "http GET https://users.example.com/orders/:orderId",
        ids[2]: "http GET https://users.example.com/plain/:x",
    }
    for listing_id, key in legacy.items():
        db.execute("UPDATE listings SET listing_key = %s WHERE id = %s", (key, listing_id))
    # a second listing of the seller's route under another spelling, cataloged before the fold: it keeps its key
    twin = catalog_event(db, verified(_route("https://users.example.com/users/7", "/users/:userId")), settings)
    db.execute(
        "UPDATE listings SET listing_key = %s WHERE id = %s",
        ("http GET https://users.example.com/users/:userId", twin.listing_id),
    )
    db.commit()

    with db.transaction():
        db.execute(MIGRATION.read_text(encoding="utf-8"))

    keys = {r["id"]: r["listing_key"] for r in db.execute("SELECT id, listing_key FROM listings")}
    assert keys[ids[0]] == "http GET https://users.example.com/users/:"
    assert keys[ids[1]] == "http GET https://users.example.com/orders/:"
    assert keys[ids[2]] == legacy[ids[2]]  # not templated: as it was
    assert keys[twin.listing_id] == "http GET https://users.example.com/users/:userId"  # the older one took the key
    urls = {r["resource_url"] for r in db.execute("SELECT resource_url FROM listings")}
    assert "https://users.example.com/users/:id" in urls  # served as declared
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, verified(_route("https://users.example.com/users/5", "/users/:ID", pay_to=SPOOFER)), settings)
    assert info.value.error == "payto_mismatch"
