"""POST /mcp as Lambda runs it (API Gateway v2 events into functions/mcp/app.handler) and as the runner serves it.

Souk's front door refuses what is not one bounded JSON-RPC message with its own 4xx ``{error, reason}``,
writing nothing; a session manager per request means any number of invocations, sequential on one
thread's loop or concurrent on many threads, each get a working server.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
from mcp import Client

from souk.config import get_settings
from souk.runner.events import LocalContext, http_api_event
from souk.runner.template import load_handler
from tests.conftest import REPO, table_snapshot
from tests.mcp.conftest import run, stdio_parameters

JSON = "application/json"


@pytest.fixture(scope="module")
def handler():
    return load_handler(str(REPO / "functions" / "mcp" / "app.handler"))


def invoke(
    handler,
    body: bytes | dict,
    *,
    content_type: str = JSON,
    accept: str | None = None,
    ip: str = "192.0.2.9",
    extra: dict[str, str] | None = None,
):
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"content-type": content_type, "host": "abc123.execute-api.eu-west-1.amazonaws.com", **(extra or {})}
    if accept is not None:
        headers["accept"] = accept
    event = http_api_event(
        method="POST", path="/mcp", raw_query="", headers=headers, body=raw, route_key="POST /mcp", source_ip=ip
    )
    response = handler(event, LocalContext(function_name="McpFunction"))
    return response["statusCode"], response.get("headers") or {}, response.get("body") or ""


def call(tool: str, arguments: dict, request_id: int = 1) -> dict:
    params = {"name": tool, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


@pytest.mark.parametrize(
    ("body", "kwargs", "status", "error"),
    [
        (b"{not json", {}, 400, "invalid_json"),
        # Python's parser reads these; JSON has no NaN or Infinity (a NaN price cap compares false with every price)
        (
            json.dumps(call("search_resources", {"query": "weather", "maxUsdPrice": float("nan")})).encode(),
            {},
            400,
            "invalid_json",
        ),
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": {"x": -Infinity}}}',
            {},
            400,
            "invalid_json",
        ),
        (b"[" * 5000 + b"]" * 5000, {}, 400, "invalid_json"),
        # Parsed by json.loads but refused by the SDK's parser with a bare JSON-RPC error:
        (b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "ping"}', {}, 400, "invalid_json"),
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": '
            + b'{"a": ' * 900
            + b"1"
            + b"}" * 900
            + b"}}",
            {},
            400,
            "invalid_json",
        ),
        # JSON, but no parser here reads a number with so long an integer part (json.loads read this float as inf)
        (
            json.dumps(call("search_resources", {"query": "a"}))
            .replace('"a"}', '"a", "limit": ' + "9" * 4301 + ".0}")
            .encode(),
            {},
            400,
            "invalid_json",
        ),
        # a repeated name is refused as on the events route, not read as its last value (red team, 2026-12-07)
        (b'{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "tools/list"}', {}, 400, "duplicate_key"),
        (
            json.dumps(call("search_resources", {"query": "weather"}))
            .replace('"query": "weather"', '"query": "weather", "query": "stocks"')
            .encode(),
            {},
            400,
            "duplicate_key",
        ),
        (b'[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]', {}, 400, "invalid_jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": 1}', {}, 400, "invalid_jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": []}', {}, 400, "invalid_jsonrpc"),
        (b'{"id": 1, "method": "tools/list"}', {}, 400, "invalid_jsonrpc"),
        # the SDK answered these with a bare "Invalid request parameters"
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search_resources", "arguments": '
            b'"weather"}}',
            {},
            400,
            "invalid_tool_call",
        ),
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"arguments": {}}}',
            {},
            400,
            "invalid_tool_call",
        ),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": 7}}', {}, 400, "invalid_tool_call"),
        (b'{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}', {}, 400, "invalid_jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": true, "method": "tools/list"}', {}, 400, "invalid_jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": null, "method": "tools/list"}', {}, 400, "invalid_jsonrpc"),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"content_type": "text/plain"}, 415, ""),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"content_type": "application/jsonx"}, 415, ""),
        (b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}', {"accept": "text/html"}, 406, "not_acceptable"),
        # read as UTF-8 JSON regardless, a gzip body was "not valid JSON" (a probe, 2026-12-07)
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}',
            {"extra": {"content-encoding": "gzip"}},
            415,
            "unsupported_media_type",
        ),
        (
            b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}',
            {"content_type": "application/json; charset=latin-1"},
            415,
            "unsupported_media_type",
        ),
        (json.dumps(call("search_resources", {"query": "x" * 70_000})).encode(), {}, 413, "payload_too_large"),
    ],
)
def test_the_front_door_refuses_with_souks_error_and_writes_nothing(db, handler, body, kwargs, status, error):
    before = table_snapshot(db)
    got, headers, text = invoke(handler, body, **kwargs)
    assert got == status
    payload = json.loads(text)
    assert payload["reason"] and (payload["error"] == error or not error)
    assert headers["content-type"].startswith(JSON)
    assert table_snapshot(db) == before


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: b"\xef\xbb\xbf" + text.encode(),  # UTF-8 with a byte-order mark
        lambda text: text.encode("utf-16"),
        lambda text: text.encode("utf-32-le"),
    ],
)
def test_json_in_any_encoding_rfc_8259_allows_is_answered(db, handler, encode):
    # The front door reads these (as every other JSON route does); the SDK's parser read only plain UTF-8 and
    # answered a JSON-RPC parse error without {error, reason}.
    status, _, text = invoke(handler, encode(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "ping"})))
    assert status == 200 and json.loads(text) == {"jsonrpc": "2.0", "id": 7, "result": {}}


def test_a_body_declared_in_the_charset_it_is_written_in_is_answered(db, handler):
    # UTF-16 with its charset named is read as the bytes say; only a charset JSON is never written in is a 415
    body = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "ping"}).encode("utf-16")
    status, _, text = invoke(handler, body, content_type="application/json; charset=UTF-16")
    assert status == 200 and json.loads(text) == {"jsonrpc": "2.0", "id": 9, "result": {}}


@pytest.mark.parametrize("content_type", ["APPLICATION/JSON", "Application/Json; charset=utf-8"])
def test_a_media_type_in_any_case_is_answered(db, handler, content_type):
    # RFC 9110: media types ignore case; the SDK compared "application/json" exactly and answered 415 without
    # {error, reason}.
    body = {"jsonrpc": "2.0", "id": 8, "method": "ping"}
    status, _, text = invoke(handler, body, content_type=content_type)
    assert status == 200 and json.loads(text) == {"jsonrpc": "2.0", "id": 8, "result": {}}


def test_the_nesting_limit_counts_containers():
    from souk.errors import SoukError
    from souk.mcp.messages import MAX_MESSAGE_DEPTH, check_parseable_by_sdk

    def nested(levels: int) -> object:
        value: object = "leaf"
        for _ in range(levels):
            value = {"a": value}
        return value

    check_parseable_by_sdk(nested(MAX_MESSAGE_DEPTH))  # 64 objects, a string inside: allowed
    with pytest.raises(SoukError):
        check_parseable_by_sdk(nested(MAX_MESSAGE_DEPTH + 1))


def test_initialize_and_tools_list_are_stateless_json(db, handler):
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    status, headers, text = invoke(handler, init)  # no Accept header at all: answered as JSON
    assert status == 200 and headers["content-type"].startswith(JSON)
    result = json.loads(text)["result"]
    assert result["serverInfo"]["name"] == "souk" and "search_resources" in result["instructions"]
    assert "mcp-session-id" not in {k.lower() for k in headers}  # stateless: no session to keep
    status, _, text = invoke(handler, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, accept="application/json")
    assert status == 200 and len(json.loads(text)["result"]["tools"]) == 5


def test_invocations_work_one_after_another_and_concurrently(catalog, handler):
    # Lambda reuses one thread's loop across invocations; the runner calls from many threads at once.
    sequential = [
        json.loads(invoke(handler, call("search_resources", {"query": "weather forecast"}))[2]) for _ in range(3)
    ]
    with ThreadPoolExecutor(max_workers=6) as pool:
        concurrent = list(
            pool.map(
                lambda i: json.loads(invoke(handler, call("search_resources", {"query": "weather"}, i))[2]), range(12)
            )
        )
    sessions = set()
    for i, answer in enumerate(concurrent):
        assert answer["id"] == i and not answer["result"].get("isError")
        sessions.add(answer["result"]["structuredContent"]["sessionId"])
    assert len(sessions) == 12
    assert all(s["result"]["structuredContent"]["results"] for s in sequential)


def test_report_invocation_shares_the_http_conversion_rate_limit(catalog, monkeypatch, gateway_url):
    monkeypatch.setenv("SOUK_CONVERSION_CLIENT_BURST", "2")
    # A token back per 1,000 minutes: at the default 12 a minute, a run slower than 5 s (a loaded machine) had
    # one back in time for the third conversion, which was then granted.
    monkeypatch.setenv("SOUK_CONVERSION_CLIENT_PER_MINUTE", "0.001")
    get_settings.cache_clear()
    try:

        async def main():
            async with Client(gateway_url + "/mcp", read_timeout_seconds=60) as client:
                outcomes = []
                for _ in range(3):
                    found = await client.call_tool("search_resources", {"query": "weather forecast"})
                    first = found.structured_content["results"][0]["resource"]
                    report = {"sessionId": found.structured_content["sessionId"], "resource": first}
                    outcomes.append(await client.call_tool("report_invocation", report))
                return outcomes, report

        outcomes, report = run(main)
        assert [o.is_error for o in outcomes] == [False, False, True]
        limited = outcomes[2].structured_content
        assert limited["error"] == "rate_limited" and limited["reason"] and limited["retryAfterSeconds"] >= 1
        # The same client over the HTTP endpoint draws from the same bucket: also refused.
        http = httpx.post(f"{gateway_url}/discovery/v1/conversions", json=report, timeout=30)
        assert http.status_code == 429 and http.json()["error"] == "rate_limited"
    finally:
        # Unset before clearing, so no later get_settings() in this worker caches the tight limit.
        monkeypatch.delenv("SOUK_CONVERSION_CLIENT_BURST")
        monkeypatch.delenv("SOUK_CONVERSION_CLIENT_PER_MINUTE")
        get_settings.cache_clear()


def test_the_runner_answers_get_with_405_and_allow_post(gateway_url):
    response = httpx.get(f"{gateway_url}/mcp", headers={"accept": "text/event-stream"}, timeout=30)
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert response.json()["error"] == "method_not_allowed"


def test_stdio_with_an_unreachable_database_answers_a_tool_error_not_a_crash(database_url):
    parameters = stdio_parameters(database_url)
    parameters.env = dict(parameters.env or {}, DATABASE_URL="postgresql://postgres@/postgres?host=/nonexistent-souk")
    parameters.env.setdefault("SOUK_POOL_TIMEOUT_S", os.environ.get("SOUK_POOL_TIMEOUT_S", "1"))

    async def main():
        async with Client(parameters, read_timeout_seconds=60) as client:
            return await client.call_tool("search_resources", {"query": "weather"})

    result = anyio.run(main)
    assert result.is_error and result.structured_content["error"] == "database_unavailable"
    assert result.structured_content["retryAfterSeconds"] >= 1


def test_stdio_without_database_url_migrates_and_serves_the_embedded_postgres(tmp_path, database_url):
    # The README's desktop config: only SOUK_DATA_DIR, as a client launching `souk mcp` from anywhere.
    from souk.db.embedded import stop_embedded

    parameters = stdio_parameters(database_url)
    env = {k: v for k, v in (parameters.env or {}).items() if k != "DATABASE_URL"}
    parameters.env = env | {"SOUK_DATA_DIR": str(tmp_path / "pgdata")}
    parameters.cwd = str(tmp_path)

    async def main():
        async with Client(parameters, read_timeout_seconds=120) as client:
            return await client.call_tool("list_resources", {})

    try:
        result = anyio.run(main)
    finally:
        stop_embedded(tmp_path / "pgdata")
    assert not result.is_error, result.content
    assert result.structured_content["pagination"]["total"] == 0 and result.structured_content["results"] == []


_LISTEN = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "subscriptions/listen",
    "params": {
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
        }
    },
}

_PING = {"jsonrpc": "2.0", "id": 1, "method": "ping"}


@pytest.mark.parametrize(
    ("body", "extra", "error"),
    [
        # an attack (2026-12-07): the SDK opened a stream for it, saw the one-shot request end and answered nothing,
        # which came back as a 500 with an empty body
        (
            _LISTEN,
            {"mcp-protocol-version": "2026-07-28", "mcp-method": "subscriptions/listen"},
            "streaming_not_supported",
        ),
        (_LISTEN, {}, "streaming_not_supported"),
        # an unknown or empty version header got a JSON-RPC error about _meta that never named the header
        (_PING, {"mcp-protocol-version": "1999-01-01"}, "unsupported_protocol_version"),
        (_PING, {"mcp-protocol-version": ""}, "unsupported_protocol_version"),
    ],
)
def test_what_one_json_response_cannot_answer_is_refused_by_souks_front_door(db, handler, body, extra, error):
    before = table_snapshot(db)
    status, headers, text = invoke(handler, body, accept="application/json", extra=extra)
    assert (status, json.loads(text)["error"]) == (400, error)
    assert json.loads(text)["reason"] and headers["content-type"].startswith(JSON)
    assert table_snapshot(db) == before


def test_a_known_version_header_is_served(db, handler):
    status, _, text = invoke(
        handler, {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, extra={"mcp-protocol-version": "2025-06-18"}
    )
    assert status == 200 and json.loads(text)["result"]["tools"]
