"""Which browser pages may call ``POST /mcp``: the MCP transport's defence against DNS rebinding.

The streamable HTTP transport spec says a server MUST validate ``Origin``. A browser sends it with every
POST; agents, curl and other server-side clients send none, and pass. A request whose Origin is present
passes only if it is allowed:

- by default, pages served from this machine: ``http(s)://localhost``, ``127.0.0.1`` and ``[::1]`` on any
  port (the SDK's own localhost defaults, e.g. the MCP Inspector). A DNS-rebinding page never has such an
  origin: its origin is the attacker's domain, whatever address that domain now resolves to;
- and whatever ``SOUK_MCP_ALLOWED_ORIGINS`` lists (comma-separated): exact origins
  (``https://app.example.com``), an origin on any port (``https://app.example.com:*``), or ``*`` for every
  origin (for a public deployment that wants browser agents; the catalog is public and /mcp takes no
  credentials).

Same-origin is deliberately not a rule of its own: under DNS rebinding the attacker's page *is* same-origin
with the Host it sends (``evil.example:8402`` resolving to 127.0.0.1), so Origin matching Host proves
nothing, and Souk serves no web page that calls /mcp. ``Origin: null`` (sandboxed frames, files) is
refused unless listed. The SDK's ``TransportSecurityMiddleware`` is not used: it answers plain text, not
Souk's ``{"error", "reason"}``, and its Host allowlist cannot know the API Gateway (or custom) domain a
Lambda is served on. Host is checked where it can be, in the local runner (souk.runner.hosts).
"""

from __future__ import annotations

from souk.config import Settings
from souk.errors import SoukError

LOCAL_ORIGINS = tuple(
    f"{scheme}://{host}{port}"
    for scheme in ("http", "https")
    for host in ("localhost", "127.0.0.1", "[::1]")
    for port in ("", ":*")
)


def allowed_origins(settings: Settings) -> tuple[str, ...]:
    configured = (entry.strip().lower().rstrip("/") for entry in settings.mcp_allowed_origins.split(","))
    return LOCAL_ORIGINS + tuple(entry for entry in configured if entry)


def origin_allowed(origin: str, allowed: tuple[str, ...]) -> bool:
    origin = origin.strip().lower()
    for entry in allowed:
        if entry == "*" or entry == origin:
            return True
        if entry.endswith(":*"):
            base, _, port = origin.rpartition(":")
            if base == entry[:-2] and port.isdigit():
                return True
    return False


def check_origin(origin: str | None, settings: Settings) -> None:
    """Raise a 403 ``origin_not_allowed`` for a browser page that may not call /mcp; no Origin passes."""
    if not origin or origin_allowed(origin, allowed_origins(settings)):
        return
    shown = origin if len(origin) <= 200 else origin[:200] + "..."
    raise SoukError(
        "origin_not_allowed",
        f"requests from Origin {shown!r} may not call this MCP server (DNS-rebinding protection); "
        "its operator can allow the origin in SOUK_MCP_ALLOWED_ORIGINS",
        status_code=403,
    )
