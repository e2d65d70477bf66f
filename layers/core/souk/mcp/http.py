"""``POST /mcp``: MCP streamable HTTP, stateless with JSON responses, one request per Lambda invocation.

The SDK's ``StreamableHTTPSessionManager`` serves each request from a task group that its ``run()``
opens, and ``run()`` may be entered only once per manager. A Starlette app would enter it in its
lifespan, but Lambda apps run with ``lifespan="off"`` (Mangum) and an invocation's event loop is not
the next one's. So every request gets a manager of its own, entered and left around that one request:
in stateless mode a manager holds no state worth keeping (the server and its tools are built once per
process), and constructing one costs microseconds.

The front door is Souk's: a browser Origin that is not allowed (souk.mcp.origin), a body that is too
large, not JSON or not a JSON-RPC message (souk.mcp.messages) is a 4xx ``{"error", "reason"}`` before
the SDK sees it.
What passes is the SDK's to answer; JSON-RPC errors (unknown method, bad params) come back as JSON-RPC,
as MCP clients expect.
"""

from __future__ import annotations

import json
import logging
from collections.abc import MutableMapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS

from souk.api.docs import ErrorBody
from souk.api.media import body_refusal, declares_more_than, is_json
from souk.config import get_settings
from souk.errors import SoukError
from souk.mcp.messages import MAX_MESSAGE_BYTES, check_jsonrpc, check_parseable_by_sdk, load_message
from souk.mcp.origin import check_origin
from souk.mcp.server import build_server, tool_definitions

MCP_PATH = "/mcp"
_ACCEPT_BOTH = "application/json, text/event-stream"
PROTOCOL_VERSIONS = (*HANDSHAKE_PROTOCOL_VERSIONS, *MODERN_PROTOCOL_VERSIONS)
# Methods answered only on a stream the client keeps open; one JSON response per request cannot carry them (the SDK
# started one anyway, saw the one-shot request end, and answered nothing: an empty 500).
STREAM_ONLY_METHODS = frozenset({"subscriptions/listen"})

logger = logging.getLogger(__name__)

router = APIRouter()


def _accept(request: Request) -> str:
    """The Accept header the SDK requires; a client that omits it or accepts anything gets JSON."""
    accept = request.headers.get("accept", "").lower()
    if not accept.strip() or "*/*" in accept or "application/*" in accept:
        return _ACCEPT_BOTH
    if "application/json" not in accept:
        raise SoukError("not_acceptable", "Accept must include application/json", status_code=406)
    return request.headers["accept"] if "text/event-stream" in accept else _ACCEPT_BOTH


def _check_protocol_version(request: Request) -> None:
    """An ``MCP-Protocol-Version`` header, when sent, names a version the SDK serves: an empty or unknown one was
    answered by the SDK's newest transport with a JSON-RPC error about ``_meta`` that never named the header."""
    version = request.headers.get("mcp-protocol-version")
    if version is not None and version not in PROTOCOL_VERSIONS:
        raise SoukError(
            "unsupported_protocol_version",
            f"MCP-Protocol-Version {version[:40]!r} is not one this server speaks: {', '.join(PROTOCOL_VERSIONS)}",
        )


def _check_message(raw: bytes) -> bytes:
    """The body as the SDK can read it: checked, and in plain UTF-8. JSON may come in UTF-16 or UTF-32 or with a
    byte-order mark (RFC 8259 asks readers to accept the mark; every other JSON route does), which the SDK's parser
    refuses with a JSON-RPC error that has no ``error`` and ``reason``."""
    message = load_message(raw, "body")
    check_parseable_by_sdk(message)
    check_jsonrpc(message)
    if message.get("method") in STREAM_ONLY_METHODS:
        raise SoukError(
            "streaming_not_supported",
            f"{message['method']} needs a stream the client keeps open; this server answers each request with one "
            "JSON response (stateless), so it offers no subscriptions",
        )
    encoding = json.detect_encoding(raw)
    return raw if encoding == "utf-8" else raw.decode(encoding).encode("utf-8")


def warm() -> None:
    """Lambda init: the tool schemas, then what search_resources needs first (query model, read pool)."""
    from souk.lambda_entry import warm_search

    build_server()
    tool_definitions()
    warm_search()


