from __future__ import annotations

import json
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from x402.extensions.bazaar.facilitator_client import _parse_list_response

from souk.api.app import make_app
from souk.api.resources import router
from souk.catalog.ingest import catalog_event
from tests.factories import BASE_SELLER, CLOCK, STELLAR_SELLER, pdf_tool, settled, verified, weather


@pytest.fixture
def client(db, settings):
    catalog_event(db, verified(weather()), settings)
    catalog_event(db, settled(weather(), CLOCK + timedelta(hours=1)), settings)
    catalog_event(
        db,
        verified(weather(url="https://weather.example.com/v1/forecast", network="eip155:8453", pay_to=BASE_SELLER)),
        settings,
    )
    catalog_event(db, verified(pdf_tool()), settings)
    return TestClient(make_app(router))


def test_sdk_parses_the_response_unmodified(client):
    body = client.get("/discovery/resources").json()
    parsed = _parse_list_response(body)
    assert parsed.x402_version == 2
    assert parsed.pagination.total == 3
    assert {i.type for i in parsed.items} == {"http", "mcp"}
    assert all(i.accepts for i in parsed.items)


def test_quality_object_counts_recent_settlements(client):
    items = client.get("/discovery/resources", params={"network": "stellar:testnet"}).json()["items"]
    assert len(items) == 1
    quality = items[0]["quality"]
    assert quality["settledCountAllTime"] == 0  # the fixture's weather listing is paid on stellar:testnet
    assert quality["lastSettledAt"].startswith("2026-10-20T13:00")


@pytest.mark.parametrize(
    ("params", "check"),
    [
        ({"type": "mcp"}, lambda i: i["type"] == "mcp"),
        ({"type": "http"}, lambda i: i["type"] == "http"),
        ({"payTo": "0x00000000000000000000000000000000000000ff"}, None),
        (
            {"payTo": BASE_SELLER.upper().replace("0X", "0x")},
            lambda i: any(a["payTo"] == BASE_SELLER for a in i["accepts"]),
        ),
        ({"payTo": STELLAR_SELLER}, lambda i: any(a["payTo"] == STELLAR_SELLER for a in i["accepts"])),
        ({"payTo": STELLAR_SELLER.lower()}, None),  # only EVM addresses ignore case; base32/base58 do not
        ({"payTo": "0X" + BASE_SELLER[2:].upper()}, lambda i: any(a["payTo"] == BASE_SELLER for a in i["accepts"])),
        ({"scheme": "batch-settlement"}, None),
        ({"scheme": "exact"}, lambda i: any(a["scheme"] == "exact" for a in i["accepts"])),
        ({"network": "eip155:999999999"}, None),
        ({"network": "eip155:8453"}, lambda i: any(a["network"] == "eip155:8453" for a in i["accepts"])),
        ({"network": "base"}, lambda i: any(a["network"] == "eip155:8453" for a in i["accepts"])),
        ({"extensions": "payment-identifier"}, None),
        ({"extensions": "bazaar"}, lambda i: "bazaar" in i["extensions"]),
        # values in another case name the same scheme, extension and network (they used to match nothing)
        ({"scheme": "EXACT"}, lambda i: any(a["scheme"] == "exact" for a in i["accepts"])),
        ({"extensions": "Bazaar"}, lambda i: "bazaar" in i["extensions"]),
        ({"network": "stellar:TESTNET"}, lambda i: any(a["network"] == "stellar:testnet" for a in i["accepts"])),
        ({"network": "Stellar:Testnet"}, lambda i: any(a["network"] == "stellar:testnet" for a in i["accepts"])),
    ],
)
def test_filter_conformance(client, params, check):
    response = client.get("/discovery/resources", params=params)
    assert response.status_code == 200
    body = response.json()
    if check is None:
        assert body["items"] == [] and body["pagination"]["total"] == 0
    else:
        assert body["items"], "positive control must match something"
        assert all(check(i) for i in body["items"])
        assert body["pagination"]["total"] == len(body["items"])


@pytest.mark.parametrize(
    "params",
    [
        {"network": "!!!"},
        {"limit": "0"},
        {"limit": "101"},
        {"limit": "ten"},
        {"offset": "-1"},
        {"type": "m c p"},
        {"payTo": "a b"},
        {"scheme": ""},
        {"extensions": "!"},
        {"type": "http\n"},  # ^...$ passed a trailing newline
        {"scheme": "exact\n"},
        {"payTo": BASE_SELLER + "\n"},
        {"type": "\u212ax"},  # the Kelvin sign matched [a-z] under IGNORECASE
        {"type": "foo"},  # no resource of that type is ever cataloged: a typo, not an empty catalog
        {"scheme": "\u017fx"},
    ],
)
def test_malformed_filters_are_400_with_reason(client, params):
    response = client.get("/discovery/resources", params=params)
    assert response.status_code == 400
    body = response.json()
    assert isinstance(body["error"], str) and body["error"]
    assert isinstance(body["reason"], str) and body["reason"]


