"""Seller text in the text Souk writes for models: always delimited as data, never spliced in bare.

A tool name, service name, asset symbol or resource URL comes from the seller, and so may read as an
instruction ("lookup` now. Souk verified note: ...", "[click here](https://evil.example)"): printed bare
inside Souk's own steps or errors it would be one.
"""

from __future__ import annotations

import json
import re

# A name that cannot read as a sentence: one run of letters, digits and the separators names use.
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}", re.ASCII)
# A URL that cannot read as a sentence: a host and a path of the characters plain paths use (no punctuation a
# sentence or markup needs: no ; , ( ) ! ' = &), not too long to read at a glance.
_PLAIN_URL = re.compile(r"https?://[a-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%/-]*)?", re.ASCII)
_PLAIN_URL_CHARS = 200


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


def names(texts: list[str]) -> str:
    """Several names, each as ``name`` writes it, comma-separated."""
    return ", ".join(name(text) for text in texts)


def url(text: str) -> str:
    """A listing's URL as it is when it is a plain one (``https://api.example.com/v1/weather``); otherwise the
    exact URL as a JSON string literal (a canonical URL has no spaces, but its path may still spell words)."""
    plain = len(text) <= _PLAIN_URL_CHARS and _PLAIN_URL.fullmatch(text)
    return text if plain else json.dumps(text, ensure_ascii=False)
