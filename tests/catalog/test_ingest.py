from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest

from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection
from tests.conftest import table_snapshot
from tests.factories import BASE_SELLER, CLOCK, SPOOFER, pdf_tool, settled, verified, weather


def test_verified_event_creates_listing_with_canonical_text(db, settings):
    outcome = catalog_event(db, verified(weather()), settings)
    assert outcome.status == "success"
    row = db.execute("SELECT * FROM listings").fetchone()
    assert row["listing_key"] == "http GET https://weather.example.com/v1/current"
    assert row["networks"] == ["stellar:testnet"]
    assert row["search_text"] == (
        "Service: Weather API\n"
        "Resource: https://weather.example.com/v1/current\n"
        "Description: Current weather and a three-day forecast for a city.\n"
        "Type: HTTP GET\n"
        "Parameters:\n"
        "- city (required): City name\n"
        "- units: celsius or fahrenheit\n"
        "Output: json (temperature, conditions)\n"
        "Tags: weather, forecast\n"
        "Payment: stellar:testnet, exact, 0.001 USDC"
    )
    assert float(row["min_usd_price"]) == pytest.approx(0.001)  # 10000 at 7 decimals


def test_mcp_tool_is_keyed_by_url_and_tool_name(db, settings):
    catalog_event(db, verified(pdf_tool()), settings)
    catalog_event(db, verified(pdf_tool(tool_name="split_pdf")), settings)
    keys = [r["listing_key"] for r in db.execute("SELECT listing_key FROM listings ORDER BY 1")]
    assert keys == [
        "mcp https://docs.example.org/mcp merge_pdf_files",
        "mcp https://docs.example.org/mcp split_pdf",
    ]


def test_same_event_twice_leaves_the_same_state(db, settings):
    ev = settled(weather())
    catalog_event(db, ev, settings)
    before = table_snapshot(db)
    catalog_event(db, copy.deepcopy(ev), settings)
    assert table_snapshot(db) == before


def test_newer_event_refreshes_and_older_does_not(db, settings):
    catalog_event(db, verified(weather()), settings)
    catalog_event(
        db,
        verified(
            weather(description="Newer text."),
        ),
        settings,
    )  # same time: no change
    newer = verified(weather(description="Hourly weather."), CLOCK + timedelta(hours=1))
    catalog_event(db, newer, settings)
    older = verified(weather(description="Ancient text."), CLOCK - timedelta(days=3))
    catalog_event(db, older, settings)
    row = db.execute("SELECT description, first_verified_at, last_verified_at FROM listings").fetchone()
    assert row["description"] == "Hourly weather."
    assert row["first_verified_at"] == CLOCK - timedelta(days=3)
    assert row["last_verified_at"] == CLOCK + timedelta(hours=1)


def test_settlements_record_history_without_payer_identity(db, settings):
    listing = weather()
    catalog_event(db, verified(listing), settings)
    for i, payer in enumerate(
        [
            "0xAAAA000000000000000000000000000000000001",
            "0xaaaa000000000000000000000000000000000001",
            "0xBBBB000000000000000000000000000000000002",
        ]
    ):
        catalog_event(db, settled(listing, CLOCK + timedelta(minutes=i), payer), settings)
    rows = db.execute("SELECT * FROM settlements ORDER BY settled_at").fetchall()
    assert len(rows) == 3
    assert len({r["payer_hash"] for r in rows}) == 2  # checksum casing is the same payer
    dump = json.dumps(table_snapshot(db))
    assert "aaaa000000000000000000000000000000000001" not in dump.lower()
    listing_row = db.execute("SELECT first_settled_at, last_settled_at FROM listings").fetchone()
    assert listing_row["first_settled_at"] == CLOCK
    assert listing_row["last_settled_at"] == CLOCK + timedelta(minutes=2)


def _failed_settlement(listing, transaction: str) -> dict:
    ev = settled(listing)
    ev["settlement"].update(success=False, transaction=transaction, errorReason="insufficient_funds")
    return ev


def test_failed_settlements_with_the_specs_empty_transaction_are_accepted_and_not_counted(db, settings):
    listing = weather()
    catalog_event(db, verified(listing), settings)
    for _ in range(2):  # x402 SettleResponse: "empty string if settlement failed"
        outcome = catalog_event(db, _failed_settlement(listing, ""), settings)
        assert outcome.status == "success" and [w.code for w in outcome.warnings] == ["settlement_failed"]
    assert db.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"] == 0
    assert db.execute("SELECT last_settled_at FROM listings").fetchone()["last_settled_at"] is None


