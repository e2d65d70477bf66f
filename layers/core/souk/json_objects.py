"""JSON objects whose every name is given once.

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
