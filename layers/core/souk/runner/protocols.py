"""uvicorn's HTTP protocols with Souk's error contract on the one answer they write themselves.

A request uvicorn cannot parse (a control character in a header, raw non-ASCII in the target, two
Content-Length headers, Transfer-Encoding beside Content-Length) never reaches an app: the protocol answers
``400 text/plain "Invalid HTTP request received."`` itself and closes. These subclasses answer the same 400
with ``{"error": "invalid_http_request", "reason": ...}`` as JSON, as every other 4xx of the runner is. In
Lambda, API Gateway refuses such requests before any function runs.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

ERROR = "invalid_http_request"

try:  # uvicorn uses httptools when it is installed (pyproject installs it), else h11
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - httptools is a dependency
    HttpToolsProtocol = None  # type: ignore[assignment,misc]


def error_body(message: str) -> bytes:
    """The JSON body of the parser's 400."""
    reason = f"{message.rstrip('.')}: the request is not valid HTTP/1.1 (its request line, headers or framing)"
    return json.dumps({"error": ERROR, "reason": reason}).encode()


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


if HttpToolsProtocol is not None:

    class JsonErrorHttpToolsProtocol(HttpToolsProtocol):
        def send_400_response(self, msg: str) -> None:
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