def test_a_failed_settlement_neither_creates_nor_changes_a_listing(db, settings):
    _rejected(db, settings, _failed_settlement(weather(), "0x" + "ab" * 32), "settlement_failed")
    catalog_event(db, verified(weather()), settings)
    before = db.execute("SELECT description, last_verified_at, accepts FROM listings").fetchone()
    later = weather(description="Rewritten by a payment that failed.", amount="99")
    failed = _failed_settlement(later, "0x" + "cd" * 32)
    failed["observedAt"] = (CLOCK + timedelta(hours=1)).isoformat()
    outcome = catalog_event(db, failed, settings)
    assert [w.code for w in outcome.warnings] == ["settlement_failed"] and not outcome.changed
    assert db.execute("SELECT description, last_verified_at, accepts FROM listings").fetchone() == before
    kept = db.execute("SELECT success, transaction FROM settlements").fetchall()
    assert [(r["success"], r["transaction"]) for r in kept] == [(False, "cd" * 32)]  # history only (Stellar spelling)


def test_a_replayed_transaction_is_no_new_payment(db, settings):
    first, second = weather(), weather(url="https://weather.example.com/v1/hourly")
    tx = "0x" + "ef" * 32
    for listing in (first, second):
        catalog_event(db, verified(listing), settings)
    paid = settled(first)
    paid["settlement"]["transaction"] = tx
    catalog_event(db, paid, settings)
    replay = settled(second, CLOCK + timedelta(hours=2))
    replay["settlement"]["transaction"] = tx.upper().replace("0X", "0x")
    outcome = catalog_event(db, replay, settings)
    assert [w.code for w in outcome.warnings] == ["settlement_not_recorded"]
    rows = db.execute("SELECT resource_url, last_settled_at, last_verified_at FROM listings ORDER BY id").fetchall()
    assert [r["last_settled_at"] for r in rows] == [CLOCK, None]  # "most recently paid" is not moved by a replay
    assert rows[1]["last_verified_at"] == CLOCK
    fresh = settled(weather(url="https://weather.example.com/v1/daily"))
    fresh["settlement"]["transaction"] = tx
    _rejected(db, settings, fresh, "transaction_reused")


@pytest.mark.parametrize("success", ["true", 1])
def test_settlement_success_is_a_json_boolean(db, settings, success):
    ev = settled(weather())
    ev["settlement"]["success"] = success
    _rejected(db, settings, ev, "invalid_event")


@pytest.mark.parametrize("transaction", ["", "   ", "\t"])
def test_a_successful_settlement_without_a_transaction_is_rejected(db, settings, transaction):
    catalog_event(db, verified(weather()), settings)
    ev = settled(weather())
    ev["settlement"]["transaction"] = transaction
    rejection = _rejected(db, settings, ev, "invalid_event")
    assert "transaction" in rejection.reason


@pytest.mark.parametrize(
    ("network", "transaction"),
    [
        ("eip155:8453", "0xabc123"),
        ("eip155:8453", "https://169.254.169.254/latest"),
        ("base", "GET"),
        ("eip155:8453", "0x" + "ab" * 31),
        ("stellar:testnet", "cd" * 33),
        ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "sig-" + "5" * 60),
        ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "5" * 20),
    ],
)
def test_a_settlement_naming_no_transaction_of_its_network_is_refused(db, settings, network, transaction):
    # Only a full hash was spelled one way, so "0xabc123" and "0xABC123" counted as two sales (red team, 2026-12-07)
    listing = weather(pay_to=BASE_SELLER, network="eip155:8453") if network != "stellar:testnet" else weather()
    catalog_event(db, verified(listing), settings)
    ev = settled(listing)
    ev["settlement"] |= {"transaction": transaction, "network": network}
    rejection = _rejected(db, settings, ev, "invalid_event")
    assert "transaction" in rejection.reason and "must be" in rejection.reason


@pytest.mark.parametrize(
    ("network", "transaction"),
    [
        ("eip155:8453", "0x" + "AB" * 32),
        ("eip155:8453", "ab" * 32),
        ("stellar:testnet", "cd" * 32),
        ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "5" * 87),
        ("eip155:8453", "  0x" + "ab" * 32 + " "),
    ],
)
def test_a_settlement_naming_its_networks_transaction_form_is_read(network, transaction):
    from souk.catalog.events import Settlement

    assert Settlement(success=True, transaction=transaction, network=network).transaction == transaction


@pytest.mark.parametrize(("scheme", "amount"), [("exact", "1"), ("exact", "9999"), ("upto", "10001")])
def test_a_settlement_of_another_amount_than_the_payment_allows_is_refused(db, settings, scheme, amount):
    # weather() asks 10000 atomic units: an exact payment settles at least that, an upto one at most that.
    ev = settled(weather())
    ev["paymentRequirements"]["scheme"] = scheme
    ev["paymentPayload"]["accepted"]["scheme"] = scheme
    ev["settlement"]["amount"] = amount
    rejection = _rejected(db, settings, ev, "settlement_mismatch")
    assert amount in rejection.reason


@pytest.mark.parametrize(
    ("scheme", "amount"),
    # An exact payment may pay more (x402 v1's maxAmountRequired is a floor the payer's authorization may exceed);
    # a scheme Souk knows no amount rule for (a batched or deferred one settling several calls) is not judged.
    [("exact", "10000"), ("exact", "15000"), ("upto", "2500"), ("deferred", "30000")],
)
def test_a_settlement_of_what_the_payment_allows_counts(db, settings, scheme, amount):
    ev = settled(weather())
    ev["paymentRequirements"]["scheme"] = scheme
    ev["paymentPayload"]["accepted"]["scheme"] = scheme
    ev["settlement"]["amount"] = amount
    assert catalog_event(db, ev, settings).status == "success"
    assert db.execute("SELECT amount FROM settlements WHERE success").fetchone()["amount"] == int(amount)


