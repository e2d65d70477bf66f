"""Conversions have a direction: "speech-to-text" is not "text-to-speech".

Both arms are blind to it. The analyzer drops "to", so BM25F sees the same two terms, and MiniLM puts
the two phrases close together. A speech-to-text query then ranks text-to-speech tools first. When the
query names a conversion between two media or formats ("speech to text", "html-to-pdf", "csv 2 json"), a
listing is demoted if its own text names only the reverse conversion. A listing that names the query's
direction, or names no direction at all, is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Media and formats a tool converts between. Currencies are left out: a rates API serves both ways.
_MEDIA_WORDS = """
    text speech audio voice image images picture photo video pdf html markdown md word docx doc csv json
    xml yaml excel xlsx sql code latex png jpg jpeg svg webp gif mp3 mp4 wav url qr epub rtf txt
"""
MEDIA = frozenset(_MEDIA_WORDS.split())
_COMPOUND = re.compile(r"(?<![\w-])([a-z0-9]+)(?:-to-|\s+to\s+|-2-|\s+2\s+|\s+into\s+)([a-z0-9]+)(?![\w-])")


@dataclass(frozen=True, slots=True)
class Conversion:
    source: str
    target: str

    def sql_pattern(self, *, reverse: bool = False) -> str:
        """A Postgres regex (word boundaries ``\\m``/``\\M``) for this conversion in listing text."""
        a, b = (self.target, self.source) if reverse else (self.source, self.target)
        return rf"\m{re.escape(a)}(-| )?(to|2|into)(-| )?{re.escape(b)}\M"


# A query naming more is a list of formats, not a direction asked for; each costs a regex over every candidate, and
# 396 of them in one 4,000-character query took 300 ms (a hunt).
MAX_CONVERSIONS = 8


def conversions(normalized_query: str) -> tuple[Conversion, ...]:
    """The first ``MAX_CONVERSIONS`` media conversions a (lower-cased) query names, in order, without repeats."""
    found: dict[Conversion, None] = {}
    for m in _COMPOUND.finditer(normalized_query):
        source, target = m.group(1), m.group(2)
        if source in MEDIA and target in MEDIA and source != target:
            found[Conversion(source, target)] = None
            if len(found) == MAX_CONVERSIONS:
                break
    return tuple(found)


def conversions_only(text: str) -> tuple[Conversion, ...]:
    """The conversions ``text`` names when it names nothing else ("text-to-speech", "pdf to word or html to pdf"),
    else none: a refusal of "text to speech apps for kids" refuses more than a direction."""
    lowered = text.lower()
    found = conversions(lowered)
    rest = _COMPOUND.sub(" ", lowered)
    return found if found and not re.sub(r"[\s,/]|\b(?:or|and|nor)\b", "", rest) else ()


def asked(normalized_query: str, refused: tuple[Conversion, ...]) -> tuple[Conversion, ...]:
    """The directions a query asks for: those it names, less those it refuses, plus the reverse of each refused one
    (refusing text-to-speech demotes what names only text-to-speech, as asking for speech-to-text does)."""
    named = [c for c in conversions(normalized_query) if c not in refused]
    return tuple(dict.fromkeys([*named, *(Conversion(c.target, c.source) for c in refused)]))
