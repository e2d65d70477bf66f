"""An ASGI app that turns HTTP requests into HTTP API v2 events for the template's handlers.

Handlers are synchronous (Mangum drives its own event loop per call), so each request runs on a worker
thread. Two lanes keep writes and reads apart: the routes that write through the write pool (catalog events,
conversions) use the (smaller) write lane, so a burst of them queues behind its own few threads instead of
taking every thread and every CPU slice from search and listing; everything else, MCP included (it POSTs,
but reads), uses the read lane, so a crowd of MCP clients cannot hold up catalog events either. The lane
is chosen by the route, not by its method. Whatever goes wrong, the client gets JSON.

One route is the runner's own and not the template's: ``GET /openapi.json``, the OpenAPI document of every
template route (souk.runner.openapi), a local convenience with no Lambda behind it. It answers only when
no template route matches, so template.yaml stays the routing table for everything Lambda serves.

A request that reached a loopback address with a Host naming another machine (DNS rebinding) is refused
with 421 before anything is read (souk.runner.hosts). A body is read only for a route that takes one (not for
GET, HEAD, an unknown path or a wrong method), and HEAD is answered as GET without its body. How long a request's
head may take and how large it may be is the protocol's to bound (souk.runner.protocols).
"""

from __future__ import annotations

import asyncio
import base64
import functools
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from souk.api.media import declares_more_than
from souk.runner.events import LocalContext, http_api_event
from souk.runner.hosts import refused_host
from souk.runner.template import Route, Schedule, load_handler, load_template, routes_and_schedules

logger = logging.getLogger(__name__)

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
Response = dict[str, Any]

# The template.yaml routes that write through the write pool; every other route is the read lane's.
CATALOG_ROUTE = ("POST", "/catalog/v1/events")
WRITE_LANE_ROUTES = frozenset({CATALOG_ROUTE, ("POST", "/discovery/v1/conversions")})
OPENAPI_PATH = "/openapi.json"


def json_response(status: int, error: str, reason: str, headers: dict[str, str] | None = None) -> Response:
    """A Lambda-style response carrying Souk's error contract: ``{"error", "reason"}``."""
    return {
        "statusCode": status,
        "headers": {"content-type": "application/json", **(headers or {})},
        "body": json.dumps({"error": error, "reason": reason}),
    }


def _invoke_handler(handler: Callable[[Any, LocalContext], Any], event: Any, function: str) -> Any:
    """One invocation, with its function's name and request id in this thread's log keys.

    Powertools' ``inject_lambda_context`` writes the Lambda context into log keys every thread shares: right in
    Lambda (one invocation a process at a time), wrong in this runner, which serves several at once, so a log
    line could carry the function of whichever request set them last. Thread-local keys take precedence.
    """
    from souk.observability import logger as structured

    context = LocalContext(function_name=function)
    keys = {"function_name": function, "function_request_id": context.aws_request_id}
    structured.thread_safe_append_keys(**keys)
    try:
        return handler(event, context)
    finally:
        structured.thread_safe_remove_keys(keys)


class BodyTooLarge(Exception):
    pass


# A request that declares a body and never sends it held its connection for good (uvicorn sets no read timeout);
# API Gateway gives up on a client after 30 s too.
BODY_TIMEOUT_SECONDS = 30.0


