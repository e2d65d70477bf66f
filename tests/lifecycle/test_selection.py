"""The probe job's selection: the per-host cap applies before the batch limit, so one host with many
listings cannot fill the batch and starve the others."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta

from souk.catalog.ingest import catalog_event
from souk.lifecycle.job import due_targets
from souk.lifecycle.probe import ProbeResult
from souk.lifecycle.store import record_probe
from tests.factories import pdf_tool, verified, weather


def test_one_busy_host_does_not_fill_the_batch(db, settings):
    for i in range(12):
        catalog_event(db, verified(weather(url=f"https://spam.example.com/api/{i}")), settings)
    catalog_event(db, verified(weather(url="https://Honest.example.org:8443/forecast")), settings)
    catalog_event(db, verified(weather(url="https://third.example.net/w?city=x")), settings)
    db.commit()
    s = settings.model_copy(update={"probe_batch_size": 10, "probe_max_per_host": 3})
    targets = due_targets(db, s, datetime.now(UTC), s.probe_batch_size)
    by_host = Counter(t.host for t in targets)
    assert by_host == {"spam.example.com": 3, "honest.example.org": 1, "third.example.net": 1}
    # the spam host's oldest three (lowest ids) are the ones taken; the rest wait for the next pass
    spam = sorted(t.listing_id for t in targets if t.host == "spam.example.com")
    assert spam == sorted(spam)[:3] and len(spam) == 3


def test_the_batch_limit_still_holds_across_many_hosts(db, settings):
    for i in range(8):
        catalog_event(db, verified(weather(url=f"https://host{i}.example.com/api")), settings)
    db.commit()
    s = settings.model_copy(update={"probe_batch_size": 5, "probe_max_per_host": 3})
    targets = due_targets(db, s, datetime.now(UTC), s.probe_batch_size)
    assert len(targets) == 5 and len({t.host for t in targets}) == 5


def _gone(db, settings, listing_id: int, start: datetime) -> None:
    for i in range(settings.gone_after_failures):
        at = start + timedelta(hours=i * settings.gone_after_hours / (settings.gone_after_failures - 1))
        record_probe(db, ProbeResult(listing_id, at, "not_402", detail="test"), settings)
    db.commit()
    assert db.execute("SELECT status FROM listing_health WHERE listing_id = %s", (listing_id,)).fetchone() == {
        "status": "gone"
    }


def test_a_gone_listing_with_a_state_changing_method_is_not_probed_again_until_a_payment(db, settings):
    # A seller can list any URL, and the probe sends the declared method: a listing that stopped answering 402
    # (or never did) would otherwise get its DELETE sent once a day for good.
    paid = datetime.now(UTC) - timedelta(days=5)
    ids = {
        method: catalog_event(
            db, verified(weather(url=f"https://{method.lower()}.example.com/records/1", method=method), paid), settings
        ).listing_id
        for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
    }
    db.commit()
    for listing_id in ids.values():
        _gone(db, settings, listing_id, paid + timedelta(minutes=1))
    later = datetime.now(UTC) + timedelta(hours=settings.probe_gone_interval_hours + 1)
    due = {t.listing_id for t in due_targets(db, settings, later, 100)}
    assert due == {ids["GET"], ids["HEAD"]}  # safe methods are still re-probed, rarely
    repaid = verified(weather(url="https://delete.example.com/records/1", method="DELETE"), datetime.now(UTC))
    catalog_event(db, repaid, settings)
    db.commit()
    assert ids["DELETE"] in {t.listing_id for t in due_targets(db, settings, later, 100)}


def test_a_gone_mcp_listing_is_not_probed_again_until_a_payment(db, settings):
    # The MCP probe always POSTs a JSON-RPC initialize: a gone MCP listing naming a third party's URL got one a day.
    paid = datetime.now(UTC) - timedelta(days=5)
    mcp = catalog_event(db, verified(pdf_tool(url="https://gone.example.com/mcp"), paid), settings).listing_id
    db.commit()
    _gone(db, settings, mcp, paid + timedelta(minutes=1))
    later = datetime.now(UTC) + timedelta(hours=settings.probe_gone_interval_hours + 1)
    assert mcp not in {t.listing_id for t in due_targets(db, settings, later, 100)}
    catalog_event(db, verified(pdf_tool(url="https://gone.example.com/mcp"), datetime.now(UTC)), settings)
    db.commit()
    assert mcp in {t.listing_id for t in due_targets(db, settings, later, 100)}


def test_one_probe_pass_runs_at_a_time(db, settings):
    from souk.db import get_pool
    from souk.lifecycle.job import _PASS_LOCK, run_pass

    catalog_event(db, verified(weather(url="https://elsewhere.example.com/w")), settings)
    db.commit()
    with get_pool().connection() as holder:
        assert holder.execute("SELECT pg_try_advisory_lock(%s) AS ok", (_PASS_LOCK,)).fetchone()["ok"]
        try:
            summary = run_pass(get_pool().connection, settings)
        finally:
            holder.execute("SELECT pg_advisory_unlock(%s)", (_PASS_LOCK,))
    assert summary["due"] == 0 and summary["running"] == "another pass"
    assert db.execute("SELECT count(*) AS n FROM probe_results").fetchone()["n"] == 0
