"""Whether a ``routeTemplate`` describes the request path that was paid for.

The template is the catalog key (bazaar spec, "Dynamic Routes"): every concrete request of the route maps to the
one listing it names. The spec checks its form only, so a payment for ``/users/123`` could list
``/totally/other/:id``, a route nobody paid for (a probe, 2026-12-07). The seller SDK derives the template from the
route that matched the request, so an honest template always describes the path.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote

# The SDK's parameter syntax (x402.extensions.bazaar.server: ``:name``, Express style).
_PARAM = re.compile(r"(:[A-Za-z_]\w*)")


@lru_cache(maxsize=1024)
def _pattern(template: str) -> re.Pattern[str]:
    parts = _PARAM.split(template)
    regex = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            regex.append(re.escape(part))
        elif i == len(parts) - 2 and parts[-1] == "":
            # A parameter ending the template may span segments: the SDK writes a wildcard route (`/files/*`) as
            # `:var1`, and a value such as a DOI (`10.1000/xyz`) carries a slash.
            regex.append(r"[^/]+(?:/[^/]*)*")
        else:
            regex.append(r"[^/]+")
    return re.compile("".join(regex))


def _trimmed(path: str) -> str:
    return path.rstrip("/") or "/"


def describes(template: str, path: str) -> bool:
    """``path`` is a request of ``template``: its literal parts equal, each ``:param`` one non-empty segment (the
    last may span several), a trailing slash ignored on either side, compared as sent and percent-decoded."""
    return any(
        _pattern(_trimmed(t)).fullmatch(_trimmed(p)) is not None
        for t, p in ((template, path), (unquote(template), unquote(path)))
    )
