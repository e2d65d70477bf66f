"""uvicorn's HTTP protocols with Souk's error contract on the answers they write themselves, and the limits on a
request's head that API Gateway keeps in the cloud.

A request uvicorn cannot parse (a control character in a header, raw non-ASCII in the target, two
Content-Length headers, Transfer-Encoding beside Content-Length) never reaches an app: the protocol answers
``400 text/plain "Invalid HTTP request received."`` itself and closes. These subclasses answer the same 400
with ``{"error": "invalid_http_request", "reason": ...}`` as JSON, as every other 4xx of the runner is. In
Lambda, API Gateway refuses such requests before any function runs.

uvicorn bounds neither how long a request's head may take nor how large it may grow (an attack, 2026-12-07:
connections that sent nothing or half a head stayed open for good, and ~40,000 of them left the workers without
file handles; one 100 MB header held a worker at full CPU for 11 s and grew it by 150 MB). With httptools (what
pyproject installs) a head must arrive whole within ``HEAD_TIMEOUT_SECONDS`` of the connection opening or of the
previous response (else ``408``, or a plain close when nothing came at all), and at most ``MAX_HEAD_BYTES`` of it
are buffered (else ``431``; ``414`` when it is the target that is over ``MAX_TARGET_BYTES``).
"""

from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

ERROR = "invalid_http_request"
HEAD_TIMEOUT_SECONDS = 20.0
# The request line and headers together: a 64 KiB target (the longest uvicorn reads) and room for headers.
MAX_HEAD_BYTES = 96 * 1024
# httptools.parse_url keeps offsets in 16 bits: a longer target is a parse error, i.e. a 400 that blamed the
# request's syntax. It is answered 414 instead (RFC 9110 15.5.15).
MAX_TARGET_BYTES = 65_535

try:  # uvicorn uses httptools when it is installed (pyproject installs it), else h11
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - httptools is a dependency
    HttpToolsProtocol = None  # type: ignore[assignment,misc]


def error_body(message: str) -> bytes:
    """The JSON body of the parser's 400."""
    reason = f"{message.rstrip('.')}: the request is not valid HTTP/1.1 (its request line, headers or framing)"
    return json.dumps({"error": ERROR, "reason": reason}).encode()


def refusal(status: int, phrase: str, error: str, reason: str) -> bytes:
    """A whole response that closes its connection, written before any app runs."""
    body = json.dumps({"error": error, "reason": reason}).encode()
    head = (
        f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


class JsonErrorH11Protocol(H11Protocol):
    def send_400_response(self, msg: str) -> None:
        body = error_body(msg)
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers, reason=b"Bad Request")))
        self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()


class _HeadTooLarge(Exception):
    """Raised from a parser callback to stop parsing a head over ``MAX_HEAD_BYTES``."""


if HttpToolsProtocol is not None:

    class JsonErrorHttpToolsProtocol(HttpToolsProtocol):
        _head_deadline: asyncio.TimerHandle | None = None
        _reading_head = False
        _head_bytes = 0
        _target_too_long = False
        _head_fields_bytes = 0  # the target and header lines the parser handed over, however they arrived
        _head_too_large = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._await_head()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head_deadline()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            # Counted only while a head is still incomplete once this chunk is parsed: a body sent with its head
            # is never counted, and what is buffered stays within one read of the limit.
            if self._reading_head and not self.transport.is_closing():
                self._head_bytes += len(data)
                if self._target_too_long:
                    self._refuse_long_target()
                elif self._head_bytes > MAX_HEAD_BYTES:
                    self._refuse_large_head()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._reading_head, self._head_bytes, self._target_too_long = True, 0, False
            self._head_fields_bytes, self._head_too_large = 0, False

        def on_url(self, url: bytes) -> None:
            super().on_url(url)
            self._head_fields_bytes += len(url)
            self._target_too_long = len(self.url) > MAX_TARGET_BYTES

        def on_header(self, name: bytes, value: bytes) -> None:
            super().on_header(name, value)
            self._head_fields_bytes += len(name) + len(value) + 4  # ": " and CRLF

        def _refuse_long_target(self) -> None:
            reason = f"the request target is longer than {MAX_TARGET_BYTES} bytes"
            self._refuse(414, "URI Too Long", "uri_too_long", reason)

        def _refuse_large_head(self) -> None:
            reason = f"the request line and headers exceed {MAX_HEAD_BYTES} bytes"
            self._refuse(431, "Request Header Fields Too Large", "request_header_fields_too_large", reason)

        def on_headers_complete(self) -> None:
            if self._head_fields_bytes > MAX_HEAD_BYTES and not self._target_too_long:
                # A head that arrived in one read is parsed whole before data_received can count it: stop the
                # parser here, before any app runs (uvicorn answers a parser error with send_400_response).
                self._head_too_large = True
                raise _HeadTooLarge
            self._reading_head = False
            self._cancel_head_deadline()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._await_head()

        def _await_head(self) -> None:
            self._cancel_head_deadline()
            self._head_deadline = self.loop.call_later(HEAD_TIMEOUT_SECONDS, self._head_timed_out)

        def _cancel_head_deadline(self) -> None:
            if self._head_deadline is not None:
                self._head_deadline.cancel()
                self._head_deadline = None

        def _head_timed_out(self) -> None:
            self._head_deadline = None
            busy = (self.cycle is not None and not self.cycle.response_complete) or bool(self.pipeline)
            if self.transport.is_closing() or busy:
                return
            if self._reading_head:
                reason = f"the request line and headers did not arrive within {HEAD_TIMEOUT_SECONDS:g} s"
                self._refuse(408, "Request Timeout", "request_timeout", reason)
            else:  # nothing sent at all: no request to answer
                self.transport.close()

        def _refuse(self, status: int, phrase: str, error: str, reason: str) -> None:
            self._reading_head = False
            self.transport.write(refusal(status, phrase, error, reason))
            self.transport.close()

        def send_400_response(self, msg: str) -> None:
            if self._target_too_long:  # the whole head came at once and the target failed to parse
                self._refuse_long_target()
                return
            if self._head_too_large:
                self._refuse_large_head()
                return
            body = error_body(msg)
            head = [b"HTTP/1.1 400 Bad Request\r\n"]
            head += [name + b": " + value + b"\r\n" for name, value in self.server_state.default_headers]
            head += [
                b"content-type: application/json\r\n",
                b"content-length: " + str(len(body)).encode() + b"\r\n",
                b"connection: close\r\n\r\n",
            ]
            self.transport.write(b"".join(head) + body)
            self.transport.close()

    HTTP_PROTOCOL: type[H11Protocol] | type[HttpToolsProtocol] = JsonErrorHttpToolsProtocol
else:  # pragma: no cover
    HTTP_PROTOCOL = JsonErrorH11Protocol
