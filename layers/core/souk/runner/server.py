"""An ASGI app that turns HTTP requests into HTTP API v2 events for the template's handlers."""

from __future__ import annotations

import base64
import json
import logging
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool

from souk.runner.events import LocalContext, http_api_event
from souk.runner.template import Route, Schedule, load_handler, load_template, routes_and_schedules

logger = logging.getLogger(__name__)

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class LocalGateway:
    """Dispatches by template.yaml: the same handler callables Lambda runs."""

    def __init__(self, template_path: Path, root: Path) -> None:
        routes, schedules = routes_and_schedules(load_template(template_path), root)
        self.routes: list[Route] = routes
        self.schedules: list[Schedule] = schedules
        self._handlers: dict[str, Any] = {}
        self._lock = threading.Lock()

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

    def invoke(self, method: str, path: str, raw_query: str, headers: dict[str, str], body: bytes) -> dict[str, Any]:
        matched = self.match(method, path)
        if matched is None:
            known = any(r.pattern.match(path) for r in self.routes)
            status = 405 if known else 404
            return {
                "statusCode": status,
                "headers": {"content-type": "application/json"},
                "body": json.dumps({"message": "Not Found" if status == 404 else "Method Not Allowed"}),
            }
        route, path_params = matched
        event = http_api_event(
            method=method,
            path=path,
            raw_query=raw_query,
            headers=headers,
            body=body,
            route_key=f"{route.method} {route.path}",
            path_parameters=path_params or None,
        )
        return self.handler(route.handler_ref)(event, LocalContext(function_name=route.function))

    def run_schedule(self, schedule: Schedule) -> Any:
        event = {"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}}
        return self.handler(schedule.handler_ref)(event, LocalContext(function_name=schedule.function))

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        response = await run_in_threadpool(
            self.invoke,
            scope["method"],
            scope["path"],
            scope["query_string"].decode("latin-1"),
            headers,
            body,
        )
        payload = response.get("body") or ""
        raw = base64.b64decode(payload) if response.get("isBase64Encoded") else payload.encode("utf-8")
        out_headers = [(k.lower().encode(), str(v).encode()) for k, v in (response.get("headers") or {}).items()]
        for key, values in (response.get("multiValueHeaders") or {}).items():
            out_headers += [(key.lower().encode(), str(v).encode()) for v in values]
        out_headers += [(b"set-cookie", c.encode()) for c in response.get("cookies") or []]
        await send({"type": "http.response.start", "status": int(response["statusCode"]), "headers": out_headers})
        await send({"type": "http.response.body", "body": raw})
