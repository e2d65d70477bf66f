"""The runner under concurrency: 32 requests at once across every route, each answered correctly.

Before per-thread event loops every Lambda handler (Mangum) failed on any thread but the one that built
it, so concurrent requests got bare-text 500s. Here every response must be the right status and JSON,
over two bursts (a burst must leave the runner healthy), with catalog writes mixed into the reads.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from souk.runner.server import LocalGateway
from tests.conftest import CATALOG_SECRET, REPO
from tests.factories import CLOCK, pdf_tool, verified, weather

from .conftest import run_gateway

AUTH = {"authorization": f"Bearer {CATALOG_SECRET}"}
Check = Callable[[httpx.Response], None]


def _resources(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["x402Version"] == 2 and body["pagination"]["total"] == 2
    assert {i["resource"] for i in body["items"]} == {
        "https://weather.example.com/v1/current",
        "https://docs.example.org/mcp",
    }


def _mcp_only(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    assert [i["type"] for i in r.json()["items"]] == ["mcp"]


def _bad_filter(r: httpx.Response) -> None:
    assert r.status_code == 400 and r.json()["error"] and r.json()["reason"]


def _search(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["resources"][0]["resource"] == "https://weather.example.com/v1/current"
    assert r.headers["x-search-session-id"] == body["sessionId"]


def _status(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    assert r.json()["listings"] == 2


def _event(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "success" and r.headers["extension-responses"]


def _recorded(r: httpx.Response) -> None:
    assert r.status_code == 200, r.text
    assert r.json()["recorded"] is True and r.json()["rank"] == 1


def _method_not_allowed(r: httpx.Response) -> None:
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD" and r.json()["error"] == "method_not_allowed"


def _sessions(base: str, n: int) -> list[str]:
    out = []
    for _ in range(n):
        r = httpx.get(f"{base}/discovery/search", params={"query": "weather forecast", "limit": 3}, timeout=30)
        assert r.status_code == 200, r.text
        out.append(r.json()["sessionId"])
    return out


def _burst(base: str, sessions: list[str]) -> list[tuple[str, dict[str, Any], Check]]:
    """32 requests: every route of template.yaml, writes included."""
    weather_url = "https://weather.example.com/v1/current"
    requests: list[tuple[str, dict[str, Any], Check]] = []
    for i in range(32):
        kind = i % 8
        if kind == 0:
            requests.append(("GET", {"url": f"{base}/discovery/resources"}, _resources))
        elif kind == 1:
            requests.append(("GET", {"url": f"{base}/discovery/resources", "params": {"type": "mcp"}}, _mcp_only))
        elif kind == 2:
            requests.append(("GET", {"url": f"{base}/discovery/resources", "params": {"network": "!!!"}}, _bad_filter))
        elif kind == 3:
            params = {"query": "current weather forecast for a city", "limit": 3}
            requests.append(("GET", {"url": f"{base}/discovery/search", "params": params}, _search))
        elif kind == 4:
            requests.append(("GET", {"url": f"{base}/analytics/v1/search/status"}, _status))
        elif kind == 5:
            # Re-reporting a known listing: a real write that leaves the catalog's contents as they were.
            event = verified(weather() if i % 16 == 5 else pdf_tool())
            requests.append(("POST", {"url": f"{base}/catalog/v1/events", "json": event, "headers": AUTH}, _event))
        elif kind == 6:
            body = {"sessionId": sessions[i // 8], "resource": weather_url}
            requests.append(("POST", {"url": f"{base}/discovery/v1/conversions", "json": body}, _recorded))
        else:
            requests.append(("POST", {"url": f"{base}/discovery/resources"}, _method_not_allowed))
    return requests


def _fire(requests: list[tuple[str, dict[str, Any], Check]]) -> list[httpx.Response]:
    start = threading.Barrier(len(requests))

    def one(method: str, kwargs: dict[str, Any]) -> httpx.Response:
        start.wait(timeout=30)  # all 32 leave together
        return httpx.request(method, timeout=60, **kwargs)

    with ThreadPoolExecutor(len(requests)) as pool:
        futures = [pool.submit(one, method, kwargs) for method, kwargs, _ in requests]
        return [f.result() for f in futures]


def test_32_concurrent_requests_across_all_routes_are_all_answered_correctly(served):
    _gateway, base = served
    sessions = _sessions(base, 8)
    for round_ in range(2):  # the second burst proves the first left the runner healthy
        requests = _burst(base, sessions[round_ * 4 : round_ * 4 + 4])
        responses = _fire(requests)
        assert all(r.status_code < 500 for r in responses), [(r.status_code, r.text[:200]) for r in responses]
        for (_, _, check), response in zip(requests, responses, strict=True):
            assert response.headers["content-type"].startswith("application/json")
            check(response)
    # One at a time afterwards, as a client that arrives after a burst would.
    _resources(httpx.get(f"{base}/discovery/resources", timeout=30))


def test_concurrent_repeats_of_one_conversion_record_it_once(served):
    _gateway, base = served
    (session,) = _sessions(base, 1)
    body = {"sessionId": session, "resource": "https://weather.example.com/v1/current"}
    responses = _fire([("POST", {"url": f"{base}/discovery/v1/conversions", "json": body}, _recorded)] * 8)
    assert [r.status_code for r in responses] == [200] * 8
    outcomes = sorted(r.json()["outcome"] for r in responses)
    assert outcomes == ["duplicate"] * 7 + ["recorded"]
    assert all(r.json()["recorded"] is (r.json()["outcome"] == "recorded") for r in responses)


def test_an_unexpected_error_in_the_runner_is_a_json_500(db, settings, monkeypatch):
    gateway = LocalGateway(REPO / "template.yaml", REPO)

    def broken(_ref: str) -> Any:
        raise RuntimeError("handler import failed")

    monkeypatch.setattr(gateway, "handler", broken)
    for base in run_gateway(gateway):
        r = httpx.get(f"{base}/discovery/resources", timeout=30)
        assert r.status_code == 500 and r.headers["content-type"] == "application/json"
        assert r.json()["error"] == "internal_error" and r.json()["reason"]


def test_unknown_routes_wrong_methods_and_huge_bodies_get_json(served):
    _gateway, base = served
    missing = httpx.get(f"{base}/no/such/route", timeout=30)
    assert missing.status_code == 404 and missing.json()["error"] == "not_found" and missing.json()["reason"]
    wrong = httpx.delete(f"{base}/catalog/v1/events", timeout=30)
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST" and wrong.json()["reason"]
    huge = b"[" * (2 * 1024 * 1024)
    r = httpx.post(f"{base}/catalog/v1/events", content=huge, headers=AUTH, timeout=30)
    assert r.status_code == 413 and r.json()["error"] == "payload_too_large"
    assert json.loads(httpx.get(f"{base}/analytics/v1/search/status", timeout=30).text)["listings"] == 2


def test_a_body_declared_and_never_sent_is_a_json_408(db, settings):
    # POST with Content-Length: 5 and no body held the connection for good; a GET's body is never read (below)
    gateway = LocalGateway(REPO / "template.yaml", REPO, body_timeout=0.5)
    for base in run_gateway(gateway):
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=20) as conn:
            lines = ["POST /discovery/v1/conversions HTTP/1.1", f"Host: {host}:{port}", "Content-Length: 5"]
            conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            head, _, body = conn.recv(65536).partition(b"\r\n\r\n")
        assert head.split(b" ")[1] == b"408"
        assert json.loads(body)["error"] == "request_timeout" and json.loads(body)["reason"]


def test_a_get_or_an_unknown_route_is_answered_without_reading_a_body(db, settings):
    # an attack (2026-12-07): every request's body (up to 1 MiB) was buffered for up to 30 s before routing, GET and
    # unknown paths too; 600 such connections held 600 MB. Here the body is declared and never sent: the answer
    # comes at once instead of after body_timeout.
    gateway = LocalGateway(REPO / "template.yaml", REPO, body_timeout=30)
    for base in run_gateway(gateway):
        host, port = base.removeprefix("http://").split(":")
        for target, status in (("GET /discovery/search?query=weather", b"200"), ("POST /nope", b"404")):
            with socket.create_connection((host, int(port)), timeout=10) as conn:
                lines = [f"{target} HTTP/1.1", f"Host: {host}:{port}", "Content-Length: 1048576"]
                conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
                head = conn.recv(65536).partition(b"\r\n\r\n")[0]
            assert head.split(b" ")[1] == status, target


def test_head_is_answered_as_get_without_a_body(db, settings):
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    for base in run_gateway(gateway):
        got = httpx.get(f"{base}/discovery/resources?limit=1", timeout=30)
        head = httpx.head(f"{base}/discovery/resources?limit=1", timeout=30)
        assert (head.status_code, head.content) == (200, b"")
        assert head.headers["content-type"] == got.headers["content-type"]
        assert httpx.head(f"{base}/nope", timeout=30).status_code == 404


def test_a_repeated_singleton_header_or_an_encoded_slash_is_refused(db, settings):
    # an attack (2026-12-07): two Host headers passed the rebinding check on the first; "/catalog%2Fv1%2Fevents"
    # reached the catalog handler, which API Gateway would not route
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    for base in run_gateway(gateway):
        host, port = base.removeprefix("http://").split(":")
        cases = [
            (["GET /discovery/resources HTTP/1.1", f"Host: {host}:{port}", "Host: evil.example"], b"400"),
            (["GET /discovery/resources HTTP/1.1", f"Host: {host}:{port}", "Origin: a", "Origin: b"], b"400"),
            (["GET /discovery%2Fresources HTTP/1.1", f"Host: {host}:{port}"], b"404"),
            (["POST /catalog%2fv1%2fevents HTTP/1.1", f"Host: {host}:{port}", "Content-Length: 0"], b"404"),
            (["GET /discovery/resources?limit=1 HTTP/1.1", f"Host: {host}:{port}"], b"200"),
            # RFC 9112 3.2: an HTTP/1.1 request without Host is a 400 (red team, 2026-12-07: it was answered)
            (["GET /discovery/resources?limit=1 HTTP/1.1"], b"400"),
            (["GET /discovery/resources?limit=1 HTTP/1.0"], b"200"),
        ]
        for lines, status in cases:
            with socket.create_connection((host, int(port)), timeout=10) as conn:
                conn.sendall(("\r\n".join([*lines, "Connection: close"]) + "\r\n\r\n").encode())
                head, _, body = conn.recv(65536).partition(b"\r\n\r\n")
            assert head.split(b" ")[1] == status, lines
            if status != b"200":
                assert json.loads(body)["reason"]


def test_a_catalog_event_without_the_secret_is_refused_before_its_body_is_read(db, settings):
    # an attack (2026-12-07): unauthenticated 1 MiB bodies were buffered for up to 30 s before the token was checked
    gateway = LocalGateway(REPO / "template.yaml", REPO, body_timeout=30)
    for base in run_gateway(gateway):
        host, port = base.removeprefix("http://").split(":")
        for auth in ("", "Authorization: Bearer wrong\r\n"):
            with socket.create_connection((host, int(port)), timeout=10) as conn:
                head = f"POST /catalog/v1/events HTTP/1.1\r\nHost: {host}:{port}\r\n{auth}Content-Length: 1048576\r\n"
                conn.sendall((head + "Content-Type: application/json\r\n\r\n").encode())
                status, _, body = conn.recv(65536).partition(b"\r\n\r\n")
            assert status.split(b" ")[1] == b"401" and json.loads(body)["error"] == "unauthorized"
        event = json.dumps(verified(weather(), CLOCK)).encode()
        secret = {"Authorization": f"Bearer {CATALOG_SECRET}"}
        ok = httpx.post(f"{base}/catalog/v1/events", content=event, headers=secret, timeout=30)
        assert ok.status_code == 200
