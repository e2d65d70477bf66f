"""A request uvicorn cannot parse gets Souk's JSON 400, not uvicorn's plain text (souk.runner.protocols)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from souk.runner.protocols import ERROR, HTTP_PROTOCOL, JsonErrorH11Protocol
from tests.runner.conftest import raw_exchange

MALFORMED = [
    b"GET /discovery/search?query=weather HTTP/1.1\r\nHost: x\r\nX-A \x01\r\n\r\n",  # a header line without a colon
    b"GET /discovery/search?query=caf\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n",  # raw UTF-8 in the target
    b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",  # two lengths
    b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
]


async def _ok(scope, receive, send) -> None:
    headers = [(b"content-type", b"text/plain"), (b"content-length", b"2")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture(params=[HTTP_PROTOCOL, JsonErrorH11Protocol], ids=lambda p: p.__name__)
def port(request) -> Iterator[int]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(_ok, lifespan="off", log_level="critical", http=request.param)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)


@pytest.mark.parametrize("raw", MALFORMED)
def test_a_request_the_parser_refuses_gets_a_json_400(port, raw):
    status, headers, body = raw_exchange(port, raw)
    assert status.startswith("HTTP/1.1 400")
    assert headers["content-type"] == "application/json" and int(headers["content-length"]) == len(body)
    error = json.loads(body)
    assert error["error"] == ERROR and error["reason"]


def test_a_valid_request_still_reaches_the_app(port):
    status, _, body = raw_exchange(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status.startswith("HTTP/1.1 200") and body == b"ok"
