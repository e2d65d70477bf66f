"""Tool arguments are strict: a value of another JSON type than the declared one is a tool error, not coerced."""

from __future__ import annotations

import json

import pytest

from souk.runner.events import LocalContext, http_api_event
from souk.runner.template import load_handler
from tests.conftest import REPO, table_snapshot
from tests.mcp.conftest import run

WRONG_TYPES = [
    ("search_resources", {"query": "weather", "limit": "5"}, "limit", "a string"),
    ("search_resources", {"query": "weather", "limit": True}, "limit", "a boolean"),
    ("search_resources", {"query": "weather", "limit": 2.5}, "limit", "a number"),
    ("search_resources", {"query": "weather", "maxUsdPrice": "0.01"}, "maxUsdPrice", "a string"),
    ("search_resources", {"query": "weather", "maxUsdPrice": False}, "maxUsdPrice", "a boolean"),
    ("search_resources", {"query": 42}, "query", "an integer"),
    ("search_resources", {"query": ["weather"]}, "query", "an array"),
    ("list_resources", {"offset": "0"}, "offset", "a string"),
    ("list_resources", {"limit": {"value": 3}}, "limit", "an object"),
    ("get_resource", {"resource": "https://weather.example.com/v1/current", "toolName": 3}, "toolName", "an integer"),
    ("how_to_pay", {"resource": "https://weather.example.com/v1/current", "network": 8453}, "network", "an integer"),
    ("report_invocation", {"sessionId": 123, "resource": "https://weather.example.com/v1/current"}, "sessionId", ""),
]


def test_a_value_of_the_wrong_type_is_a_clear_tool_error_that_writes_nothing(catalog, connect, db):
    async def main():
        async with connect() as client:
            return [await client.call_tool(tool, arguments) for tool, arguments, _, _ in WRONG_TYPES]

    before = table_snapshot(db)
    results = run(main)
    assert table_snapshot(db) == before
    for (tool, arguments, field, got), result in zip(WRONG_TYPES, results, strict=True):
        case = f"{tool}({arguments})"
        assert result.is_error, case
        body = result.structured_content
        assert body["error"] == "invalid_arguments", case
        assert body["reason"].startswith(f"{field}: "), case
        assert got in body["reason"] and "input schema" in body["reason"], case
        assert body["reason"] in result.content[0].text, case


def test_every_schema_valid_call_still_works(catalog, connect):
    async def main():
        async with connect() as client:
            return [
                await client.call_tool("search_resources", {"query": "weather forecast", "limit": 2}),
                # JSON Schema's integer includes 2.0; a number may be written without a fraction.
                await client.call_tool("search_resources", {"query": "weather forecast", "limit": 2.0}),
                await client.call_tool("search_resources", {"query": "weather forecast", "maxUsdPrice": 1}),
                await client.call_tool("search_resources", {"query": "weather forecast", "maxUsdPrice": 0.0015}),
                # null for an optional argument is its default
                await client.call_tool("search_resources", {"query": "weather forecast", "network": None}),
                await client.call_tool("list_resources", {"limit": 3, "offset": 1.0, "type": "http"}),
                await client.call_tool("get_resource", {"resource": "https://docs.example.org/mcp", "toolName": None}),
            ]

    two, two_float, dollar, cheap, unfiltered, page, tool = run(main)
    for result in (two, two_float, dollar, cheap, unfiltered, page, tool):
        assert not result.is_error, result.structured_content
    assert len(two.structured_content["results"]) == 2
    assert [r["resource"] for r in two_float.structured_content["results"]] == [
        r["resource"] for r in two.structured_content["results"]
    ]
    assert dollar.structured_content["results"] and unfiltered.structured_content["results"]
    prices = [r["cheapestUsd"] for r in cheap.structured_content["results"]]
    assert prices and all(p <= 0.0015 for p in prices)
    pagination = page.structured_content["pagination"]
    assert (pagination["limit"], pagination["offset"]) == (3, 1) and isinstance(pagination["offset"], int)
    assert tool.structured_content["summary"]["toolName"] == "merge_pdf_files"


@pytest.fixture(scope="module")
def handler():
    return load_handler(str(REPO / "functions" / "mcp" / "app.handler"))


