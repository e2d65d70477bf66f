"""The text analyzer of the lexical arm, applied identically to listing fields and to queries.

Steps: NFKC; URL schemes and ``www.`` dropped; identifiers split into words (snake, kebab, dotted,
path segments, camelCase with acronyms); lowercase; stopwords dropped; Snowball English stems.
Splitting identifiers matters: agents type "stock price" for a tool named ``getStockPrice``.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache

import snowballstemmer

# Function words of agent queries and listing prose. Domain nouns ("api", "endpoint", "service",
# "tool", "data") stay: they are low-IDF, not noise, and "mcp tool" vs "http api" can matter.
# Negation words are here because understanding reads them before analysis.
_STOPWORD_TEXT = """
    a an the and or nor but if then than so as at by for from in into of off on onto to with
    without via per about
    is are was were be been being am do does did doing have has had
    i me my mine we us our you your he she him her they them their it its
    this that these those there here which who whom whose what where when how why
    want wants wanted need needs needed looking look find please can could would should will shall
    may might must let lets give some any anything something all also just very really like etc
    using
    not no isnt arent dont doesnt
    s t www
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())

# Longer runs are blobs (base64, JWTs, hashes), not words; they would only bloat the postings.
MAX_TOKEN_CHARS = 80
# Long alphanumeric runs with a digit are addresses or keys: case-splitting would shred them.
_OPAQUE_MIN_CHARS = 32

# Bounded: an unbounded scheme run retried from every letter of a long "x-x-x-..." (quadratic).
_SCHEME = re.compile(r"(?<![^\W_])[a-z][a-z0-9+.-]{0,31}://", re.IGNORECASE)
_WWW = re.compile(r"(?<![^\W_])www\.", re.IGNORECASE)
# "isn't" -> "isnt", "agent's" -> "agents": an apostrophe inside a word is not a word break.
_APOSTROPHE = re.compile(r"(?<=[^\W_])['’](?=[^\W_])")
_RUN = re.compile(r"[^\W_]+")
_HEX = re.compile(r"0x[0-9a-f]+", re.IGNORECASE)

_local = threading.local()


def tokenize(text: str) -> list[str]:
    """Analyzed terms of ``text``, in order, duplicates kept (term frequency matters to BM25F)."""
    text = unicodedata.normalize("NFKC", text)
    text = _WWW.sub(" ", _SCHEME.sub(" ", text))
    text = _APOSTROPHE.sub("", text)
    terms: list[str] = []
    for run in _RUN.findall(text):
        for part in _split_run(run):
            word = part.lower()
            if word in STOPWORDS or len(word) > MAX_TOKEN_CHARS:
                continue
            # Only alphabetic words are stemmed: "v1", "base64", "0x..." and numbers stay as typed.
            terms.append(_stem(word) if word.isalpha() else word)
    return terms


def analyze_field(text: str) -> list[str]:
    """Analyze one listing field; the same analyzer as queries, by construction."""
    return tokenize(text)


def is_stopword_only(text: str) -> bool:
    """True when nothing searchable remains: empty, punctuation or stopwords only."""
    return not tokenize(text)


def _split_run(run: str) -> list[str]:
    """Split one alphanumeric run at case changes, keeping addresses and hex literals whole."""
    if _HEX.fullmatch(run) or (len(run) >= _OPAQUE_MIN_CHARS and any(c.isdigit() for c in run)):
        return [run]
    parts: list[str] = []
    start = 0
    for i in range(1, len(run)):
        prev, cur = run[i - 1], run[i]
        if not cur.isupper():
            continue
        nxt = run[i + 1] if i + 1 < len(run) else ""
        if prev.islower():  # getStock
            cut = True
        elif prev.isdigit():  # OAuth2Token, Base64Encode; but not CCW67TSZ...
            cut = nxt.islower()
        elif prev.isupper():
            # HTTPServer -> HTTP Server; a single leading capital stays on ("OAuth", "XPath").
            cut = nxt.islower() and i - start >= 2 and run[i - 2].isupper()
        else:
            cut = False
        if cut:
            parts.append(run[start:i])
            start = i
    parts.append(run[start:])
    return parts


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    # Snowball stemmer objects keep per-call state, so each thread gets its own.
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))