def test_unknown_parameters_are_named_not_ignored(client):
    body = client.get("/discovery/resources", params={"q": "weather", "type": "http"}).json()
    assert body["unappliedFilters"] == ["q"]
    assert all(i["type"] == "http" for i in body["items"])


def test_pagination_is_deterministic_and_complete(client):
    paged = []
    for offset in range(3):
        page = client.get("/discovery/resources", params={"limit": 1, "offset": offset}).json()
        assert page["pagination"] == {"limit": 1, "offset": offset, "total": 3}
        paged += page["items"]
    whole = client.get("/discovery/resources", params={"limit": 3}).json()["items"]
    assert paged == whole
    assert len({(i["resource"], i["type"], i["lastUpdated"]) for i in whole}) == 3


def test_a_payment_during_a_crawl_moves_no_listing(client, db, settings):
    """Paging by offset while events arrive: each listing once (a payment used to move its listing first, so a
    crawler skipped it and saw another one twice)."""
    first = client.get("/discovery/resources", params={"limit": 1, "offset": 0}).json()["items"]
    last = client.get("/discovery/resources", params={"limit": 1, "offset": 2}).json()["items"]
    # the listing the crawler will read last is paid again now
    catalog_event(db, verified(pdf_tool(), CLOCK + timedelta(days=1)), settings)
    db.commit()
    rest = [
        item
        for offset in (1, 2)
        for item in client.get("/discovery/resources", params={"limit": 1, "offset": offset}).json()["items"]
    ]
    seen = [(i["resource"], i["type"]) for i in first + rest]
    assert len(set(seen)) == len(seen) == 3
    assert (last[0]["resource"], last[0]["type"]) in seen


@pytest.mark.parametrize("spelling", ["eip2612GasSponsoring", "eip2612gassponsoring", "EIP2612GASSPONSORING"])
def test_an_extension_is_found_in_any_case_its_own_camel_case_included(db, settings, spelling):
    event = verified(weather())
    event["paymentPayload"]["extensions"]["eip2612GasSponsoring"] = {"info": {"version": "1"}}
    catalog_event(db, event, settings)
    catalog_event(db, verified(pdf_tool()), settings)
    db.commit()
    body = TestClient(make_app(router)).get("/discovery/resources", params={"extensions": spelling}).json()
    assert body["pagination"]["total"] == 1
    assert "eip2612GasSponsoring" in body["items"][0]["extensions"]


def test_a_payers_echo_of_an_extension_is_never_served_only_its_name(db, settings):
    # A client echoes the server's extensions and may add to them: a payer's permit signature and idempotency id
    # were served in the public listing, and a seller's extensions.souk sat beside Souk's own fields (a probe).
    event = verified(weather())
    extensions = event["paymentPayload"]["extensions"]
    bazaar = json.loads(json.dumps(extensions["bazaar"]))
    payer = "0xA11CE00000000000000000000000000000000001"
    extensions["eip2612GasSponsoring"] = {"info": {"version": "1", "from": payer, "signature": "0xabab"}}
    extensions["payment-identifier"] = {"info": {"id": "pay_client_secret_1234"}}
    extensions["souk"] = {"verified": True, "quality": {"settledCount": 99999}}
    catalog_event(db, event, settings)
    db.commit()
    client = TestClient(make_app(router))
    item = client.get("/discovery/resources").json()["items"][0]
    assert item["extensions"] == {"bazaar": bazaar, "eip2612GasSponsoring": {}, "payment-identifier": {}, "souk": {}}
    stored = db.execute("SELECT extensions::text AS e FROM listings").fetchone()["e"]
    assert payer not in stored and "pay_client_secret" not in stored and "99999" not in stored
    assert client.get("/discovery/resources", params={"extensions": "payment-identifier"}).json()["items"]
    # A row cataloged before the cut is served the same way.
    db.execute("UPDATE listings SET extensions = extensions || %s::jsonb", (json.dumps({"souk": {"verified": True}}),))
    db.commit()
    assert client.get("/discovery/resources").json()["items"][0]["extensions"]["souk"] == {}


def test_a_cap_just_under_a_price_excludes_that_listing(db, settings):
    from souk.discovery.resources import list_resources

    listing = weather(url="https://ocr.example.com/v1", network="eip155:8453", pay_to=BASE_SELLER, amount="3000")
    catalog_event(db, verified(listing), settings)  # 3000 atomic USDC (6 decimals): $0.003
    totals = {
        cap: list_resources(db, {"maxUsdPrice": [cap]}, settings)["pagination"]["total"]
        for cap in ("0.003", "0.0029999999999999999", "0.00299999999999999999999")
    }
    assert totals == {"0.003": 1, "0.0029999999999999999": 0, "0.00299999999999999999999": 0}