def _rejected(db, settings, ev, code):
    before = table_snapshot(db)
    with pytest.raises(CatalogRejection) as info:
        catalog_event(db, ev, settings)
    assert info.value.error == code
    assert info.value.reason
    assert table_snapshot(db) == before
    return info.value


def test_spoofed_pay_to_cannot_overwrite_a_listing(db, settings):
    catalog_event(db, verified(weather()), settings)
    spoof = verified(
        weather(pay_to=SPOOFER, network="eip155:8453", description="Pay me instead"),
        CLOCK + timedelta(days=1),
    )
    _rejected(db, settings, spoof, "payto_mismatch")
    _rejected(db, settings, settled(weather(pay_to=SPOOFER, network="eip155:8453")), "payto_mismatch")


def test_operator_move_lets_the_new_address_update(db, settings):
    from souk.catalog.bindings import change_binding

    catalog_event(db, verified(weather()), settings)
    key = db.execute("SELECT listing_key FROM listings").fetchone()["listing_key"]
    change_binding(db, key, SPOOFER, action="move", reason="seller rotated keys (ticket 12)")
    moved = verified(weather(pay_to=SPOOFER, network="eip155:8453", description="Moved"), CLOCK + timedelta(days=1))
    assert catalog_event(db, moved, settings).status == "success"
    assert db.execute("SELECT description FROM listings").fetchone()["description"] == "Moved"
    assert db.execute("SELECT count(*) AS n FROM binding_changes").fetchone()["n"] == 1


def test_forged_route_template_is_rejected(db, settings):
    for template in ("/users/../admin", "/a/%2e%2e/b", "/x/http://evil"):
        ev = verified(weather(url="https://weather.example.com/users/1", route_template=template))
        _rejected(db, settings, ev, "invalid_route_template")


def test_a_route_template_must_describe_the_paid_path(db, settings):
    # a probe (2026-12-07): a payment for /users/123 listed /totally/other/:id, a route nobody had paid for
    # ... and an encoded colon is a literal, not a parameter that would match any path (a review, 2026-12-07)
    for template in ("/totally/other/:id", "/users", "/users/:id/orders", "/%3Aid"):
        ev = verified(weather(url="https://weather.example.com/users/123", route_template=template))
        rejection = _rejected(db, settings, ev, "route_template_mismatch")
        assert "/users/123" in rejection.reason


def test_a_route_template_of_many_parameters_is_refused_quickly(db, settings):
    # /:p0:p1:...:p17 made a regex backtrack for minutes on a path it did not match (a review, 2026-12-07)
    import time

    many = "/" + "".join(f":p{i}" for i in range(40))
    _rejected(
        db,
        settings,
        verified(weather(url="https://weather.example.com/x", route_template=many)),
        "invalid_route_template",
    )
    near = "/" + "".join(f":p{i}-" for i in range(32))
    started = time.perf_counter()
    ev = verified(weather(url="https://weather.example.com/" + "-" * 1500 + "/zz", route_template=near))
    _rejected(db, settings, ev, "route_template_mismatch")
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    ("url", "template", "key"),
    [
        ("https://weather.example.com/users/123", "/users/:id", "/users/:id"),
        ("https://weather.example.com/users/123/", "/users/:id", "/users/:id"),
        # the last parameter may span segments: a DOI, or the SDK's `:var1` for a wildcard route
        ("https://papers.example.com/v1/paper/10.1000/xyz", "/v1/paper/:doi", "/v1/paper/:doi"),
        ("https://weather.example.com/files/7.json", "/files/:id.json", "/files/:id.json"),
        # compared percent-decoded too: "%2D" is "-"
        ("https://weather.example.com/a-b/1", "/a%2Db/:id", "/a-b/:id"),
        # what the SDK's route matching lets through: any case, a wildcard's `:var1` absent or over segments, an app
        # mounted under a prefix its route does not name
        ("https://weather.example.com/users/123", "/Users/:id", "/Users/:id"),
        ("https://weather.example.com/api", "/api/:var1", "/api/:var1"),
        ("https://weather.example.com/files/a/b/meta", "/files/:var1/meta", "/files/:var1/meta"),
        ("https://weather.example.com/v2/users/123", "/users/:id", "/users/:id"),
    ],
)
def test_a_route_template_describing_the_paid_path_is_the_key(db, settings, url, template, key):
    from souk.catalog.route_templates import key_path

    outcome = catalog_event(db, verified(weather(url=url, route_template=template)), settings)
    assert outcome.status == "success"
    origin = f"{url.split('/', 3)[0]}//{url.split('/', 3)[2]}"
    # keyed with its parameter names and case folded (migration 0036), served as declared
    assert outcome.listing_key == f"http GET {origin}{key_path(key)}"
    assert db.execute("SELECT resource_url FROM listings").fetchone()["resource_url"] == f"{origin}{key}"


