"""The demo catalog loads through the real cataloging path; every hostile event is rejected with its
expected code and leaves the tables exactly as they were."""

from __future__ import annotations

import json

import pytest

from souk.catalog.ingest import catalog_event
from souk.catalog.loader import load_events_file
from souk.errors import CatalogRejection
from tests.conftest import REPO, table_snapshot

DEMO = REPO / "layers/core/souk/demo"


def test_demo_loads_and_hostile_events_are_rejected(db, settings):
    summary = load_events_file(db, DEMO / "demo_events.jsonl", settings)
    assert summary["rejected"] == {} and summary["listings"] >= 150
    networks = {r["n"] for r in db.execute("SELECT unnest(networks) AS n FROM listings")}
    assert {"stellar:pubnet", "stellar:testnet", "eip155:8453", "eip155:84532"} <= networks
    assert any(n.startswith("solana:") for n in networks)
    assert db.execute("SELECT count(*) AS n FROM listings WHERE type = 'mcp'").fetchone()["n"] >= 35

    hostile = [json.loads(line) for line in (DEMO / "hostile_events.jsonl").read_text().splitlines() if line]
    assert len(hostile) >= 8
    before = table_snapshot(db)
    for case in hostile:
        with pytest.raises(CatalogRejection) as info:
            catalog_event(db, case["event"], settings)
        assert info.value.error == case["expect"]["error"], case["expect"]["why"]
        assert info.value.reason
    assert table_snapshot(db) == before
