"""souk.search.near_duplicates: near-copies of one description are one description under the diversity cap."""

from __future__ import annotations

from souk.search.near_duplicates import MAX_DISTANCE, groups
from souk.search.signature import text_signature

COPY = "Stock quotes {}. Sample data, refreshed weekly."
WORDS = ("bright", "daily", "pro", "fast", "cheap", "live", "gold", "blue", "nova", "prime")


def test_ten_near_copies_form_one_group_and_other_listings_keep_their_own_text() -> None:
    copies = [(i, f"key-{i}", text_signature(COPY.format(w), "Stock Quotes")) for i, w in enumerate(WORDS)]
    honest = [
        (100, "key-100", text_signature("Real-time equity prices for a ticker: last trade, bid, ask.", "TickerDesk")),
        (101, "key-101", text_signature("End-of-day stock prices and dividends for US exchanges.", "Ledgerquote")),
    ]
    out = groups(copies + honest)
    assert len({out[i] for i, _, _ in copies}) == 1
    assert out[0].startswith("near:")
    assert out[100] == "key-100" and out[101] == "key-101"  # no near-copy: the exact description key, as before


def test_identical_descriptions_group_without_signatures() -> None:
    out = groups([(1, "same", None), (2, "same", None), (3, "other", None), (4, "", None), (5, "", None)])
    assert out[1] == out[2] != out[3]
    assert out[3] == "other"
    assert out[4] == out[5] == ""  # no description: nothing to compare (the cap ignores "")


def test_a_pair_is_joined_only_within_the_distance() -> None:
    zero = bytes(32)
    near = (1 << MAX_DISTANCE) - 1  # MAX_DISTANCE low bits set: shares the high bands with zero
    far = (1 << (MAX_DISTANCE + 1)) - 1
    assert groups([(1, "a", zero), (2, "b", near.to_bytes(32, "big"))])[1] == "near:1"
    assert groups([(1, "a", zero), (2, "b", far.to_bytes(32, "big"))]) == {1: "a", 2: "b"}


def test_groups_are_joined_through_any_member() -> None:
    # 1 ~ 2 and 2 ~ 3, while 1 and 3 are too far apart to be compared directly: one group of three.
    one = bytes(32)
    two = ((1 << 30) - 1).to_bytes(32, "big")  # bits 0-29: 30 from one
    three = (((1 << 50) - 1) << 10).to_bytes(32, "big")  # bits 10-59: 50 from one, 40 from two
    assert groups([(1, "a", one), (3, "c", three)]) == {1: "a", 3: "c"}
    out = groups([(1, "a", one), (2, "b", two), (3, "c", three)])
    assert out[1] == out[2] == out[3] == "near:1"
