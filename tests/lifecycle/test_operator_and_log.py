"""Operator controls (souk listing show|delist|relist, audited), the bounded payTo event log, and search
demotion by health (bounded; no probe history = no change)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from souk.catalog.ingest import catalog_event
from souk.cli import main
from souk.discovery.resources import list_resources
from souk.errors import CatalogRejection
from souk.lifecycle import rejections
from souk.lifecycle.probe import ProbeResult
from souk.lifecycle.store import record_probe
from souk.search import health
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.conftest import table_snapshot
from tests.factories import CLOCK, STELLAR_SELLER, verified, weather


def test_delist_and_relist_are_audited_and_hide_the_listing(db, settings, capsys):
    outcome = catalog_event(db, verified(weather()), settings)
    db.commit()
    assert main(["listing", "delist", str(outcome.listing_id)]) == 2  # no reason: refused
    assert "--reason" in capsys.readouterr().err
    assert main(["listing", "delist", outcome.listing_key, "--reason", "abuse report #12"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["health"]["delisted"] is True and shown["changes"][0]["reason"] == "abuse report #12"
    page = list_resources(db, {}, settings)
    assert page["items"] == [] and page["hidden"]["delisted"] == 1
    assert list_resources(db, {"status": ["any"]}, settings)["items"] == []  # delisted: never listed
    assert main(["listing", "relist", str(outcome.listing_id), "--reason", "resolved"]) == 0
    capsys.readouterr()
    assert len(list_resources(db, {}, settings)["items"]) == 1
    actions = [r["action"] for r in db.execute("SELECT action FROM listing_status_changes ORDER BY id")]
    assert actions == ["delist", "relist"]
    assert main(["listing", "show", "no-such-listing"]) == 1
    assert main(["listing", "show", str(outcome.listing_id)]) == 0
    assert json.loads(capsys.readouterr().out)["health"]["delisted"] is False


def test_a_delisted_listing_stays_delisted_after_a_payment(db, settings, capsys):
    outcome = catalog_event(db, verified(weather()), settings)
    db.commit()
    assert main(["listing", "delist", str(outcome.listing_id), "--reason", "operator"]) == 0
    catalog_event(db, verified(weather(), CLOCK + timedelta(hours=1)), settings)
    assert list_resources(db, {}, settings)["items"] == []


def test_rejections_are_logged_with_code_and_reason_and_change_no_catalog_table(db, settings):
    catalog_event(db, verified(weather()), settings)
    before = table_snapshot(db)
    bad = verified(weather(description="x" * 10_000))
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, bad, settings)
    assert table_snapshot(db) == before
    [latest, accepted] = rejections.recent(db, STELLAR_SELLER, settings, now=datetime.now(UTC) + timedelta(minutes=1))
    assert latest["outcome"] == "rejected" and latest["error"] == info.value.error and latest["reason"]
    assert accepted["outcome"] == "accepted" and accepted["listingKey"].startswith("http GET")


@pytest.mark.parametrize(
    ("spoil", "error"),
    [
        (lambda ev: ev["paymentPayload"]["resource"].update(description="a\u0000b"), "invalid_text"),
        (
            lambda ev: ev["paymentPayload"]["resource"].update(url=ev["paymentPayload"]["resource"]["url"] + "\u0000"),
            "invalid_text",
        ),
        (lambda ev: ev["paymentPayload"].update(extra=float("nan")), "invalid_number"),
    ],
)
def test_an_event_refused_as_unstorable_is_in_its_seller_s_log(db, settings, spoil, error):
    # It parsed and names its payTo, so the seller can read why nothing appeared (they went unlogged: red team,
    # 2026-12-07); what made it unstorable is not written back.
    ev = verified(weather())
    spoil(ev)
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, ev, settings)
    assert (info.value.error, info.value.status_code) == (error, 400)
    assert table_snapshot(db) == before
    [entry] = rejections.recent(db, STELLAR_SELLER, settings, now=datetime.now(UTC) + timedelta(minutes=1))
    assert entry["outcome"] == "rejected" and entry["error"] == error and entry["reason"]
    assert "\x00" not in entry.get("resource", "")


def test_a_v1_event_s_resource_is_in_its_seller_s_log(db, settings):
    # v1 names the resource in the requirements, not in the payload: its entries had none (red team, 2026-12-07)
    seller = "0x2222222222222222222222222222222222222222"
    event = {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": {
            "scheme": "exact",
            "network": "base",
            "maxAmountRequired": "-5",
            "resource": "https://quotes.example.net/v1/quote",
            "description": "Delayed stock quote",
            "payTo": seller,
            "maxTimeoutSeconds": 60,
            "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        },
    }
    with pytest.raises(CatalogRejection):
        catalog_event(db, event, settings)
    [entry] = rejections.recent(db, seller, settings, now=datetime.now(UTC) + timedelta(minutes=1))
    assert entry["outcome"] == "rejected" and entry["resource"] == "https://quotes.example.net/v1/quote"


def test_an_accepted_event_s_warnings_are_in_its_seller_s_log(db, settings):
    catalog_event(db, verified(weather(), CLOCK + timedelta(hours=1)), settings)
    outcome = catalog_event(db, verified(weather(), CLOCK), settings)  # older than the listing's latest
    assert [w.code for w in outcome.warnings] == ["older_than_listing"]
    newest = rejections.recent(db, STELLAR_SELLER, settings, now=datetime.now(UTC) + timedelta(minutes=1))[0]
    assert newest["outcome"] == "accepted" and newest["warnings"] == outcome.warnings[0].reason


def test_the_log_keeps_the_newest_50_per_pay_to_and_30_days(db, settings):
    start = datetime.now(UTC) - timedelta(days=40)
    event = verified(weather())
    for i in range(60):
        rejections.record(
            db, event, settings, outcome="rejected", error="e", reason=f"r{i}", now=start + timedelta(days=i % 2)
        )
    rows = db.execute("SELECT count(*) AS n FROM payto_event_log").fetchone()["n"]
    assert rows == settings.payto_log_per_payto
    rejections.record(db, event, settings, outcome="accepted", now=datetime.now(UTC))
    assert db.execute("SELECT count(*) AS n FROM payto_event_log").fetchone()["n"] == 1  # older than 30 days: gone
    assert rejections.named_pay_to({"paymentRequirements": {"payTo": "has space"}}) is None
    rejections.record(db, {"event": "verified"}, settings, outcome="rejected", error="x", reason="no payTo")
    assert db.execute("SELECT count(*) AS n FROM payto_event_log").fetchone()["n"] == 1  # names no payTo: not logged
    hostile = {"event": {"not": "a string"}, "paymentRequirements": {"payTo": "GX"}, "paymentPayload": []}
    rejections.record(db, hostile, settings, outcome="rejected", error="invalid_event", reason="shape")
    [entry] = rejections.recent(db, "GX", settings)
    assert entry["event"] is None and "resource" not in entry


def _probe_result(listing_id: int, outcome: str, at: datetime) -> ProbeResult:
    return ProbeResult(listing_id, at, outcome, detail="test")


def test_search_demotes_unhealthy_listings_within_the_bound(db, settings):
    now = datetime.now(UTC)
    a = catalog_event(db, verified(weather(url="https://a.example/weather"), now), settings).listing_id
    b = catalog_event(db, verified(weather(url="https://b.example/weather"), now), settings).listing_id
    db.commit()

    def ranked() -> list[int]:
        return rank(db, RankRequest("current weather forecast", now=now), settings, DEFAULT_PROFILE).listing_ids

    plain = ranked()
    assert health.factors(db, [a, b], now, settings) == {}  # never probed: no demotion
    first = plain[0]
    for i in range(3):
        record_probe(db, _probe_result(first, "timeout", now + timedelta(minutes=i)), settings)
    db.commit()
    factor = health.factors(db, [first], now, settings)[first]
    assert settings.health_demotion_floor <= factor < 1.0
    assert ranked() == list(reversed(plain))  # two equally relevant listings: the unhealthy one drops
    for i in range(10):
        record_probe(db, _probe_result(first, "ok", now + timedelta(minutes=10 + i)), settings)
    db.commit()
    assert health.factors(db, [first], now, settings) == {} or health.factors(db, [first], now, settings)[first] > 0.99


def _stale_failing_listing(db, settings) -> int:
    """A listing paid for 10 days ago and unreachable in 30 hourly probes since."""
    old = datetime.now(UTC) - timedelta(days=10)
    lid = catalog_event(db, verified(weather(), old), settings, now=old).listing_id
    for i in range(30):
        record_probe(db, _probe_result(lid, "connect_error", old + timedelta(hours=i)), settings)
    db.commit()
    return lid


def test_a_stale_listing_is_demoted_and_the_factor_never_passes_the_floor(db, settings):
    lid = _stale_failing_listing(db, settings)
    factor = health.factors(db, [lid], datetime.now(UTC), settings)[lid]
    floor = settings.health_demotion_floor
    assert factor == pytest.approx(floor, abs=0.01) and factor >= floor


def test_the_demotion_floor_and_staleness_are_settings(db, settings):
    lid = _stale_failing_listing(db, settings)
    now = datetime.now(UTC)
    assert settings.health_demotion_floor == 0.5 and settings.health_stale_hours == 72.0  # the documented defaults
    lower = settings.model_copy(update={"health_demotion_floor": 0.2})
    assert health.factors(db, [lid], now, lower)[lid] == pytest.approx(0.2, abs=0.01)
    # a listing with a perfect score is demoted only for staleness: a longer window forgives it
    db.execute("UPDATE listing_health SET score = 1.0 WHERE listing_id = %s", (lid,))
    db.commit()
    assert health.factors(db, [lid], now, settings)[lid] == pytest.approx(0.75)  # stale: penalty 0.5
    assert health.factors(db, [lid], now, settings.model_copy(update={"health_stale_hours": 24.0 * 30})) == {}


def test_a_payment_in_the_same_second_as_the_failing_probe_reactivates(db, settings):
    probed_at = datetime.now(UTC).replace(microsecond=900_000)
    listing_id = catalog_event(db, verified(weather(), probed_at - timedelta(hours=1)), settings).listing_id
    record_probe(db, _probe_result(listing_id, "ok", probed_at - timedelta(minutes=1)), settings)
    record_probe(db, _probe_result(listing_id, "not_found", probed_at), settings)  # degraded at .9 s
    status = "SELECT status FROM listing_health WHERE listing_id = %s"
    assert db.execute(status, (listing_id,)).fetchone()["status"] == "degraded"
    catalog_event(db, verified(weather(), probed_at - timedelta(seconds=2)), settings, now=probed_at)
    assert db.execute(status, (listing_id,)).fetchone()["status"] == "degraded"  # older than the probe
    same_second = probed_at.replace(microsecond=0)  # how event timestamps arrive
    catalog_event(db, verified(weather(), same_second), settings, now=probed_at)
    assert db.execute(status, (listing_id,)).fetchone()["status"] == "active"
    newest = db.execute(
        "SELECT reason FROM listing_status_changes WHERE listing_id = %s ORDER BY changed_at DESC, id DESC LIMIT 1",
        (listing_id,),
    ).fetchone()
    assert newest["reason"] == "a new verified payment"  # recorded after the probe's own transition
