"""Where the probe may connect: resolve a host once, refuse non-public addresses, pin the answer.

Every outbound probe goes through :func:`vet` and then through a transport whose only network backend
is :class:`PinnedBackend`: it connects to the address vetted here and to nothing else, so neither a
second DNS answer (rebinding) nor a redirect to another host can reach an address that was not checked.
Refused for IPv4 and IPv6: loopback, private (RFC 1918, ULA), link-local, CGNAT (100.64/10), cloud
metadata, unspecified, multicast, reserved and any other non-global range; IPv4 embedded in IPv6
(mapped, 6to4, NAT64) is judged by the IPv4 address. ``SOUK_PROBE_ALLOWED_HOSTS`` names hosts that may
resolve to such addresses (tests, local setups); they are still pinned.

The client also bounds what a seller can make the probe read: it asks for ``identity`` encoding, follows
at most :data:`MAX_REDIRECTS` redirects, and every response stream, whoever reads it (the probe or the
``mcp`` SDK, which reads JSON answers whole), raises :class:`AnswerTooLarge` once it has received or
decoded more than the cap; a seller that compresses anyway is decoded here, within the same cap.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpcore2
import httpx2
from httpcore2 import AsyncNetworkBackend, AsyncNetworkStream
from httpcore2._backends.auto import AutoBackend

from souk.listing.addresses import IPAddress, address_refusal

MAX_REDIRECTS = 2  # same-origin redirects a probe follows (HTTP probe and MCP SDK alike)


class ProbeRefused(Exception):
    """The probe will not connect: ``code`` is stable, ``reason`` is for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# getaddrinfo blocks a thread until the name server answers, and a timeout cannot stop it. On the loop's default
# pool (6 threads on 2 cores) a seller's few hostnames whose name server never answers held every thread: other
# sellers' lookups queued past their deadline and were recorded as dns_error, and asyncio.run waited for the stuck
# threads past the pass's deadline. Lookups get a pool of their own, large against a pass's concurrency, that
# asyncio.run does not wait for.
RESOLVER_THREADS = 64
_resolver_pool: ThreadPoolExecutor | None = None


def _resolver() -> ThreadPoolExecutor:
    global _resolver_pool
    if _resolver_pool is None:
        _resolver_pool = ThreadPoolExecutor(RESOLVER_THREADS, thread_name_prefix="souk-dns")
    return _resolver_pool


async def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (TCP). Tests replace this function to fake DNS answers."""
    infos = await asyncio.get_running_loop().run_in_executor(
        _resolver(), lambda: socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    )
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


@dataclass(frozen=True, slots=True)
class Pin:
    host: str  # lower-case, as in the URL
    address: str  # the one address every connection to ``host`` goes to


async def vet(host: str, port: int, allowed: Iterable[str], timeout: float) -> Pin:
    """Resolve ``host`` once and pin an address, or raise ProbeRefused (nothing was contacted)."""
    name = host.lower().rstrip(".").strip("[]")
    if not name:
        raise ProbeRefused("invalid_url", "the resource URL has no host")
    is_allowed = name in set(allowed)
    try:
        literal: IPAddress | None = ipaddress.ip_address(name)
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [str(literal)]
    else:
        try:
            addresses = await asyncio.wait_for(resolve(name, port), timeout)
        except (TimeoutError, OSError, UnicodeError) as exc:
            raise ProbeRefused("dns_error", f"{name} did not resolve: {type(exc).__name__}") from None
        if not addresses:
            raise ProbeRefused("dns_error", f"{name} resolved to no address")
    if not is_allowed:
        # Every answer must be public: a mixed answer is how rebinding gets a second, private address used.
        for text in addresses:
            category = address_refusal(ipaddress.ip_address(text.split("%", 1)[0]))
            if category is not None:
                raise ProbeRefused(
                    "refused_address",
                    f"{name} resolves to a {category.replace('_', '-')} address; the probe does not connect there",
                )
    return Pin(name, addresses[0])


class PinnedBackend(AsyncNetworkBackend):
    """Connects only to pinned hosts, and only to their vetted address (TLS still names the host)."""

    def __init__(self, pins: Mapping[str, str]) -> None:
        self._pins = {host.lower(): address for host, address in pins.items()}
        self._inner = AutoBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> AsyncNetworkStream:
        address = self._pins.get(host.lower().rstrip(".").strip("[]"))
        if address is None:
            raise httpcore2.ConnectError(f"{host} was not vetted for this probe")
        return await self._inner.connect_tcp(
            address, port, timeout=timeout, local_address=local_address, socket_options=socket_options
        )

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> AsyncNetworkStream:
        raise httpcore2.ConnectError("the probe does not use unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class AnswerTooLarge(Exception):
    """A response went past the probe's byte cap (received or decoded)."""


class AnswerUnreadable(Exception):
    """A response body the probe cannot decode (an encoding it did not ask for and does not know)."""


