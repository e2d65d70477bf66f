"""The direct routes (souk.api.direct) answer exactly what the FastAPI routes answer, without FastAPI."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import textwrap
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient
from psycopg_pool import PoolTimeout

from souk.api import resources as resources_api
from souk.api import search as search_api
from souk.api.app import make_app
from souk.catalog.loader import load_events_file
from souk.runner.template import load_handler
from tests.conftest import REPO, _truncate, load_event

DEMO = REPO / "layers/core/souk/demo/demo_events.jsonl"

RESOURCE_QUERIES = [
    "",
    "type=mcp&limit=2",
    "network=eip155%3A8453&network=stellar%3Apubnet&limit=3",
    "network=%21%21%21",
    "limit=500",
    "maxUsdPrice=0.001",
    "cursor=junk",
    "colour=blue",
]

QUERIES = [
    "query=weather+forecast+on+stellar&limit=3",
    "query=",
    "limit=3",
    "query=the",
    "query=ocr+mcp+tool+under+%240.01&limit=5",
    "query=weather&network=eip155%3A8453&network=stellar%3Apubnet",
    "query=weather&limit=abc",
    "query=weather&limit=0",
    "query=weather&maxUsdPrice=-1",
    "query=weather&network=%21%21%21",
    "query=weather&cursor=not-a-cursor",
    "query=weather&colour=blue",
    "query=" + "x" * 4001,
    "query=caf%C3%A9+m%C3%A9t%C3%A9o+%F0%9F%8C%A7",
    "query=%00%01",
]


@pytest.fixture(scope="module")
def demo(database_url, settings, model_ready):
    from souk.db import get_pool
    from souk.embedding.generations import ensure_default_generation
    from souk.embedding.worker import drain

    _truncate(database_url)
    with get_pool().connection() as conn:
        assert load_events_file(conn, DEMO, settings)["rejected"] == {}
        ensure_default_generation(conn, settings)
        drain(conn, settings)


@pytest.fixture(scope="module")
def handler(demo):
    return load_handler(str(REPO / "functions" / "search" / "app.handler"))


@pytest.fixture(scope="module")
def resources_handler(demo):
    return load_handler(str(REPO / "functions" / "resources" / "app.handler"))


def _event(raw_query: str, fixture: str = "search_get.json") -> dict:
    event = copy.deepcopy(load_event(fixture))
    event["rawQueryString"] = raw_query
    return event


def _comparable(text: str, session_id: str | None) -> str:
    # Each search is a new session: its id (and the cursor holding it) is all two identical requests differ in.
    text = re.sub(r'"cursor":"[^"]+"', '"cursor":"<cursor>"', text)
    return text.replace(session_id, "<session>") if session_id else text


def _assert_same_answer(direct: dict, via_fastapi) -> None:
    assert direct["statusCode"] == via_fastapi.status_code
    headers = {k.lower(): v for k, v in direct["headers"].items()}
    # byte for byte: the same JSON serialization, not only the same data
    assert _comparable(direct["body"], headers.get("x-search-session-id")) == _comparable(
        via_fastapi.text, via_fastapi.headers.get("x-search-session-id")
    )
    body = json.loads(direct["body"])
    if direct["statusCode"] >= 400:
        assert body["error"] and body["reason"]
    assert headers["content-type"] == via_fastapi.headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(direct["body"].encode("utf-8"))
    for name in ("x-souk-profile", "retry-after"):
        assert headers.get(name) == via_fastapi.headers.get(name)
    assert ("x-search-session-id" in headers) == ("x-search-session-id" in via_fastapi.headers)


@pytest.mark.parametrize("raw_query", QUERIES)
def test_direct_search_answers_as_the_fastapi_route(handler, lambda_context, raw_query):
    direct = handler(_event(raw_query), lambda_context)
    _assert_same_answer(direct, TestClient(make_app(search_api.router)).get("/discovery/search?" + raw_query))


@pytest.mark.parametrize("raw_query", RESOURCE_QUERIES)
def test_direct_resources_answer_as_the_fastapi_route(resources_handler, lambda_context, raw_query):
    direct = resources_handler(_event(raw_query, "resources_get.json"), lambda_context)
    via_fastapi = TestClient(make_app(resources_api.router)).get("/discovery/resources?" + raw_query)
    _assert_same_answer(direct, via_fastapi)


def test_the_fixture_event_pages_with_its_cursor(handler, lambda_context):
    first = handler(_event("query=weather+forecast&limit=2"), lambda_context)
    assert first["statusCode"] == 200
    page = json.loads(first["body"])
    assert len(page["resources"]) == 2 and page["pagination"]["cursor"]
    cursor = page["pagination"]["cursor"]
    second = handler(_event(urlencode({"query": "weather forecast", "limit": 2, "cursor": cursor})), lambda_context)
    assert second["statusCode"] == 200
    urls = [r["resource"] for r in json.loads(second["body"])["resources"]]
    assert urls and not set(urls) & {r["resource"] for r in page["resources"]}


def test_an_unavailable_database_is_a_503_with_retry_after(handler, lambda_context, monkeypatch):
    import souk.api.direct as route

    class Exhausted:
        def connection(self):
            raise PoolTimeout("couldn't get a connection after 1.00 sec")

    monkeypatch.setattr(route, "get_pool", lambda *args, **kwargs: Exhausted())
    response = handler(_event("query=weather"), lambda_context)
    assert response["statusCode"] == 503
    assert json.loads(response["body"])["error"] == "database_unavailable"
    assert int(response["headers"]["retry-after"]) > 0


def test_a_bug_is_a_500_in_the_error_contract(handler, lambda_context, monkeypatch):
    import souk.discovery.search as discovery

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(discovery, "search", broken)
    response = handler(_event("query=weather"), lambda_context)
    assert response["statusCode"] == 500
    assert json.loads(response["body"]) == {"error": "internal_error", "reason": "an unexpected error occurred"}


def test_other_routes_of_the_function_go_through_fastapi(handler, lambda_context):
    event = _event("")
    event["routeKey"] = event["requestContext"]["routeKey"] = "POST /discovery/v1/conversions"
    event["rawPath"] = event["requestContext"]["http"]["path"] = "/discovery/v1/conversions"
    event["requestContext"]["http"]["method"] = "POST"
    event["headers"]["content-type"] = "application/json"
    event["body"] = json.dumps({"sessionId": "not-a-session"})
    response = handler(event, lambda_context)
    assert 400 <= response["statusCode"] < 500
    assert json.loads(response["body"])["reason"]


@pytest.mark.parametrize("function", ["search", "resources"])
def test_a_cold_start_imports_neither_fastapi_nor_the_suffix_list(function):
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(REPO / "functions")!r} + "/" + {function!r})
        import souk.lambda_entry
        souk.lambda_entry._warm = lambda warm: None  # no database or model here: imports only
        import app
        print(sorted(m for m in ("fastapi", "starlette", "mangum", "tldextract") if m in sys.modules))
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_seller_json_keys_reach_both_paths_unchanged(resources_handler, lambda_context, settings):
    # FastAPI's jsonable_encoder drops keys starting with "_sa" from a returned dict; both routes answer with the
    # same serialized body instead, so a seller's extra data arrives as the seller declared it.
    from souk.catalog.ingest import catalog_event
    from souk.db import get_pool
    from tests.factories import verified, weather

    event = verified(weather(url="https://sa-keys.example.com/v1/current"))

    def add_key(node):
        if isinstance(node, dict):
            if isinstance(node.get("extra"), dict):
                node["extra"]["_sa_note"] = "kept"
            for value in node.values():
                add_key(value)
        elif isinstance(node, list):
            for value in node:
                add_key(value)

    add_key(event)
    with get_pool().connection() as conn:
        assert catalog_event(conn, event, settings).status == "success"
    query = "payTo=" + event["paymentPayload"]["accepted"]["payTo"]
    direct = resources_handler(_event(query, "resources_get.json"), lambda_context)
    _assert_same_answer(direct, TestClient(make_app(resources_api.router)).get("/discovery/resources?" + query))
    listed = [
        i for i in json.loads(direct["body"])["items"] if i["resource"] == "https://sa-keys.example.com/v1/current"
    ]
    assert listed and listed[0]["accepts"][0]["extra"]["_sa_note"] == "kept"
