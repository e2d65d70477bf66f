"""``souk mcp``: the MCP server over stdio, for desktop agents that launch it as a subprocess.

stdout carries the protocol, so nothing else may write to it: from the first line of ``run_stdio`` the
transport alone holds the client's pipes, fd 1 is stderr and fd 0 the null device. The SDK's transport
diverts them only while it serves, and writers do not ask: the Powertools logger (souk.observability)
writes every ``souk.*`` log line to sys.stdout, and the embedded Postgres logs its start before serving.
With no DATABASE_URL, Souk's embedded Postgres starts as for ``souk serve`` and is migrated first.

Every line a client sends is answered. The SDK's reader drops a line it cannot parse and reads a request
whose id is null or a boolean as a notification, so the client would wait forever for its id; each line
passes Souk's front door (souk.mcp.messages) first, and one it refuses gets JSON-RPC's parse error or
invalid request here, with the request's id when it can be read (else null, as JSON-RPC says); a number too long
for the SDK to read, in a request's params, gets invalid params with the request's id.

A line is at most ``MAX_LINE_BYTES``: a client (or a broken pipe feeding garbage) could otherwise send gigabytes
without a newline, all of it buffered. A longer line is read no further than the limit, answered with JSON-RPC's
invalid request (id null: none was read) and skipped in bounded chunks up to its newline; the next line is served.
"""

from __future__ import annotations

import io
import json
import logging
import os
import sys
import threading
from collections.abc import AsyncIterator
from typing import Any, BinaryIO

import anyio
import mcp_types as types
from mcp.server.stdio import stdio_server

from souk.config import get_settings
from souk.errors import SoukError
from souk.mcp.messages import (
    MAX_MESSAGE_BYTES,
    LongNumberError,
    check_jsonrpc,
    check_parseable_by_sdk,
    is_request_id,
    load_message,
)
from souk.mcp.quoting import one_line_breaks
from souk.mcp.server import build_server

logger = logging.getLogger(__name__)

# 1 MiB, 16 times the largest message the HTTP transport accepts: the limit only bounds what is buffered, so it
# refuses no request a client would send, and holding a line this long costs nothing.
MAX_LINE_BYTES = 16 * MAX_MESSAGE_BYTES
_SKIP_CHUNK_BYTES = 64 * 1024


def _claim_stdio() -> tuple[BinaryIO, BinaryIO]:
    """The client's two pipes, for the transport alone; fd 0 and 1 are the null device and stderr from here
    on, for the whole process (log handlers, prints and child processes such as the embedded Postgres)."""
    sys.stdout.flush()
    wire_in, wire_out = os.dup(0), os.dup(1)  # duplicates are not inherited by child processes (PEP 446)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return os.fdopen(wire_in, "rb"), os.fdopen(wire_out, "wb")


class _Lines(io.TextIOWrapper):
    """The protocol's stdout, written by the SDK and by ``_CheckedInput``: a whole line per write, one at a time."""

    def __init__(self, wire: BinaryIO) -> None:
        super().__init__(wire, encoding="utf-8", newline="\n")
        self._lock = threading.RLock()  # anyio writes files from worker threads, each writer from its own

    def write(self, s: str) -> int:
        # A JSON-RPC line holds other line breaks (U+2028, U+2029, NEL) only inside its strings, where their JSON escape
        # is the same string: written escaped, a reader splitting on every line break (str.splitlines) still reads one
        # message a line (an attack: a seller's toolName split one get_resource answer into 27 pieces).
        with self._lock:
            super().write(one_line_breaks(s))  # "\n" is no stray break: the line's own end stays
            super().flush()
            return len(s)

    def flush(self) -> None:
        with self._lock:
            super().flush()


def _request_id(message: Any) -> types.RequestId | None:
    """The refused request's id, when the answer can carry it; an invalid response or notification gets null
    (a response's id is one of the server's own requests, and echoing it would answer the client's)."""
    if not isinstance(message, dict) or "method" not in message or not is_request_id(message.get("id")):
        return None
    try:
        check_parseable_by_sdk(message["id"])  # a lone surrogate cannot be written back as UTF-8
    except SoukError:
        return None
    request_id: types.RequestId = message["id"]
    return request_id


def _error(exc: SoukError, code: int, request_id: types.RequestId | None) -> types.JSONRPCError:
    error = types.ErrorData(code=code, message=exc.reason, data=exc.to_body())
    return types.JSONRPCError(jsonrpc="2.0", id=request_id, error=error)


