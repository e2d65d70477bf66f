"""Whether a ``routeTemplate`` describes the request path that was paid for.

The template is the catalog key (bazaar spec, "Dynamic Routes"): every concrete request of the route maps to the
one listing it names. The spec checks its form only, so a payment for ``/users/123`` could list
``/totally/other/:id``, a route nobody paid for (a probe, 2026-12-07). The seller SDK derives the template from the
route that matched the request, and matches routes more loosely than their templates read (case-insensitively, a
``*`` over several segments, ``/api/*`` on ``/api``, an app mounted under a prefix the route does not name), so
the check asks only what every such template keeps: its literal parts, in order, at the end of the path.

Matched in linear time per token (a template of many parameters in one segment, ``/:a:b:c...``, made a regex
backtrack for minutes on a path it did not match: a review, 2026-12-07).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

# The SDK's parameter syntax (x402.extensions.bazaar.server: ``:name``, Express style), read on the template as
# sent: an encoded colon (``%3A``) is a literal, never a parameter.
_PARAM = re.compile(r"(:[A-Za-z_]\w*)")

Token = tuple[bool, str]  # (is a parameter, the literal text)
# More than any route needs; the match costs a pass over the path per token.
MAX_PARAMETERS = 32


# A parameter as a listing key folds it: ASCII names only, as migration 0036 folds them in SQL.
_KEY_PARAMETER = re.compile(r":[A-Za-z_][A-Za-z0-9_]*")


def key_path(path: str) -> str:
    """A templated route's path as its listing key spells it: parameter names and letter case folded
    ("/Users/:userId" is "/users/:"), since the seller SDK matches routes case-insensitively and by position. Keyed
    as written, one route was listed again under each spelling by another payTo (red team, 2026-12-07)."""
    return _KEY_PARAMETER.sub(":", path).lower()


def parameters(template: str) -> int:
    """How many ``:param`` the template has."""
    return len(_PARAM.findall(template))


def _tokens(template: str, decode: bool) -> list[Token]:
    out: list[Token] = []
    for i, part in enumerate(_PARAM.split(template)):
        if i % 2:
            out.append((True, ""))
        elif part:
            out.append((False, (unquote(part) if decode else part).lower()))
    return out


def _matches(tokens: list[Token], path: str) -> bool:
    """``path`` ends with what ``tokens`` spell, each parameter one or more characters not starting with ``/``."""
    n = len(path)
    # reach[j]: the tokens so far can end at path[j]; a prefix the template does not name is skipped (a mount point),
    # so the template may start at any segment boundary
    reach = [j == 0 or path[j - 1] == "/" or (j < n and path[j] == "/") for j in range(n + 1)]
    for is_param, literal in tokens:
        after = [False] * (n + 1)
        if is_param:
            started = False
            for k in range(1, n + 1):
                if reach[k - 1] and path[k - 1] != "/":
                    started = True
                after[k] = started
        else:
            for j in range(n + 1):
                if reach[j] and path.startswith(literal, j):
                    after[j + len(literal)] = True
        reach = after
    return reach[n]


def _trimmed(path: str) -> str:
    return path.rstrip("/") or "/"


def describes(template: str, path: str) -> bool:
    """``path`` is a request of ``template``: the template's literal parts, in order and in any case, end the path
    (after any prefix the route is mounted under), each ``:param`` standing for one or more characters; a last
    ``/:param`` may be absent (``/api/*`` matches ``/api``); a trailing slash is ignored; compared as sent and with
    each literal and the path percent-decoded."""
    for decode in (False, True):
        tokens = _tokens(_trimmed(template), decode)
        candidate = _trimmed(unquote(path) if decode else path).lower()
        if _matches(tokens, candidate):
            return True
        optional_tail = len(tokens) >= 2 and tokens[-1][0] and not tokens[-2][0] and tokens[-2][1].endswith("/")
        if optional_tail:
            # "/api/:var1" as "/api": the literal before the parameter, without its slash
            shorter = [*tokens[:-2], (False, tokens[-2][1][:-1])]
            if _matches([t for t in shorter if t[0] or t[1]], candidate):
                return True
    return False
