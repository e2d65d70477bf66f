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


def test_catalog_events_must_be_sent_as_utf8_json(db, lambda_context):
    # a probe (2026-12-07): latin-1 and gzip-labelled bodies were read as UTF-8 JSON
    handler = _handler("catalog")
    before = table_snapshot(db)
    for headers in (
        {"content-type": "application/json; charset=latin-1"},
        {"content-type": "text/plain; charset=iso-8859-1"},
        {"content-type": "application/json", "content-encoding": "gzip"},
    ):
        event = _post(verified(weather()), CATALOG_SECRET)
        event["headers"].update(headers)
        response = handler(event, lambda_context)
        body = json.loads(response["body"])
        assert (response["statusCode"], body["error"]) == (415, "unsupported_media_type") and body["reason"], headers
    assert table_snapshot(db) == before
    # what is read as sent: any label on UTF-8 JSON (its callers hold the secret; `curl -d` labels it form data)
    for headers in (
        {"content-type": "Application/JSON; charset=UTF-8"},
        {"content-type": "text/plain"},
        {"content-type": "application/x-www-form-urlencoded"},
        {"content-type": "application/json; charset=us-ascii"},
        {"content-encoding": "identity"},
        {"content-encoding": ""},
        {},
    ):
        event = _post(verified(weather()), CATALOG_SECRET)
        event["headers"].pop("content-type", None)
        event["headers"].update(headers)
        assert handler(event, lambda_context)["statusCode"] == 200, headers


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


def test_headers_mangum_cannot_parse_and_events_that_are_not_http_get_json_answers(db, lambda_context):
    # Mangum parses Host and X-Forwarded-Port before the app: API Gateway joins a repeated header with a comma
    # ("443,80"), and an empty port or an IPv6 host raised out of every FastAPI-backed function.
    for headers in (
        {"x-forwarded-port": "443,80"},
        {"x-forwarded-port": ""},
        {"host": "souk.example.com:"},
        {"host": "a:443:1"},
        {"host": "[::1]:8402"},
    ):
        event = _post(verified(weather()), CATALOG_SECRET)
        event["headers"] |= headers
        response = _handler("catalog")(event, lambda_context)
        assert response["statusCode"] == 200, headers
    event = _post(verified(weather()), CATALOG_SECRET) | {"rawQueryString": None}
    assert _handler("catalog")(event, lambda_context)["statusCode"] == 200
    # An event that is no HTTP request, sent to an HTTP function (a schedule's, a queue's, nothing)
    for handler in ("catalog", "search"):
        for event in (
            {},
            {"source": "aws.events", "detail-type": "Scheduled Event"},
            {"Records": []},
            {"requestContext": None},
        ):
            response = _handler(handler)(event, lambda_context)
            body = json.loads(response["body"])
            assert (response["statusCode"], body["error"]) == (400, "unsupported_event") and body["reason"]


def test_a_content_length_too_long_for_int_is_payload_too_large(db, lambda_context):
    # int() refuses more than 4,300 digits: the size check itself raised (a 500) on conversions and MCP.
    event = load_event("search_get.json")
    event |= {
        "routeKey": "POST /discovery/v1/conversions",
        "rawPath": "/discovery/v1/conversions",
        "rawQueryString": "",
    }
    event["requestContext"] |= {"routeKey": "POST /discovery/v1/conversions"}
    event["requestContext"]["http"] |= {"method": "POST", "path": "/discovery/v1/conversions"}
    event["headers"] |= {"content-type": "application/json", "content-length": "9" * 5000}
    event["body"] = json.dumps({"sessionId": "s", "resource": "https://api.example.com/w"})
    response = _handler("search")(event, lambda_context)
    body = json.loads(response["body"])
    assert (response["statusCode"], body["error"]) == (413, "payload_too_large") and body["reason"]


def test_the_embedding_job_takes_any_scheduled_payload(db, lambda_context):
    from souk.embedding.fanout import is_worker

    assert [is_worker(e) for e in (None, [], "x", {}, {"soukEmbedWorker": 1})] == [False, False, False, False, True]