def test_over_json_rpc_a_wrong_type_is_a_tool_result_not_a_protocol_error(db, handler):
    # The MCP spec: input validation errors are tool execution errors (isError), so the model can correct itself.
    params = {"name": "list_resources", "arguments": {"limit": "5"}}
    body = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": params}).encode()
    event = http_api_event(
        method="POST",
        path="/mcp",
        raw_query="",
        headers={"content-type": "application/json"},
        body=body,
        route_key="POST /mcp",
    )
    response = handler(event, LocalContext(function_name="McpFunction"))
    assert response["statusCode"] == 200
    answer = json.loads(response["body"])
    assert answer["id"] == 3 and "error" not in answer
    result = answer["result"]
    assert result["isError"] is True
    assert result["structuredContent"] == {
        "error": "invalid_arguments",
        "reason": "limit: Input should be a valid integer, got a string; send the JSON type the input schema declares",
    }


# Values the declared input schemas accept, each once refused by the tool (its real limit was another).
LONGEST_URL = "https://weather.example.com/" + "x" * (2048 - len("https://weather.example.com/"))
SCHEMA_EDGES = [
    ("get_resource", {"resource": LONGEST_URL}, "not_found"),  # the longest URL the catalog holds: no listing
    ("how_to_pay", {"resource": LONGEST_URL}, "not_found"),
    ("search_resources", {"query": "weather forecast", "maxUsdPrice": -0.0}, None),  # -0.0 is 0
]
# Values the declared input schemas refuse: a client that validates never sends them, and the tool says why.
SCHEMA_REFUSED = [
    ("get_resource", {"resource": LONGEST_URL + "x"}, "resource: String should have at most 2048 characters"),
    ("how_to_pay", {"resource": LONGEST_URL + "x"}, "resource: String should have at most 2048 characters"),
    ("report_invocation", {"sessionId": "s", "resource": LONGEST_URL + "x"}, "resource: String should have at most"),
    ("search_resources", {"query": " \t\u2028"}, "query: is blank: describe what you need done in plain words"),
]


def test_what_the_input_schema_accepts_the_tool_accepts_and_what_it_refuses_is_a_clear_error(catalog, connect):
    jsonschema = pytest.importorskip("jsonschema")

    async def main():
        async with connect() as client:
            schemas = {tool.name: tool.input_schema for tool in (await client.list_tools()).tools}
            calls = [*SCHEMA_EDGES, *SCHEMA_REFUSED]
            return schemas, [await client.call_tool(tool, arguments) for tool, arguments, _ in calls]

    schemas, results = run(main)
    edges, refused = results[: len(SCHEMA_EDGES)], results[len(SCHEMA_EDGES) :]
    for (tool, arguments, error), result in zip(SCHEMA_EDGES, edges, strict=True):
        jsonschema.validate(arguments, schemas[tool])
        assert result.is_error == (error is not None), result.structured_content
        assert error is None or result.structured_content["error"] == error, result.structured_content
    priced = edges[2].structured_content
    assert priced["results"] == [] and priced["interpretedQuery"]  # nothing is free; an answer, not an error
    for (tool, arguments, reason), result in zip(SCHEMA_REFUSED, refused, strict=True):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(arguments, schemas[tool])
        body = result.structured_content
        assert result.is_error and body["error"] == "invalid_arguments", body
        assert body["reason"].startswith(reason), body


def test_a_query_past_the_limit_has_the_http_routes_code(catalog, connect, db):
    # The input schema's maxLength answered "invalid_arguments" where GET /discovery/search answers
    # "query_too_long" for the same query (a probe, 2026-12-07); one that only NFKC lengthens already matched.
    async def search(*queries: str):
        async with connect() as client:
            return [await client.call_tool("search_resources", {"query": q}) for q in queries]

    before = table_snapshot(db)
    raw, expanded = run(lambda: search("a" * 4001, "\ufdfa" * 223))  # U+FDFA is 18 characters in NFKC
    assert table_snapshot(db) == before
    assert raw.is_error and raw.structured_content == {
        "error": "query_too_long",
        "reason": "query is 4001 characters; the limit is 4000",
    }
    assert expanded.is_error and expanded.structured_content["error"] == "query_too_long"
    (at_limit,) = run(lambda: search("weather " * 500))  # exactly 4,000 characters: answered
    assert not at_limit.is_error, at_limit.structured_content
