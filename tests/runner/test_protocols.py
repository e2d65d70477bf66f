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


def _serving(app, protocol) -> Iterator[int]:
    """``app`` under uvicorn with ``protocol`` on a free port, for as long as the generator is held."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, lifespan="off", log_level="critical", http=protocol))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)


@pytest.fixture(params=[HTTP_PROTOCOL, JsonErrorH11Protocol], ids=lambda p: p.__name__)
def port(request) -> Iterator[int]:
    yield from _serving(_ok, request.param)


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


async def _drained(scope, receive, send) -> None:
    """Reads the whole body, then answers as ``_ok``."""
    while (await receive()).get("more_body"):
        pass
    await _ok(scope, receive, send)


@pytest.fixture
def httptools_port(monkeypatch) -> Iterator[int]:
    """The httptools protocol (what pyproject installs) with a head deadline short enough for a test."""
    from souk.runner import protocols

    monkeypatch.setattr(protocols, "HEAD_TIMEOUT_SECONDS", 0.5)
    yield from _serving(_drained, HTTP_PROTOCOL)


def _answer_to(port: int, raw: bytes, wait: float = 5.0) -> bytes:
    """What the server writes back before it closes, after ``raw`` (sent once, then nothing more)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as conn:
        if raw:
            conn.sendall(raw)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    return data


def _send_head(port: int, request: bytes, *, whole: bool) -> tuple[bytes, bytes]:
    """The answer's head and body after ``request`` is written at once, or in small writes that stop short of
    the head's end."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        try:
            if whole:
                conn.sendall(request)
            else:
                for i in range(0, len(request) - 20, 4096):
                    conn.sendall(request[i : i + 4096])
                    time.sleep(0.001)
        except OSError:  # closed while sending: the answer was written first
            pass
        data = b""
        try:
            while chunk := conn.recv(65536):
                data += chunk
        except OSError:
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    return head, body


def test_a_head_that_never_ends_is_answered_408_and_closed(httptools_port):
    # an attack (2026-12-07): half a head held its connection for good; ~40,000 of them starved the workers of files
    started = time.monotonic()
    answer = _answer_to(httptools_port, b"GET /discovery/search?query=weather HTTP/1.1\r\nHost: x\r\n")
    assert time.monotonic() - started < 4
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408") and json.loads(body)["error"] == "request_timeout"


def test_a_connection_that_sends_nothing_is_closed(httptools_port):
    started = time.monotonic()
    assert _answer_to(httptools_port, b"") == b""  # closed, nothing to answer
    assert time.monotonic() - started < 4


def test_an_idle_keep_alive_connection_gets_its_answer_and_then_is_closed(httptools_port):
    # the deadline starts again after each response, so a served connection is not cut mid-request either
    answer = _answer_to(httptools_port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"ok")


def test_a_head_larger_than_the_limit_is_refused_431(httptools_port):
    from souk.runner.protocols import MAX_HEAD_BYTES

    request = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (MAX_HEAD_BYTES + 65536) + b"\r\n\r\n"
    head, body = _send_head(httptools_port, request, whole=False)
    assert head.startswith(b"HTTP/1.1 431") and json.loads(body)["error"] == "request_header_fields_too_large"


def test_a_body_sent_with_its_head_is_not_counted_as_head(httptools_port):
    from souk.runner.protocols import MAX_HEAD_BYTES

    body = b"x" * (MAX_HEAD_BYTES * 2)
    raw = b"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n"
    answer = _answer_to(httptools_port, raw + body)
    assert answer.startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("whole", [True, False], ids=["one-write", "streamed"])
def test_a_target_longer_than_the_parser_reads_is_refused_414(httptools_port, whole):
    from souk.runner.protocols import MAX_TARGET_BYTES

    target = b"/discovery/search?query=" + b"a" * MAX_TARGET_BYTES
    head, body = _send_head(httptools_port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n", whole=whole)
    assert head.startswith(b"HTTP/1.1 414"), head[:80]
    error = json.loads(body)
    assert error["error"] == "uri_too_long" and str(MAX_TARGET_BYTES) in error["reason"]


@pytest.mark.parametrize("size", [2_000, 32_000])
def test_a_head_over_the_limit_sent_in_one_write_is_refused_431(httptools_port, size):
    # one read can hold a whole head, which the parser then finishes before the bytes are counted (probe, 2026-12-07:
    # a 98-128 KB head sent at once was served)
    from souk.runner.protocols import MAX_HEAD_BYTES

    headers = b"".join(b"X-H%d: %s\r\n" % (i, b"a" * size) for i in range(MAX_HEAD_BYTES // size + 1))
    head, body = _send_head(httptools_port, b"GET / HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n", whole=True)
    assert head.startswith(b"HTTP/1.1 431"), head[:80]
    assert json.loads(body)["error"] == "request_header_fields_too_large"


def test_a_head_just_under_the_limit_is_served(httptools_port):
    from souk.runner.protocols import MAX_HEAD_BYTES

    request = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (MAX_HEAD_BYTES - 200) + b"\r\n\r\n"
    assert _answer_to(httptools_port, request).startswith(b"HTTP/1.1 200")


def test_a_target_at_the_limit_still_reaches_the_app(httptools_port):
    from souk.runner.protocols import MAX_TARGET_BYTES

    target = b"/?q=" + b"a" * (MAX_TARGET_BYTES - 4)
    answer = _answer_to(httptools_port, b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"ok")
