"""A listing's text signature: a 256-bit one-bit MinHash of the content words of its service name and description.

Two listings whose word sets have Jaccard similarity J agree on each bit with probability (1 + J) / 2 (one-bit
MinHash: Li & König, "b-Bit Minwise Hashing", WWW 2010; MinHash: Broder, "On the resemblance and containment of
documents", 1997), so the Hamming distance of two signatures estimates how much of their text they share, in one
XOR and a popcount. Search uses it to treat near-copies as one description (souk.search.near_duplicates): ten
"Stock quotes <one varied word>. Sample data, refreshed weekly." listings on ten domains with ten payTos are one
seller's crowding, not ten opinions (red team, 2026-12-06: 9 of the top 10 of "stock quotes").

Words are NFKC case-folded, without invisible format characters or stray combining marks, and without stop words:
"Get the current weather for a city" and "Get the latest news for a topic" share only "get". The stop words are this
module's own, frozen: signatures are stored, and one made with another list would disagree with the stored ones
(search's analyzer may change its list; this one must not). A description with fewer than ``MIN_WORDS`` distinct
content words has no signature: in a short text one differing word is too large a share ("Forecast." and "Alerts."
under one four-word service name would read as copies). Identical descriptions are still one description by their
exact key (migration 0013).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

import numpy as np

BITS = 256
SIGNATURE_BYTES = BITS // 8
MIN_WORDS = 5

_WORD = re.compile(r"\w+")
# Frozen with the stored signatures (see above): never edited, only replaced together with a new column.
_STOPWORD_TEXT = """
    a an the and or nor but if then than so as at by for from in into of off on onto to with without via per about
    is are was were be been being am do does did have has had i me my we us our you your it its this that these
    those there here which who what where when how can will may must not no all any some also just very
"""
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())


def _hash64(data: bytes, person: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8, person=person).digest(), "little")


# One multiply-add hash per bit, fixed for all time: a stored signature is only comparable with one made the
# same way. Derived from the bit's index (not from a random generator whose stream a library may change).
_MULTIPLIERS = np.array([_hash64(i.to_bytes(2, "little"), b"souk-mh-mul") | 1 for i in range(BITS)], dtype=np.uint64)
_ADDENDS = np.array([_hash64(i.to_bytes(2, "little"), b"souk-mh-add") for i in range(BITS)], dtype=np.uint64)
_BIT_INDEX = np.arange(BITS)


def content_words(text: str | None) -> frozenset[str]:
    """The distinct content words of ``text``, normalized as the signature reads them."""
    if not text:
        return frozenset()
    visible = "".join(c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) not in ("Cf", "Mn"))
    return frozenset(w for w in _WORD.findall(visible.casefold()) if w not in _STOPWORDS)


def text_signature(description: str | None, service_name: str | None = None) -> bytes | None:
    """The 32-byte signature of a listing's description and service name, or None when the description has fewer
    than MIN_WORDS distinct content words."""
    described = content_words(description)
    if len(described) < MIN_WORDS:
        return None
    words = sorted(described | content_words(service_name))
    encoded = [w.encode("utf-8") for w in words]
    keys = np.array([_hash64(w, b"souk-mh-key") for w in encoded], dtype=np.uint64)
    # Each word's own 256 random bits: the bit a hash function's minimum word contributes.
    word_bits = np.array(
        [
            np.unpackbits(np.frombuffer(hashlib.blake2b(w, digest_size=32, person=b"souk-mh-bit").digest(), np.uint8))
            for w in encoded
        ],
        dtype=np.uint8,
    )
    with np.errstate(over="ignore"):
        hashed = keys[:, None] * _MULTIPLIERS[None, :] + _ADDENDS[None, :]  # wraps modulo 2**64, as intended
    winners = hashed.argmin(axis=0)
    return np.packbits(word_bits[winners, _BIT_INDEX]).tobytes()


def distance(a: bytes, b: bytes) -> int:
    """Bits in which two signatures differ (0 to BITS)."""
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).bit_count()


def estimated_jaccard(a: bytes, b: bytes) -> float:
    """The Jaccard similarity of the word sets two signatures stand for (standard error about 0.04 near 0.75)."""
    return max(0.0, 1.0 - 2.0 * distance(a, b) / BITS)
