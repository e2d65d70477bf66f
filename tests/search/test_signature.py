"""souk.search.signature: a one-bit MinHash of a listing's content words."""

from __future__ import annotations

import pytest

from souk.search.signature import BITS, MIN_WORDS, content_words, distance, estimated_jaccard, text_signature

COPY = "Stock quotes {}. Sample data, refreshed weekly."


def test_content_words_ignore_case_stop_words_and_invisible_characters() -> None:
    assert content_words("Get the CURRENT weather\u200b for a city") == {"get", "current", "weather", "city"}
    assert content_words("Ｗｅａｔｈｅｒ") == {"weather"}  # NFKC folds full-width letters
    assert content_words(None) == frozenset()


def test_a_description_with_too_few_content_words_has_no_signature() -> None:
    assert MIN_WORDS == 5
    assert text_signature("The weather for a city, hourly", None) is None  # weather, city, hourly
    assert text_signature(None, "Acme Weather Data API Pro") is None
    # The service name's words count only beside a description that is long enough on its own: "Forecast." and
    # "Alerts." under one long service name are not copies.
    assert text_signature("Forecast.", "Acme Weather Data API") is None
    assert text_signature("current weather for a city, hourly and daily", "Weather API") is not None


def test_the_same_words_give_the_same_signature_whatever_their_order_case_and_repeats() -> None:
    a = text_signature("Stock quotes, sample data refreshed weekly.", "Stock Quotes")
    b = text_signature("weekly refreshed sample DATA: stock quotes", None)
    assert a is not None and len(a) == BITS // 8
    assert a == b and distance(a, b) == 0 and estimated_jaccard(a, b) == 1.0


def test_a_stored_signature_stays_comparable() -> None:
    # Signatures are stored when a listing is cataloged; a change in how they are made would make old and new ones
    # disagree everywhere. This pins the bytes of one (computed once by this implementation).
    signature = text_signature("Current weather and a three-day forecast for a city.", "Weather API")
    assert signature is not None
    assert signature.hex() == PINNED


@pytest.mark.parametrize(
    ("common", "varied", "expected"),
    [
        (6, 1, 6 / 8),  # the red team's copies: six shared words, one varied word each
        (8, 1, 8 / 10),
        (4, 4, 4 / 12),
        (0, 6, 0.0),
    ],
)
def test_the_bit_distance_estimates_the_jaccard_similarity_of_the_word_sets(common, varied, expected) -> None:
    # One-bit MinHash: each bit agrees with probability (1 + J) / 2, so over 256 bits the estimate's standard error
    # is about 0.04-0.06; averaged over 40 pairs it is within 0.03.
    estimates = []
    for pair in range(40):
        shared = [f"shared{pair}x{i}" for i in range(common)]
        a = " ".join(shared + [f"left{pair}x{i}" for i in range(varied)])
        b = " ".join(shared + [f"right{pair}x{i}" for i in range(varied)])
        sa, sb = text_signature(a), text_signature(b)
        assert sa is not None and sb is not None
        estimates.append(estimated_jaccard(sa, sb))
    assert sum(estimates) / len(estimates) == pytest.approx(expected, abs=0.03)


def test_near_copies_are_close_and_unrelated_descriptions_far() -> None:
    copies = [text_signature(COPY.format(word), "Stock Quotes") for word in ("bright", "daily", "pro", "fast")]
    assert all(s is not None for s in copies)
    honest = text_signature("Real-time equity prices for a ticker: last trade, bid, ask and volume.", "TickerDesk")
    assert honest is not None
    pairs = [distance(a, b) for i, a in enumerate(copies) for b in copies[i + 1 :] if a and b]
    # Jaccard 6/8: 32 bits apart on average (each bit differs with probability 1/8); unrelated texts about 128.
    assert all(d <= 48 for d in pairs) and sum(pairs) / len(pairs) < 42
    assert all(distance(a, honest) > 96 for a in copies if a)


PINNED = "df0c66f5d3506af817841dcf7db8e178ee92d138ecb0d602c3c1779c28177827"
