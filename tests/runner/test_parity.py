"""The local runner serves template.yaml's routes through the very same handlers: same status, same body."""

from __future__ import annotations

import json

import httpx
import pytest

from souk.runner.events import LocalContext, http_api_event
from tests.conftest import CATALOG_SECRET

REQUESTS = [
    ("GET", "/discovery/resources", "", None),
    ("GET", "/discovery/resources", "type=mcp&limit=1", None),
    ("GET", "/discovery/resources", "network=%21%21%21", None),
    ("GET", "/discovery/resources", "limit=500", None),
    ("POST", "/catalog/v1/events", "", {"event": "verified"}),
    ("GET", "/discovery/search", "query=weather+forecast+on+stellar&limit=3", None),
    ("GET", "/discovery/search", "query=the", None),
    ("GET", "/discovery/search", "limit=3", None),
    ("GET", "/analytics/v1/search/status", "", None),
    ("POST", "/discovery/v1/conversions", "", {"sessionId": "nope"}),
    ("POST", "/mcp", "", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    (
        "POST",
        "/mcp",
        "",
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "get_resource", "arguments": {"resource": "https://docs.example.org/mcp"}},
        },
    ),
    ("POST", "/mcp", "", {"jsonrpc": "1.0"}),
    ("GET", "/no/such/route", "", None),
]


@pytest.mark.parametrize(("method", "path", "query", "body"), REQUESTS)
def test_runner_matches_direct_handler_call(served, method, path, query, body):
    gateway, base = served
    headers = {"authorization": f"Bearer {CATALOG_SECRET}", "content-type": "application/json"}
    raw = json.dumps(body).encode() if body is not None else b""
    over_http = httpx.request(
        method,
        f"{base}{path}?{query}" if query else f"{base}{path}",
        headers=headers,
        content=raw or None,
        timeout=30,
    )
    matched = gateway.match(method, path)
    if matched is None:
        assert over_http.status_code == 404
        return
    route, params = matched
    event = http_api_event(
        method=method,
        path=path,
        raw_query=query,
        headers=headers,
        body=raw,
        route_key=f"{route.method} {route.path}",
        path_parameters=params or None,
    )
    direct = gateway.handler(route.handler_ref)(event, LocalContext())
    assert over_http.status_code == direct["statusCode"]
    volatile = {"sessionId", "probeMs"}  # a new search session per request; the probe's own timing
    assert _without(over_http.json(), volatile) == _without(json.loads(direct["body"]), volatile)


def _without(value, keys):
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value