def test_bounds(db, settings):
    from souk.demo.builders import Param

    _rejected(db, settings, verified(weather(description="x" * 4001)), "field_too_large")
    many = [Param(f"p{i}") for i in range(101)]
    _rejected(db, settings, verified(weather(params=many)), "field_too_large")
    ev = verified(weather())
    schema = ev["paymentPayload"]["extensions"]["bazaar"]["schema"]["properties"]["input"]["properties"]["queryParams"]
    node = schema["properties"]["city"]
    for _ in range(9):
        node["type"] = "object"
        node["properties"] = {"deeper": {"type": "string"}}
        node = node["properties"]["deeper"]
    _rejected(db, settings, ev, "schema_too_deep")
    big_output = verified(weather(output_example={"blob": "y" * 17000}))
    _rejected(db, settings, big_output, "field_too_large")


def test_invalid_and_undiscoverable_events(db, settings):
    ev = verified(weather())
    ev["paymentPayload"]["extensions"]["bazaar"]["info"]["input"]["method"] = "TRACE"
    _rejected(db, settings, ev, "invalid_discovery_extension")
    bare = verified(weather())
    del bare["paymentPayload"]["extensions"]
    _rejected(db, settings, bare, "not_discoverable")
    _rejected(db, settings, {"event": "verified"}, "invalid_event")
    _rejected(db, settings, [1, 2], "invalid_event")
    wrong = verified(weather())
    wrong["paymentPayload"]["accepted"]["payTo"] = SPOOFER
    _rejected(db, settings, wrong, "requirements_mismatch")
    no_settlement = verified(weather())
    no_settlement["event"] = "settled"
    _rejected(db, settings, no_settlement, "invalid_event")
    bad_net = verified(weather())
    bad_net["paymentRequirements"]["network"] = "!!!"
    _rejected(db, settings, bad_net, "invalid_network")


def test_v1_payment_with_legacy_network_is_normalised(db, settings):
    requirements = {
        "scheme": "exact",
        "network": "base-sepolia",
        "maxAmountRequired": "2500",
        "resource": "https://quotes.example.net/v1/quote?symbol=ACME",
        "description": "Delayed stock quote for a ticker symbol",
        "mimeType": "application/json",
        "payTo": "0x2222222222222222222222222222222222222222",
        "maxTimeoutSeconds": 60,
        "asset": "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        "outputSchema": {
            "input": {
                "type": "http",
                "method": "GET",
                "discoverable": True,
                "queryParams": {"symbol": {"type": "string", "description": "Ticker"}},
            }
        },
        "extra": {"name": "USDC", "version": "2"},
    }
    ev = {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base-sepolia", "payload": {}},
        "paymentRequirements": requirements,
    }
    assert catalog_event(db, ev, settings).status == "success"
    row = db.execute("SELECT networks, x402_version, resource_url, accepts FROM listings").fetchone()
    assert row["networks"] == ["eip155:84532"]
    assert row["accepts"][0]["network"] == "eip155:84532"
    assert row["x402_version"] == 1
    assert row["resource_url"] == "https://quotes.example.net/v1/quote"
    # Served as a v1 client reads it: the v1 SDKs know networks by name only.
    from souk.discovery.resources import list_resources

    (item,) = list_resources(db, {}, settings)["items"]
    assert [a["network"] for a in item["accepts"]] == ["base-sepolia"]
    assert list_resources(db, {"network": ["eip155:84532"]}, settings)["items"] == [item]


def _v1_event(**requirements: object) -> dict:
    reqs = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "1000",
        "resource": "https://quotes.example.net/v1/quote",
        "description": "Delayed stock quote for a ticker symbol",
        "payTo": "0x2222222222222222222222222222222222222222",
        "maxTimeoutSeconds": 60,
        "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "outputSchema": {"input": {"type": "http", "method": "GET", "discoverable": True}},
    } | requirements
    return {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": reqs,
    }


def test_v1_prices_by_max_amount_required(db, settings):
    # "amount" is v2's field: read first, "5" beside maxAmountRequired 1000 priced a $0.001 listing at $0.000005.
    _rejected(db, settings, _v1_event(amount="5"), "invalid_amount")
    no_max = _v1_event(amount="1000")
    del no_max["paymentRequirements"]["maxAmountRequired"]
    _rejected(db, settings, no_max, "invalid_amount")
    assert catalog_event(db, _v1_event(amount="1000"), settings).status == "success"  # the same number agrees
    assert float(db.execute("SELECT min_usd_price FROM listings").fetchone()["min_usd_price"]) == pytest.approx(0.001)


