"""Probe one listing: is the endpoint still there, and still asking for the payment it was listed with?

HTTP listing: its declared method, no payment header, the declared example input (query string for
GET/HEAD/DELETE, JSON body otherwise) or nothing. Healthy = ``402`` with a valid x402 payment-required
answer (the ``PAYMENT-REQUIRED`` header, or an x402 v1 JSON body; parsed with the x402 SDK) whose
``accepts`` still offer one of the listing's (scheme, network, asset) to a bound payTo. Differences
(price changed, payTo changed, a network dropped or added) are findings; they never change the listing.

MCP listing: ``initialize`` + ``tools/list`` with the official ``mcp`` client; healthy = the tool is listed.

Every connection goes to an address souk.lifecycle.safety vetted and pinned; redirects are followed only
on the same scheme, host and port (at most two), every response body (HTTP or MCP, received and decoded)
is cut at ``SOUK_PROBE_MAX_BYTES`` and the probe is then ``too_large``, and the whole probe has a deadline.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urljoin, urlsplit

import anyio
import httpx2

# Imported with the module, not inside the probe: importing the SDK takes seconds on a cold start, and
# inside the probe that time counted against the first MCP listing's deadline.
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import Implementation
from x402.http.utils import decode_payment_required_header
from x402.schemas import PaymentRequired
from x402.schemas.v1 import PaymentRequiredV1

from souk.assets import address_key
from souk.config import Settings
from souk.lifecycle.safety import (
    MAX_REDIRECTS,
    AnswerTooLarge,
    AnswerUnreadable,
    Pin,
    ProbeRefused,
    ResponseCap,
    pinned_client,
    vet,
)
from souk.lifecycle.status import HEALTHY
from souk.listing.addresses import allowed_hosts
from souk.listing.pay_to import pay_to_key
from souk.listing.payment_options import option_amount
from souk.networks import normalize_network

PROBE_VERSION = "1"
USER_AGENT = f"Souk-Probe/{PROBE_VERSION} (x402 Bazaar catalog liveness check; one request per listing)"
QUERY_METHODS = frozenset({"GET", "HEAD", "DELETE"})
MAX_FINDINGS = 10
MAX_TOOL_PAGES = 5


@dataclass(frozen=True, slots=True)
class Target:
    listing_id: int
    listing_key: str
    type: str  # http | mcp
    url: str
    method: str | None
    tool_name: str | None
    accepts: tuple[dict[str, Any], ...]
    bound_pay_to: frozenset[str]  # souk.listing.pay_to.pay_to_key of each bound address
    example: dict[str, Any] | None = None

    @property
    def host(self) -> str:
        return (urlsplit(self.url).hostname or "").lower()


@dataclass(slots=True)
class ProbeResult:
    listing_id: int
    probed_at: datetime
    outcome: str
    http_status: int | None = None
    latency_ms: int | None = None
    address: str | None = None
    detail: str | None = None
    findings: list[dict[str, Any]] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return self.outcome in HEALTHY


def _port(url: str) -> int:
    parts = urlsplit(url)
    return parts.port or (443 if parts.scheme == "https" else 80)


def _clip(value: Any, limit: int = 128) -> str:
    """A seller's value as the findings keep it: at most ``limit`` characters, and storable (jsonb refuses NUL and
    a lone surrogate: one such value in a 402 answer made recording fail and ended every probe pass)."""
    text = str(value)[:limit].replace("\x00", "\ufffd")
    return text.encode("utf-8", "replace").decode("utf-8")


def _offered(answer: PaymentRequired | PaymentRequiredV1) -> list[dict[str, str]]:
    out = []
    for r in answer.accepts:
        amount = getattr(r, "amount", None) or getattr(r, "max_amount_required", None)
        out.append(
            {
                "scheme": _clip(r.scheme, 32),
                "network": normalize_network(str(r.network)) or _clip(r.network, 64),
                "asset": _clip(r.asset),
                "amount": _clip(amount, 80),
                "payTo": _clip(r.pay_to),
            }
        )
    return out


def _slot(r: dict[str, Any]) -> tuple[str, str, str]:
    network = str(r.get("network"))
    return (str(r.get("scheme")), network, address_key(network, str(r.get("asset"))))


def compare_accepts(target: Target, offered: list[dict[str, str]]) -> tuple[bool, list[dict[str, Any]]]:
    """(healthy, findings): healthy when some listed (scheme, network, asset) is offered to a bound payTo."""
    findings: list[dict[str, Any]] = []
    by_slot: dict[tuple[str, str, str], list[dict[str, str]]] = {}
    for r in offered:
        by_slot.setdefault(_slot(r), []).append(r)
    healthy = False
    for listed in target.accepts:
        slot = _slot(listed)
        same = by_slot.get(slot, [])
        if not same:
            dropped = "network_dropped" if all(s[1] != slot[1] for s in by_slot) else "option_dropped"
            findings.append({"code": dropped, "scheme": slot[0], "network": slot[1], "asset": listed.get("asset")})
            continue
        paid = [r for r in same if pay_to_key(r["payTo"]) in target.bound_pay_to]
        if not paid:
            findings.append({"code": "payto_changed", "network": slot[1], "offeredPayTo": same[0]["payTo"]})
            continue
        healthy = True
        listed_amount = str(option_amount(listed))
        if all(r["amount"] != listed_amount for r in paid):
            findings.append(
                {"code": "price_changed", "network": slot[1], "listed": listed_amount, "offered": paid[0]["amount"]}
            )
    listed_slots = {_slot(r) for r in target.accepts}
    for slot, rows in by_slot.items():
        if slot not in listed_slots:
            findings.append({"code": "option_added", "scheme": slot[0], "network": slot[1], "asset": rows[0]["asset"]})
    return healthy, findings[:MAX_FINDINGS]


def parse_payment_required(headers: httpx2.Headers, body: bytes) -> PaymentRequired | PaymentRequiredV1:
    """The x402 answer of a 402 (v2 header first, then a v1 JSON body); raises ValueError when invalid."""
    header = headers.get("payment-required")
    try:
        if header:
            return decode_payment_required_header(header)
        data = json.loads(body.decode("utf-8"))
        if isinstance(data, dict) and data.get("x402Version") == 1:
            return PaymentRequiredV1.model_validate(data)
        if isinstance(data, dict) and data.get("x402Version") == 2:
            return PaymentRequired.model_validate(data)
    except Exception as exc:  # base64, JSON, UTF-8 or schema errors all mean "not a valid x402 answer"
        raise ValueError(f"invalid payment-required answer: {type(exc).__name__}") from None
    raise ValueError("a 402 without a PAYMENT-REQUIRED header or an x402 body")


def _request_input(target: Target, method: str) -> dict[str, Any]:
    example = target.example or {}
    if method in QUERY_METHODS:
        query = example.get("queryParams")
        if isinstance(query, dict):
            return {"params": {str(k)[:64]: _clip(v, 256) for k, v in list(query.items())[:32]}}
        return {}
    body = example.get("body")
    if isinstance(body, dict | list):
        raw = json.dumps(body, separators=(",", ":")).encode()
        if len(raw) <= 16 * 1024:
            return {"content": raw, "headers": {"content-type": "application/json"}}
    return {}


def _same_origin(a: str, b: str) -> bool:
    """Same scheme, host and port; a URL whose port does not parse is another origin."""
    try:
        pa, pb = urlsplit(a), urlsplit(b)
        return (pa.scheme, (pa.hostname or "").lower(), _port(a)) == (pb.scheme, (pb.hostname or "").lower(), _port(b))
    except ValueError:
        return False


async def _probe_http(client: httpx2.AsyncClient, target: Target, result: ProbeResult) -> None:
    method = (target.method or "GET").upper()
    url = target.url
    for _ in range(MAX_REDIRECTS + 1):
        async with client.stream(method, url, **_request_input(target, method)) as response:
            result.http_status = response.status_code
            body = await response.aread()  # bounded by the client's ResponseCap
            location = response.headers.get("location")
        if response.status_code in (301, 302, 303, 307, 308) and location:
            following = urljoin(url, location)
            if not _same_origin(url, following):
                result.outcome = "redirect_refused"
                # not the host: a Location is the seller's text, and the detail reaches the operator's tools and the
                # seller view ("http://operator-note-ignore-previous-instructions.relist-listing-1/" is a host name)
                result.detail = "redirect to another host not followed"
                return
            url, method = following, ("GET" if response.status_code == 303 else method)
            continue
        _judge_http(target, result, response.status_code, response.headers, body)
        return
    result.outcome, result.detail = "not_402", f"more than {MAX_REDIRECTS} redirects"


def _judge_http(target: Target, result: ProbeResult, status: int, headers: httpx2.Headers, body: bytes) -> None:
    if status in (404, 410):
        result.outcome = "not_found" if status == 404 else "gone"
        result.detail = f"HTTP {status}"
        return
    if status != 402:
        result.outcome, result.detail = "not_402", f"HTTP {status} without a payment request"
        return
    try:
        answer = parse_payment_required(headers, body)
    except ValueError as exc:
        result.outcome, result.detail = "invalid_402", str(exc)
        return
    healthy, result.findings = compare_accepts(target, _offered(answer))
    result.outcome = "ok" if healthy else "mismatch"
    if not healthy:
        result.detail = "no offered payment option matches the listing's scheme, network, asset and payTo"


async def _probe_mcp(client: httpx2.AsyncClient, target: Target, result: ProbeResult, settings: Settings) -> None:
    transport = streamable_http_client(
        target.url, http_client=client, terminate_on_close=True, max_sse_event_size=settings.probe_max_bytes
    )
    info = Implementation(name="souk-probe", version=PROBE_VERSION)
    names: set[str] = set()
    async with Client(transport, mode="legacy", cache=None, client_info=info) as mcp:
        cursor: str | None = None
        for _ in range(MAX_TOOL_PAGES):
            listed = await mcp.list_tools(cursor=cursor)
            names |= {t.name for t in listed.tools}
            cursor = listed.next_cursor
            if target.tool_name in names or not cursor:
                break
    result.http_status = 200
    if target.tool_name in names:
        result.outcome = "ok"
    else:
        result.outcome, result.detail = "tool_missing", f"tools/list does not list {target.tool_name!r}"


def _classify(exc: BaseException, statuses: list[int]) -> tuple[str, str]:
    """(outcome, detail) for a probe that raised; seller-controlled text is not copied into the detail.

    ``statuses``: the HTTP statuses answered so far (the MCP client turns an HTTP 404 into a protocol
    error, so the status itself is what tells a removed endpoint from a broken one)."""
    if isinstance(exc, AnswerTooLarge):
        return "too_large", str(exc)
    if isinstance(exc, AnswerUnreadable):
        return "protocol_error", str(exc)
    if isinstance(exc, httpx2.TimeoutException | TimeoutError):
        return "timeout", f"no complete answer in time ({type(exc).__name__})"
    if isinstance(exc, httpx2.ConnectError):
        return "connect_error", "could not connect"
    failed = [code for code in statuses if code >= 400]
    if 404 in failed or 410 in failed:
        code = 404 if 404 in failed else 410
        return ("not_found" if code == 404 else "gone"), f"HTTP {code}"
    if failed:
        return "protocol_error", f"HTTP {failed[-1]}"
    if isinstance(exc, httpx2.HTTPError):
        return "connect_error", f"HTTP error ({type(exc).__name__})"
    return "protocol_error", f"the endpoint did not complete the exchange ({type(exc).__name__})"


def _leaf(exc: BaseException) -> BaseException:
    """The first real error inside (nested) exception groups, as the MCP client's task groups raise."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


