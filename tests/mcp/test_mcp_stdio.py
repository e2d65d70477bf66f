"""`souk mcp` as a desktop client runs it: raw lines on its stdin, and nothing but JSON-RPC on its stdout.

The SDK's client (``connect``) would hide both what else reaches stdout and a line that gets no answer, so
these tests write and read the pipes themselves.
"""

from __future__ import annotations

import io
import json
import queue
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import StdioServerParameters
from mcp_types import INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, jsonrpc_message_adapter

from souk.errors import SoukError
from souk.mcp.messages import MAX_NUMBER_DIGITS, check_parseable_by_sdk, load_message
from souk.mcp.stdio import MAX_LINE_BYTES, read_line, skip_line
from tests.mcp.conftest import stdio_parameters
from tests.runner.conftest import _stop_tree

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
TOOLS_LIST = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
PING = {"jsonrpc": "2.0", "id": 12, "method": "ping"}
LIST_RESOURCES = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "list_resources"}}


class StdioServer:
    """``souk mcp`` on raw pipes: ``send`` writes one line, ``receive`` waits for the next line of stdout."""

    def __init__(self, params: StdioServerParameters, stderr: Path) -> None:
        self.stderr = stderr
        with stderr.open("wb") as err:
            self.proc = subprocess.Popen(
                [params.command, *params.args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                env=params.env,
            )
        self._lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(b"")  # end of stdout

    def send(self, message: dict[str, Any] | bytes) -> None:
        assert self.proc.stdin is not None
        line = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float = 30) -> bytes:
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no line on stdout within {timeout} s") from None

    def initialize(self) -> None:
        self.send(INITIALIZE)
        assert json.loads(self.receive(120))["id"] == 1  # start-up is slow on a loaded machine
        self.send(INITIALIZED)

    def finish(self) -> list[bytes]:
        """Close stdin (the client leaves) and return the rest of stdout."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        rest = []
        while line := self.receive(120):
            rest.append(line)
        assert self.proc.wait(60) == 0
        return rest


@pytest.fixture
def stdio_server(database_url: str, tmp_path: Path) -> Iterator[StdioServer]:
    server = StdioServer(stdio_parameters(database_url), tmp_path / "stderr")
    yield server
    if server.proc.poll() is None:
        server.proc.kill()
        server.proc.wait(30)


def test_stdout_carries_only_json_rpc_from_the_first_line_on(database_url, tmp_path):
    # Its own embedded Postgres, as the README's desktop config starts it: the start is logged (by the
    # Powertools logger, which writes to sys.stdout) before the SDK's transport is up, and was stdout's first line.
    data_dir = tmp_path / "pgdata"
    params = stdio_parameters(database_url)
    assert params.env is not None
    del params.env["DATABASE_URL"]
    params.env |= {"SOUK_DATA_DIR": str(data_dir), "SOUK_KEYS_FILE": str(tmp_path / "keys.json")}
    server = StdioServer(params, tmp_path / "stderr")
    try:
        lines = []
        for message in (INITIALIZE, INITIALIZED, TOOLS_LIST, LIST_RESOURCES):
            server.send(message)
            if "id" in message:  # a client waits for each answer
                lines.append(server.receive(120))
        lines += server.finish()
    finally:
        _stop_tree(server.proc, data_dir)
    for line in lines:
        jsonrpc_message_adapter.validate_json(line, by_name=False)
    assert [json.loads(line)["id"] for line in lines] == [1, 2, 3]
    assert json.loads(lines[2])["result"]["structuredContent"]["results"] == []  # a new, empty catalog
    assert f"embedded postgres at {data_dir.resolve()}" in server.stderr.read_text()


def _deep(levels: int, request_id: int) -> bytes:
    params = b'{"a": ' * levels + b"1" + b"}" * levels
    return b'{"jsonrpc": "2.0", "id": %d, "method": "ping", "params": {"_meta": %s}}' % (request_id, params)


def _call(request_id: int, arguments: bytes) -> bytes:
    params = b'{"name": "search_resources", "arguments": %s}' % arguments
    return b'{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": %s}' % (request_id, params)


# (line, the id of the answer, its code, Souk's error): the id whenever a request's id can be read.
REFUSED = [
    (b"not json", None, PARSE_ERROR, "invalid_json"),
    (_call(11, b'{"query": "weather", "maxUsdPrice": NaN}'), None, PARSE_ERROR, "invalid_json"),
    (b"[]", None, INVALID_REQUEST, "invalid_jsonrpc"),
    (b'[{"jsonrpc": "2.0", "id": 2, "method": "ping"}]', None, INVALID_REQUEST, "invalid_jsonrpc"),
    (_call(3, b'{"query": "\\ud800"}'), 3, PARSE_ERROR, "invalid_json"),
    (_deep(3000, 4), None, PARSE_ERROR, "invalid_json"),  # too deep for any JSON parser here: no id
    (_deep(100, 5), 5, PARSE_ERROR, "invalid_json"),
    (b'{"jsonrpc": "2.0", "id": "\\udc00", "method": "ping"}', None, PARSE_ERROR, "invalid_json"),
    (b'{"jsonrpc": "2.0", "id": true, "method": "ping"}', None, INVALID_REQUEST, "invalid_jsonrpc"),
    (b'{"jsonrpc": "2.0", "id": null, "method": "ping"}', None, INVALID_REQUEST, "invalid_jsonrpc"),
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', None, INVALID_REQUEST, "invalid_jsonrpc"),
    (b'{"id": 6, "method": "ping"}', 6, INVALID_REQUEST, "invalid_jsonrpc"),
    (b'{"jsonrpc": "2.0", "id": "seven", "method": "ping", "params": []}', "seven", INVALID_REQUEST, "invalid_jsonrpc"),
    (b'{"jsonrpc": "2.0", "id": 8}', None, INVALID_REQUEST, "invalid_jsonrpc"),  # a response's id is not the client's
    # JSON, but a number neither json.loads nor the SDK's parser reads: the id is still the request's.
    (
        _call(13, b'{"query": "a", "limit": %s}' % (b"9" * 5000)).replace(b"13", b'"hi"', 1),
        "hi",
        INVALID_PARAMS,
        "invalid_json",
    ),
    (_call(14, b'{"query": "a", "maxUsdPrice": -%s.5}' % (b"9" * 4301)), 14, INVALID_PARAMS, "invalid_json"),
    (b'{"jsonrpc": "2.0", "id": 15, "method": "ping", "x": %s}' % (b"1" * 4301), 15, PARSE_ERROR, "invalid_json"),
    # a name given twice inside the request: still JSON, so its id is read (it was null: red team, 2026-12-07) ...
    (
        _call(16, b'{"name": "search_resources", "arguments": {"query": "a", "query": "b"}}'),
        16,
        INVALID_REQUEST,
        "duplicate_key",
    ),
    # ... unless the id itself is the name given twice
    (b'{"jsonrpc": "2.0", "id": 17, "id": 18, "method": "ping"}', None, INVALID_REQUEST, "duplicate_key"),
]


def test_every_line_gets_an_answer_and_the_server_keeps_serving(stdio_server):
    stdio_server.initialize()
    for line, request_id, code, error in REFUSED:
        stdio_server.send(line)
        answer = json.loads(stdio_server.receive())
        assert answer["jsonrpc"] == "2.0" and answer["id"] == request_id, line[:80]
        assert answer["error"]["code"] == code and answer["error"]["data"]["error"] == error, line[:80]
        assert answer["error"]["message"] == answer["error"]["data"]["reason"]
    stdio_server.send(b"")  # a blank line is no message: nothing to answer
    stdio_server.send(b" \t ")  # nor is one of spaces and tabs
    stdio_server.send(b'\xef\xbb\xbf{"jsonrpc": "2.0", "id": 19, "method": "ping"}')  # a BOM before a message
    assert json.loads(stdio_server.receive()) == {"jsonrpc": "2.0", "id": 19, "result": {}}
    stdio_server.send({"jsonrpc": "2.0", "id": 9, "method": "ping"})
    assert json.loads(stdio_server.receive()) == {"jsonrpc": "2.0", "id": 9, "result": {}}
    stdio_server.send(_call(10, b'{"query": "weather", "limit": "5"}'))  # a tool error is still the SDK's
    result = json.loads(stdio_server.receive())["result"]
    assert result["isError"] and result["structuredContent"]["error"] == "invalid_arguments"
    assert stdio_server.finish() == []


@pytest.mark.parametrize(
    "number",
    [
        "9" * 4300,
        "9" * 4301,
        "-" + "9" * 4301,
        "9" * 4300 + ".5",
        "9" * 4301 + ".5",
        "9" * 4301 + "e-9",
        "1." + "9" * 5000,
        "1e400",
        "9" * 4300 + "e5",
        "0",
    ],
)
def test_the_front_door_reads_a_number_exactly_when_the_sdks_parser_does(number):
    line = '{"jsonrpc": "2.0", "id": "n", "method": "ping", "params": {"_meta": {"x": [1, ' + number + "]}}}"
    try:
        jsonrpc_message_adapter.validate_json(line, by_name=False)
        sdk_reads = True
    except ValueError:
        sdk_reads = False
    message = load_message(line, "line")  # JSON either way: parsed, so its id can be read
    assert message["id"] == "n"
    if sdk_reads:
        check_parseable_by_sdk(message)
    else:
        with pytest.raises(
            SoukError, match=rf"^invalid_json: params._meta.x.1 is a number with more than {MAX_NUMBER_DIGITS} digits"
        ):
            check_parseable_by_sdk(message)


class _Endless(io.RawIOBase):
    """``size`` bytes of ``fill`` then ``tail``, counting what the reader takes: a pipe fed garbage."""

    def __init__(self, size: int, tail: bytes = b"", fill: bytes = b"x") -> None:
        self.left, self.tail, self.fill, self.taken = size, tail, fill, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.left > 0:
            n = min(len(buffer), self.left)
            buffer[:n] = self.fill * n
            self.left -= n
        else:
            n = min(len(buffer), len(self.tail))
            buffer[:n] = self.tail[:n]
            self.tail = self.tail[n:]
        self.taken += n
        return n


def test_an_over_long_line_is_read_only_up_to_the_limit_then_skipped_in_chunks():
    garbage = _Endless(64 * MAX_LINE_BYTES, tail=b"\n" + json.dumps(PING).encode() + b"\n")
    wire = io.BufferedReader(garbage)
    assert read_line(wire) is None
    # No more than the limit and one buffer's read-ahead has left the pipe: the line is never held whole.
    assert garbage.taken <= MAX_LINE_BYTES + 1 + io.DEFAULT_BUFFER_SIZE
    skip_line(wire)
    assert json.loads(read_line(wire) or b"") == PING  # the next line is intact
    assert read_line(wire) == b""


def test_a_line_of_exactly_the_limit_is_a_line():
    line = b"x" * MAX_LINE_BYTES + b"\n"
    assert read_line(io.BufferedReader(_Endless(0, tail=line))) == line
    assert read_line(io.BufferedReader(_Endless(0, tail=line[:-1]))) == line[:-1]  # the last line, unterminated
    assert read_line(io.BufferedReader(_Endless(MAX_LINE_BYTES + 1))) is None


def test_an_over_long_line_is_answered_and_the_server_keeps_serving(stdio_server):
    stdio_server.initialize()
    # Padded with JSON whitespace to the limit, a ping is still a ping; one byte more and it is refused.
    ping = json.dumps(PING).encode()
    stdio_server.send(ping + b" " * (MAX_LINE_BYTES - len(ping)))
    assert json.loads(stdio_server.receive()) == {"jsonrpc": "2.0", "id": PING["id"], "result": {}}
    for line in (ping + b" " * (MAX_LINE_BYTES + 1 - len(ping)), b"\xff" * (8 * MAX_LINE_BYTES)):
        stdio_server.send(line)
        answer = json.loads(stdio_server.receive())
        assert answer["jsonrpc"] == "2.0" and answer["id"] is None
        assert answer["error"]["code"] == INVALID_REQUEST
        assert answer["error"]["data"] == {"error": "payload_too_large", "reason": answer["error"]["message"]}
        assert f"at most {MAX_LINE_BYTES} bytes" in answer["error"]["message"]
    stdio_server.send(PING)
    assert json.loads(stdio_server.receive()) == {"jsonrpc": "2.0", "id": PING["id"], "result": {}}
    assert stdio_server.finish() == []


def test_a_ping_is_answered_while_tool_calls_wait_for_the_database(database_url, tmp_path):
    # Nothing listens on port 1: each tool call holds a worker thread until the pool gives up (pool_timeout_s).
    params = stdio_parameters(database_url)
    assert params.env is not None
    params.env |= {"DATABASE_URL": "postgresql://souk@127.0.0.1:1/souk", "SOUK_POOL_TIMEOUT_S": "10"}
    server = StdioServer(params, tmp_path / "stderr")
    try:
        server.initialize()
        calls = 45  # more than anyio's 40 default worker threads, which also read and write the pipes
        for k in range(calls):
            server.send({"jsonrpc": "2.0", "id": k, "method": "tools/call", "params": {"name": "list_resources"}})
        started = time.monotonic()
        server.send(PING)
        # Answered before any tool call ends (each waits 10 s), not once one of them has freed a thread.
        assert json.loads(server.receive(8)) == {"jsonrpc": "2.0", "id": PING["id"], "result": {}}
        assert time.monotonic() - started < 8
    finally:
        server.proc.kill()
        server.proc.wait(30)


def test_a_line_break_inside_a_json_string_is_written_escaped_and_reads_the_same():
    # an attack (2026-12-07): structuredContent kept a seller's U+2028, U+2029 and NEL raw, and a reader splitting
    # on every line break (str.splitlines) read one get_resource answer as 27 lines
    import io

    from souk.mcp.stdio import _Lines

    wire = io.BytesIO()
    lines = _Lines(wire)
    message = {"result": {"structuredContent": {"toolName": "a\u2028b\u2029c\x85d\u00e9"}}}
    written = json.dumps(message, ensure_ascii=False) + "\n"
    assert lines.write(written) == len(written)
    raw = wire.getvalue().decode("utf-8")
    assert raw.endswith("\n") and len(raw.splitlines()) == 1 and "\u00e9" in raw
    assert json.loads(raw) == message