def refusal(line: str) -> types.JSONRPCError | None:
    """JSON-RPC's answer to a line the front door refuses; None for a message the SDK can read and answer."""
    message: Any = None
    try:
        message = load_message(line, "line")
        check_parseable_by_sdk(message)
        check_jsonrpc(message)
    except LongNumberError as exc:
        # JSON, and its id is read: a number in params is a request's bad parameter (e.g. a tool's "limit").
        code = types.INVALID_PARAMS if exc.path[:1] == ("params",) else types.PARSE_ERROR
        return _error(exc, code, _request_id(message))
    except SoukError as exc:
        code = types.PARSE_ERROR if exc.error == "invalid_json" else types.INVALID_REQUEST
        if message is None and exc.error == "duplicate_key":
            message = _with_one_id(line)  # JSON all the same: its id is read when it is named once
        return _error(exc, code, _request_id(message))
    return None


def _with_one_id(line: str) -> dict[str, Any] | None:
    """A message whose names repeat somewhere, reduced to its ``method`` and ``id`` when each is named once at its
    top level (else None): the refusal then answers the request it refuses, as JSON-RPC asks (a client waiting on
    its id got ``id: null`` and waited forever; red team, 2026-12-07)."""
    try:
        pairs = json.loads(line, object_pairs_hook=lambda items: items)
    except (ValueError, RecursionError):
        return None
    if not isinstance(pairs, list) or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
        return None
    names = [name for name, _ in pairs]
    if names.count("id") != 1 or names.count("method") != 1:
        return None
    return {name: value for name, value in pairs if name in ("id", "method") and not isinstance(value, list)}


def overlong_refusal() -> types.JSONRPCError:
    """The answer to a line longer than ``MAX_LINE_BYTES``. Invalid request, not parse error: the line was not
    parsed, so whether it is JSON is unknown; and its id was never read, so it is null."""
    exc = SoukError("payload_too_large", f"a line (one JSON-RPC message) is at most {MAX_LINE_BYTES} bytes")
    return _error(exc, types.INVALID_REQUEST, None)


def read_line(wire: BinaryIO) -> bytes | None:
    """The next line, newline included (b"" at the end of input); None for a line of more than ``MAX_LINE_BYTES``
    before its newline, of which no more than ``MAX_LINE_BYTES + 1`` bytes have been read."""
    line = wire.readline(MAX_LINE_BYTES + 1)
    return None if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n") else line


def skip_line(wire: BinaryIO) -> None:
    """Discard the rest of the current line, a chunk at a time, so that nothing of it is ever held whole."""
    while True:
        chunk = wire.readline(_SKIP_CHUNK_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return


class _CheckedInput(anyio.AsyncFile[str]):
    """stdin as the SDK's reader iterates it (iteration is all it supports): only the lines the front door lets
    through. A refused or over-long line is answered on ``out`` and skipped; a blank line (spaces and tabs only) is no
    message and is skipped."""

    def __init__(self, wire: BinaryIO, out: anyio.AsyncFile[str]) -> None:
        super().__init__(io.TextIOWrapper(wire, encoding="utf-8", errors="replace"))
        self._wire = wire  # read as bytes: the text wrapper's readline has no bound
        self._out = out

    async def _answer(self, answer: types.JSONRPCError) -> None:
        await self._out.write(answer.model_dump_json(by_alias=True, exclude_unset=True) + "\n")

    async def __aiter__(self) -> AsyncIterator[str]:
        while True:
            raw = await anyio.to_thread.run_sync(read_line, self._wire)
            if raw is None:
                await self._answer(overlong_refusal())  # before skipping: the rest may be long in coming
                await anyio.to_thread.run_sync(skip_line, self._wire)
                continue
            if not raw:
                return
            # A byte order mark before a message is read past, as the HTTP transport's JSON body reader does.
            line = raw.decode("utf-8", errors="replace").removeprefix("\ufeff")
            if not line.strip():
                continue
            answer = refusal(line)
            if answer is None:
                yield line
            else:
                await self._answer(answer)


async def _serve(wire_in: BinaryIO, wire_out: BinaryIO) -> None:
    server = build_server()
    stdout = anyio.wrap_file(_Lines(wire_out))
    async with stdio_server(_CheckedInput(wire_in, stdout), stdout) as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio() -> int:
    from souk.db.pool import close_pool

    wire_in, wire_out = _claim_stdio()  # first: starting the embedded Postgres below logs
    settings = get_settings()
    if settings.database_url is None:
        from souk.db.migrate import MIGRATIONS_DIR, migrate
        from souk.db.pool import database_url

        migrate(database_url(settings), settings.migrations_dir or MIGRATIONS_DIR)
        from souk.catalog.derived import fill_missing
        from souk.db.pool import get_pool

        with get_pool(settings).connection() as conn:
            fill_missing(conn)  # as `souk migrate` and `souk serve` do right after migrating
    try:
        anyio.run(_serve, wire_in, wire_out)
    finally:
        # The embedded Postgres is left running: a `souk serve` on the same data directory may share it.
        close_pool()
    return 0
