"""The front door both MCP transports share: one client message, checked before the SDK reads it.

The SDK's parser refuses some JSON on its own (deep nesting, a lone surrogate) and reads a request whose
id is null, a boolean or a float as a notification; either way the client gets no answer it can match to
its request and waits. So each message is checked here first: ``invalid_json`` is JSON the SDK cannot
read, ``invalid_jsonrpc`` is JSON that is not one JSON-RPC 2.0 message. Over HTTP they are a 400
(souk.mcp.http); over stdio, JSON-RPC's parse error and invalid request (souk.mcp.stdio).

A number whose integer part has more than ``MAX_NUMBER_DIGITS`` digits is JSON, but neither Python's ``int()``
nor the SDK's parser reads it ("number out of range"). It is parsed here as a ``LongNumber`` (so the request's id
is still read) and refused by ``check_parseable_by_sdk`` as ``LongNumberError``, which names where it is; over
stdio, the answer carries the request's id.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp_types import jsonrpc_message_adapter
from pydantic import ValidationError

from souk.errors import SoukError
from souk.json_objects import DuplicateKey, unique_keys

MAX_MESSAGE_DEPTH = 64  # far above any tool call's arguments, far below the SDK parser's recursion limit
MAX_MESSAGE_BYTES = 64 * 1024  # a tools/call carries a few short arguments
# The longest integer part of a number the SDK's parser (pydantic-core) reads, and Python's int-string limit.
MAX_NUMBER_DIGITS = 4300
# A run of more digits than that (the look-behind makes the scan linear: it starts only at a run's first digit).
_LONG_DIGITS = re.compile(rf"(?<![0-9])[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")
_INTEGER_PART = re.compile(r"-?([0-9]*)")
_MAX_PATH_CHARS = 200


class LongNumber:
    """A number in a message whose integer part has more than ``MAX_NUMBER_DIGITS`` digits: JSON, but unreadable."""

    __slots__ = ()


class LongNumberError(SoukError):
    """A message holds a ``LongNumber``; ``path`` is where (``("params", "arguments", "limit")``)."""

    def __init__(self, path: tuple[str, ...]) -> None:
        where = ".".join(path) or "the message"
        where = where if len(where) <= _MAX_PATH_CHARS else where[:_MAX_PATH_CHARS] + "…"  # keys are the client's
        super().__init__(
            "invalid_json",
            f"{where} is a number with more than {MAX_NUMBER_DIGITS} digits before its decimal point, which this "
            "server's JSON parser cannot read; send a number the input schema allows",
        )
        self.path = path


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _int(text: str) -> Any:
    return LongNumber() if len(text.lstrip("-")) > MAX_NUMBER_DIGITS else int(text)


def _float(text: str) -> Any:
    integer = _INTEGER_PART.match(text)
    return LongNumber() if integer and len(integer[1]) > MAX_NUMBER_DIGITS else float(text)


def load_message(raw: bytes | str, what: str) -> Any:
    """One message parsed as JSON proper: NaN and Infinity, which Python's parser reads and JSON has not,
    are refused with the rest (a NaN price cap compares false with every price), and so is a name given twice
    (``souk.json_objects``). ``what`` names it in the
    reason ("body", "line"). A number too long to read is a ``LongNumber`` (``check_parseable_by_sdk``)."""
    try:
        # As json.loads decodes bytes, so that the text can be searched for long numbers first.
        text = raw if isinstance(raw, str) else raw.decode(json.detect_encoding(raw), "surrogatepass")
        if _LONG_DIGITS.search(text):  # only then does each number cost a Python call
            return json.loads(
                text, parse_constant=_no_constant, parse_int=_int, parse_float=_float, object_pairs_hook=unique_keys
            )
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise SoukError("duplicate_key", f"in the {what}, {exc.reason}") from None
    except RecursionError:
        raise SoukError("invalid_json", f"the {what} is nested too deeply") from None
    except ValueError:  # JSONDecodeError, undecodable bytes, NaN/Infinity
        raise SoukError("invalid_json", f"the {what} is not valid JSON") from None


def _path(place: Any) -> tuple[str, ...]:
    keys: list[str] = []
    while place is not None:
        key, place = place
        keys.append(key)
    return tuple(reversed(keys))


def check_parseable_by_sdk(message: Any) -> None:
    """What the SDK's parser refuses on its own (deep nesting, a lone surrogate, a ``LongNumber``) would be answered
    with a JSON-RPC error that has no ``error`` and ``reason`` (HTTP) or not at all (stdio): refuse it here first."""
    # Each value with its depth and where it is: (key, parent's place), a linked path, built only to be named.
    stack: list[tuple[Any, int, Any]] = [(message, 1, None)]
    while stack:
        value, depth, place = stack.pop()
        if depth > MAX_MESSAGE_DEPTH and isinstance(value, dict | list):
            raise SoukError("invalid_json", f"the message nests deeper than {MAX_MESSAGE_DEPTH} levels")
        if isinstance(value, LongNumber):
            raise LongNumberError(_path(place))  # its keys are checked: a parent's are, before its children
        if isinstance(value, dict):
            texts: list[Any] = list(value)
            stack.extend((child, depth + 1, (key, place)) for key, child in value.items())
        elif isinstance(value, list):
            texts = []
            stack.extend((child, depth + 1, (str(i), place)) for i, child in enumerate(value))
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
    if message.get("method") == "tools/call":
        _check_tool_call(message.get("params"))


def _check_tool_call(params: Any) -> None:
    """The SDK answers a tools/call without a string name or with non-object arguments with a bare "Invalid request
    parameters" that says neither what nor where; said here, as every other malformed message is."""
    if not isinstance(params, dict) or not isinstance(params.get("name"), str):
        raise SoukError("invalid_tool_call", 'tools/call needs params {"name": <tool name>, "arguments": {...}}')
    if "arguments" in params and params["arguments"] is not None and not isinstance(params["arguments"], dict):
        raise SoukError("invalid_tool_call", "tools/call arguments are an object of the tool's named arguments")


def is_request_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)
