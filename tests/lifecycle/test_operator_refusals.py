"""Operator actions that would change nothing are refused and write nothing: a relist of a listing that is not
delisted (it recorded a no-op relist whose reason became the seller view's statusReason), a delist of one that
is delisted already; and a probe pass limit below 1 (0 was read as "no limit", -5 reached Postgres)."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from psycopg.rows import dict_row

from souk.catalog.ingest import catalog_event
from souk.errors import SoukError
from souk.lifecycle import store
from souk.lifecycle.job import run_pass
from souk.lifecycle.merchant import merchant_view
from tests.conftest import table_snapshot
from tests.factories import STELLAR_SELLER, verified, weather


def _listing(db, settings, url: str = "https://weather.example.com/v1/current") -> str:
    key = catalog_event(db, verified(weather(url=url)), settings).listing_key
    db.commit()
    return key


def _status_reason(db, settings) -> str | None:
    [listing] = merchant_view(db, {"payTo": [STELLAR_SELLER]}, settings)["listings"]
    return listing.get("statusReason")


def test_a_relist_of_a_listing_never_delisted_is_refused_and_writes_nothing(db, settings):
    key = _listing(db, settings)
    reason_before = _status_reason(db, settings)
    before = table_snapshot(db)
    with pytest.raises(SoukError) as info:
        store.relist(db, key, "was never delisted")
    assert info.value.error == "not_delisted" and info.value.reason
    db.rollback()
    assert table_snapshot(db) == before
    assert _status_reason(db, settings) == reason_before != "was never delisted"


def test_a_relist_after_a_relist_is_refused(db, settings):
    key = _listing(db, settings)
    store.delist(db, key, "abuse report")
    store.relist(db, key, "resolved")
    db.commit()
    before = table_snapshot(db)
    with pytest.raises(SoukError) as info:
        store.relist(db, key, "again")
    assert info.value.error == "not_delisted"
    db.rollback()
    assert table_snapshot(db) == before


def test_a_delist_of_a_delisted_listing_is_refused_and_keeps_the_first_reason(db, settings):
    key = _listing(db, settings)
    store.delist(db, key, "abuse report #12")
    db.commit()
    before = table_snapshot(db)
    with pytest.raises(SoukError) as info:
        store.delist(db, key, "second thoughts")
    assert info.value.error == "already_delisted" and info.value.reason
    db.rollback()
    assert table_snapshot(db) == before
    shown = store.show(db, key)
    assert shown["health"]["delisted"] is True
    assert [(c["action"], c["reason"]) for c in shown["changes"]] == [("delist", "abuse report #12")]


@pytest.mark.parametrize("limit", [0, -5])
def test_a_probe_pass_limit_below_one_is_refused_before_anything_is_read(db, settings, limit):
    _listing(db, settings, "http://private.example/weather")
    before = table_snapshot(db)
    opened: list[bool] = []

    def connection():  # type: ignore[no-untyped-def]
        from souk.db import get_pool

        opened.append(True)
        return get_pool().connection()

    with pytest.raises(ValueError, match="at least 1"):
        run_pass(connection, settings, limit=limit)
    assert opened == [] and table_snapshot(db) == before


def test_a_probe_pass_limit_of_one_probes_one_listing(db, settings, monkeypatch):
    from souk.db import get_pool
    from souk.lifecycle import safety

    async def private(host: str, port: int) -> list[str]:
        return ["10.0.0.7"]

    monkeypatch.setattr(safety, "resolve", private)
    for i in range(3):  # names that resolve to a private address: refused by the probe without contacting anything
        _listing(db, settings, f"http://private{i}.example/weather")
    summary = run_pass(get_pool().connection, settings, limit=1)
    assert summary["due"] == 1 and summary["probed"] == 1
    assert summary["outcomes"] == {"refused_address": 1}


@pytest.mark.parametrize("action", ["delist", "relist"])
def test_an_operator_action_waits_on_the_listing_before_locking_its_health(db, settings, database_url, action):
    # Cataloging locks the listing row, then its health row; delist/relist locked the health row and then (for the
    # foreign key of their audit row) the listing row: the opposite order, and a deadlock with a catalog event.
    key = _listing(db, settings)
    if action == "relist":
        store.delist(db, key, "abuse report")
    db.execute("INSERT INTO listing_health (listing_id) SELECT id FROM listings ON CONFLICT DO NOTHING")
    db.commit()
    outcome: dict[str, object] = {}
    with psycopg.connect(database_url, autocommit=False) as cataloging:
        cataloging.execute("SELECT 1 FROM listings FOR UPDATE")  # as catalog_event holds it

        def operator() -> None:
            with psycopg.connect(database_url, row_factory=dict_row) as conn:
                outcome["result"] = getattr(store, action)(conn, key, "operator decision")

        thread = threading.Thread(target=operator)
        thread.start()
        try:
            time.sleep(0.5)  # the operator is now waiting for one of the two rows
            # cataloging goes on to the health row: with the old order the operator held it (a deadlock)
            cataloging.execute("SET lock_timeout = '5s'")
            cataloging.execute("SELECT 1 FROM listing_health FOR UPDATE")
        finally:
            cataloging.commit()
            thread.join(timeout=30)
    assert "result" in outcome and not thread.is_alive()
