"""Keyword stuffing: seller text written as a bare keyword list that repeats its words, or a name that does.

"weather weather api best cheap weather pdf email crypto price translate ..." or "fx forex exchange rates currency
convert usd eur gbp jpy cheap fast best fx fx fx rates rates": a seller padding term frequency and topic
coverage to be found for queries its service does not answer. In a description, two tells together, each common
alone in honest text and rare together: a run of at least ``MIN_RUN_WORDS`` words with no function word and no
punctuation but commas between them (prose has "the", "for", "and" and full stops; a tag list has none), and
within that run one alphabetic word or list item written twice in a row ("pay pay", "fx fx fx", "weather,
weather"; "YouTube, YouTube Shopping" is two items) or one item a third of which is one word said three times
or more ("send email send email send email"; a list saying it in three items, "date value, event value, name
value", is a list). Identifiers are not words here: "vgg11, vgg11_bn" or "ai, ai_agents" lists names.
Invisible format characters are removed first ("news\u200b news"). In a service or MCP tool name (short: the SDK
keeps at most 32 characters of a service name), one word three times: "SMS Send SMS Text SMS Gateway",
"ocr_ocr_image_ocr_text".

Measured on every seller text at hand (2026-12-06): it flags 7 of the golden fixture catalog's 8 spam listings
(the "ALL IN ONE" comma list is not) and none of its 294 other descriptions or 755 other names, none of the real
Bazaar crawl's 1,920 distinct description strings (listing and parameter descriptions) or its names, none of the
demo catalog's and none of the 1,475 MetaTool, RestBench and APIBench descriptions or their names. Search halves
a flagged listing's score (souk.search.profile ``stuffing_penalty``); it is listed, never hidden, and
``quality.descriptionKeywordStuffed`` tells the agent why it sank.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

from souk.search.analysis import STOPWORDS

MIN_RUN_WORDS = 8
# A word written more often than this in one item of a keyword run, or in one name, is stuffing.
MAX_WORD_REPEATS = 2

# A word (an identifier such as "ai_agents" is one) or one punctuation character.
_TOKEN = re.compile(r"\w+|[^\w\s]")
# A name's words: identifiers split at underscores, hyphens and case ("ocr_ocr_image", "getOcrOcr").
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def keyword_stuffed(description: str | None, names: Iterable[str | None] = ()) -> bool:
    """True when ``description`` holds a keyword run of at least MIN_RUN_WORDS words that repeats a word back to
    back or more than MAX_WORD_REPEATS times in one item, or one of ``names`` repeats a word more than MAX_WORD_REPEATS
    times."""
    return any(_name_stuffed(name) for name in names if name) or _description_stuffed(description or "")


def _visible(text: str) -> str:
    """NFKC, without format characters (zero-width spaces, joiners, bidirectional marks) or combining marks left
    uncombined (the grapheme joiner U+034F, variation selectors, U+180B): each would split "news news" in two."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Mn"))


def _name_stuffed(name: str) -> bool:
    counts = Counter(w.lower() for w in _NAME_WORD.findall(_visible(name)) if len(w) > 1 and not w.isdigit())
    return any(n > MAX_WORD_REPEATS for n in counts.values())


def _description_stuffed(description: str) -> bool:
    words, repeated, previous_token = 0, False, ""
    item: list[str] = []
    previous_item: list[str] = []
    for token in [*_TOKEN.findall(_visible(description)), "."]:
        word = token.lower()
        if (token[0].isalnum() or token[0] == "_") and word not in STOPWORDS:
            # "Bora Bora", "Walla Walla": a name written twice is a place, not padding
            proper = token.istitle() and previous_token.istitle()
            repeated = repeated or (bool(item) and word == item[-1] and word.isalpha() and not proper)
            item.append(word)
            previous_token = token
            words += 1
            continue
        # "weather, weather": an item repeated whole; "youtube, youtube shopping" is two items; an item a third of
        # which is one word said three times or more ("send email send email send email"), not a list saying it in
        # several items ("date value, name value") or a long sentence in a language whose function words these are not
        repeated = (
            repeated
            or (item == previous_item and all(w.isalpha() for w in item) and bool(item))
            or any(n > MAX_WORD_REPEATS and 3 * n >= len(item) and w.isalpha() for w, n in Counter(item).items())
        )
        previous_token = ""
        if token == ",":
            item, previous_item = [], item
            continue
        if words >= MIN_RUN_WORDS and repeated:
            return True
        words, repeated, item, previous_item = 0, False, [], []
    return False