class ResponseCap:
    """The per-response byte cap of one probe, and whether any response went past it (the ``mcp`` SDK
    turns some stream errors into protocol errors, so the probe asks here rather than trusting the
    exception that reaches it)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.exceeded: str | None = None
        # Called on the first excess: the SDK can leave its caller waiting after a failed POST, so the
        # probe ends the exchange here instead of waiting for its deadline.
        self.on_exceeded: Callable[[], None] | None = None

    def check(self, size: int, what: str) -> None:
        if size > self.max_bytes:
            if self.exceeded is None and self.on_exceeded is not None:
                self.on_exceeded()
            self.exceeded = f"the answer exceeds {self.max_bytes} bytes ({what})"
            raise AnswerTooLarge(self.exceeded)


class _BoundedInflate:
    """gzip/zlib decoding whose output never exceeds the cap, however well the input compresses
    (``max_length`` bounds each step, so a bomb costs at most the cap in memory and CPU)."""

    def __init__(self, cap: ResponseCap) -> None:
        self._cap = cap
        self._z = zlib.decompressobj(32 + zlib.MAX_WBITS)  # gzip or zlib header
        self._size = 0

    def feed(self, data: bytes) -> bytes:
        out: list[bytes] = []
        while data and not self._z.eof:
            try:
                chunk = self._z.decompress(data, self._cap.max_bytes - self._size + 1)
            except zlib.error:
                raise AnswerUnreadable("the compressed answer is corrupt") from None
            self._size += len(chunk)
            self._cap.check(self._size, "decoded")
            out.append(chunk)
            if not chunk and self._z.unconsumed_tail == data:
                break
            data = self._z.unconsumed_tail
        return b"".join(out)


class _CappedStream(httpx2.AsyncByteStream):
    def __init__(self, inner: httpx2.AsyncByteStream, cap: ResponseCap, inflate: _BoundedInflate | None) -> None:
        self._inner = inner
        self._cap = cap
        self._inflate = inflate

    async def __aiter__(self) -> AsyncIterator[bytes]:
        received = 0
        async for chunk in self._inner:
            received += len(chunk)
            self._cap.check(received, "received")
            if self._inflate is not None:
                chunk = self._inflate.feed(chunk)
            if chunk:
                yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


class CappedTransport(httpx2.AsyncBaseTransport):
    """Wraps every response body in the cap; decodes gzip/deflate itself (bounded) so httpx2 never
    inflates a body without a limit."""

    def __init__(self, inner: httpx2.AsyncBaseTransport, cap: ResponseCap) -> None:
        self._inner = inner
        self._cap = cap

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self._inner.handle_async_request(request)
        encodings = [
            e.strip().lower() for e in response.headers.get_list("content-encoding", split_commas=True) if e.strip()
        ]
        encodings = [e for e in encodings if e != "identity"]
        headers = response.headers
        inflate = None
        if encodings:
            if encodings not in (["gzip"], ["x-gzip"], ["deflate"]):
                await response.aclose()
                raise AnswerUnreadable(f"an answer in an encoding the probe did not ask for ({encodings[0][:32]})")
            inflate = _BoundedInflate(self._cap)
            drop = {"content-encoding", "content-length"}
            headers = httpx2.Headers([(k, v) for k, v in response.headers.multi_items() if k.lower() not in drop])
        assert isinstance(response.stream, httpx2.AsyncByteStream)
        return httpx2.Response(
            response.status_code,
            headers=headers,
            stream=_CappedStream(response.stream, self._cap, inflate),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._inner.aclose()


def pinned_client(
    pin: Pin,
    *,
    connect_s: float,
    read_s: float,
    user_agent: str,
    cap: ResponseCap,
    on_response: Callable[[httpx2.Response], Awaitable[None]] | None = None,
) -> httpx2.AsyncClient:
    """An HTTP client that reaches ``pin.host`` at ``pin.address`` only: no proxies from the environment,
    no redirects followed by itself (the SDK's same-origin following stops at ``MAX_REDIRECTS``), a few
    connections (one probe), identity encoding, every response body capped by ``cap``, the Souk User-Agent."""
    transport = httpx2.AsyncHTTPTransport(retries=0, trust_env=False)
    # httpx2 takes no network backend argument; its pool is replaced by one built the same way with ours.
    transport._pool = httpcore2.AsyncConnectionPool(
        ssl_context=httpx2.create_ssl_context(trust_env=False),
        max_connections=4,  # an MCP session holds a GET stream open beside its POSTs
        network_backend=PinnedBackend({pin.host: pin.address}),
    )
    return httpx2.AsyncClient(
        transport=CappedTransport(transport, cap),
        trust_env=False,
        follow_redirects=False,
        max_redirects=MAX_REDIRECTS,
        timeout=httpx2.Timeout(read_s, connect=connect_s),
        headers={"user-agent": user_agent, "accept-encoding": "identity"},
        event_hooks={"response": [on_response]} if on_response else None,
    )
