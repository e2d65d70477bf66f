"""Keyword stuffing: a description written as a bare keyword list that repeats its words back to back.

"weather weather api best cheap weather pdf email crypto price translate ..." or "fx forex exchange rates currency
convert usd eur gbp jpy cheap fast best fx fx fx rates rates": a seller padding term frequency and topic
coverage to be found for queries its service does not answer. Two tells together, each common alone in honest
text and rare together: a run of at least ``MIN_RUN_WORDS`` words with no function word and no punctuation but
commas between them (prose has "the", "for", "and" and full stops; a tag list has none), and within that run one
alphabetic word or list item written twice in a row ("pay pay", "fx fx fx", "weather, weather"; "YouTube, YouTube
Shopping" is two items). Identifiers are not words here: "vgg11, vgg11_bn" or "ai, ai_agents" lists names.

Measured on the description of every listing and document at hand (2026-12-06): it flags 5 of the golden
fixture catalog's 8 spam listings and none of its 294 other descriptions, none of the 814 distinct descriptions
of the real Bazaar crawl, none of the demo catalog's 286 and none of the 1,233 MetaTool, RestBench and APIBench
documents. Search halves a flagged listing's score (souk.search.profile ``stuffing_penalty``); it is listed, never
hidden, and ``quality.descriptionKeywordStuffed`` tells the agent why it sank.
"""

from __future__ import annotations

import re
import unicodedata

from souk.search.analysis import STOPWORDS

MIN_RUN_WORDS = 8

# A word (an identifier such as "ai_agents" is one) or one punctuation character.
_TOKEN = re.compile(r"\w+|[^\w\s]")


def keyword_stuffed(description: str | None) -> bool:
    """True when ``description`` holds a keyword run of at least MIN_RUN_WORDS words that repeats a word
    back to back."""
    if not description:
        return False
    words, repeated = 0, False
    item: list[str] = []
    previous_item: list[str] = []
    for token in [*_TOKEN.findall(unicodedata.normalize("NFKC", description)), "."]:
        word = token.lower()
        if (token[0].isalnum() or token[0] == "_") and word not in STOPWORDS:
            repeated = repeated or (bool(item) and word == item[-1] and word.isalpha())
            item.append(word)
            words += 1
            continue
        # "weather, weather": an item repeated whole; "youtube, youtube shopping" is two items
        repeated = repeated or (item == previous_item and all(w.isalpha() for w in item) and bool(item))
        if token == ",":
            item, previous_item = [], item
            continue
        if words >= MIN_RUN_WORDS and repeated:
            return True
        words, repeated, item, previous_item = 0, False, [], []
    return False
