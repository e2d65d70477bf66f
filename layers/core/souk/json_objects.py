"""JSON objects whose every name is given once, and JSON text Postgres can store.

RFC 8259 leaves a repeated name's meaning to the parser: one reader takes the first value, another the last
(Python's the last). A body whose fields mean different things to different readers (a facilitator's price, a
JSON-RPC id, a conversion's resource) is refused, not guessed at: pass ``unique_keys`` as ``json.loads``'
``object_pairs_hook``.
"""

from __future__ import annotations

import json
from typing import Any

MAX_NAME_CHARS = 64


class DuplicateKey(ValueError):
    """An object named one field twice; ``name`` is the first repeated one."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    @property
    def reason(self) -> str:
        shown = json.dumps(self.name[:MAX_NAME_CHARS])
        return f"the name {shown} appears twice in one object; each field must be given once"


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return obj


def unstorable_text(value: str) -> str | None:
    """Why ``value`` cannot be stored in a Postgres text or jsonb column (None when it can).

    Python's json accepts both a NUL (``\\u0000``) and a lone UTF-16 surrogate (``\\ud800``) in a string; Postgres
    refuses the first in text and jsonb and the second in any UTF-8 column, so either would fail the write.
    """
    if "\x00" in value:
        return "contains a NUL character (U+0000)"
    if any("\ud800" <= c <= "\udfff" for c in value):
        return "contains a lone UTF-16 surrogate, which is not a Unicode character"
    return None
