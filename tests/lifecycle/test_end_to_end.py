"""End to end through the runner (template.yaml's routes and schedules, the same handlers Lambda runs):
a listing whose endpoint answers 404 becomes gone after T, leaves the default list and search, and comes
back on its next verified payment; the seller view shows statuses, health and rejection reasons."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import httpx
import pytest

from souk.config import get_settings
from souk.runner.server import LocalGateway
from tests.conftest import CATALOG_SECRET, REPO, table_snapshot
from tests.factories import SPOOFER, STELLAR_SELLER, verified, weather
from tests.runner.conftest import run_gateway

GONE_AFTER_S = 1.5


@pytest.fixture
def lifecycle_env(monkeypatch, database_url):
    env = {
        "SOUK_PROBE_ALLOWED_HOSTS": "localhost",
        "SOUK_GONE_AFTER_FAILURES": "2",
        "SOUK_GONE_AFTER_HOURS": str(GONE_AFTER_S / 3600),
        "SOUK_PROBE_INTERVAL_MINUTES": "0",
        "SOUK_PROBE_HOST_INTERVAL_S": "0",
        "SOUK_PROBE_DEADLINE_S": "3",
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    yield get_settings()
    for key in env:
        monkeypatch.delenv(key)
    get_settings.cache_clear()


@pytest.fixture
def runner(db, lifecycle_env):
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    for base in run_gateway(gateway):
        yield gateway, base


def _post(base: str, event: dict) -> httpx.Response:
    headers = {"authorization": f"Bearer {CATALOG_SECRET}"}
    return httpx.post(f"{base}/catalog/v1/events", json=event, headers=headers, timeout=30)


def _probe(gateway: LocalGateway) -> dict:
    [schedule] = [s for s in gateway.schedules if s.function == "ProbeJobFunction"]
    return gateway.run_schedule(schedule)


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _listed(base: str, params: str = "") -> dict:
    return httpx.get(f"{base}/discovery/resources?{params}", timeout=30).json()


def _searched(base: str) -> list[str]:
    body = httpx.get(f"{base}/discovery/search?query=current+weather+forecast+city", timeout=60).json()
    return [r["resource"] for r in body["resources"]]


def test_a_404_listing_goes_gone_leaves_list_and_search_and_a_payment_brings_it_back(runner, servers):
    gateway, base = runner
    dead = weather(url=servers.url("plain", "/status/404"), description="Current weather and forecast for a city.")
    alive = weather(url=servers.url("seller", "/weather"))
    for listing in (dead, alive):
        assert _post(base, verified(listing, _now())).status_code == 200
    assert len(_listed(base)["items"]) == 2

    first = _probe(gateway)
    assert first["outcomes"] == {"not_found": 1, "ok": 1}
    assert first["statuses"] == {"active": 1, "degraded": 1}
    time.sleep(GONE_AFTER_S + 0.2)
    second = _probe(gateway)
    assert second["statuses"] == {"active": 1, "gone": 1}

    page = _listed(base)
    assert [i["resource"] for i in page["items"]] == [alive.url]
    assert page["hidden"]["gone"] == 1 and page["hidden"]["status"] == "default" and page["hidden"]["reason"]
    assert page["pagination"]["total"] == 1
    # the status a response reports can be sent back and means the same (red team, 2026-12-07: it was a 400)
    assert _listed(base, "status=default") == page
    health = page["items"][0]["quality"]["health"]
    assert health["status"] == "active" and health["lastOutcome"] == "ok" and health["uptime7d"] == 1.0
    assert health["probes7d"] == 2 and health["lastProbeAt"]
    gone_page = _listed(base, "status=gone")
    assert [i["resource"] for i in gone_page["items"]] == [dead.url]
    assert gone_page["items"][0]["quality"]["health"]["uptime7d"] == 0.0
    assert dead.url not in _searched(base) and alive.url in _searched(base)

    # The seller pays again: a new verified payment reactivates the listing.
    assert _post(base, verified(dead, _now())).status_code == 200
    assert sorted(i["resource"] for i in _listed(base)["items"]) == sorted([alive.url, dead.url])
    assert dead.url in _searched(base)
    merchant = httpx.get(f"{base}/discovery/merchant", params={"payTo": STELLAR_SELLER}, timeout=30).json()
    by_url = {x["resource"]: x for x in merchant["listings"]}
    assert by_url[dead.url]["status"] == "active" and by_url[dead.url]["statusReason"] == "a new verified payment"
    assert by_url[dead.url]["health"]["lastOutcome"] == "not_found"


def test_the_seller_view_shows_statuses_health_and_rejection_reasons(runner, servers, db):
    gateway, base = runner
    mine = weather(url=servers.url("seller", "/weather"))
    assert _post(base, verified(mine, _now())).status_code == 200
    broken = verified(weather(url=servers.url("seller", "/pricey")), _now())
    broken["paymentRequirements"]["amount"] = "-5"  # rejected: nothing cataloged, the reason is logged
    assert _post(base, broken).status_code >= 400
    spoof = verified(weather(url=mine.url, pay_to=SPOOFER, network="eip155:8453"), _now())
    assert _post(base, spoof).status_code >= 400  # payto_mismatch: the listing is bound to its first payTo
    _probe(gateway)

    # Only an EVM address matches in any case: a base32 or base58 address in other letters is another address.
    other = httpx.get(f"{base}/discovery/merchant?payTo={STELLAR_SELLER.lower()}", timeout=30).json()
    assert other["listings"] == [] and other["recentEvents"] == []
    view = httpx.get(f"{base}/discovery/merchant?payTo={STELLAR_SELLER}", timeout=30)
    assert view.status_code == 200
    body = view.json()
    [listing] = body["listings"]
    assert listing["resource"] == mine.url and listing["status"] == "active" and listing["listed"]
    assert listing["health"]["lastOutcome"] == "ok" and listing["lastVerifiedAt"] and listing["health"]["lastProbeAt"]
    outcomes = [(e["outcome"], e.get("error")) for e in body["recentEvents"]]
    assert outcomes[0][0] == "rejected" and outcomes[0][1] and outcomes[-1] == ("accepted", None)
    rejected = body["recentEvents"][0]
    assert rejected["reason"] and rejected["resource"].endswith("/pricey")
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 1

    spoofer = httpx.get(f"{base}/discovery/merchant?payTo={SPOOFER}", timeout=30).json()
    assert spoofer["listings"] == [] and spoofer["recentEvents"][0]["error"] == "payto_mismatch"


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("", "missing_payTo"),
        ("payTo=", "missing_payTo"),
        ("payTo=a%20b", "invalid_payTo"),
        ("payTo=" + "x" * 129, "invalid_payTo"),
        ("payTo=a&payTo=b", "invalid_parameter"),
        ("payTo=abc&limit=0", "invalid_limit"),
        ("payTo=abc&offset=-1", "invalid_offset"),
        ("payTo=abc&color=red", "unknown_parameter"),
    ],
)
def test_bad_input_to_the_seller_view_is_a_400_that_writes_nothing(runner, db, query, error):
    _, base = runner
    before = table_snapshot(db)
    response = httpx.get(f"{base}/discovery/merchant?{query}", timeout=30)
    assert response.status_code == 400
    assert response.json()["error"] == error and response.json()["reason"]
    assert table_snapshot(db) == before


def test_bad_status_filter_is_a_400(runner):
    _, base = runner
    response = httpx.get(f"{base}/discovery/resources?status=zombie", timeout=30)
    assert response.status_code == 400 and response.json()["error"] == "invalid_status"