async def handle(request: Request) -> Response:
    # First: a browser page that may not call us is refused before anything is read (souk.mcp.origin).
    check_origin(request.headers.get("origin"), get_settings())
    declared = request.headers.get("content-length", "")
    if declares_more_than(declared, MAX_MESSAGE_BYTES):
        raise SoukError("payload_too_large", f"an MCP message is at most {MAX_MESSAGE_BYTES} bytes", status_code=413)
    if not is_json(request.headers.get("content-type", "")):
        raise SoukError("unsupported_media_type", "Content-Type must be application/json", status_code=415)
    refusal = body_refusal(request.headers.get("content-type"), request.headers.get("content-encoding"))
    if refusal is not None:  # a gzip body was "not valid JSON", a latin-1 one read as UTF-8 (a probe, 2026-12-07)
        raise SoukError("unsupported_media_type", refusal, status_code=415)
    accept = _accept(request)
    _check_protocol_version(request)
    body = await request.body()
    if len(body) > MAX_MESSAGE_BYTES:
        raise SoukError("payload_too_large", f"an MCP message is at most {MAX_MESSAGE_BYTES} bytes", status_code=413)
    body = _check_message(body)

    # The SDK compares the media type case-sensitively; is_json accepted it in any case (RFC 9110), and the body is
    # plain UTF-8 now whatever charset it came in.
    passed = (b"accept", b"content-length", b"content-type")
    headers = [(k, v) for k, v in request.scope["headers"] if k not in passed]
    headers += [
        (b"accept", accept.encode("latin-1")),
        (b"content-length", str(len(body)).encode()),
        (b"content-type", b"application/json"),
    ]
    scope = dict(request.scope, headers=headers)
    delivered = False

    async def receive() -> dict[str, Any]:
        nonlocal delivered
        if delivered:
            return {"type": "http.disconnect"}
        delivered = True
        return {"type": "http.request", "body": body, "more_body": False}

    start: dict[str, Any] = {}
    chunks: list[bytes] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    manager = StreamableHTTPSessionManager(
        app=build_server(), json_response=True, stateless=True, max_request_body_size=MAX_MESSAGE_BYTES
    )
    async with manager.run():
        await manager.handle_request(scope, receive, send)
    if not start:
        # The SDK answered nothing (it waited on a stream this one-shot request cannot keep open): say so as JSON.
        logger.error("mcp: the SDK sent no response to a %d-byte message", len(body))
        raise SoukError("internal_error", "the MCP server sent no response to this message", status_code=500)
    out_headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in start.get("headers", [])}
    out_headers.pop("content-length", None)  # recomputed by Response
    return Response(b"".join(chunks), status_code=int(start["status"]), headers=out_headers)


_JSONRPC_REQUEST: dict[str, Any] = {
    "type": "object",
    "properties": {
        "jsonrpc": {"type": "string", "enum": ["2.0"]},
        "id": {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 64}]},
        "method": {"type": "string", "enum": ["initialize", "tools/list", "tools/call", "ping", "server/discover"]},
        "params": {"type": "object"},
    },
    "required": ["jsonrpc", "method"],
}
_ERROR = {"application/json": {"schema": ErrorBody.model_json_schema()}}


@router.post(
    MCP_PATH,
    summary="MCP streamable HTTP (stateless, JSON responses)",
    description="The Model Context Protocol endpoint: tools search_resources, list_resources, get_resource, "
    "how_to_pay and report_invocation. Point an MCP client at this URL.",
    response_model=None,
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "One JSON-RPC 2.0 message.",
            "content": {"application/json": {"schema": _JSONRPC_REQUEST}},
        },
        "responses": {
            "200": {"description": "A JSON-RPC response (result or error).", "content": {"application/json": {}}},
            "202": {"description": "A notification or response was accepted."},
            "400": {"description": "Not JSON, not a JSON-RPC message, or rejected by the MCP transport."},
            "403": {"description": "The Origin header names a page that may not call this server.", "content": _ERROR},
            "404": {"description": "Unknown MCP method on the 2026-07-28 transport."},
            "406": {"description": "Accept excludes application/json.", "content": _ERROR},
            "413": {"description": "The message is too large.", "content": _ERROR},
            "415": {"description": "Content-Type is not application/json.", "content": _ERROR},
        },
    },
)
async def post_mcp(request: Request) -> Response:
    return await handle(request)