async def probe(target: Target, pin: Pin | None, settings: Settings, *, now: datetime | None = None) -> ProbeResult:
    """One probe of ``target`` (``pin``: the host's vetted address, or None to vet here)."""
    result = ProbeResult(target.listing_id, now or datetime.now(UTC), "error")
    started = time.monotonic()
    statuses: list[int] = []
    cap = ResponseCap(settings.probe_max_bytes)

    async def seen(response: httpx2.Response) -> None:
        statuses.append(response.status_code)
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > settings.probe_max_bytes:
            raise AnswerTooLarge(f"the answer declares {declared} bytes; the cap is {settings.probe_max_bytes}")

    try:
        with anyio.fail_after(settings.probe_deadline_s):
            if pin is None:
                pin = await vet(
                    target.host,
                    _port(target.url),
                    allowed_hosts(settings.probe_allowed_hosts),
                    settings.probe_deadline_s,
                )
            result.address = pin.address
            client = pinned_client(
                pin,
                connect_s=settings.probe_connect_timeout_s,
                read_s=settings.probe_read_timeout_s,
                user_agent=USER_AGENT,
                cap=cap,
                on_response=seen,
            )
            async with client:
                with anyio.CancelScope() as stop:
                    cap.on_exceeded = stop.cancel
                    if target.type == "mcp":
                        await _probe_mcp(client, target, result, settings)
                    else:
                        await _probe_http(client, target, result)
    except ProbeRefused as refused:
        result.outcome, result.detail = refused.code, refused.reason
    except Exception as exc:  # any failure of the remote side is an outcome, never a crash of the run
        result.outcome, result.detail = _classify(_leaf(exc), statuses)
    if cap.exceeded is not None:  # whatever the mcp SDK made of the error it saw, the seller sent too much
        result.outcome, result.detail = "too_large", cap.exceeded
    result.latency_ms = round((time.monotonic() - started) * 1000)
    return result
