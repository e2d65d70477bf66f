"""The Lambda handlers themselves, called with API Gateway HTTP API v2 event fixtures."""

from __future__ import annotations

import base64
import copy
import json

from souk.runner.template import load_handler
from tests.conftest import CATALOG_SECRET, REPO, load_event, table_snapshot
from tests.factories import SPOOFER, verified, weather


def _handler(name: str):
    return load_handler(str(REPO / "functions" / name / "app.handler"))


def _post(body: object, token: str | None) -> dict:
    event = load_event("catalog_post_unauthenticated.json")
    event["body"] = json.dumps(body)
    if token is not None:
        event["headers"]["authorization"] = f"Bearer {token}"
    return event


def test_catalog_requires_the_secret(db, lambda_context):
    handler = _handler("catalog")
    before = table_snapshot(db)
    for token in (None, "wrong"):
        response = handler(_post(verified(weather()), token), lambda_context)
        assert response["statusCode"] == 401
        body = json.loads(response["body"])
        assert body["error"] == "unauthorized" and body["reason"]
    assert table_snapshot(db) == before


def test_the_bearer_scheme_name_is_case_insensitive_and_the_token_exact(db, lambda_context):
    handler = _handler("catalog")
    for header, status in (
        (f"bearer {CATALOG_SECRET}", 200),  # RFC 9110 11.1: the scheme name is case-insensitive
        (f"BEARER  {CATALOG_SECRET} ", 200),
        (f"Bearer {CATALOG_SECRET.upper()}x", 401),
        (f"Basic {CATALOG_SECRET}", 401),
        (CATALOG_SECRET, 401),
        ("Bearer", 401),
    ):
        event = _post(verified(weather()), None)
        event["headers"]["authorization"] = header
        assert handler(event, lambda_context)["statusCode"] == status, header


def test_catalog_accepts_and_reports_the_outcome_header(db, lambda_context):
    response = _handler("catalog")(_post(verified(weather()), CATALOG_SECRET), lambda_context)
    assert response["statusCode"] == 200
    header = json.loads(base64.b64decode(response["headers"]["extension-responses"]))
    assert header == {"bazaar": {"status": "success"}}


def test_catalog_rejections_are_4xx_and_write_nothing(db, lambda_context):
    handler = _handler("catalog")
    handler(_post(verified(weather()), CATALOG_SECRET), lambda_context)
    before = table_snapshot(db)
    forged = verified(weather(url="https://weather.example.com/a/1", route_template="/a/%2e%2e/admin"))
    spoofed = verified(weather(pay_to=SPOOFER, network="eip155:8453"))
    oversized = verified(weather(description="z" * 5000))
    for bad, code in (
        (forged, "invalid_route_template"),
        (spoofed, "payto_mismatch"),
        (oversized, "field_too_large"),
        ({"nope": 1}, "invalid_event"),
    ):
        response = handler(_post(bad, CATALOG_SECRET), lambda_context)
        assert 400 <= response["statusCode"] < 500
        body = json.loads(response["body"])
        assert body["error"] == code and body["reason"]
        header = json.loads(base64.b64decode(response["headers"]["extension-responses"]))
        assert header["bazaar"]["status"] == "rejected" and header["bazaar"]["rejectedReason"]
    event = _post({}, CATALOG_SECRET)
    event["body"] = "{not json"
    response = handler(event, lambda_context)
    assert response["statusCode"] == 400 and json.loads(response["body"])["error"] == "invalid_json"
    assert table_snapshot(db) == before


def test_resources_handler_with_fixture_event(db, lambda_context, settings):
    from souk.catalog.ingest import catalog_event

    catalog_event(db, verified(weather()), settings)
    response = _handler("resources")(copy.deepcopy(load_event("resources_get.json")), lambda_context)
    assert response["statusCode"] == 200
    body = json.loads(response["body"])
    assert body["pagination"]["limit"] == 5
    assert [i["type"] for i in body["items"]] == ["http"]


def test_a_wrong_method_is_a_json_405_with_allow(db, lambda_context):
    event = copy.deepcopy(load_event("resources_get.json"))
    event["requestContext"]["http"]["method"] = "DELETE"
    response = _handler("resources")(event, lambda_context)
    assert response["statusCode"] == 405
    assert response["headers"]["allow"] == "GET"
    body = json.loads(response["body"])
    assert body["error"] == "method_not_allowed" and body["reason"]


def test_a_conversion_body_over_16_kib_is_413_before_parsing(db, lambda_context):
    from souk.runner.events import http_api_event

    event = http_api_event(
        method="POST",
        path="/discovery/v1/conversions",
        raw_query="",
        headers={"content-type": "application/json"},
        body=b"[" * (16 * 1024 + 1),
        route_key="POST /discovery/v1/conversions",
    )
    before = table_snapshot(db)
    response = _handler("search")(event, lambda_context)
    assert response["statusCode"] == 413
    body = json.loads(response["body"])
    assert body["error"] == "payload_too_large" and body["reason"]
    assert table_snapshot(db) == before