def test_v2_prices_by_amount_and_a_different_max_amount_required_is_refused(db, settings):
    # Accepted, the stray field became the option's price for v1 clients once a later v1 event made the listing
    # x402Version 1 ($1 by amount, served as maxAmountRequired "1": $0.000001).
    two_prices = verified(weather(network="eip155:8453", pay_to=SPOOFER, amount="1000000"))
    two_prices["paymentRequirements"]["maxAmountRequired"] = "1"
    rejection = _rejected(db, settings, two_prices, "invalid_amount")
    assert "maxAmountRequired" in rejection.reason
    two_prices["paymentRequirements"]["maxAmountRequired"] = "1000000"  # the same number agrees
    assert catalog_event(db, two_prices, settings).status == "success"
    assert float(db.execute("SELECT min_usd_price FROM listings").fetchone()["min_usd_price"]) == pytest.approx(1)


@pytest.mark.parametrize(("field", "value"), [("scheme", "upto"), ("network", "solana"), ("network", 8453)])
def test_a_v1_payload_pays_with_the_requirements_scheme_and_network(db, settings, field, value):
    ev = _v1_event()
    ev["paymentPayload"][field] = value
    _rejected(db, settings, ev, "requirements_mismatch")
    ev["paymentPayload"]["network"] = "eip155:8453"  # the same network, spelled as CAIP-2
    ev["paymentPayload"]["scheme"] = "exact"
    assert catalog_event(db, ev, settings).status == "success"


def test_outcome_header_is_base64_json():
    import base64

    from souk.catalog.outcome import Outcome

    header = Outcome(
        "rejected", "info failed schema validation", "invalid_discovery_extension"
    ).extension_responses_header()
    assert json.loads(base64.b64decode(header)) == {
        "bazaar": {"status": "rejected", "rejectedReason": "info failed schema validation"}
    }
    ok = Outcome("success").extension_responses_header()
    assert ok == "eyJiYXphYXIiOnsic3RhdHVzIjoic3VjY2VzcyJ9fQ=="  # the spec's own example


def test_v1_headers_the_sdk_cannot_parse_are_soft_dropped_and_reported(db, settings):
    # headers are optional; the Bazaar spec's soft-drop rule keeps the listing and drops the part.
    requirements = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "10000",
        "resource": "https://tokens.example.net/analyze",
        "description": "Token analysis",
        "payTo": "0x2222222222222222222222222222222222222222",
        "maxTimeoutSeconds": 60,
        "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "outputSchema": {
            "input": {
                "type": "http",
                "method": "POST",
                "bodyType": "json",
                "bodyFields": {"token": {"type": "string", "required": True}},
                "headerFields": {"X-PAYMENT": {"type": "string", "description": "payment header"}},
            }
        },
    }
    ev = {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": requirements,
    }
    outcome = catalog_event(db, ev, settings)
    assert outcome.status == "success"
    assert [w.code for w in outcome.warnings] == ["field_dropped"]
    assert "outputSchema.input.headerFields" in outcome.warnings[0].reason
    body = outcome.to_body()
    assert body["warnings"][0]["code"] == "field_dropped"
    row = db.execute("SELECT listing_key, discovery_info, search_text FROM listings").fetchone()
    assert row["listing_key"] == "http POST https://tokens.example.net/analyze"
    assert "headers" not in row["discovery_info"]["input"]
    assert "- token" in row["search_text"]


def test_v1_headers_that_are_not_an_object_are_dropped_too(db, settings):
    requirements = {
        "scheme": "exact",
        "network": "base",
        "maxAmountRequired": "10000",
        "resource": "https://tokens.example.net/analyze",
        "payTo": "0x2222222222222222222222222222222222222222",
        "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "outputSchema": {"input": {"type": "http", "method": "POST", "bodyType": "json", "headers": ["x"]}},
        "maxTimeoutSeconds": 60,
    }
    ev = {
        "event": "verified",
        "observedAt": "2026-10-20T12:00:00Z",
        "paymentPayload": {"x402Version": 1, "scheme": "exact", "network": "base", "payload": {}},
        "paymentRequirements": requirements,
    }
    outcome = catalog_event(db, ev, settings)
    assert outcome.status == "success"
    assert [w.reason.split(" ")[0] for w in outcome.warnings] == ["outputSchema.input.headers"]


def test_first_events_for_one_new_listing_at_once_both_succeed(db, settings, database_url):
    """The second of two concurrent first events for a listing updates it (it used to hit the unique key: a 500)."""
    import threading

    import psycopg
    from psycopg.rows import dict_row

    outcomes: list[object] = []
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as first:
        with first.transaction():  # the first event's insert stays uncommitted while the second arrives
            catalog_event(first, verified(weather()), settings)

            def second() -> None:
                with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
                    try:
                        outcomes.append(catalog_event(conn, settled(weather()), settings))
                    except Exception as exc:  # the test reports what the second event raised
                        outcomes.append(exc)

            thread = threading.Thread(target=second)
            thread.start()
            thread.join(timeout=1.0)
            assert thread.is_alive(), "the second event should wait for the first one's transaction"
        thread.join(timeout=30)
    assert len(outcomes) == 1 and getattr(outcomes[0], "status", outcomes[0]) == "success"
    rows = db.execute("SELECT id, last_settled_at FROM listings").fetchall()
    assert len(rows) == 1 and rows[0]["last_settled_at"] is not None
    assert db.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"] == 1


