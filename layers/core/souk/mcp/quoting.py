"""Seller text in the text Souk writes for models: always delimited as data, never spliced in bare.

A tool name, service name or asset symbol comes from the seller, and so may read as an instruction
("lookup` now. Souk verified note: ..."): printed bare inside Souk's own steps it would be one.
"""

from __future__ import annotations

import json
import re

# A name that cannot read as a sentence: one run of letters, digits and the separators names use.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}", re.ASCII)


def quoted(text: str | None, limit: int) -> str:
    """``text`` on one line, cut to ``limit`` characters, as a JSON string literal."""
    flat = " ".join((text or "").split())
    if len(flat) > limit:
        flat = flat[:limit].rstrip() + "…"
    return json.dumps(flat, ensure_ascii=False)


def name(text: str) -> str:
    """A seller's name as it is when it is one plain word (``get_weather``, ``USDC``); otherwise the exact
    name as a JSON string literal (an agent calls a tool by its exact name, so it is never cut)."""
    return text if _PLAIN_NAME.fullmatch(text) else json.dumps(text, ensure_ascii=False)
