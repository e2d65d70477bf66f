"""Who operates a listing, for origin diversity: the registrable domain of its host per the Public
Suffix List (ICANN and private sections, the snapshot bundled with ``tldextract``; nothing is fetched),
so ``api.acme.com`` and ``mcp.acme.com`` are one operator while ``a.vercel.app`` and ``b.vercel.app``
are two. A few hosting platforms newer than the bundled snapshot are listed here as well."""

from __future__ import annotations

import ipaddress
from functools import cache, lru_cache
from typing import TYPE_CHECKING
from urllib.parse import urlparse

if TYPE_CHECKING:
    import tldextract

# Platform suffixes under which every label is a different customer, missing from the bundled PSL
# snapshot (checked against tldextract 5.4.0). The PSL lists them; keep this short and additive.
EXTRA_PLATFORM_SUFFIXES: tuple[str, ...] = (
    "up.railway.app",
    "lambda-url.af-south-1.on.aws",
    "lambda-url.us-east-1.on.aws",
    "lambda-url.us-east-2.on.aws",
    "lambda-url.us-west-2.on.aws",
    "lambda-url.eu-west-1.on.aws",
    "lambda-url.eu-central-1.on.aws",
)


@cache
def _extractor() -> tldextract.TLDExtract:
    # Imported on first use: tldextract brings requests, urllib3, idna and filelock (~0.1 s), and building its
    # tries costs as much again. Cataloging needs it; search reads the operator cataloging stored.
    import tldextract

    return tldextract.TLDExtract(
        suffix_list_urls=(),  # the bundled snapshot only: no download at run time
        cache_dir=None,
        include_psl_private_domains=True,
        extra_suffixes=EXTRA_PLATFORM_SUFFIXES,
    )


@lru_cache(maxsize=65536)
def operator_of(host: str) -> str:
    """The operator key of ``host``: its registrable domain, else the host itself (IP literals,
    single labels and reserved TLDs such as ``.example`` keep their last two labels)."""
    host = host.strip().rstrip(".").lower()
    if not host:
        return ""
    try:
        ipaddress.ip_address(host.strip("[]"))
        return host
    except ValueError:
        pass
    parts = _extractor()(host)
    registrable = parts.top_domain_under_public_suffix
    if registrable:
        return registrable
    labels = host.split(".")
    return ".".join(labels[-2:])


@lru_cache(maxsize=65536)
def operator_of_url(url: str) -> str:
    """The operator key of ``url``'s host (search asks this of the same few hundred URLs per query)."""
    return operator_of(urlparse(url).hostname or "")
