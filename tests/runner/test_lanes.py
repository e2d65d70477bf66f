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


@pytest.mark.parametrize(("method", "path", "runs"), [("GET", "/discovery/search", False), ("POST", "/mcp", True)])
def test_a_read_whose_client_hung_up_while_it_waited_is_not_run(method, path, runs):
    """300 abandoned searches used to run anyway and hold up the next ones by seconds. A POST is still made (MCP's
    report_invocation records a conversion; its sender may not retry)."""
    import asyncio

    gateway = LocalGateway(REPO / "template.yaml", REPO, read_threads=1, write_threads=1)
    ran: list[str] = []
    gateway.invoke = lambda *args: ran.append(args[1]) or {"statusCode": 200, "body": "{}"}  # type: ignore[method-assign]
    release = threading.Event()
    gateway._lanes["read"].submit(release.wait, 60)  # the read lane's one thread, held
    sent: list[dict] = []

    async def scenario() -> None:
        messages = [{"type": "http.request", "body": b"", "more_body": False}, {"type": "http.disconnect"}]

        async def receive() -> dict:
            return messages.pop(0) if messages else await asyncio.Event().wait()  # type: ignore[func-returntype]

        async def send(message: dict) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "method": method,
            "path": path,
            "query_string": b"query=weather",
            "headers": [(b"host", b"127.0.0.1")],
            "client": ("127.0.0.1", 5555),
        }
        request = asyncio.ensure_future(gateway(scope, receive, send))
        await asyncio.sleep(0.2)  # queued behind the held thread; its client is gone meanwhile
        release.set()
        await request

    try:
        asyncio.run(scenario())
    finally:
        release.set()
        gateway.close()
    assert ran == ([path] if runs else [])
    assert sent[0]["status"] == (200 if runs else 499)
