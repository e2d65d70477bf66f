"""Host validation for the local runner: a request that reached a loopback address must name a loopback host.

DNS rebinding points an attacker's domain at 127.0.0.1, so a browser on this machine sends the attacker's
pages' requests to ``souk serve`` with ``Host: evil.example:8402``. A genuine local client names the
address it dialled (``127.0.0.1:8402``, ``localhost:8402``, ``[::1]:8402``). So on a connection whose local
address is loopback (``scope["server"]``, the socket uvicorn accepted it on), any other Host is refused
with 421, as the MCP SDK's transport security answers a bad Host. Connections on a non-loopback address
(``--host 0.0.0.0`` reached over the network) and requests without Host (not browsers) are not checked:
their Host is whatever name the network uses. Lambda never runs this: API Gateway answers only for its
own domains. ``SOUK_RUNNER_ALLOWED_HOSTS`` adds names, e.g. the public name a reverse proxy on this
machine forwards as Host.
"""

from __future__ import annotations

from typing import Any

from souk.keys import is_loopback


def host_name(host: str) -> str:
    """``Host`` without its port: ``[::1]:8402`` -> ``[::1]``, ``localhost:8402`` -> ``localhost``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def refused_host(scope: dict[str, Any], extra_hosts: str) -> str | None:
    """The Host a loopback connection may not carry, or None when the request may proceed."""
    server = scope.get("server")
    if not server or not is_loopback(str(server[0])):
        return None
    host = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"), None)
    if not host:
        return None
    name = host_name(host)
    allowed = {h.strip().lower() for h in extra_hosts.split(",") if h.strip()}
    if is_loopback(name) or name in allowed or name.endswith(".localhost"):
        return None
    return host