def test_a_solana_mint_in_other_letters_is_another_payment_option(db, settings):
    mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
    seller = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
    solana = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    catalog_event(db, verified(weather(network=solana, pay_to=seller, asset=mint)), settings)
    later = verified(weather(network=solana, pay_to=seller, asset=mint.swapcase()), CLOCK + timedelta(hours=1))
    catalog_event(db, later, settings)
    accepts = db.execute("SELECT accepts FROM listings").fetchone()["accepts"]
    assert sorted(a["asset"] for a in accepts) == sorted([mint, mint.swapcase()])  # not one replacing the other


def test_a_success_after_the_same_listings_failure_with_that_transaction_counts(db, settings):
    catalog_event(db, verified(weather()), settings)
    tx = "ab" * 32
    catalog_event(db, _failed_settlement(weather(), tx), settings)  # e.g. a receipt timeout
    paid = settled(weather(), CLOCK + timedelta(minutes=5))
    paid["settlement"]["transaction"] = tx
    outcome = catalog_event(db, paid, settings)
    assert not outcome.warnings
    last_paid = db.execute("SELECT last_settled_at FROM listings").fetchone()["last_settled_at"]
    assert last_paid == CLOCK + timedelta(minutes=5)
    rows = db.execute("SELECT success, transaction FROM settlements").fetchall()
    assert [(r["success"], r["transaction"]) for r in rows] == [(True, tx)]


def test_a_v1_exact_settlement_above_max_amount_required_is_a_payment(db, settings):
    # v1's maxAmountRequired is a floor the payer's authorization may exceed: the reference facilitator checks
    # value >= maxAmountRequired and settles that value.
    settlement = {"success": True, "transaction": "0x" + "ab" * 32, "network": "base", "amount": "1500"}
    event = _v1_event() | {"event": "settled", "settlement": settlement}
    assert catalog_event(db, event, settings).status == "success"
    assert db.execute("SELECT amount FROM settlements WHERE success").fetchone()["amount"] == 1500


def _upto_settlement(charged: str, ceiling: str = "10000", transaction: str = "0x" + "cd" * 32) -> dict:
    """An upto payment as its facilitator settles it: the settle-time requirements carry the amount charged, the
    payload what the payer signed for at most (x402 specs/schemes/upto: amount is phase-dependent)."""
    ev = settled(weather())
    for part in (ev["paymentRequirements"], ev["paymentPayload"]["accepted"]):
        part["scheme"] = "upto"
    ev["paymentPayload"]["accepted"]["amount"] = ceiling
    ev["paymentRequirements"]["amount"] = charged
    ev["settlement"] |= {"amount": charged, "transaction": transaction}
    return ev


def test_an_upto_settlement_below_its_ceiling_is_a_payment_and_the_listing_offers_the_ceiling(db, settings):
    assert catalog_event(db, _upto_settlement("1858"), settings).status == "success"
    (option,) = db.execute("SELECT accepts FROM listings").fetchone()["accepts"]
    assert option["amount"] == "10000"  # what a payer authorizes, not what one call happened to cost
    assert db.execute("SELECT amount FROM settlements WHERE success").fetchone()["amount"] == 1858


def test_an_upto_settlement_above_its_ceiling_is_refused(db, settings):
    _rejected(db, settings, _upto_settlement("10001"), "requirements_mismatch")


@pytest.mark.parametrize("settled_amount", ["9000", "1000"])
def test_an_upto_settlement_of_another_amount_than_its_charge_is_refused(db, settings, settled_amount):
    # 9000 settled on a charge of 2500 (under the 10000 ceiling) was recorded as a 9000 sale (red team, 2026-12-07)
    ev = _upto_settlement("2500")
    ev["settlement"]["amount"] = settled_amount
    _rejected(db, settings, ev, "settlement_mismatch")


@pytest.mark.parametrize(
    ("charged", "transaction"),
    [
        ("0", ""),
        # A facilitator naming a transaction for a $0 settlement still moved nothing: no sale either (before, it
        # counted one and moved "most recently paid").
        ("0", "0x" + "cd" * 32),
        ("000", "0x" + "ab" * 32),
    ],
)
def test_an_upto_settlement_of_zero_catalogs_the_payment_and_counts_no_sale(db, settings, charged, transaction):
    # "If the settled amount = 0, no on-chain transaction is required": success, an empty transaction, amount "0".
    outcome = catalog_event(db, _upto_settlement(charged, transaction=transaction), settings)
    assert outcome.status == "success"
    assert [w.code for w in outcome.warnings] == ["settlement_not_recorded"]
    assert db.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"] == 0
    row = db.execute("SELECT last_settled_at, accepts FROM listings").fetchone()
    assert row["last_settled_at"] is None and row["accepts"][0]["amount"] == "10000"


