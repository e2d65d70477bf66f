"""DNS-rebinding protection on POST /mcp: the Origin check (Lambda and runner) and the runner's Host check."""

from __future__ import annotations

import json

import httpx
import pytest
from pydantic import ValidationError

from souk.config import Settings, get_settings
from souk.runner.events import LocalContext, http_api_event
from souk.runner.hosts import host_name
from souk.runner.server import LocalGateway
from souk.runner.template import load_handler
from tests.conftest import REPO, table_snapshot
from tests.runner.conftest import run_gateway

JSON = "application/json"
LAMBDA_HOST = "abc123.execute-api.eu-west-1.amazonaws.com"
TOOLS_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}


@pytest.fixture(scope="module")
def handler():
    return load_handler(str(REPO / "functions" / "mcp" / "app.handler"))


def invoke(handler, body: dict, origin: str | None) -> tuple[int, dict]:
    """POST /mcp as API Gateway hands it to the Lambda (Host is the API's own domain)."""
    headers = {"content-type": JSON, "host": LAMBDA_HOST}
    if origin is not None:
        headers["origin"] = origin
    event = http_api_event(
        method="POST", path="/mcp", raw_query="", headers=headers, body=json.dumps(body).encode(), route_key="POST /mcp"
    )
    response = handler(event, LocalContext(function_name="McpFunction"))
    return response["statusCode"], json.loads(response.get("body") or "null")


def report(session_id: str) -> dict:
    arguments = {"sessionId": session_id, "resource": "https://weather.example.com/v1/current"}
    return {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "tools/call",
        "params": {"name": "report_invocation", "arguments": arguments},
    }


def search_session(handler) -> str:
    params = {"name": "search_resources", "arguments": {"query": "weather forecast"}}
    status, body = invoke(handler, {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}, None)
    assert status == 200 and not body["result"].get("isError")
    return body["result"]["structuredContent"]["sessionId"]


REFUSED = [
    "https://evil.example",
    f"https://{LAMBDA_HOST}",  # same-origin is no proof under DNS rebinding, and Souk serves no page that calls /mcp
    "http://evil.example:8402",
    "http://localhost.evil.example:8402",  # a loopback name as a prefix is not a loopback origin
    "http://127.0.0.1.nip.io:8402",
    "http://localhost:8402.evil.example",
    "null",  # sandboxed frames and file:// pages
]


@pytest.mark.parametrize("origin", REFUSED)
def test_a_foreign_origin_is_a_403_that_writes_nothing(catalog, db, handler, origin):
    session = search_session(handler)
    before = table_snapshot(db)
    status, body = invoke(handler, report(session), origin)
    assert status == 403
    assert body["error"] == "origin_not_allowed" and "SOUK_MCP_ALLOWED_ORIGINS" in body["reason"]
    assert table_snapshot(db) == before
    # The same call without the Origin header (an agent, curl) is answered, and records the conversion.
    status, body = invoke(handler, report(session), None)
    assert status == 200 and body["result"]["structuredContent"]["recorded"] is True


@pytest.mark.parametrize(
    "origin",
    [
        None,
        "",
        "http://localhost:6274",
        "http://127.0.0.1:8402",
        "http://[::1]:3000",
        "https://localhost",
        "HTTP://LOCALHOST:5173",
    ],
)
def test_no_origin_and_pages_of_this_machine_pass(db, handler, origin):
    status, body = invoke(handler, TOOLS_LIST, origin)
    assert status == 200 and len(body["result"]["tools"]) == 5


def test_allowed_origins_come_from_the_setting(db, handler, monkeypatch):
    monkeypatch.setenv("SOUK_MCP_ALLOWED_ORIGINS", " https://app.example.com/ , https://agents.example.org:* ")
    get_settings.cache_clear()
    for origin in ("https://app.example.com", "https://agents.example.org:8443", "https://agents.example.org:443"):
        assert invoke(handler, TOOLS_LIST, origin)[0] == 200, origin
    for origin in (
        "https://app.example.com:8443",
        "http://app.example.com",
        "https://agents.example.org",
        "https://x.example",
    ):
        status, body = invoke(handler, TOOLS_LIST, origin)
        assert status == 403 and body["error"] == "origin_not_allowed", origin

    monkeypatch.setenv("SOUK_MCP_ALLOWED_ORIGINS", "*")
    get_settings.cache_clear()
    assert invoke(handler, TOOLS_LIST, "https://evil.example")[0] == 200


@pytest.mark.parametrize("value", ["app.example.com", "https://ok.example, localhost:3000"])
def test_an_entry_that_is_not_an_origin_is_refused_at_startup(value):
    with pytest.raises(ValidationError, match="is not an origin"):
        Settings(mcp_allowed_origins=value)


@pytest.fixture(scope="module")
def gateway(database_url: str):
    yield from run_gateway(LocalGateway(REPO / "template.yaml", REPO))


def post_mcp(url: str, **headers: str) -> httpx.Response:
    return httpx.post(f"{url}/mcp", json=TOOLS_LIST, headers={"accept": JSON, **headers}, timeout=30)


def test_the_runner_refuses_a_rebound_host_on_every_route(db, gateway):
    port = gateway.rsplit(":", 1)[1]
    # A DNS-rebinding page: its own origin, and its own name as Host, at 127.0.0.1.
    rebound = post_mcp(gateway, host=f"evil.example:{port}", origin=f"http://evil.example:{port}")
    assert rebound.status_code == 421 and rebound.json()["error"] == "host_not_allowed"
    assert "SOUK_RUNNER_ALLOWED_HOSTS" in rebound.json()["reason"]
    listing = httpx.get(f"{gateway}/discovery/resources", headers={"host": f"evil.example:{port}"}, timeout=30)
    assert listing.status_code == 421 and listing.json()["error"] == "host_not_allowed"
    # A loopback Host with a foreign Origin is the Origin check's to refuse.
    foreign = post_mcp(gateway, origin="https://evil.example")
    assert foreign.status_code == 403 and foreign.json()["error"] == "origin_not_allowed"
    loopback = (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", f"souk.localhost:{port}")
    loopback += (f"[::1]:{port}", "[::1]")  # IPv6 literals reach the app as localhost (souk.runner.events)
    for host in loopback:
        answer = post_mcp(gateway, host=host)
        assert answer.status_code == 200 and len(answer.json()["result"]["tools"]) == 5, host


def test_the_runner_accepts_hosts_named_in_its_setting(db, database_url, monkeypatch):
    monkeypatch.setenv("SOUK_RUNNER_ALLOWED_HOSTS", "souk.internal.example, other.example")
    get_settings.cache_clear()
    for url in run_gateway(LocalGateway(REPO / "template.yaml", REPO)):
        port = url.rsplit(":", 1)[1]
        assert post_mcp(url, host=f"SOUK.internal.example:{port}").status_code == 200
        assert post_mcp(url, host="other.example").status_code == 200
        assert post_mcp(url, host=f"evil.example:{port}").status_code == 421


@pytest.mark.parametrize(
    ("host", "name"),
    [("localhost:8402", "localhost"), ("[::1]:8402", "[::1]"), ("[::1]", "[::1]"), ("Evil.Example", "evil.example")],
)
def test_host_name_drops_the_port(host, name):
    assert host_name(host) == name
