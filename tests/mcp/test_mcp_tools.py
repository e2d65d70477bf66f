"""The MCP server through the SDK's own client, over streamable HTTP (the runner) and stdio (`souk mcp`).

Every tool answers from the same souk functions as the HTTP API: the search ranking and its pages are
the ones GET /discovery/search returns, a listing is the item GET /discovery/resources serves, and a
reported invocation is a row of search_conversions.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from mcp import MCPError

from souk.api.app import make_app
from souk.api.resources import router as resources_router
from souk.api.search import router as search_router
from tests.conftest import table_snapshot
from tests.mcp.conftest import run

TOOL_NAMES = {"search_resources", "list_resources", "get_resource", "how_to_pay", "report_invocation"}


def http_search(query: str, **params):
    response = TestClient(make_app(search_router)).get("/discovery/search", params={"query": query, **params})
    assert response.status_code == 200, response.text
    return response.json()


def http_items():
    response = TestClient(make_app(resources_router)).get("/discovery/resources", params={"limit": 100})
    return {(i["resource"], i["type"]): i for i in response.json()["items"]}


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_lists_the_tools_with_schemas_for_agents(catalog, connect, mode):
    async def main():
        async with connect(mode) as client:
            return (await client.list_tools()).tools

    tools = {t.name: t for t in run(main)}
    assert set(tools) == TOOL_NAMES
    for tool in tools.values():
        assert len(tool.description) > 150 and tool.input_schema["type"] == "object"
        assert tool.output_schema and tool.output_schema["type"] == "object"
        assert tool.input_schema.get("additionalProperties") is False
    search = tools["search_resources"]
    assert search.input_schema["required"] == ["query"]
    assert {
        "query",
        "type",
        "network",
        "payTo",
        "scheme",
        "extensions",
        "asset",
        "maxUsdPrice",
        "limit",
        "cursor",
    } == set(search.input_schema["properties"])
    assert search.input_schema["properties"]["limit"]["maximum"] == 25
    assert "empty result" in search.description.lower()
    assert tools["search_resources"].annotations.read_only_hint is True
    assert tools["report_invocation"].annotations.read_only_hint is False


def test_tool_errors_match_the_declared_output_schema(catalog, connect):
    """A strict client (the TypeScript SDK's v1 callTool) validates structuredContent even when isError is set: a
    tool error that did not match the declared schema reached such an agent as -32602, never as the error."""
    from jsonschema import Draft202012Validator

    calls = [
        ("list_resources", {"limit": 0}),
        ("search_resources", {"query": "weather", "cursor": "not-a-cursor"}),
        ("get_resource", {"resource": "https://nowhere.example/none"}),
        ("how_to_pay", {"resource": "https://nowhere.example/none"}),
        ("report_invocation", {"sessionId": "0" * 32, "resource": "https://nowhere.example/none"}),
    ]

    async def main():
        async with connect() as client:
            schemas = {t.name: t.output_schema for t in (await client.list_tools()).tools}
            return schemas, [(name, await client.call_tool(name, args)) for name, args in calls]

    schemas, results = run(main)
    for name, result in results:
        assert result.is_error, (name, result.content)
        body = result.structured_content
        assert body["error"] and body["reason"]
        assert not list(Draft202012Validator(schemas[name]).iter_errors(body)), (name, body)
    # and the schema still tells a result from an error: a body with neither validates against no branch
    assert list(Draft202012Validator(schemas["list_resources"]).iter_errors({"unrelated": 1}))


def test_search_weather_forecast_returns_the_http_ranking_with_prices(catalog, connect):
    async def main():
        async with connect() as client:
            return await client.call_tool("search_resources", {"query": "weather forecast"})

    result = run(main)
    assert not result.is_error
    found = result.structured_content
    expected = http_search("weather forecast", limit=10)
    # One ranking path: the MCP tool's order is the HTTP endpoint's order.
    assert [r["resource"] for r in found["results"]] == [r["resource"] for r in expected["resources"]]
    assert set(catalog) <= {r["resource"] for r in found["results"]}
    assert found["interpretedQuery"]["normalized"] == "weather forecast"
    assert found["sessionId"] and found["searchMethod"] == expected["searchMethod"]
    by_url = {r["resource"]: r for r in found["results"]}
    stellar = by_url["https://weather.example.com/v1/current"]
    assert stellar["method"] == "GET" and stellar["type"] == "http"
    assert stellar["inputSchema"]["properties"]["queryParams"]["required"] == ["city"]
    (option,) = stellar["payments"]
    assert option["network"] == "stellar:testnet" and option["amount"] == "10000"
    assert option["assetSymbol"] == "USDC" and option["decimals"] == 7
    # Stellar testnet: priced in free test tokens, so no dollar value (the listing's filters price it at face value).
    assert option["amountDecimal"] == "0.001" and option["testnet"] is True and "usdPrice" not in option
    assert stellar["cheapestUsd"] == pytest.approx(0.001)
    assert stellar["quality"]["settledCountAllTime"] == 0  # its settlement was paid with test tokens
    base = by_url["https://forecast.example.net/v2/forecast"]["payments"][0]
    assert base["amount"] == "2000" and base["usdPrice"] == pytest.approx(0.002)
    text = result.content[0].text
    assert "0.001 USDC (10000 atomic) on stellar:testnet (test network: free test tokens)" in text
    assert found["sessionId"] in text


def test_pages_through_a_search_with_the_cursor(catalog, connect):
    async def main():
        async with connect() as client:
            first = await client.call_tool("search_resources", {"query": "weather forecast", "limit": 2})
            cursor = first.structured_content["nextCursor"]
            second = await client.call_tool(
                "search_resources", {"query": "weather forecast", "limit": 2, "cursor": cursor}
            )
            return first.structured_content, second.structured_content

    first, second = run(main)
    assert len(first["results"]) == 2 and first["nextCursor"]
    assert second["sessionId"] == first["sessionId"]
    pages = [r["resource"] for r in first["results"] + second["results"]]
    assert len(pages) == len(set(pages))
    everything = http_search("weather forecast", limit=10)["resources"]
    assert pages == [r["resource"] for r in everything][: len(pages)]
    assert len(pages) == len(everything) and second.get("nextCursor") is None


def test_gets_one_resource_by_any_spelling_of_its_url(catalog, connect):
    async def main():
        async with connect() as client:
            http = await client.call_tool("get_resource", {"resource": "https://WEATHER.example.com:443/v1/current"})
            tool = await client.call_tool(
                "get_resource", {"resource": "https://docs.example.org/mcp", "toolName": "merge_pdf_files"}
            )
            return http, tool

    http, tool = run(main)
    items = http_items()
    assert not http.is_error and not tool.is_error
    assert http.structured_content["item"] == items[("https://weather.example.com/v1/current", "http")]
    summary = tool.structured_content["summary"]
    assert summary["type"] == "mcp" and summary["toolName"] == "merge_pdf_files"
    assert summary["inputSchema"]["required"] == ["files"]
    assert summary["payments"][0]["network"] == "eip155:8453" and summary["payments"][0]["usdPrice"] == 0.005
    assert tool.structured_content["item"] == items[("https://docs.example.org/mcp", "mcp")]
    assert "merge_pdf_files" in tool.content[0].text


BAD_INPUT = [
    ("search_resources", {"query": "weather", "limit": 500}, "invalid_arguments", "limit"),
    ("search_resources", {"limit": 3}, "invalid_arguments", "query"),
    ("search_resources", {"query": "weather", "colour": "blue"}, "invalid_arguments", "colour"),
    ("search_resources", {"query": "weather", "network": "!!!"}, "invalid_network", "CAIP-2"),
    ("search_resources", {"query": "weather", "cursor": "forged"}, "invalid_cursor", "cursor"),
    ("list_resources", {"offset": -1}, "invalid_arguments", "offset"),
    ("get_resource", {"resource": "https://nowhere.example.com/x"}, "not_found", "no listing"),
    ("get_resource", {"resource": "ftp://weather.example.com/v1/current"}, "invalid_resource", "http"),
    ("how_to_pay", {"resource": "https://docs.example.org/mcp", "network": "solana"}, "network_not_accepted", ""),
    ("get_resource", {"resource": "https://docs.example.org/mcp", "toolName": "\0"}, "invalid_arguments", "toolName"),
    ("how_to_pay", {"resource": "https://docs.example.org/mcp", "toolName": "a\nb"}, "invalid_arguments", "toolName"),
    ("report_invocation", {"sessionId": "nope", "resource": "https://x.example"}, "invalid_conversion", ""),
]


def test_bad_input_is_a_clear_tool_error_that_writes_nothing(catalog, connect, db):
    async def main():
        async with connect() as client:
            return [await client.call_tool(tool, arguments) for tool, arguments, _, _ in BAD_INPUT]

    before = table_snapshot(db)
    results = run(main)
    for (tool, arguments, error, mentions), result in zip(BAD_INPUT, results, strict=True):
        case = f"{tool}({arguments})"
        assert result.is_error, case
        body = result.structured_content
        assert body["error"] == error and body["reason"] and mentions in body["reason"], (case, body)
        assert result.content[0].text.startswith(f"Error {error}:"), case
    assert table_snapshot(db) == before


def test_an_unknown_tool_is_a_protocol_error(catalog, connect_http):
    async def main():
        async with connect_http() as client:
            try:
                await client.call_tool("delete_everything", {})
            except MCPError as exc:
                return exc
        return None

    error = run(main)
    assert isinstance(error, MCPError) and "unknown tool 'delete_everything'" in error.message
    assert "search_resources" in error.message


def test_lists_the_catalog_with_offset_pages_and_filters(catalog, connect_http):
    async def main():
        async with connect_http() as client:
            first = await client.call_tool("list_resources", {"limit": 3})
            rest = await client.call_tool("list_resources", {"limit": 3, "offset": 3})
            mcp_only = await client.call_tool("list_resources", {"type": "mcp"})
            return first.structured_content, rest.structured_content, mcp_only.structured_content

    first, rest, mcp_only = run(main)
    assert first["pagination"] == {"limit": 3, "offset": 0, "total": 4, "nextOffset": 3}
    assert len(first["results"]) == 3 and len(rest["results"]) == 1 and "nextOffset" not in rest["pagination"]
    urls = [r["resource"] for r in first["results"] + rest["results"]]
    assert len(set(urls)) == 4
    assert [r["toolName"] for r in mcp_only["results"]] == ["merge_pdf_files"]


def test_lists_the_catalog_by_asset_and_price_as_search_filters(catalog, connect_http):
    base_usdc = "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"

    async def main():
        async with connect_http() as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            on_base = await client.call_tool("list_resources", {"asset": base_usdc})
            cheap = await client.call_tool("list_resources", {"asset": base_usdc, "maxUsdPrice": 0.0018})
            return tools["list_resources"], on_base.structured_content, cheap.structured_content

    tool, on_base, cheap = run(main)
    assert {"asset", "maxUsdPrice"} <= set(tool.input_schema["properties"])
    assert {r["resource"] for r in on_base["results"]} == {
        "https://forecast.example.net/v2/forecast",
        "https://meteo.example.org/api/forecast",
        "https://docs.example.org/mcp",
    }
    assert [r["resource"] for r in cheap["results"]] == ["https://meteo.example.org/api/forecast"]
    assert "unappliedFilters" not in cheap or not cheap["unappliedFilters"]


def test_how_to_pay_explains_the_flow_for_the_listings_transport_and_network(catalog, connect_http):
    async def main():
        async with connect_http() as client:
            http = await client.call_tool("how_to_pay", {"resource": "https://weather.example.com/v1/current"})
            tool = await client.call_tool(
                "how_to_pay", {"resource": "https://docs.example.org/mcp", "toolName": "merge_pdf_files"}
            )
            return http, tool

    http, tool = run(main)
    steps = " ".join(http.structured_content["steps"])
    assert "PAYMENT-REQUIRED" in steps and "PAYMENT-SIGNATURE" in steps and "Soroban" in steps
    assert http.structured_content["options"][0]["amount"] == "10000"
    tool_steps = " ".join(tool.structured_content["steps"])
    assert "x402/payment" in tool_steps and "EIP-3009" in tool_steps and "merge_pdf_files" in tool_steps
    assert "1." in http.content[0].text and "atomic" in http.content[0].text


def test_reports_an_invocation_as_a_conversion_of_the_session(catalog, connect_http, db):
    async def main():
        async with connect_http() as client:
            found = (await client.call_tool("search_resources", {"query": "weather forecast"})).structured_content
            second = found["results"][1]["resource"]
            report = {"sessionId": found["sessionId"], "resource": second}
            first = await client.call_tool("report_invocation", report)
            again = await client.call_tool("report_invocation", report)
            stranger = await client.call_tool(
                "report_invocation", {"sessionId": found["sessionId"], "resource": "https://docs.example.org/mcp"}
            )
            return found, first, again, stranger

    found, first, again, stranger = run(main)
    assert first.structured_content == {"recorded": True, "outcome": "recorded", "rank": 2}
    assert again.structured_content["recorded"] is False and again.structured_content["outcome"] == "duplicate"
    rows = db.execute("SELECT session_id::text AS s, rank FROM search_conversions").fetchall()
    assert rows == [{"s": found["sessionId"], "rank": 2}]
    assert stranger.is_error and stranger.structured_content["error"] == "not_in_session"


def test_a_report_for_a_server_of_several_tools_names_the_tool(catalog, connect_http, db, settings):
    # a probe (2026-12-07): without toolName the report went to the best-ranked tool of the server, whichever was called
    from souk.catalog.ingest import catalog_event
    from tests.factories import pdf_tool, verified

    catalog_event(db, verified(pdf_tool(tool_name="split_pdf_file", description="Split a PDF into pages.")), settings)

    async def main():
        async with connect_http() as client:
            found = (await client.call_tool("search_resources", {"query": "merge or split pdf"})).structured_content
            report = {"sessionId": found["sessionId"], "resource": "https://docs.example.org/mcp"}
            vague = await client.call_tool("report_invocation", report)
            named = await client.call_tool("report_invocation", report | {"toolName": " split_pdf_file "})
            return found, vague, named

    found, vague, named = run(main)
    assert vague.is_error and vague.structured_content["error"] == "ambiguous_resource"
    choices = {c["toolName"] for c in vague.structured_content["choices"]}
    assert choices == {"merge_pdf_files", "split_pdf_file"}
    split = 1 + next(i for i, r in enumerate(found["results"]) if r.get("toolName") == "split_pdf_file")
    assert named.structured_content == {"recorded": True, "outcome": "recorded", "rank": split}


def test_a_delisted_listing_is_hidden_from_every_tool_and_health_is_reported(catalog, connect_http, db):
    from souk.lifecycle import store

    delisted = "https://meteo.example.org/api/forecast"
    store.delist(db, f"http GET {delisted}", "test: operator decision")

    async def main():
        async with connect_http() as client:
            found = await client.call_tool("search_resources", {"query": "weather forecast"})
            listed = await client.call_tool("list_resources", {})
            got = await client.call_tool("get_resource", {"resource": delisted})
            return found.structured_content, listed.structured_content, got

    found, listed, got = run(main)
    assert delisted not in {r["resource"] for r in found["results"]} and found["results"]
    assert delisted not in {r["resource"] for r in listed["results"]}
    assert listed["hidden"]["delisted"] == 1 and listed["pagination"]["total"] == 3
    assert got.is_error and got.structured_content["error"] == "not_found"
    assert all(r["quality"]["health"]["status"] == "active" for r in listed["results"])


def test_writing_tools_hold_at_most_their_slots_of_write_connections(monkeypatch):
    """MCP runs on the runner's read lane; report_invocation's write connections are bounded by WRITE_TOOL_SLOTS,
    so however many clients report at once, the write pool keeps the write lane's connections for catalog events."""
    import dataclasses
    import threading
    import time
    from contextlib import contextmanager

    from souk.mcp import server

    held = 0
    peak = 0
    lock = threading.Lock()

    class FakePool:
        @contextmanager
        def connection(self):
            nonlocal held, peak
            with lock:
                held += 1
                peak = max(peak, held)
            try:
                yield object()
            finally:
                with lock:
                    held -= 1

    monkeypatch.setattr(server, "get_pool", lambda role="default": FakePool())
    monkeypatch.setattr(server, "get_settings", lambda: None)
    spec = dataclasses.replace(server.TOOLS["report_invocation"], run=lambda *a: time.sleep(0.05))
    threads = [threading.Thread(target=server._run, args=(spec, None, None)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert peak == server.WRITE_TOOL_SLOTS