def test_an_exact_settlement_of_a_zero_price_counts_no_sale_and_says_so(db, settings):
    # it was recorded without a warning and moved "last settled" (red team, 2026-12-07), unlike upto's $0
    free = weather(amount="0")
    catalog_event(db, verified(free), settings)
    ev = settled(free)
    ev["settlement"].pop("amount", None)
    outcome = catalog_event(db, ev, settings)
    assert outcome.status == "success" and [w.code for w in outcome.warnings] == ["settlement_not_recorded"]
    assert db.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"] == 0
    assert db.execute("SELECT last_settled_at FROM listings").fetchone()["last_settled_at"] is None


@pytest.mark.parametrize(("charged", "sales"), [("1858", 1), ("0", 0)])
def test_an_upto_settlement_without_its_own_amount_records_what_its_requirements_charged(db, settings, charged, sales):
    # The v2 SettleResponse carries no amount: the charge is in the settle-time requirements. It was recorded at the
    # ceiling, and a $0 charge counted as a sale at the ceiling (red team, 2026-12-07).
    ev = _upto_settlement(charged)
    del ev["settlement"]["amount"]
    outcome = catalog_event(db, ev, settings)
    assert outcome.status == "success"
    assert [w.code for w in outcome.warnings] == ([] if sales else ["settlement_not_recorded"])
    amounts = [r["amount"] for r in db.execute("SELECT amount FROM settlements WHERE success").fetchall()]
    assert amounts == ([int(charged)] if sales else [])
    row = db.execute("SELECT last_settled_at, accepts FROM listings").fetchone()
    assert (row["last_settled_at"] is not None) == bool(sales) and row["accepts"][0]["amount"] == "10000"


@pytest.mark.parametrize("scheme", ["exact", "EXACT", "Exact"])
def test_an_exact_settlement_below_its_price_is_refused_whatever_the_scheme_s_case(db, settings, scheme):
    # "EXACT" is listed under scheme=exact (the filters read it case-blind), so it is judged as exact too: a 1-unit
    # settlement of a 1000-unit price counted as a sale (red team, 2026-12-07).
    ev = settled(weather())
    for part in (ev["paymentRequirements"], ev["paymentPayload"]["accepted"]):
        part["scheme"] = scheme
    ev["settlement"]["amount"] = "1"
    _rejected(db, settings, ev, "settlement_mismatch")


def test_an_exact_settlement_without_a_transaction_is_still_refused(db, settings):
    ev = settled(weather())
    ev["settlement"] |= {"transaction": "", "amount": "0"}
    _rejected(db, settings, ev, "settlement_mismatch")


def _with_option(ev: dict, *, asset: str | None = None, extra: dict | None = None) -> dict:
    for option in (ev["paymentRequirements"], ev["paymentPayload"]["accepted"]):
        if asset is not None:
            option["asset"] = asset
        if extra is not None:
            option["extra"] = extra
    return ev


def test_one_listing_cannot_grow_past_what_a_page_can_serve(db, settings):
    # Each event is bounded on its own, but every new asset adds a payment option to the listing and every page
    # holding it serves them all: 48 events of 235 kB each made one search answer 11.5 MB.
    for i in range(settings.max_payment_options):
        ev = _with_option(verified(weather(), CLOCK + timedelta(seconds=i)), asset=f"0x{i:040x}")
        assert catalog_event(db, ev, settings).status == "success"
    one_more = _with_option(verified(weather(), CLOCK + timedelta(minutes=1)), asset=f"0x{99:040x}")
    _rejected(db, settings, one_more, "too_many_payment_options")
    older = _with_option(verified(weather(), CLOCK - timedelta(days=1)), asset=f"0x{98:040x}")
    _rejected(db, settings, older, "too_many_payment_options")  # an older event adding an option, too
    assert len(db.execute("SELECT accepts FROM listings").fetchone()["accepts"]) == settings.max_payment_options

    padded = _with_option(
        verified(weather(url="https://other.example.com/v1/x")), extra={"name": "USDC", "pad": "z" * 40_000}
    )
    reason = _rejected(db, settings, padded, "field_too_large").reason
    assert str(settings.max_listing_bytes) in reason
    fits = _with_option(
        verified(weather(url="https://other.example.com/v1/x")), extra={"name": "USDC", "pad": "z" * 20_000}
    )
    assert catalog_event(db, fits, settings).status == "success"
    grown = _with_option(
        verified(weather(url="https://other.example.com/v1/x"), CLOCK + timedelta(seconds=1)),
        asset=f"0x{7:040x}",
        extra={"name": "USDC", "pad": "z" * 10_000},
    )
    _rejected(db, settings, grown, "field_too_large")  # the two options together are over the limit


def test_a_v1_item_repeats_its_description_in_every_option_and_is_counted_so(db, settings):
    # A v1 item serves the description in each of its options: 15 options and a 4,000-character CJK description
    # served 210 kB while 28 kB were counted (a review).
    description = "\u5929" * 3_999  # 12 kB in UTF-8
    first = _with_option(verified(weather(description=description)), asset=f"0x{1:040x}")
    assert catalog_event(db, first, settings).status == "success"  # one option: 24 kB of description counted
    second = _with_option(verified(weather(description=description), CLOCK + timedelta(seconds=1)), asset=f"0x{2:040x}")
    _rejected(db, settings, second, "field_too_large")  # two options: 36 kB


