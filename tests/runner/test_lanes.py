"""Lanes by route, not by method: catalog events and conversions take the write lane; MCP (which POSTs but
reads) and every GET take the read lane, so a crowd of MCP clients cannot hold up the facilitator's events."""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from souk.runner.server import WRITE_LANE_ROUTES, LocalGateway
from tests.conftest import REPO
from tests.runner.conftest import run_gateway


@pytest.fixture(scope="module")
def gateway() -> LocalGateway:
    return LocalGateway(REPO / "template.yaml", REPO, read_threads=2, write_threads=1)


@pytest.mark.parametrize(
    ("method", "path", "lane"),
    [
        ("POST", "/catalog/v1/events", "write"),
        ("POST", "/mcp", "read"),
        ("POST", "/discovery/v1/conversions", "write"),
        ("GET", "/discovery/search", "read"),
        ("GET", "/discovery/resources", "read"),
        ("DELETE", "/catalog/v1/events", "read"),  # no such route: answered 405 without holding a write thread
        ("POST", "/nowhere", "read"),
    ],
)
def test_the_lane_follows_the_route_function(gateway, method, path, lane):
    assert gateway.lane_of(method, path) == lane


def test_the_write_lane_routes_are_template_routes(gateway):
    assert {(route.method, route.path) for route in gateway.routes} >= WRITE_LANE_ROUTES


def test_mcp_is_answered_while_the_write_lane_is_busy(db, settings):
    gateway = LocalGateway(REPO / "template.yaml", REPO, read_threads=2, write_threads=1)
    release = threading.Event()
    gateway._lanes["write"].submit(release.wait, 60)  # the write lane's one thread, held
    try:
        for base in run_gateway(gateway):
            body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
            headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
            response = httpx.post(f"{base}/mcp", content=json.dumps(body), headers=headers, timeout=20)
            assert response.status_code == 200, response.text
            assert '"result"' in response.text
    finally:
        release.set()
