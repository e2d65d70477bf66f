"""The front door both MCP transports share: one client message, checked before the SDK reads it.

The SDK's parser refuses some JSON on its own (deep nesting, a lone surrogate) and reads a request whose
id is null, a boolean or a float as a notification; either way the client gets no answer it can match to
its request and waits. So each message is checked here first: ``invalid_json`` is JSON the SDK cannot
read, ``invalid_jsonrpc`` is JSON that is not one JSON-RPC 2.0 message. Over HTTP they are a 400
(souk.mcp.http); over stdio, JSON-RPC's parse error and invalid request (souk.mcp.stdio).
"""

from __future__ import annotations

import json
from typing import Any

from mcp_types import jsonrpc_message_adapter
from pydantic import ValidationError

from souk.errors import SoukError

MAX_MESSAGE_DEPTH = 64  # far above any tool call's arguments, far below the SDK parser's recursion limit
MAX_MESSAGE_BYTES = 64 * 1024  # a tools/call carries a few short arguments


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def load_message(raw: bytes | str, what: str) -> Any:
    """One message parsed as JSON proper: NaN and Infinity, which Python's parser reads and JSON has not,
    are refused with the rest (a NaN price cap compares false with every price). ``what`` names it in the
    reason ("body", "line")."""
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise SoukError("invalid_json", f"the {what} is nested too deeply") from None
    except ValueError:  # JSONDecodeError, undecodable bytes, NaN/Infinity
        raise SoukError("invalid_json", f"the {what} is not valid JSON") from None


def check_parseable_by_sdk(message: Any) -> None:
    """What the SDK's parser refuses on its own (deep nesting, a lone surrogate) would be answered with a
    JSON-RPC error that has no ``error`` and ``reason`` (HTTP) or not at all (stdio): refuse it here first."""
    stack: list[tuple[Any, int]] = [(message, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_MESSAGE_DEPTH and isinstance(value, dict | list):
            raise SoukError("invalid_json", f"the message nests deeper than {MAX_MESSAGE_DEPTH} levels")
        if isinstance(value, dict):
            texts: list[Any] = list(value)
            stack.extend((child, depth + 1) for child in value.values())
        elif isinstance(value, list):
            texts = []
            stack.extend((child, depth + 1) for child in value)
        else:
            texts = [value]
        if any(isinstance(t, str) and any("\ud800" <= c <= "\udfff" for c in t) for t in texts):
            raise SoukError("invalid_json", "the message has a lone UTF-16 surrogate, which is not Unicode text")


def check_jsonrpc(message: Any) -> None:
    """``message`` (parsed JSON the SDK can read) is one JSON-RPC 2.0 message, else ``invalid_jsonrpc``."""
    if not isinstance(message, dict):
        raise SoukError("invalid_jsonrpc", "expected one JSON-RPC 2.0 message, an object (no batches)")
    if message.get("jsonrpc") != "2.0":
        raise SoukError("invalid_jsonrpc", 'a JSON-RPC message has "jsonrpc": "2.0"')
    if "id" in message and not is_request_id(message["id"]):
        # Otherwise the SDK reads it as a notification and the caller waits for an answer that never comes.
        raise SoukError("invalid_jsonrpc", "a JSON-RPC id is a string or an integer")
    try:
        # The SDK's own message model; its rejection would be a JSON-RPC error quoting pydantic's internals.
        jsonrpc_message_adapter.validate_python(message, by_name=False)
    except ValidationError:
        raise SoukError(
            "invalid_jsonrpc",
            "not a JSON-RPC 2.0 request, notification or response: a request needs a string or integer id, "
            "a string method and object params",
        ) from None


def is_request_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)
