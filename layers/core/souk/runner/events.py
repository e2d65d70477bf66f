"""API Gateway HTTP API (payload v2.0) events and a Lambda context, as the cloud would hand them over."""

from __future__ import annotations

import base64
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import unquote


@dataclass
class LocalContext:
    """The parts of a Lambda context the handlers and Powertools read."""

    function_name: str = "souk-local"
    memory_limit_in_mb: int = 1024
    invoked_function_arn: str = "arn:aws:lambda:local:000000000000:function:souk-local"
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    function_version: str = "$LATEST"
    log_group_name: str = "/aws/lambda/souk-local"
    log_stream_name: str = "local"

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


def http_api_event(
    *,
    method: str,
    path: str,
    raw_query: str,
    headers: dict[str, str],
    body: bytes,
    route_key: str,
    path_parameters: dict[str, str] | None = None,
    source_ip: str = "127.0.0.1",
) -> dict[str, object]:
    now = time.time()
    is_text = True
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        is_text = False
        text = base64.b64encode(body).decode("ascii")
    cookies = [c.strip() for c in headers.get("cookie", "").split(";") if c.strip()]
    event: dict[str, object] = {
        "version": "2.0",
        "routeKey": route_key,
        "rawPath": path,
        "rawQueryString": raw_query,
        "headers": _gateway_headers(headers),
        "requestContext": {
            "accountId": "000000000000",
            "apiId": "local",
            "domainName": headers.get("host", "localhost"),
            "domainPrefix": "local",
            "http": {
                "method": method,
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": headers.get("user-agent", ""),
            },
            "requestId": str(uuid.uuid4()),
            "routeKey": route_key,
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
            "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": not is_text,
    }
    if cookies:
        event["cookies"] = cookies
    if body:
        event["body"] = text
    if path_parameters:
        event["pathParameters"] = {k: unquote(v) for k, v in path_parameters.items()}
    return event


def _gateway_headers(headers: dict[str, str]) -> dict[str, str]:
    """Lower-cased headers without cookies (the event carries those apart, as API Gateway's does).

    API Gateway's Host is always a domain name; a local client may send an IPv6 literal (``[::1]:8402``),
    which Mangum cannot split into name and port (a 500 on every route). Such a Host is passed on as
    ``localhost`` with its port, the original kept in ``x-forwarded-host`` as a proxy would."""
    out = {k.lower(): v for k, v in headers.items() if k.lower() != "cookie"}
    host = out.get("host", "")
    if host.startswith("["):
        closing = host.find("]")
        port = host[closing + 1 :].removeprefix(":") if closing > 0 else ""
        out["x-forwarded-host"] = host
        out["host"] = f"localhost:{port}" if port.isdigit() else "localhost"
    return out
