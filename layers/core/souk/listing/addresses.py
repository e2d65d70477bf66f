"""Which hosts are on the public internet: what a probe may connect to and what a listing may name.

A listing whose URL names a loopback, private, link-local or cloud-metadata address (or ``localhost``) serves no
agent but the one it would harm: ranked first for "cheapest weather api", it sends an agent to its own metadata
service or a local Docker API (a probe, 2026-12-07). Probes never connect there (souk.lifecycle.safety), so such a
listing was never probed, never demoted and stayed ``active``; cataloging refuses the addresses no seller could
use (``catalog_refusal``) and leaves loopback and private ones to the probe.
"""

from __future__ import annotations

import ipaddress
import re

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack
        "169.254.170.2",  # ECS task metadata
        "100.100.100.200",  # Alibaba Cloud
        "fd00:ec2::254",  # AWS IPv6
    )
)
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_DOCUMENTATION_V6 = ipaddress.ip_network("3fff::/20")  # RFC 9637 (2024), newer than Python's tables
# Names that never reach the public internet: RFC 6761 (localhost), RFC 6762 (.local, mDNS), RFC 8375 (home.arpa)
# and ICANN's private-use .internal (2024).
_LOCAL_SUFFIXES = ("localhost", "local", "internal", "home.arpa")
_DOTTED_QUAD = re.compile(r"(?:0|[1-9][0-9]{0,2})(?:\.(?:0|[1-9][0-9]{0,2})){3}")


def allowed_hosts(raw: str) -> frozenset[str]:
    """The operator's comma-separated host list (``SOUK_PROBE_ALLOWED_HOSTS``), lower-case, without trailing dots."""
    return frozenset(h.strip().lower().rstrip(".") for h in raw.split(",") if h.strip())


def _embedded_v4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def address_refusal(ip: IPAddress) -> str | None:
    """Why ``ip`` is not a public unicast address (a category), or None when it is one."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = _embedded_v4(ip)
        if inner is not None:
            return address_refusal(inner)
    if ip in METADATA_ADDRESSES:
        return "metadata"
    checks = (
        ("unspecified", ip.is_unspecified),
        ("loopback", ip.is_loopback),
        ("link_local", ip.is_link_local),
        ("site_local", isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local),  # fec0::/10, deprecated
        ("multicast", ip.is_multicast),
        ("cgnat", isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT),
        ("reserved", ip.is_reserved or (isinstance(ip, ipaddress.IPv6Address) and ip in _DOCUMENTATION_V6)),
        ("private", ip.is_private),
    )
    for name, hit in checks:
        if hit:
            return name
    return None if ip.is_global else "not_global"


def _ipv4_number(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address an HTTP client reads in ``host`` (WHATWG URL: "2130706433", "0x7f.1", "0177.0.0.1"), if any."""
    parts = host.split(".")
    if parts and parts[-1] == "":
        parts.pop()
    if not 1 <= len(parts) <= 4:
        return None
    numbers = []
    for part in parts:
        try:
            if part[:2] in ("0x", "0X"):
                numbers.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part.startswith("0"):
                numbers.append(int(part, 8))
            else:
                numbers.append(int(part, 10) if part.isdigit() else -1)
        except ValueError:
            return None
        if numbers[-1] < 0:
            return None
    *leading, last = numbers
    if any(n > 255 for n in leading) or last >= 256 ** (5 - len(numbers)):
        return None
    value = last
    for i, n in enumerate(leading):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


# What cataloging leaves to the probe: a loopback or private address or a local-only name may be a self-hosted
# catalog's own sellers or a test harness (docker service names, 127.0.0.1); the probe refuses to contact them and
# the listing turns unreachable. The rest (cloud metadata, link-local, unspecified, multicast, reserved) is never a
# seller anyone could pay, and an IPv4 address written as a number ("2130706433", "0x7f000001") only disguises one.
LOCAL_CATEGORIES = frozenset({"loopback", "private", "cgnat", "local_name"})


def catalog_refusal(host: str) -> str | None:
    """Why cataloging refuses a URL host (a category), or None: ``host_refusal`` minus ``LOCAL_CATEGORIES``, plus
    an IPv4 address not written as four decimal numbers."""
    name = host.lower().rstrip(".")
    literal = _ipv4_number(name)
    if literal is not None and not _DOTTED_QUAD.fullmatch(name):
        return "disguised_address"
    category = host_refusal(host)
    return None if category in LOCAL_CATEGORIES else category


def host_refusal(host: str) -> str | None:
    """Why a URL host (as ``canonical_host`` writes it) is not on the public internet, or None. Names are not
    resolved: a public name that resolves to a private address is the probe's to refuse."""
    name = host.lower().rstrip(".")
    if name.startswith("[") and name.endswith("]"):
        try:
            return address_refusal(ipaddress.IPv6Address(name[1:-1]))
        except ValueError:
            return None
    literal = _ipv4_number(name)
    if literal is not None:
        return address_refusal(literal)
    if any(name == suffix or name.endswith("." + suffix) for suffix in _LOCAL_SUFFIXES):
        return "local_name"
    return None