def test_a_listing_stored_over_the_limits_still_records_its_payments(db, settings):
    # Stored before the limits existed: a re-sent option (its payment, a newer price) must not be refused for good.
    for i in range(3):
        ev = _with_option(verified(weather(), CLOCK + timedelta(seconds=i)), asset=f"0x{i:040x}")
        catalog_event(db, ev, settings)
    few = settings.model_copy(update={"max_payment_options": 2, "max_listing_bytes": 1_000})
    again = _with_option(verified(weather(), CLOCK + timedelta(minutes=1)), asset=f"0x{1:040x}")
    assert catalog_event(db, again, few).status == "success"
    more = _with_option(verified(weather(), CLOCK + timedelta(minutes=2)), asset=f"0x{9:040x}")
    _rejected(db, few, more, "too_many_payment_options")


def test_a_rejection_quoting_a_huge_value_stays_readable(db, settings):
    # The reason quotes the value; a 200 kB network made a 267 kB EXTENSION-RESPONSES header clients refuse to read.
    from souk.catalog.outcome import Outcome
    from souk.errors import MAX_REASON_CHARS

    ev = verified(weather())
    ev["paymentRequirements"]["network"] = "z" * 200_000
    rejection = _rejected(db, settings, ev, "invalid_network")
    assert rejection.reason.startswith("network 'zzz") and len(rejection.reason) == MAX_REASON_CHARS
    outcome = Outcome("rejected", rejection.reason, rejection.error)
    assert len(outcome.extension_responses_header()) < 2 * MAX_REASON_CHARS


@pytest.mark.parametrize("mime", ["m" * 100_000, "text/html\r\nX-Injected: y", "json"])
def test_a_mime_type_that_is_no_media_type_is_soft_dropped(db, settings, mime):
    # an attack (2026-12-07): 100 KB of mimeType was stored and served in every item, outside the per-listing bound
    event = verified(weather(), CLOCK)
    event["paymentPayload"]["resource"]["mimeType"] = mime
    outcome = catalog_event(db, event, settings)
    assert outcome.status == "success"
    assert [(w.code, "mimeType" in w.reason) for w in outcome.warnings] == [("field_dropped", True)]
    assert db.execute("SELECT mime_type FROM listings").fetchone()["mime_type"] is None


@pytest.mark.parametrize("mime", ["application/json", "application/json; charset=utf-8", "image/svg+xml"])
def test_a_media_type_is_kept_as_sent(db, settings, mime):
    event = verified(weather(), CLOCK)
    event["paymentPayload"]["resource"]["mimeType"] = mime
    outcome = catalog_event(db, event, settings)
    assert (outcome.status, outcome.warnings) == ("success", ())
    assert db.execute("SELECT mime_type FROM listings").fetchone()["mime_type"] == mime


def _dropped(outcome) -> list[str]:
    return [w.reason for w in outcome.warnings if w.code == "field_dropped"]


def test_a_service_name_past_32_characters_is_dropped_with_a_warning(db, settings):
    # a probe (2026-12-07): a seller renaming its listing to 33+ characters lost the old name and heard nothing
    catalog_event(db, verified(weather(service_name="Old Name")), settings)
    outcome = catalog_event(db, verified(weather(service_name="A New Name That Is Much Longer Than 32")), settings)
    assert outcome.status == "success"
    (reason,) = _dropped(outcome)
    assert reason.startswith("paymentPayload.resource.serviceName (must be a non-empty printable-ASCII string")
    assert db.execute("SELECT document->>'serviceName' AS name FROM listings").fetchone()["name"] is None


@pytest.mark.parametrize(
    ("tags", "kept", "where"),
    [
        ("weather", [], "paymentPayload.resource.tags (must be an array"),
        ([1, "weather", "x" * 33, ""], ["weather"], "paymentPayload.resource.tags [0], [2], [3] ("),
        (["a", "b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e"], "paymentPayload.resource.tags [5], [6] ("),
    ],
)
def test_tags_the_soft_drop_discards_are_named(db, settings, tags, kept, where):
    outcome = catalog_event(db, verified(weather(tags=tags)), settings)
    (reason,) = _dropped(outcome)
    assert reason.startswith(where)
    assert db.execute("SELECT document->'tags' AS tags FROM listings").fetchone()["tags"] == kept


def test_valid_metadata_and_repeated_tags_draw_no_warning(db, settings):
    # "Weather" after "weather" is the same tag (the SDK keeps the first spelling): nothing was lost
    outcome = catalog_event(db, verified(weather(tags=["weather", "Weather", "forecast"])), settings)
    assert outcome.warnings == ()


def test_an_icon_url_naming_a_local_host_is_dropped_with_a_warning(db, settings):
    event = verified(weather())
    event["paymentPayload"]["resource"]["iconUrl"] = "http://localhost/icon.png"
    (reason,) = _dropped(catalog_event(db, event, settings))
    assert reason.startswith("paymentPayload.resource.iconUrl (must be an absolute http(s) URL")
