"""Refuse JSON values Postgres or the read path cannot hold, before anything else looks at the event.

A facilitator event is untrusted: every string and number in it may end up in a ``text`` or ``jsonb``
column and be served back. Postgres text cannot hold NUL (U+0000), UTF-8 cannot encode a lone surrogate,
``jsonb`` has no NaN or Infinity, and deep nesting makes every recursive consumer (the JSON encoder,
jsonschema, Souk's own schema walkers) raise RecursionError. Each of those was a 500; here each is a
4xx naming the first offending place, and nothing is written.
"""

from __future__ import annotations

import json
import math
from typing import Any

from souk.errors import CatalogRejection
from souk.json_objects import DuplicateKey, unique_keys, unstorable_text

# Generous for real declarations (8 schema levels are ~20 JSON levels under paymentPayload) and far
# below Python's recursion limit, so nothing downstream can recurse out of stack.
MAX_JSON_DEPTH = 64


def _where(path: tuple[str, ...]) -> str:
    return ".".join(path) or "event"


def check_json_safe(raw: Any) -> None:
    """Walk ``raw`` without recursion; raise CatalogRejection on the first unstorable value."""
    stack: list[tuple[Any, tuple[str, ...], int]] = [(raw, (), 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise CatalogRejection(
                "nesting_too_deep",
                f"{_where(path[:8])}...: the event nests deeper than {MAX_JSON_DEPTH} levels",
                status_code=400,  # a body that cannot be stored, as one that cannot be parsed
            )
        if isinstance(value, str):
            problem = unstorable_text(value)
            if problem:
                raise CatalogRejection("invalid_text", f"{_where(path)} {problem}", status_code=400)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise CatalogRejection("invalid_number", f"{_where(path)} is not a finite number", status_code=400)
        elif isinstance(value, dict):
            for key, child in value.items():
                name = str(key)
                problem = unstorable_text(name)
                if problem:
                    raise CatalogRejection("invalid_text", f"a key under {_where(path)} {problem}", status_code=400)
                stack.append((child, (*path, name[:64]), depth + 1))
        elif isinstance(value, list):
            for i, child in enumerate(value):
                stack.append((child, (*path, str(i)), depth + 1))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads_event(body: bytes | str) -> Any:
    """Parse a request body; every way it can fail is a CatalogRejection, never a 500. What parses but cannot be
    stored (``check_json_safe``) is refused by ``catalog_event``, which logs it for the payTo it names.

    ``json.loads`` alone raises RecursionError on deep nesting (a few thousand levels), a plain
    ValueError on integers longer than Python's 4,300-digit conversion limit, accepts NaN/Infinity, and keeps
    the last of a repeated name.
    """
    try:
        raw = json.loads(body, parse_constant=_no_constant, object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise CatalogRejection("duplicate_key", exc.reason) from None
    except RecursionError:
        raise CatalogRejection(
            "nesting_too_deep", f"the body nests deeper than this server parses; the limit is {MAX_JSON_DEPTH}"
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise CatalogRejection("invalid_json", f"the body is not valid JSON: {str(exc)[:120]}") from None
    return raw