class LocalGateway:
    """Dispatches by template.yaml: the same handler callables Lambda runs."""

    def __init__(
        self,
        template_path: Path,
        root: Path,
        *,
        read_threads: int | None = None,
        write_threads: int | None = None,
        max_body_bytes: int | None = None,
        body_timeout: float = BODY_TIMEOUT_SECONDS,
    ) -> None:
        from souk.config import get_settings

        settings = get_settings()
        self.template_path = template_path
        self._openapi: str | None = None
        routes, schedules = routes_and_schedules(load_template(template_path), root)
        self.routes: list[Route] = routes
        self.schedules: list[Schedule] = schedules
        self.max_body_bytes = max_body_bytes or settings.runner_max_body_bytes
        self.body_timeout = body_timeout
        self.extra_hosts = settings.runner_allowed_hosts
        self.catalog_secret = settings.catalog_secret.get_secret_value() if settings.catalog_secret else None
        self._handlers: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._lanes = {
            "read": ThreadPoolExecutor(read_threads or settings.runner_read_threads, thread_name_prefix="souk-read"),
            "write": ThreadPoolExecutor(
                write_threads or settings.runner_write_threads, thread_name_prefix="souk-write"
            ),
        }

    def handler(self, ref: str) -> Any:
        with self._lock:
            if ref not in self._handlers:
                self._handlers[ref] = load_handler(ref)
            return self._handlers[ref]

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        for route in self.routes:
            found = route.pattern.match(path)
            if found and route.method in (method, "ANY"):
                return route, found.groupdict()
        return None

    def lane_of(self, method: str, path: str) -> str:
        """``write`` for the routes in ``WRITE_LANE_ROUTES``, ``read`` for everything else (unmatched paths too)."""
        matched = self.match(method, path)
        return "write" if matched is not None and (matched[0].method, matched[0].path) in WRITE_LANE_ROUTES else "read"

    def allowed_methods(self, path: str) -> list[str]:
        methods = {r.method for r in self.routes if r.pattern.match(path)}
        if path == OPENAPI_PATH:
            methods.add("GET")
        if "GET" in methods:
            methods.add("HEAD")  # answered as GET without its body (RFC 9110 9.3.2)
        return sorted(methods)

    def _unauthorized_catalog(self, method: str, scope: dict[str, Any]) -> bool:
        """A catalog event without the bearer secret: its handler answers 401 before reading a body, so none is
        buffered for it (an attack: 600 unauthenticated 1 MiB bodies held 600 MB)."""
        if (method, scope["path"]) != CATALOG_ROUTE:
            return False
        from souk.api.bearer import authorized

        header = next((v for k, v in scope["headers"] if k.lower() == b"authorization"), b"")
        return not authorized(header.decode("latin-1"), self.catalog_secret)

    def routed(self, method: str, path: str) -> bool:
        """A template route (or the runner's own OpenAPI document) answers ``method`` on ``path``."""
        return self.match(method, path) is not None or (path == OPENAPI_PATH and method == "GET")

    def invoke(
        self,
        method: str,
        path: str,
        raw_query: str,
        headers: dict[str, str],
        body: bytes,
        source_ip: str = "127.0.0.1",
    ) -> Response:
        """Dispatch one request; never raises (an unexpected error is logged and becomes a JSON 500)."""
        try:
            return self._invoke(method, path, raw_query, headers, body, source_ip)
        except Exception:
            logger.exception("runner: unhandled error for %s %s", method, path)
            return json_response(500, "internal_error", "an unexpected error occurred in the local runner")

    def _invoke(
        self, method: str, path: str, raw_query: str, headers: dict[str, str], body: bytes, source_ip: str
    ) -> Response:
        matched = self.match(method, path)
        if matched is None and path == OPENAPI_PATH and method == "GET":
            return self._openapi_response()
        if matched is None:
            allowed = self.allowed_methods(path)
            if allowed:
                return json_response(
                    405,
                    "method_not_allowed",
                    f"{method} is not allowed on {path}; use {', '.join(allowed)}",
                    {"allow": ", ".join(allowed)},
                )
            return json_response(404, "not_found", f"no route for {path}")
        route, path_params = matched
        event = http_api_event(
            method=method,
            path=path,
            raw_query=raw_query,
            headers=headers,
            body=body,
            route_key=f"{route.method} {route.path}",
            path_parameters=path_params or None,
            source_ip=source_ip,
        )
        response = _invoke_handler(self.handler(route.handler_ref), event, route.function)
        if not isinstance(response, dict) or "statusCode" not in response:
            raise TypeError(f"{route.function} returned {type(response).__name__}, not a Lambda HTTP response")
        return response

    def _openapi_response(self) -> Response:
        from souk.runner.openapi import build_document

        with self._lock:  # built once, on first request: it imports every function's module
            if self._openapi is None:
                self._openapi = json.dumps(build_document(self.template_path))
            body = self._openapi
        return {"statusCode": 200, "headers": {"content-type": "application/json"}, "body": body}

    def run_schedule(self, schedule: Schedule) -> Any:
        event = {"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}}
        return _invoke_handler(self.handler(schedule.handler_ref), event, schedule.function)

    def close(self) -> None:
        for lane in self._lanes.values():
            lane.shutdown(wait=False, cancel_futures=True)

    async def _read_body(self, scope: dict[str, Any], receive: Receive) -> bytes:
        declared = dict(scope["headers"]).get(b"content-length")
        if declares_more_than(declared, self.max_body_bytes):
            raise BodyTooLarge
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                raise BodyTooLarge  # stop reading: a 20 MiB body is never buffered
            chunks.append(chunk)
            if not message.get("more_body"):
                return b"".join(chunks)

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        try:
            response = await self._respond(scope, receive)
        except Exception:
            logger.exception("runner: unhandled error for %s %s", scope.get("method"), scope.get("path"))
            response = json_response(500, "internal_error", "an unexpected error occurred in the local runner")
        await _send(send, response)

    async def _respond(self, scope: dict[str, Any], receive: Receive) -> Response:
        repeated = _repeated_singletons(scope["headers"])
        if repeated:
            # RFC 9112 3.2: several Host headers are a 400; for Authorization, Origin and Content-Type a check reading
            # one and a handler reading another could disagree (an attack: the rebinding check read the first Host)
            return json_response(
                400, "invalid_http_request", f"the {', '.join(repeated)} header may be sent once; it was sent again"
            )
        if scope.get("http_version") == "1.1" and not any(k == b"host" for k, _ in scope["headers"]):
            return json_response(400, "invalid_http_request", "an HTTP/1.1 request must carry a Host header")
        if b"%2f" in (scope.get("raw_path") or b"").lower():
            # API Gateway routes on the path as sent: "/catalog%2Fv1%2Fevents" names no route there, nor here (a proxy
            # allowing paths by prefix could be walked past)
            return json_response(404, "not_found", "no route for a path with an encoded slash (%2F)")
        host = refused_host(scope, self.extra_hosts)
        if host is not None:  # DNS-rebinding protection (souk.runner.hosts)
            return json_response(
                421,
                "host_not_allowed",
                f"this server is reached on a loopback address, so Host must name it (127.0.0.1, localhost, [::1]), "
                f"not {host[:200]!r}; add other names to SOUK_RUNNER_ALLOWED_HOSTS",
            )
        # HEAD is GET without the body (uvicorn writes none for HEAD). A body is read only for a route that takes one:
        # a GET, an unknown path or a wrong method is answered without buffering up to max_body_bytes for up to
        # body_timeout first (an attack: 600 such connections held 600 MB).
        method = "GET" if scope["method"] == "HEAD" else scope["method"]
        if method == "GET" or not self.routed(method, scope["path"]) or self._unauthorized_catalog(method, scope):
            return await self._dispatch(scope, receive, method, b"")
        try:
            body = await asyncio.wait_for(self._read_body(scope, receive), self.body_timeout)
        except TimeoutError:
            return json_response(
                408, "request_timeout", f"the request body did not arrive within {self.body_timeout:g} s"
            )
        except BodyTooLarge:
            return json_response(
                413, "payload_too_large", f"the request body exceeds {self.max_body_bytes} bytes"
            )
        return await self._dispatch(scope, receive, method, body)

    async def _dispatch(self, scope: dict[str, Any], receive: Receive, method: str, body: bytes) -> Response:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        # The peer address becomes the event's sourceIp, as API Gateway reports it (conversions rate-limit on it).
        client = scope.get("client")
        lane_name = self.lane_of(method, scope["path"])
        call = functools.partial(
            self.invoke,
            method,
            scope["path"],
            scope["query_string"].decode("latin-1"),
            headers,
            body,
            client[0] if client else "127.0.0.1",
        )
        loop = asyncio.get_running_loop()
        if method != "GET":
            # A write the client stopped waiting for is still made (the sender may not retry it): catalog events,
            # conversions, and MCP, whose POSTs include report_invocation.
            return await loop.run_in_executor(self._lanes[lane_name], call)
        # Under load a read waits for a thread; one whose client has hung up meanwhile is not run (300 abandoned
        # searches held up the next ones by seconds).
        gone = threading.Event()
        watcher = asyncio.ensure_future(_watch_disconnect(receive, gone))
        try:
            return await loop.run_in_executor(self._lanes[lane_name], _unless_gone, gone, call)
        finally:
            watcher.cancel()


_SINGLETON_HEADERS = (b"host", b"authorization", b"origin", b"content-type")


def _repeated_singletons(headers: list[tuple[bytes, bytes]]) -> list[str]:
    """The headers among ``_SINGLETON_HEADERS`` that a request sent more than once."""
    names = [name.lower() for name, _ in headers]
    return [name.decode() for name in _SINGLETON_HEADERS if names.count(name) > 1]


async def _watch_disconnect(receive: Receive, gone: threading.Event) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    gone.set()


def _unless_gone(gone: threading.Event, call: Callable[[], Response]) -> Response:
    if gone.is_set():
        return json_response(499, "client_closed_request", "the client closed the connection before its request ran")
    return call()


async def _send(send: Send, response: Response) -> None:
    payload = response.get("body") or ""
    raw = base64.b64decode(payload) if response.get("isBase64Encoded") else payload.encode("utf-8")
    out_headers = [
        (k.lower().encode(), str(v).encode())
        for k, v in (response.get("headers") or {}).items()
        if k.lower() != "content-length"
    ]
    # One body message of known length: no chunked encoding, and a keep-alive client knows where it ends.
    out_headers.append((b"content-length", str(len(raw)).encode()))
    for key, values in (response.get("multiValueHeaders") or {}).items():
        out_headers += [(key.lower().encode(), str(v).encode()) for v in values]
    out_headers += [(b"set-cookie", c.encode()) for c in response.get("cookies") or []]
    await send({"type": "http.response.start", "status": int(response["statusCode"]), "headers": out_headers})
    await send({"type": "http.response.body", "body": raw})
